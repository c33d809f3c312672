import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ChevronDown, ChevronUp, FileText, Info, QrCode, Receipt } from 'lucide-react';
import {
  arrangeFamilyCharges,
  formatMesReferencia,
  isEmAberto,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount, formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { DataList } from '../../components/data-list';
import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { useListState } from '../../lib/use-list-state';
import { downloadRecibo, useMensalidades } from './finance.api';
import { mensalidadeColumns } from './mensalidade-columns';
import { PixModal } from './pix-modal';

const OPEN_PAGE_SIZE = 200;
const HISTORY_PAGE_SIZE = 12;
const byDue = { q: '', mes: '', page: 1, sort: 'vencimento', order: 'asc' } as const;

function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

const which = (mensalidade: Mensalidade) =>
  `${mensalidade.aluno_nome}, ${formatMesReferencia(mensalidade.mes_referencia)}`;

async function handleRecibo(mensalidade: Mensalidade) {
  try {
    await downloadRecibo(mensalidade.id);
  } catch {
    toast.error('Erro ao gerar o recibo');
  }
}

function Section({ title, tone, children }: { title: string; tone?: 'red'; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2
        className={`text-sm font-semibold tracking-wide uppercase ${tone === 'red' ? 'text-red-700' : 'text-gray-700'}`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A tuition the family acts on now: what it is, when it fell (or falls) due, what it costs today, PIX. */
function ChargeCard({ mensalidade, onPix }: { mensalidade: Mensalidade; onPix: () => void }) {
  const overdue = mensalidade.status === 'vencido';
  return (
    <article
      data-testid="familia-mensalidade"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-white p-4 ${overdue ? 'border-red-300' : 'border-gray-200'}`}
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-gray-900">{mensalidade.aluno_nome}</p>
        <p className="text-gray-700">
          {formatMesReferencia(mensalidade.mes_referencia)}
          {mensalidade.turma_nome ? ` · ${mensalidade.turma_nome}` : ''}
        </p>
        <p className={overdue ? 'font-medium text-red-700' : 'text-gray-700'}>
          {overdue
            ? `Vencida em ${formatDate(mensalidade.data_vencimento)} · ${formatCount(mensalidade.dias_atraso, 'dia', 'dias')} de atraso`
            : `Vence em ${formatDate(mensalidade.data_vencimento)}`}
        </p>
        {mensalidade.multa + mensalidade.juros > 0 && (
          <p className="text-xs text-red-700">
            {formatCentavos(mensalidade.valor - mensalidade.principal_pago)} + multa{' '}
            {formatCentavos(mensalidade.multa)} + juros {formatCentavos(mensalidade.juros)}
          </p>
        )}
        {mensalidade.principal_pago > 0 && (
          <p className="text-xs text-amber-700">Já pago: {formatCentavos(mensalidade.valor_pago)}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold text-gray-900">{formatCentavos(mensalidade.valor_atualizado)}</p>
        <Button className="min-h-9 px-3" aria-label={`Pagar com PIX: ${which(mensalidade)}`} onClick={onPix}>
          <QrCode className="h-4 w-4" aria-hidden="true" />
          Pagar com PIX
        </Button>
        {mensalidade.valor_pago > 0 && (
          <Button
            variant="secondary"
            className="min-h-9 px-3"
            aria-label={`Recibo: ${which(mensalidade)}`}
            onClick={() => void handleRecibo(mensalidade)}
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            Recibo
          </Button>
        )}
      </div>
    </article>
  );
}

/** The months ahead, folded: one line each, and paying ahead stays possible without a button per card. */
function Ahead({ items, onPix }: { items: Mensalidade[]; onPix: (mensalidade: Mensalidade) => void }) {
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  return (
    <div className="rounded-xl border border-gray-200 bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="familia-a-vencer"
        className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-sm font-medium text-gray-800"
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          {open
            ? 'Ocultar os meses seguintes'
            : `Mais ${formatCount(items.length, 'mensalidade', 'mensalidades')} a vencer`}
        </span>
        {open ? (
          <ChevronUp className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        )}
      </button>
      {open && (
        <ul id="familia-a-vencer" className="divide-y divide-gray-100 border-t border-gray-100 text-sm">
          {items.map((mensalidade) => (
            <li
              key={mensalidade.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2"
            >
              <span>
                <span className="text-gray-900">{mensalidade.aluno_nome}</span>
                <span className="text-gray-600">
                  {' '}
                  · {formatMesReferencia(mensalidade.mes_referencia)} · vence{' '}
                  {formatDate(mensalidade.data_vencimento)}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span className="font-medium text-gray-900">
                  {formatCentavos(mensalidade.valor_atualizado)}
                </span>
                <button
                  type="button"
                  className="font-medium text-primary-strong underline"
                  aria-label={`Pagar adiantado com PIX: ${which(mensalidade)}`}
                  onClick={() => onPix(mensalidade)}
                >
                  Pagar adiantado
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A guardian's view of their children's tuition (the server scopes it and leaves cancelled ones out), in
 * the order they act on it: what is overdue, then each child's next one due — each with 'Pagar com PIX'
 * — then the months ahead folded ('Mais 10 mensalidades a vencer'), and what was paid as the history
 * with its receipts.
 */
export function GuardianFinance() {
  const today = todayInSaoPaulo();
  const overdue = useMensalidades({ ...byDue, status: 'vencido' }, OPEN_PAGE_SIZE);
  const pending = useMensalidades({ ...byDue, status: 'pendente' }, OPEN_PAGE_SIZE);
  const history = useListState({ defaults: {} });
  const paid = useMensalidades({ q: '', mes: '', status: 'pago', page: history.page }, HISTORY_PAGE_SIZE);
  const [pix, setPix] = useState<Mensalidade | null>(null);

  const loading = overdue.isPending || pending.isPending;
  const failed = overdue.isError || pending.isError;
  const open = [...(overdue.data?.items ?? []), ...(pending.data?.items ?? [])];
  const { vencidas, proximas, aVencer } = arrangeFamilyCharges(open);
  const emAberto = open.filter((mensalidade) => isEmAberto(mensalidade, today));
  const devido = emAberto.reduce((sum, mensalidade) => sum + mensalidade.valor_atualizado, 0);

  return (
    <div className="space-y-6">
      <PageHeader title="Mensalidades" subtitle="Mensalidades dos seus filhos, com PIX e recibos" />
      {loading ? (
        <Spinner />
      ) : failed ? (
        <ErrorBanner>Erro ao carregar as mensalidades.</ErrorBanner>
      ) : (
        <>
          <p
            data-testid="familia-resumo"
            className={`rounded-lg border px-4 py-3 text-sm ${vencidas.length > 0 ? 'border-red-200 bg-red-50 text-red-900' : 'border-gray-200 bg-white text-gray-800'}`}
          >
            {emAberto.length === 0
              ? 'Nada em aberto agora.'
              : `Em aberto: ${formatCount(emAberto.length, 'mensalidade', 'mensalidades')}${vencidas.length > 0 ? ` (${formatCount(vencidas.length, 'vencida', 'vencidas')})` : ''} · ${formatCentavos(devido)} hoje.`}
          </p>
          {vencidas.length > 0 && (
            <Section title={vencidas.length === 1 ? 'Vencida' : 'Vencidas'} tone="red">
              {vencidas.map((mensalidade) => (
                <ChargeCard
                  key={mensalidade.id}
                  mensalidade={mensalidade}
                  onPix={() => setPix(mensalidade)}
                />
              ))}
            </Section>
          )}
          {proximas.length > 0 && (
            <Section title={proximas.length === 1 ? 'Próxima mensalidade' : 'Próximas mensalidades'}>
              {proximas.map((mensalidade) => (
                <ChargeCard
                  key={mensalidade.id}
                  mensalidade={mensalidade}
                  onPix={() => setPix(mensalidade)}
                />
              ))}
              <Ahead items={aVencer} onPix={setPix} />
            </Section>
          )}
          {open.length === 0 && <p className="text-sm text-gray-600">Nenhuma mensalidade a pagar.</p>}
        </>
      )}

      <Section title="Histórico">
        <DataList
          label="Mensalidades pagas"
          query={paid}
          rows={paid.data?.items}
          list={history}
          paging={paid.data && { total: paid.data.total, pageSize: HISTORY_PAGE_SIZE }}
          columns={mensalidadeColumns}
          rowKey={(mensalidade) => mensalidade.id}
          rowProps={() => ({ 'data-testid': 'mensalidade-paga' })}
          errorMessage="Erro ao carregar o histórico"
          empty={{ icon: Receipt, title: 'Nenhuma mensalidade paga ainda' }}
          actions={(mensalidade) => (
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              aria-label={`Recibo: ${which(mensalidade)}`}
              onClick={() => void handleRecibo(mensalidade)}
            >
              <FileText className="h-4 w-4" aria-hidden="true" />
              Recibo
            </Button>
          )}
        />
      </Section>

      <p className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        Mensalidades pagas depois do vencimento têm multa de até 2% e juros de 1% ao mês, proporcionais aos
        dias de atraso. Débitos nunca bloqueiam o acesso a notas, boletins ou documentos.
      </p>
      {pix && <PixModal mensalidade={pix} onClose={() => setPix(null)} />}
    </div>
  );
}
