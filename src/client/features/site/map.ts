import { MAP_ZOOM_DEFAULT } from '../../../shared/content.constants';
import type { SiteContent } from '../../../shared/content.schemas';

export const MAP_PLACEHOLDER =
  'Configure o mapa no painel administrativo (use o link direto do Google Maps ou coordenadas)';

const EMBED_LINK =
  /^https:\/\/(www\.google\.com\/maps\/embed|maps\.google\.com\/maps\?.*output=embed|www\.google\.com\/maps\?.*output=embed|www\.openstreetmap\.org\/export\/embed\.html)/;

/** The map's iframe address (spec 'Map'): the embed link, else coordinates, else the address, else none. */
export function mapEmbedSrc(contato: SiteContent['contato']): string | null {
  const zoom = contato.mapa_zoom || MAP_ZOOM_DEFAULT;
  const embed = contato.mapa_embed_url.trim();
  if (embed && EMBED_LINK.test(embed)) return embed;
  if (typeof contato.mapa_latitude === 'number' && typeof contato.mapa_longitude === 'number') {
    return `https://maps.google.com/maps?q=${contato.mapa_latitude},${contato.mapa_longitude}&z=${zoom}&output=embed`;
  }
  const address = contato.endereco.trim();
  if (address) return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=${zoom}&output=embed`;
  return null;
}
