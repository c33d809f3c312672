import { useDeferredValue, useState } from 'react';
import toast from 'react-hot-toast';
import { BadgePercent, FileDown, FileText, QrCode, Receipt, Search, Wallet } from 'lucide-react';
import {
  formatMesReferencia,
  mensalidadeStatuses,
  mensalidadeStatusLabels,
  type Mensalidade,
} from '../../../shared/finance.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Button, IconButton } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { Pagination } from '../../components/pagination';
import { downloadFile } from '../../lib/api-client';
import { AdjustModal } from './adjust-modal';
import {
  downloadRecibo,
  MENSALIDADES_PAGE_SIZE,
  mensalidadesUrl,
  useMensalidades,
  type MensalidadeFilters,
} from './finance.api';
import { currentMonth, MensalidadeStatusBadge } from './finance-ui';
import { PaymentModal } from './payment-modal';
import { PixModal } from './pix-modal';

type Dialog = { kind: 'pagamento' | 'pix' | 'ajuste'; mensalidade: Mensalidade } | null;

function isOpen(mensalidade: Mensalidade) {
  return mensalidade.status === 'pendente' || mensalidade.status === 'vencido';
}

/** Late amounts: the original value, then multa + juros and the updated total. */
export function MensalidadeValor({ mensalidade }: { mensalidade: Mensalidade }) {
  return (
    <div>
      <p className="font-medium text-gray-900">{formatCentavos(mensalidade.valor)}</p>
      {mensalidade.valor !== mensalidade.valor_original && (
        <p className="text-xs text-gray-500">de {formatCentavos(mensalidade.valor_original)}</p>
      )}
      {mensalidade.multa + mensalidade.juros > 0 && (
        <p className="text-xs text-red-700">
          multa {formatCentavos(mensalidade.multa)} + juros {formatCentavos(mensalidade.juros)}
        </p>
      )}
      {isOpen(mensalidade) && mensalidade.valor_atualizado !== mensalidade.valor && (
        <p className="text-xs font-semibold text-gray-900">
          atualizado {formatCentavos(mensalidade.valor_atualizado)}
        </p>
      )}
      {mensalidade.principal_pago > 0 && isOpen(mensalidade) && (
        <p className="text-xs text-amber-700">pago parcialmente: {formatCentavos(mensalidade.valor_pago)}</p>
      )}
    </div>
  );
}

export function MensalidadesTab({ manage }: { manage: boolean }) {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<MensalidadeFilters['status']>('todos');
  const [mes, setMes] = useState(manage ? currentMonth() : '');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const filters: MensalidadeFilters = { q: useDeferredValue(q.trim()), status, mes, page };
  const { data, isLoading, isError, isFetching } = useMensalidades(filters);

  const handleExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await downloadFile(mensalidadesUrl({ ...filters, page: 1 }, format), `mensalidades.${format}`);
    } catch {
      toast.error('Erro ao exportar');
    } finally {
      setExporting(false);
    }
  };

  const handleRecibo = async (mensalidade: Mensalidade) => {
    try {
      await downloadRecibo(mensalidade.id);
    } catch {
      toast.error('Erro ao gerar o recibo');
    }
  };

  return (
    <div>
      <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto]">
        <InputField
          label="Buscar aluno"
          type="search"
          placeholder="Nome do aluno"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          trailing={<Search className="mr-2 h-4 w-4 text-gray-400" aria-hidden="true" />}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as MensalidadeFilters['status']);
            setPage(1);
          }}
        >
          <option value="todos">Todos</option>
          {mensalidadeStatuses.map((value) => (
            <option key={value} value={value}>
              {mensalidadeStatusLabels[value]}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Mês"
          type="month"
          value={mes}
          onChange={(event) => {
            setMes(event.target.value);
            setPage(1);
          }}
        />
        {manage && (
          <div className="flex items-end gap-2">
            <Button variant="secondary" loading={exporting} onClick={() => void handleExport('csv')}>
              <FileDown className="h-4 w-4" aria-hidden="true" /> Exportar CSV
            </Button>
            <Button variant="secondary" disabled={exporting} onClick={() => void handleExport('xlsx')}>
              <FileDown className="h-4 w-4" aria-hidden="true" /> XLSX
            </Button>
          </div>
        )}
      </div>

      {isError && <ErrorBanner>Erro ao carregar dados financeiros</ErrorBanner>}
      {isLoading ? (
        <Spinner />
      ) : data && data.items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white">
          <EmptyState
            icon={Receipt}
            title="Nenhuma mensalidade encontrada"
            hint="Ajuste os filtros para ver mais resultados."
          />
        </div>
      ) : data ? (
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white" aria-busy={isFetching}>
          <h2 className="border-b border-gray-100 px-4 py-3 font-semibold text-gray-900">
            Mensalidades ({data.total})
          </h2>
          <ul className="divide-y divide-gray-100" aria-label="Mensalidades">
            {data.items.map((mensalidade) => (
              <li
                key={mensalidade.id}
                className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[2fr_1.2fr_0.8fr_1.4fr_10rem] sm:items-center"
                data-testid="mensalidade-row"
              >
                <div>
                  <p className="font-medium text-gray-900">{mensalidade.aluno_nome}</p>
                  <p className="text-gray-600">
                    {formatMesReferencia(mensalidade.mes_referencia)}
                    {mensalidade.turma_nome ? ` · ${mensalidade.turma_nome}` : ''}
                  </p>
                </div>
                <div className="text-gray-700">
                  <p>Vence {formatDate(mensalidade.data_vencimento)}</p>
                  {mensalidade.data_pagamento && mensalidade.status === 'pago' && (
                    <p className="text-green-700">Pago em {formatDate(mensalidade.data_pagamento)}</p>
                  )}
                  {mensalidade.motivo_cancelamento && (
                    <p className="text-xs text-gray-500">{mensalidade.motivo_cancelamento}</p>
                  )}
                </div>
                <div>
                  <MensalidadeStatusBadge status={mensalidade.status} />
                </div>
                <MensalidadeValor mensalidade={mensalidade} />
                <div className="flex justify-end gap-1">
                  {manage && isOpen(mensalidade) && (
                    <IconButton
                      label={`Registrar pagamento de ${mensalidade.aluno_nome}`}
                      onClick={() => setDialog({ kind: 'pagamento', mensalidade })}
                    >
                      <Wallet className="h-4 w-4 text-green-700" aria-hidden="true" />
                    </IconButton>
                  )}
                  {isOpen(mensalidade) && (
                    <IconButton
                      label={`PIX de ${mensalidade.aluno_nome}`}
                      onClick={() => setDialog({ kind: 'pix', mensalidade })}
                    >
                      <QrCode className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  )}
                  {mensalidade.valor_pago > 0 && (
                    <IconButton
                      label={`Recibo de ${mensalidade.aluno_nome}`}
                      onClick={() => void handleRecibo(mensalidade)}
                    >
                      <FileText className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  )}
                  {manage && isOpen(mensalidade) && (
                    <IconButton
                      label={`Cancelar ou dar desconto para ${mensalidade.aluno_nome}`}
                      onClick={() => setDialog({ kind: 'ajuste', mensalidade })}
                    >
                      <BadgePercent className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={MENSALIDADES_PAGE_SIZE} total={data.total} onChange={setPage} />
        </div>
      ) : null}

      {dialog?.kind === 'pagamento' && (
        <PaymentModal mensalidade={dialog.mensalidade} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'pix' && (
        <PixModal mensalidade={dialog.mensalidade} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'ajuste' && (
        <AdjustModal mensalidade={dialog.mensalidade} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
