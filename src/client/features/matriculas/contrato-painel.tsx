import { useState } from 'react';
import toast from 'react-hot-toast';
import { Download, FileSignature, Send } from 'lucide-react';
import {
  papelSignatarioLabels,
  statusContratoLabels,
  type Contrato,
} from '../../../shared/contratos.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge, EmptyState, ErrorBanner, Spinner, type BadgeTone } from '../../components/feedback';
import { ApiError, downloadFile } from '../../lib/api-client';
import { contratoPdfUrl, useContratosDe, useEnviarContrato } from './contrato-assinatura.api';

const tone: Record<Contrato['status'], BadgeTone> = {
  aguardando: 'yellow',
  assinado: 'green',
  anulado: 'gray',
};

/**
 * A family's contracts in the funnel's drawer (issue 34): send (or send again, which voids the previous
 * contract and its signatures, after a confirmation), who signed, the PDF. The funnel page places it.
 */
/** `podeEnviar`: the family's stage lets the contract be sent (or sent again) from here. */
export function ContratoPainel({
  interessadoId,
  podeEnviar = true,
}: {
  interessadoId: string;
  podeEnviar?: boolean;
}) {
  const contratos = useContratosDe(interessadoId);
  const enviar = useEnviarContrato(interessadoId);
  const [confirmar, setConfirmar] = useState(false);
  const vigente = contratos.data?.find((item) => item.status !== 'anulado');
  const handleEnviar = () => {
    enviar.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(result.message ?? 'Contrato enviado para assinatura');
        setConfirmar(false);
      },
      onError: (error) => {
        toast.error(error instanceof ApiError ? error.message : 'Erro ao enviar o contrato');
        setConfirmar(false);
      },
    });
  };
  return (
    <section aria-labelledby={`contratos-${interessadoId}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`contratos-${interessadoId}`} className="text-sm font-semibold text-gray-900">
          Contrato
        </h3>
        {podeEnviar && (
          <Button
            variant={vigente ? 'secondary' : 'primary'}
            loading={enviar.isPending}
            onClick={() => (vigente ? setConfirmar(true) : handleEnviar())}
          >
            <Send className="h-4 w-4" aria-hidden="true" />{' '}
            {vigente ? 'Reenviar contrato' : 'Enviar contrato'}
          </Button>
        )}
      </div>
      {contratos.isLoading ? (
        <Spinner />
      ) : contratos.isError ? (
        <ErrorBanner>Erro ao carregar os contratos.</ErrorBanner>
      ) : !contratos.data?.length ? (
        <EmptyState
          icon={FileSignature}
          title="Nenhum contrato enviado"
          hint="O contrato é gerado da pré-matrícula enviada pela família."
        />
      ) : (
        <ul className="space-y-3">
          {contratos.data.map((contrato) => (
            <ContratoItem key={contrato.id} contrato={contrato} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmar}
        title="Reenviar o contrato?"
        message="O contrato atual será anulado, com as assinaturas que já tiver, e todos os signatários recebem um link novo."
        confirmLabel="Anular e reenviar"
        busy={enviar.isPending}
        onConfirm={handleEnviar}
        onCancel={() => setConfirmar(false)}
      />
    </section>
  );
}

function ContratoItem({ contrato }: { contrato: Contrato }) {
  return (
    <li className="rounded-lg border border-gray-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <Badge tone={tone[contrato.status]}>{statusContratoLabels[contrato.status]}</Badge>{' '}
          <span className="text-gray-600">enviado em {formatDateTime(contrato.criado_em)}</span>
        </span>
        <Button
          variant="ghost"
          onClick={() => void downloadFile(contratoPdfUrl(contrato.id), 'contrato.pdf')}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> PDF
        </Button>
      </div>
      {contrato.status === 'anulado' && contrato.motivo_anulacao && (
        <p className="mt-1 text-xs text-gray-600">Anulado: {contrato.motivo_anulacao}</p>
      )}
      <ul className="mt-2 space-y-1">
        {contrato.assinaturas.map((assinatura) => (
          <li key={`${assinatura.papel}-${assinatura.nome}`} className="flex flex-wrap justify-between gap-2">
            <span>
              {assinatura.nome}{' '}
              <span className="text-gray-500">({papelSignatarioLabels[assinatura.papel].toLowerCase()})</span>
            </span>
            <span className={assinatura.assinado_em ? 'text-green-700' : 'text-gray-500'}>
              {assinatura.assinado_em ? `assinou em ${formatDateTime(assinatura.assinado_em)}` : 'pendente'}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 break-all font-mono text-xs text-gray-500">Código {contrato.codigo_validacao}</p>
    </li>
  );
}
