/**
 * 'Pix a conciliar' (issue 33 §2, docs/pix.md): reconciliation with the bank (the last run and 'Conciliar
 * agora' for a period) and the Pix that did not pay a mensalidade by themselves, each with what can be
 * done with it.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import {
  pixRecebidoMotivoLabels,
  type PixAConciliar,
  type UltimaConciliacao,
} from '../../../shared/pix-recebidos.schemas';
import { referenciaCobranca } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount, formatDateTime, todayIso } from '../../../shared/format';
import { Button } from '../../components/button';
import { Badge, EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { PixActionDialog, type PixActionKind } from './pix-a-conciliar-actions';
import { AskBankButton, DevolucaoStatus } from './pix-devolucao';
import { useConciliar, usePixAConciliar, useUltimaConciliacao } from './pix-recebidos.api';

/** `day` ± `days` (YYYY-MM-DD). */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A São Paulo day's start, as RFC 3339 (Brazil keeps UTC−3 all year). */
const startOf = (day: string) => `${day}T00:00:00-03:00`;

export function PixAConciliarTab() {
  return (
    <div className="space-y-4">
      <ConciliacaoCard />
      <AConciliarList />
    </div>
  );
}

function lastRunText(run: UltimaConciliacao): string {
  const quando = `${formatDateTime(run.executada_em)} (${run.origem === 'diaria' ? 'automática' : 'manual'})`;
  const periodo = `de ${formatDateTime(run.inicio)} a ${formatDateTime(run.fim)}`;
  if (run.erro) return `Última conciliação em ${quando}, ${periodo}: falhou — ${run.erro}`;
  return `Última conciliação em ${quando}, ${periodo}: ${formatCount(run.encontrados, 'Pix encontrado', 'Pix encontrados')}, ${formatCount(run.registrados, 'registrado agora', 'registrados agora')}, ${run.a_conciliar.toLocaleString('pt-BR')} a conciliar.`;
}

function ConciliacaoCard() {
  const today = todayIso();
  const [de, setDe] = useState(shiftDay(today, -1));
  const [ate, setAte] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const ultima = useUltimaConciliacao();
  const conciliar = useConciliar();
  const run = ultima.data?.ultima ?? null;
  const submit = () => {
    setError(null);
    conciliar.mutate(
      { inicio: startOf(de), fim: startOf(shiftDay(ate, 1)) },
      {
        onSuccess: (result) => toast.success(result.message ?? 'Conciliação feita.'),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <section aria-labelledby="conciliacao-titulo" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="conciliacao-titulo" className="text-base font-semibold text-gray-900">
        Conciliação com o banco
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Lê no banco os Pix recebidos no período e registra o que o aviso automático não trouxe. Roda sozinha
        todo dia, para o dia anterior.
      </p>
      <p
        className={`mt-2 text-sm ${run?.erro ? 'text-red-700' : 'text-gray-800'}`}
        data-testid="ultima-conciliacao"
      >
        {ultima.isPending
          ? 'Carregando a última conciliação…'
          : ultima.isError
            ? 'Não foi possível carregar a última conciliação.'
            : run
              ? lastRunText(run)
              : 'Nenhuma conciliação feita ainda.'}
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <InputField label="De" type="date" value={de} max={ate} onChange={(e) => setDe(e.target.value)} />
        <InputField
          label="Até"
          type="date"
          value={ate}
          min={de}
          max={today}
          onChange={(e) => setAte(e.target.value)}
        />
        <Button type="submit" loading={conciliar.isPending} disabled={!de || !ate || de > ate}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Conciliar agora
        </Button>
      </form>
      {error && (
        <div className="mt-3">
          <ErrorBanner>{error}</ErrorBanner>
        </div>
      )}
    </section>
  );
}

function AConciliarList() {
  const list = usePixAConciliar();
  const [acting, setActing] = useState<{ item: PixAConciliar; kind: PixActionKind } | null>(null);
  const items = list.data ?? [];
  return (
    <section aria-labelledby="a-conciliar-titulo" className="rounded-xl border border-gray-200 bg-white">
      <h2
        id="a-conciliar-titulo"
        className="border-b border-gray-100 px-4 py-3 text-base font-semibold text-gray-900"
      >
        Pix a conciliar{list.data ? ` (${items.length.toLocaleString('pt-BR')})` : ''}
      </h2>
      {list.isPending ? (
        <Spinner label="Carregando os Pix a conciliar…" />
      ) : list.isError ? (
        <div className="space-y-3 p-4">
          <ErrorBanner>Não foi possível carregar os Pix a conciliar.</ErrorBanner>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Tentar de novo
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={CheckCircle2}
          title="Nenhum Pix a conciliar"
          hint="Todo Pix que chegou até aqui pagou a sua mensalidade ou já foi resolvido. Um Pix feito direto na chave da escola, sem cobrança, pode só aparecer na conciliação: para ver os de hoje, use 'Conciliar agora'."
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {items.map((item) => (
            <PixRow key={item.id} item={item} onAct={(kind) => setActing({ item, kind })} />
          ))}
        </ul>
      )}
      {acting && <PixActionDialog item={acting.item} kind={acting.kind} onClose={() => setActing(null)} />}
    </section>
  );
}

function PixRow({ item, onAct }: { item: PixAConciliar; onAct: (kind: PixActionKind) => void }) {
  const devolucao = item.tipo === 'devolucao';
  // Asked of the bank (ADR 0092): nothing else is done with it until the bank answers.
  const pedida = item.situacao === 'devolucao_solicitada';
  return (
    <li data-testid="pix-a-conciliar" className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-gray-900">
            {devolucao ? '− ' : ''}
            {formatCentavos(item.valor)}
          </span>
          <Badge
            tone={devolucao || pedida ? 'purple' : item.motivo === 'valor_diferente' ? 'yellow' : 'gray'}
          >
            {pedida ? 'Devolução em andamento' : pixRecebidoMotivoLabels[item.motivo]}
          </Badge>
        </p>
        <p className="text-gray-700">
          {formatDateTime(item.horario)}
          {item.pagador_nome ? ` · ${item.pagador_nome}` : ''}
          {item.info_pagador ? ` · “${item.info_pagador}”` : ''}
        </p>
        {item.mensalidade && (
          <p className="text-gray-700">
            Cobrança de {item.mensalidade.aluno_nome} · {referenciaCobranca(item.mensalidade)}
          </p>
        )}
        {item.devolucao && <DevolucaoStatus devolucao={item.devolucao} />}
        <p className="break-all font-mono text-xs text-gray-500">
          {item.endToEndId}
          {item.txid ? ` · txid ${item.txid}` : ''}
        </p>
      </div>
      {pedida ? (
        <AskBankButton item={item} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {!devolucao && (
            <>
              <Button className="min-h-9 px-3" onClick={() => onAct('vincular')}>
                Vincular a mensalidade
              </Button>
              <Button variant="secondary" className="min-h-9 px-3" onClick={() => onAct('receita')}>
                Lançar como receita
              </Button>
            </>
          )}
          {item.pode_devolver && (
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => onAct('devolver')}>
              Devolver pelo banco
            </Button>
          )}
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => onAct('devolvido')}>
            Marcar como devolvido
          </Button>
        </div>
      )}
    </li>
  );
}
