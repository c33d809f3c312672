import { Settings, TriangleAlert } from 'lucide-react';
import type { NfseSituacao } from '../../../shared/fiscal.schemas';
import { formatList } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { ButtonLink } from '../../components/button';

/** The notice's id: 'Emitir notas', off, names it as its description. */
export const NFSE_SITUACAO_ID = 'nfse-situacao';

/**
 * Why 'Emitir notas' is off: the fiscal settings still blank (or the server's refusal, when it is the
 * certificate that fails), and where to set them — a link for who may (Configurações → Fiscal is the
 * administrators'), the way there for the others.
 */
export function NfseNaoConfigurada({
  situacao,
  canConfigure,
}: {
  situacao: NfseSituacao;
  canConfigure: boolean;
}) {
  const blank = situacao.faltando.length > 0;
  return (
    <div
      id={NFSE_SITUACAO_ID}
      data-testid="nfse-nao-configurada"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-2">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            {blank ? 'A NFS-e ainda não está configurada.' : 'As notas não podem ser emitidas agora.'}
          </p>
          <p>
            {blank ? `Falta em Configurações → Fiscal: ${formatList(situacao.faltando)}.` : situacao.motivo}
            {!canConfigure && ' Peça a quem administra o sistema (Direção) para configurar.'}
          </p>
        </div>
      </div>
      {canConfigure && (
        <ButtonLink variant="secondary" className="shrink-0" to={`${paths.settings}?aba=fiscal`}>
          <Settings className="h-4 w-4" aria-hidden="true" /> Configurar a NFS-e
        </ButtonLink>
      )}
    </div>
  );
}
