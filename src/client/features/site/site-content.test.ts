import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../../../shared/content.defaults';
import { exampleSiteContent } from '../../../shared/content.examples';
import { mapEmbedSrc } from './map';
import { normalizeContent } from '../../domain/normalize-content';

const contato = exampleSiteContent.contato;

describe('mapEmbedSrc', () => {
  it('prefers a maps embed link, then coordinates, then the address, else nothing', () => {
    const embed = 'https://www.google.com/maps/embed?pb=!1m18';
    expect(mapEmbedSrc({ ...contato, mapa_embed_url: embed })).toBe(embed);
    // A link that is not an embed link is not framed.
    expect(mapEmbedSrc({ ...contato, mapa_embed_url: 'https://evil.example/maps/embed' })).toContain(
      encodeURIComponent(contato.endereco),
    );
    expect(mapEmbedSrc({ ...contato, mapa_latitude: -23.5, mapa_longitude: -46.6, mapa_zoom: 12 })).toBe(
      'https://maps.google.com/maps?q=-23.5,-46.6&z=12&output=embed',
    );
    expect(mapEmbedSrc({ ...contato, endereco: 'Rua A, 1' })).toBe(
      'https://maps.google.com/maps?q=Rua%20A%2C%201&z=15&output=embed',
    );
    expect(mapEmbedSrc({ ...contato, endereco: '' })).toBeNull();
  });
});

describe('normalizeContent', () => {
  it('keeps valid content and repairs fields of the wrong kind from the defaults', () => {
    expect(normalizeContent(defaultSiteContent)).toEqual(defaultSiteContent);
    const damaged = structuredClone(defaultSiteContent) as unknown as Record<string, Record<string, unknown>>;
    damaged.sobre!.valores = 'não é lista';
    damaged.galeria!.fotos = ['/site/galeria-1.webp', 42];
    const repaired = normalizeContent(damaged)!;
    expect(repaired.sobre.valores).toEqual(defaultSiteContent.sobre.valores);
    expect(repaired.galeria.fotos).toEqual([
      { id: 'foto-1', url: '/site/galeria-1.webp', titulo: 'Foto 1', descricao: '' },
    ]);
    expect(normalizeContent({ hero: {} })).toBeNull();
    expect(normalizeContent('x')).toBeNull();
  });
});
