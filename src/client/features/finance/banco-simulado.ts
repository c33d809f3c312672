import { useLocation } from 'react-router';
import { returnAddressOf } from '../../lib/return-path';

/**
 * The demo's simulated bank page (`simulacao_url`, PIX_PROVIDER=simulado) told which portal screen opened
 * it (`voltar`, this screen's address): its Cancelar and 'Voltar ao portal da escola' come back here, as
 * closing a bank app returns the family to the portal. The bank takes only a path of this site.
 */
export function useSimulacaoUrl(simulacaoUrl: string | undefined): string | undefined {
  const location = useLocation();
  if (!simulacaoUrl) return undefined;
  const separator = simulacaoUrl.includes('?') ? '&' : '?';
  return `${simulacaoUrl}${separator}voltar=${encodeURIComponent(returnAddressOf(location))}`;
}
