/**
 * The family's NFS-e beside each receipt (issue 36 §2): which mensalidade has a note, and the button
 * that downloads its DANFSe. A mensalidade whose note was cancelled and issued again shows the new one.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileBadge } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { danfseUrl, nfseFamiliaSchema, type NfseFamilia } from '../../../shared/nfse-documentos.schemas';
import { Button } from '../../components/button';
import { api, downloadFile } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { which } from './mensalidade-columns';

const familyNfseQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.fiscal, 'familia'],
    queryFn: () =>
      api<NfseFamilia[]>('/api/fiscal/nfse/familia', {
        schema: nfseFamiliaSchema.array(),
        // A supplement to the tuition screen: without it the receipts still show, with no toast.
        globalErrors: false,
      }),
  });

/** mensalidade id → its note (an issued one before a cancelled one). Empty while loading or on error. */
export function useFamilyNfse(): Map<string, NfseFamilia> {
  const { data } = useQuery(familyNfseQuery());
  const byMensalidade = new Map<string, NfseFamilia>();
  for (const nota of data ?? []) {
    const kept = byMensalidade.get(nota.mensalidade_id);
    if (!kept || (kept.status === 'cancelada' && nota.status === 'emitida'))
      byMensalidade.set(nota.mensalidade_id, nota);
  }
  return byMensalidade;
}

async function handleDanfse(nota: NfseFamilia) {
  try {
    await downloadFile(danfseUrl(nota.id), `danfse-${nota.numero ?? nota.id.slice(0, 8)}.pdf`);
  } catch {
    toast.error('Erro ao gerar a nota fiscal');
  }
}

/** 'Nota fiscal' in words: downloads the DANFSe of the mensalidade's NFS-e. */
export function NotaFiscalButton({
  mensalidade,
  nota,
}: {
  mensalidade: Mensalidade;
  nota: NfseFamilia | undefined;
}) {
  if (!nota) return null;
  const cancelled = nota.status === 'cancelada';
  return (
    <Button
      variant="secondary"
      className="min-h-9 px-3"
      aria-label={`Nota fiscal${cancelled ? ' cancelada' : ''} (DANFSe): ${which(mensalidade)}`}
      onClick={() => void handleDanfse(nota)}
    >
      <FileBadge className="h-4 w-4" aria-hidden="true" />
      {cancelled ? 'Nota cancelada' : 'Nota fiscal'}
    </Button>
  );
}
