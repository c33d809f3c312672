import { useState } from 'react';
import { Info, Receipt } from 'lucide-react';
import { arrangeFamilyCharges, isEmAberto, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount } from '../../../shared/format';
import {
  contarCobrancas,
  formatContagemCobrancas,
  tiposDeCobranca,
} from '../../../shared/contagem-cobrancas';
import { DataList } from '../../components/data-list';
import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { useListState } from '../../lib/use-list-state';
import { useEncargosSentence, useMensalidades } from './finance.api';
import { mensalidadeColumns, ReceiptButton } from './mensalidade-columns';
import { PixModal } from './pix-modal';
import { BoletoModal } from './boleto-modal';
import { useBoletoDisponivel } from './boleto.api';
import { Section, ChargeCard, Ahead, ConfirmingCard } from './guardian-finance-charges';
import { JaPagueiSheet } from './ja-paguei-sheet';
import { DebitoAutomaticoSection } from './debito-automatico-section';
import { handleRecibo } from './guardian-finance-charges';
import { NotaFiscalButton, useFamilyNfse } from './nota-fiscal';
import { DeclaracaoIr } from './declaracao-ir';

const OPEN_PAGE_SIZE = 200;
const HISTORY_PAGE_SIZE = 12;
const byDue = { q: '', mes: '', page: 1, sort: 'vencimento', order: 'asc' } as const;

function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

const isTaxa = (mensalidade: Mensalidade) => mensalidade.tipo === 'taxa_matricula';

/** 'Próxima mensalidade', or the fee named when it is the next: 'Próxima taxa de matrícula'. */
function proximasTitle(proximas: readonly Mensalidade[]): string {
  if (proximas.length === 1)
    return isTaxa(proximas[0]!) ? 'Próxima taxa de matrícula' : 'Próxima mensalidade';
  return proximas.some(isTaxa) ? 'Próximas mensalidades e taxas' : 'Próximas mensalidades';
}

/**
 * A guardian's view of their children's tuition (the server scopes it and leaves cancelled ones out), in
 * the order they act on it: what is overdue, then each child's next one due — each with 'Pagar com Pix'
 * and 'Já paguei' — then the months ahead folded ('Mais 10 mensalidades a vencer'), and what was paid as
 * the history with its receipts. A tuition whose comprovante the school is checking shows apart, 'Em
 * confirmação', its amount frozen (ADR 0035); a refused one is open again with the school's reason. Beside
 * each receipt, the NFS-e's DANFSe when the school issued one (issue 36).
 */
export function GuardianFinance() {
  const today = todayInSaoPaulo();
  const overdue = useMensalidades({ ...byDue, status: 'vencido' }, OPEN_PAGE_SIZE);
  const pending = useMensalidades({ ...byDue, status: 'pendente' }, OPEN_PAGE_SIZE);
  const confirming = useMensalidades({ ...byDue, status: 'em_confirmacao' }, OPEN_PAGE_SIZE);
  const history = useListState({ defaults: {} });
  const paid = useMensalidades({ q: '', mes: '', status: 'pago', page: history.page }, HISTORY_PAGE_SIZE);
  const notas = useFamilyNfse();
  const encargos = useEncargosSentence();
  const [pix, setPix] = useState<Mensalidade | null>(null);
  const [jaPaguei, setJaPaguei] = useState<Mensalidade | null>(null);
  const [boleto, setBoleto] = useState<Mensalidade | null>(null);
  const boletoDisponivel = useBoletoDisponivel();
  const onBoleto = (mensalidade: Mensalidade) =>
    boletoDisponivel ? () => setBoleto(mensalidade) : undefined;
  /** An open tuition to pay: PIX, 'Já paguei' and, where the school issues them, the boleto. */
  const chargeCard = (mensalidade: Mensalidade) => (
    <ChargeCard
      key={mensalidade.id}
      mensalidade={mensalidade}
      nota={notas.get(mensalidade.id)}
      onPix={() => setPix(mensalidade)}
      onJaPaguei={() => setJaPaguei(mensalidade)}
      onBoleto={onBoleto(mensalidade)}
    />
  );

  const loading = overdue.isPending || pending.isPending || confirming.isPending;
  const failed = overdue.isError || pending.isError || confirming.isError;
  const open = [...(overdue.data?.items ?? []), ...(pending.data?.items ?? [])];
  const { vencidas, proximas, aVencer } = arrangeFamilyCharges(open);
  const emConfirmacao = confirming.data?.items ?? [];
  const emAberto = open.filter((mensalidade) => isEmAberto(mensalidade, today));
  const devido = emAberto.reduce((sum, mensalidade) => sum + mensalidade.valor_atualizado, 0);
  // The page is named for what it lists: an enrolment fee beside the months is said (ADR 0094).
  const tipos = tiposDeCobranca(contarCobrancas([...open, ...emConfirmacao, ...(paid.data?.items ?? [])]));
  const titulo = tipos.charAt(0).toUpperCase() + tipos.slice(1);
  const pagas = paid.data?.items.some(isTaxa) ? 'Mensalidades e taxas pagas' : 'Mensalidades pagas';

  return (
    <div className="space-y-6">
      <PageHeader
        title={titulo}
        subtitle={`${titulo} dos seus filhos, com Pix${boletoDisponivel ? ', boleto' : ''} e recibos`}
      />
      {loading ? (
        <Spinner />
      ) : failed ? (
        <ErrorBanner>Erro ao carregar as mensalidades e taxas.</ErrorBanner>
      ) : (
        <>
          <p
            data-testid="familia-resumo"
            className={`rounded-lg border px-4 py-3 text-sm ${vencidas.length > 0 ? 'border-red-200 bg-red-50 text-red-900' : 'border-gray-200 bg-white text-gray-800'}`}
          >
            {emAberto.length === 0 ? (
              'Nada em aberto agora.'
            ) : (
              <>
                {/* A fee is named as a fee, as the home counts it (ADR 0103). */}
                {`Em aberto: ${formatContagemCobrancas(contarCobrancas(emAberto))}${vencidas.length > 0 ? ` (${formatCount(vencidas.length, 'vencida', 'vencidas')})` : ''} · `}
                {/* 'R$' never ends a line with the amount on the next (a phone's width). */}
                <span className="whitespace-nowrap">{formatCentavos(devido)}</span> hoje.
              </>
            )}
          </p>
          {vencidas.length > 0 && (
            <Section title={vencidas.length === 1 ? 'Vencida' : 'Vencidas'} tone="red">
              {vencidas.map(chargeCard)}
            </Section>
          )}
          {emConfirmacao.length > 0 && (
            <Section title="Em confirmação">
              {emConfirmacao.map((mensalidade) => (
                <ConfirmingCard key={mensalidade.id} mensalidade={mensalidade} />
              ))}
            </Section>
          )}
          {proximas.length > 0 && (
            <Section title={proximasTitle(proximas)}>
              {proximas.map(chargeCard)}
              <Ahead
                items={aVencer}
                onPix={setPix}
                onJaPaguei={setJaPaguei}
                onBoleto={boletoDisponivel ? setBoleto : undefined}
              />
            </Section>
          )}
          {open.length === 0 && emConfirmacao.length === 0 && (
            <p className="text-sm text-gray-600">Nenhuma mensalidade a pagar.</p>
          )}
        </>
      )}

      {!loading && !failed && <DebitoAutomaticoSection mensalidades={open} />}

      <Section title="Histórico">
        <DataList
          label={pagas}
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
            <>
              <ReceiptButton mensalidade={mensalidade} onClick={() => void handleRecibo(mensalidade)} />
              <NotaFiscalButton mensalidade={mensalidade} nota={notas.get(mensalidade.id)} />
            </>
          )}
        />
      </Section>

      <Section title="Imposto de Renda">
        <DeclaracaoIr />
      </Section>

      <p className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span data-testid="encargos-atraso">
          {encargos && `Mensalidades pagas depois do vencimento têm ${encargos}. `}
          Débitos nunca bloqueiam o acesso a notas, boletins ou documentos.
        </span>
      </p>
      {pix && <PixModal mensalidade={pix} onClose={() => setPix(null)} />}
      {boleto && <BoletoModal mensalidade={boleto} onClose={() => setBoleto(null)} />}
      {jaPaguei && <JaPagueiSheet mensalidade={jaPaguei} onClose={() => setJaPaguei(null)} />}
    </div>
  );
}
