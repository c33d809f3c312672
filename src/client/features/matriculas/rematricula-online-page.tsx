import { useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { CheckCircle2, Clock, Mail, PlayCircle, Users } from 'lucide-react';
import {
  EMAIL_NAO_CONFIGURADO_REMATRICULA,
  statusRematricula,
  statusRematriculaLabels,
} from '../../../shared/anuidades.schemas';
import { formatDateTime, todayIso } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { EmptyState, ErrorBanner, PageHeader, Spinner, StatGrid } from '../../components/feedback';
import { InputField, SelectField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import type { ListSort } from '../../lib/use-list-state';
import { AnuidadesAvisos } from './anuidades-avisos';
import { familiaColumns } from './rematricula-familias';
import { useEnviarLembretes, useIniciarRodada, useRodada } from './rematricula-online.api';
import { compareSeries } from '../../../shared/classes.schemas';

/** The online rematrícula round: who opened, submitted, signed, paid, is pending; start it and remind. */
export function RematriculaOnlinePage() {
  const current = Number(todayIso().slice(0, 4));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('ano'));
  const ano = Number.isInteger(asked) && asked >= current && asked <= current + 1 ? asked : current + 1;
  const status = params.get('situacao') ?? '';
  const serie = params.get('serie') ?? '';
  const busca = params.get('q') ?? '';
  const rodada = useRodada(ano);
  const iniciar = useIniciarRodada();
  const lembretes = useEnviarLembretes();
  const [confirm, setConfirm] = useState<'iniciar' | 'lembretes' | null>(null);
  const [sort, setSort] = useState<ListSort | null>(null);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const run = async (what: 'iniciar' | 'lembretes', ids?: string[]) => {
    try {
      const result =
        what === 'iniciar'
          ? await iniciar.mutateAsync(ano)
          : await lembretes.mutateAsync({ ano, ...(ids ? { ids } : {}) });
      toast.success(result.message ?? 'Feito.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível concluir. Tente de novo.');
    } finally {
      setConfirm(null);
    }
  };

  const data = rodada.data;
  const all = data?.familias ?? [];
  const series = [...new Set(all.map((row) => row.serie))].sort(compareSeries);
  const term = busca.trim().toLocaleLowerCase('pt-BR');
  const rows = all.filter(
    (row) =>
      (!status || (status === 'pendentes' ? row.pendente : row.status === status)) &&
      (!serie || row.serie === serie) &&
      (!term ||
        row.aluno_nome.toLocaleLowerCase('pt-BR').includes(term) ||
        row.responsavel_nome.toLocaleLowerCase('pt-BR').includes(term)),
  );
  const started = data?.iniciada_em !== null && data !== undefined;

  return (
    <div>
      <PageHeader
        title="Rematrícula online"
        subtitle={`Cada família atual recebe o link da pré-matrícula de ${String(ano)}; acompanhe quem abriu, assinou e pagou.`}
        actions={
          <>
            <SelectField
              label="Ano letivo"
              value={String(ano)}
              onChange={(event) => setParam('ano', event.target.value)}
            >
              {[current, current + 1].map((year) => (
                <option key={year} value={year}>
                  Rematrícula {year}
                </option>
              ))}
            </SelectField>
          </>
        }
      />
      <AnuidadesAvisos />
      {rodada.isPending ? (
        <Spinner label="Carregando a rematrícula online..." />
      ) : rodada.isError || !data ? (
        <ErrorBanner>Erro ao carregar a rematrícula online.</ErrorBanner>
      ) : (
        <>
          {!data.email_configurado && (
            <p
              role="status"
              className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              {EMAIL_NAO_CONFIGURADO_REMATRICULA}
            </p>
          )}
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <Button onClick={() => setConfirm('iniciar')} loading={iniciar.isPending}>
              <PlayCircle className="h-4 w-4" aria-hidden="true" />
              {started
                ? 'Incluir novos alunos e reenviar links pendentes'
                : `Iniciar a rematrícula de ${String(ano)}`}
            </Button>
            {started && (
              <Button
                variant="secondary"
                onClick={() => setConfirm('lembretes')}
                loading={lembretes.isPending && lembretes.variables.ids === undefined}
                aria-disabled={lembretes.isPending}
                disabled={data.pendentes === 0}
              >
                <Mail className="h-4 w-4" aria-hidden="true" /> Enviar lembrete aos pendentes (
                {data.pendentes})
              </Button>
            )}
            {data.iniciada_em && (
              <p className="text-sm text-gray-600">Iniciada em {formatDateTime(data.iniciada_em)}.</p>
            )}
          </div>
          {!started ? (
            <EmptyState
              icon={Users}
              title={`A rematrícula online de ${String(ano)} ainda não começou`}
              hint="Ao iniciar, cada aluno ativo de hoje ganha uma linha com a série do próximo ano e a família recebe por e-mail o link da pré-matrícula, já preenchida com a ficha do aluno."
            />
          ) : (
            <>
              <StatGrid
                stats={[
                  { label: 'Famílias', value: all.length, icon: Users, tone: 'blue' },
                  { label: 'Pendentes', value: data.pendentes, icon: Clock, tone: 'yellow' },
                  {
                    label: 'Assinaram',
                    value: data.contagem.assinado + data.contagem.pago,
                    icon: CheckCircle2,
                    tone: 'green',
                  },
                  { label: 'Pagaram', value: data.contagem.pago, icon: CheckCircle2, tone: 'green' },
                ]}
              />
              <div className="mb-4 grid gap-3 sm:grid-cols-3" role="search">
                <InputField
                  label="Buscar aluno ou responsável"
                  value={busca}
                  onChange={(event) => setParam('q', event.target.value)}
                />
                <SelectField
                  label="Situação"
                  value={status}
                  onChange={(event) => setParam('situacao', event.target.value)}
                >
                  <option value="">Todas</option>
                  <option value="pendentes">Pendentes</option>
                  {statusRematricula.map((item) => (
                    <option key={item} value={item}>
                      {statusRematriculaLabels[item]} ({data.contagem[item]})
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Série"
                  value={serie}
                  onChange={(event) => setParam('serie', event.target.value)}
                >
                  <option value="">Todas</option>
                  {series.map((item) => (
                    <option key={item} value={item}>
                      {item}
                    </option>
                  ))}
                </SelectField>
              </div>
              {rows.length === 0 ? (
                <EmptyState icon={Users} title="Nenhuma família com estes filtros" />
              ) : (
                <DataTable
                  label={`Famílias da rematrícula online de ${String(ano)}`}
                  rows={rows}
                  columns={familiaColumns}
                  rowKey={(row) => row.id}
                  sort={sort}
                  onSortChange={setSort}
                  actions={(row) =>
                    row.pendente ? (
                      <Button
                        variant="ghost"
                        onClick={() => void run('lembretes', [row.id])}
                        // The one pressed spins; the others wait, held (not disabled: the focus stays).
                        loading={lembretes.isPending && lembretes.variables.ids?.[0] === row.id}
                        aria-disabled={lembretes.isPending}
                      >
                        <Mail className="h-4 w-4" aria-hidden="true" /> Enviar lembrete{' '}
                        <span className="sr-only">à família de {row.aluno_nome}</span>
                      </Button>
                    ) : null
                  }
                />
              )}
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        danger={false}
        busy={iniciar.isPending || lembretes.isPending}
        title={
          confirm === 'iniciar'
            ? `Iniciar a rematrícula online de ${String(ano)}?`
            : 'Enviar lembrete aos pendentes?'
        }
        message={
          confirm === 'iniciar'
            ? 'Cada família de aluno ativo recebe por e-mail o link da pré-matrícula do próximo ano. Famílias já incluídas não recebem de novo; alunos novos são incluídos.'
            : 'As famílias que ainda não enviaram a pré-matrícula recebem um novo link (o anterior deixa de valer, o rascunho fica); as que têm contrato para assinar recebem um aviso. Cada família recebe no máximo um lembrete por dia.'
        }
        confirmLabel={confirm === 'iniciar' ? 'Iniciar e enviar links' : 'Enviar lembretes'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void run(confirm ?? 'iniciar')}
      />
    </div>
  );
}
