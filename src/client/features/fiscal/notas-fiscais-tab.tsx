import { useState } from 'react';
import { Download, FileText, Send } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  nfseCancelarInputSchema,
  type Nfse,
  type NfseList,
  type NfseStatus,
} from '../../../shared/fiscal.schemas';
import { formatCount } from '../../../shared/format';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas';
import { can, permissionsOf } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { FilterBar, InputFilter } from '../../components/filter-bar';
import { ReasonModal } from '../../components/reason-modal';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useListState, useMemoryListState } from '../../lib/use-list-state';
import { downloadXmlZip, useCancelarNfse, useEmitirNfse, useNfseList, useNfseSituacao } from './fiscal.api';
import { NfseActions, nfseColumns } from './nfse-columns';
import { NFSE_SITUACAO_ID, NfseNaoConfigurada } from './nfse-situacao';

const cancelSchema = nfseCancelarInputSchema.pick({ motivo: true });

function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
}

/** The batch's progress while notes are still pendente: a bar the screen reader hears as it moves. */
function BatchProgress({ list }: { list: NfseList }) {
  const count = (status: NfseStatus) => list.filter((nota) => nota.status === status).length;
  const [pendentes, emitidas, rejeitadas, canceladas] = (
    ['pendente', 'emitida', 'rejeitada', 'cancelada'] as const
  ).map(count) as [number, number, number, number];
  const total = pendentes + emitidas + rejeitadas + canceladas;
  if (total === 0) return null;
  const done = total - pendentes;
  const running = pendentes > 0;
  return (
    <div className="space-y-2" data-testid="nfse-progresso">
      {running && (
        <>
          <p className="text-sm font-medium text-gray-900" aria-live="polite">
            Emitindo: {done} de {total} notas processadas…
          </p>
          <div
            role="progressbar"
            aria-label="Progresso da emissão"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-gray-200"
          >
            <div
              className="h-full bg-primary-strong transition-all"
              style={{ width: `${(done / total) * 100}%` }}
            />
          </div>
        </>
      )}
      <p className="text-sm text-gray-700">
        {formatCount(emitidas, 'emitida', 'emitidas')} · {formatCount(rejeitadas, 'rejeitada', 'rejeitadas')}{' '}
        · {formatCount(canceladas, 'cancelada', 'canceladas')}
        {running ? ` · ${formatCount(pendentes, 'pendente', 'pendentes')}` : ''}
      </p>
    </div>
  );
}

/**
 * Financeiro → Notas fiscais (issue 36 §2): the NFS-e of a competência — 'Emitir notas de <mês>' (a batch
 * through the job queue, its progress polled), each note's state (a rejection with its code and reason),
 * number and key, its XML and DANFSe, 'Cancelar nota' for who may, and the month's XMLs for the accountant.
 */
export function NotasFiscaisTab() {
  // Cancelling a fiscal document, and the fiscal settings, are the administrator's (Direção's), as the
  // server checks too.
  const administers = can(permissionsOf(useCurrentUser().data), 'settings.manage');
  const filters = useListState({ defaults: { competencia: currentMonth() } });
  const competencia = /^\d{4}-\d{2}$/.test(filters.filters.competencia)
    ? filters.filters.competencia
    : currentMonth();
  const mes = formatMesReferencia(competencia);
  const notas = useNfseList(competencia);
  const emitir = useEmitirNfse();
  // Off until the settings allow it (the server refuses too); a status that could not be read leaves the
  // refusal to the server.
  const situacao = useNfseSituacao();
  const notReady = situacao.data?.pronta === false;
  const cancelar = useCancelarNfse(competencia);
  const list = useMemoryListState();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState<Nfse | null>(null);
  const [zipping, setZipping] = useState(false);
  const items = notas.data;
  const running = (items ?? []).some((nota) => nota.status === 'pendente');

  const handleZip = async () => {
    setZipping(true);
    try {
      await downloadXmlZip(competencia);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível gerar o arquivo.');
    } finally {
      setZipping(false);
    }
  };

  return (
    <div className="space-y-4">
      <FilterBar columns="sm:grid-cols-[12rem_1fr]">
        <InputFilter list={filters} name="competencia" label="Competência" type="month" />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button
            onClick={() => setConfirming(true)}
            loading={emitir.isPending}
            disabled={running || notReady || situacao.isPending}
            aria-describedby={notReady ? NFSE_SITUACAO_ID : undefined}
          >
            <Send className="h-4 w-4" aria-hidden="true" /> Emitir notas de {mes}
          </Button>
          <Button variant="secondary" onClick={() => void handleZip()} loading={zipping}>
            <Download className="h-4 w-4" aria-hidden="true" /> Baixar XMLs do mês (zip)
          </Button>
        </div>
      </FilterBar>
      {situacao.data?.pronta === false && (
        <NfseNaoConfigurada situacao={situacao.data} canConfigure={administers} />
      )}
      {notas.data && <BatchProgress list={notas.data} />}
      <DataList
        label={`Notas fiscais de ${mes}`}
        query={notas}
        rows={items}
        list={list}
        columns={nfseColumns}
        rowKey={(nota) => nota.id}
        rowProps={() => ({ 'data-testid': 'nfse-linha' })}
        errorMessage="Erro ao carregar as notas fiscais"
        empty={{
          icon: FileText,
          title: `Nenhuma nota fiscal em ${mes}`,
          hint: notReady
            ? 'Configurada a NFS-e, “Emitir notas” emite a nota de cada mensalidade da competência.'
            : 'Use “Emitir notas” para emitir a NFS-e de cada mensalidade da competência.',
        }}
        actions={(nota) => (
          <NfseActions nota={nota} canCancel={administers} onCancel={() => setCancelling(nota)} />
        )}
      />
      {confirming && (
        <ConfirmAction
          title={`Emitir as notas de ${mes}?`}
          message={`Cada mensalidade de ${mes} ainda sem nota recebe uma NFS-e, enviada à API nacional. Notas já emitidas não se repetem.`}
          confirmLabel="Emitir notas"
          danger={false}
          success="Emissão iniciada."
          failure="Não foi possível iniciar a emissão."
          action={() => emitir.mutateAsync(competencia)}
          onClose={() => setConfirming(false)}
        />
      )}
      {cancelling && (
        <ReasonModal
          title={`Cancelar a nota ${cancelling.numero ?? ''}`.trim()}
          description={`A NFS-e de ${cancelling.aluno.nome} (${mes}) será cancelada na API nacional (evento de cancelamento). Não dá para desfazer.`}
          formId="cancelar-nfse"
          submitLabel="Cancelar nota"
          reasonLabel="Motivo do cancelamento"
          hint="De 15 a 255 caracteres; vai no evento enviado à prefeitura."
          schema={cancelSchema}
          success="Nota cancelada."
          action={(motivo) => cancelar.mutateAsync({ id: cancelling.id, motivo })}
          onClose={() => setCancelling(null)}
        />
      )}
    </div>
  );
}
