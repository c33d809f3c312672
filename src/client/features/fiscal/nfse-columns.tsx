import { Ban, Copy, FileCode, FileText } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Nfse, NfseStatus } from '../../../shared/fiscal.schemas';
import { formatCentavos, formatDateTime } from '../../../shared/format';
import { formatCpf } from '../../../shared/validators';
import { IconButton } from '../../components/button';
import type { Column } from '../../components/data-table';
import { Badge, type BadgeTone } from '../../components/feedback';
import { downloadDanfse, downloadNfseXml } from './fiscal.api';
import { copyText } from '../../lib/copy-text';

export const nfseStatusLabels: Record<NfseStatus, string> = {
  pendente: 'Pendente',
  emitida: 'Emitida',
  rejeitada: 'Rejeitada',
  cancelada: 'Cancelada',
};
const statusTones: Record<NfseStatus, BadgeTone> = {
  pendente: 'yellow',
  emitida: 'green',
  rejeitada: 'red',
  cancelada: 'gray',
};

/** The 50-digit key in groups of four (as the DANFSe prints it). */
export const formatChave = (chave: string) => chave.replace(/(\d{4})(?=\d)/g, '$1 ');

function ChaveCell({ nota }: { nota: Nfse }) {
  if (!nota.chave_acesso) return <span className="text-gray-500">—</span>;
  const chave = nota.chave_acesso;
  const handleCopy = async () => {
    try {
      await copyText(chave);
      toast.success('Chave de acesso copiada.');
    } catch {
      toast.error('Não foi possível copiar. Selecione a chave e copie manualmente.');
    }
  };
  return (
    <span className="flex items-start gap-1">
      <code className="font-mono text-xs break-all text-gray-800" title={formatChave(chave)}>
        <span aria-hidden="true">{`${formatChave(chave.slice(0, 8))} … ${formatChave(chave.slice(-10))}`}</span>
        <span className="sr-only">{formatChave(chave)}</span>
      </code>
      <IconButton
        label={`Copiar a chave de acesso da nota ${nota.numero ?? ''}`.trim()}
        onClick={() => void handleCopy()}
      >
        <Copy className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </span>
  );
}

export const nfseColumns: Column<Nfse>[] = [
  {
    id: 'aluno',
    header: 'Aluno / tomador',
    card: 'title',
    sortValue: (nota) => nota.aluno.nome,
    cell: (nota) => (
      <>
        <p className="font-medium text-gray-900">{nota.aluno.nome}</p>
        <p className="text-gray-600">
          {nota.tomador.nome}
          {nota.tomador.cpf ? ` · CPF ${formatCpf(nota.tomador.cpf)}` : ''}
        </p>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Situação',
    card: 'badge',
    sortValue: (nota) => nota.status,
    cell: (nota) => (
      <span data-testid="nfse-status" className="flex flex-wrap gap-1">
        <Badge tone={statusTones[nota.status]}>{nfseStatusLabels[nota.status]}</Badge>
        {nota.status === 'emitida' && nota.mensalidade_cancelada && (
          <Badge tone="red">Mensalidade cancelada — cancele a nota</Badge>
        )}
      </span>
    ),
  },
  {
    id: 'motivo',
    header: 'Detalhe',
    hideBelow: 'lg',
    cell: (nota) =>
      nota.status === 'rejeitada' ? (
        <p className="text-sm text-red-800">
          {nota.codigo ? <strong>{nota.codigo}: </strong> : null}
          {nota.motivo ?? 'Rejeitada pela API nacional.'}
        </p>
      ) : nota.status === 'cancelada' ? (
        <p className="text-sm text-gray-700">
          Cancelada{nota.cancelada_em ? ` em ${formatDateTime(nota.cancelada_em)}` : ''}
          {nota.motivo_cancelamento ? `: ${nota.motivo_cancelamento}` : ''}
        </p>
      ) : nota.status === 'emitida' && nota.emitida_em ? (
        <p className="text-sm text-gray-700">Emitida em {formatDateTime(nota.emitida_em)}</p>
      ) : (
        <p className="text-sm text-gray-600">Aguardando a API nacional</p>
      ),
  },
  {
    id: 'numero',
    header: 'Número',
    sortValue: (nota) => Number(nota.numero ?? 0),
    cell: (nota) => nota.numero ?? <span className="text-gray-500">—</span>,
  },
  { id: 'chave', header: 'Chave de acesso', hideBelow: 'xl', cell: (nota) => <ChaveCell nota={nota} /> },
  {
    id: 'valor',
    header: 'Valor',
    align: 'right',
    sortValue: (nota) => nota.valor,
    cell: (nota) => <span className="whitespace-nowrap">{formatCentavos(nota.valor)}</span>,
  },
];

async function handleXml(nota: Nfse) {
  try {
    await downloadNfseXml(
      nota.id,
      nota.chave_acesso ? `nfse-${nota.chave_acesso}` : `dps-${String(nota.numero_dps)}`,
    );
  } catch {
    toast.error('Não foi possível baixar o XML.');
  }
}

async function handleDanfse(nota: Nfse) {
  try {
    await downloadDanfse(nota.id);
  } catch {
    toast.error('Não foi possível gerar o DANFSe.');
  }
}

/** XML, DANFSe and 'Cancelar nota' of one note (cancelling only for who may, and only an issued note). */
export function NfseActions({
  nota,
  canCancel,
  onCancel,
}: {
  nota: Nfse;
  canCancel: boolean;
  onCancel: () => void;
}) {
  const issued = nota.status === 'emitida' || nota.status === 'cancelada';
  const which = nota.numero ? `da nota ${nota.numero}` : `de ${nota.aluno.nome}`;
  return (
    <>
      {(issued || nota.status === 'rejeitada') && (
        <IconButton label={`Baixar o XML ${which}`} onClick={() => void handleXml(nota)}>
          <FileCode className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {issued && (
        <IconButton label={`Baixar o DANFSe ${which}`} onClick={() => void handleDanfse(nota)}>
          <FileText className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {canCancel && nota.status === 'emitida' && (
        <IconButton label={`Cancelar a nota ${nota.numero ?? ''}`.trim()} onClick={onCancel}>
          <Ban className="h-4 w-4 text-red-700" aria-hidden="true" />
        </IconButton>
      )}
    </>
  );
}
