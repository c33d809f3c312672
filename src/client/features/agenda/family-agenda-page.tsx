import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, NotebookTabs } from 'lucide-react';
import {
  evacuacaoLabels,
  humorLabels,
  refeicaoAvaliacaoLabels,
  type AgendaAluno,
} from '../../../shared/agenda.schemas';
import { formatDate, formatDateTime, todayIso } from '../../../shared/format';
import { Button } from '../../components/button';
import type { StudentListItem } from '../../../shared/students.schemas';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { OneChildAtATime } from '../../domain/child-switcher';
import { useUrlParams } from '../../lib/use-list-state';
import { childAgendaQuery } from './agenda.api';
import { FamilyMedication } from './family-medication';

const shift = (data: string, days: number) => {
  const date = new Date(`${data}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const tone = { comeu_bem: 'text-green-700', comeu_pouco: 'text-amber-700', nao_aceitou: 'text-red-700' };

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>
      <div className="space-y-1 text-sm text-gray-800">{children}</div>
    </section>
  );
}

function Day({ agenda }: { agenda: AgendaAluno }) {
  const dia = agenda.dia;
  if (!agenda.tem_agenda)
    return <EmptyState icon={NotebookTabs} title="A turma desta criança não tem agenda diária" />;
  if (!dia)
    return (
      <EmptyState
        icon={NotebookTabs}
        title={agenda.sem_aula ? 'Não houve aula neste dia' : 'A agenda deste dia ainda não foi enviada'}
      />
    );
  if (dia.ausente) return <EmptyState icon={NotebookTabs} title="A criança não esteve na escola neste dia" />;
  const { itens } = dia;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {itens.precisa_trazer.length > 0 && (
        <section
          aria-label="Precisa trazer"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:col-span-2"
        >
          <h2 className="text-sm font-semibold text-amber-900">Precisa trazer</h2>
          <p className="text-base text-amber-900">{itens.precisa_trazer.join(', ')}</p>
        </section>
      )}
      {itens.refeicoes.length > 0 && (
        <Card title="Alimentação">
          {itens.refeicoes.map((refeicao) => (
            <p key={refeicao.refeicao}>
              {refeicao.refeicao}:{' '}
              <strong className={tone[refeicao.avaliacao]}>
                {refeicaoAvaliacaoLabels[refeicao.avaliacao]}
              </strong>
            </p>
          ))}
        </Card>
      )}
      {itens.sono.length > 0 && (
        <Card title="Sono">
          {itens.sono.map((sono) => (
            <p key={sono.inicio}>
              Dormiu das {sono.inicio} às {sono.fim}
            </p>
          ))}
        </Card>
      )}
      {(itens.evacuacao || itens.trocas_fralda !== null || itens.humor) && (
        <Card title="Higiene e humor">
          {itens.evacuacao && <p>Evacuação: {evacuacaoLabels[itens.evacuacao]}</p>}
          {itens.trocas_fralda !== null && <p>Trocas de fralda: {itens.trocas_fralda}</p>}
          {itens.humor && <p>Humor: {humorLabels[itens.humor]}</p>}
        </Card>
      )}
      {dia.medicacoes.length > 0 && (
        <Card title="Medicação dada">
          {dia.medicacoes.map((one) => (
            <p key={`${one.medicamento}${one.horario}`}>
              {one.horario} — {one.medicamento} {one.dose}
            </p>
          ))}
        </Card>
      )}
      {itens.recados && (
        <Card title="Recados">
          <p className="whitespace-pre-line">{itens.recados}</p>
        </Card>
      )}
      {dia.foto && (
        <section className="sm:col-span-2">
          <img src={dia.foto.url} alt="Foto da atividade do dia da turma" className="w-full rounded-xl" />
        </section>
      )}
      <p className="text-xs text-gray-600 sm:col-span-2">
        Enviada por {dia.autor ?? 'a escola'} em {formatDateTime(dia.atualizado_em)}
      </p>
    </div>
  );
}

/**
 * The family's view of a child's day (issue 32 §3), from the menu or the feed: `?aluno=&data=`. Without
 * a child, the family's first one, the others a chip away (the family screens' child picker). A class
 * without the daily agenda says so, with no days to walk through.
 */
export function FamilyAgendaPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <OneChildAtATime
        header={(child) => <PageHeader title={`Agenda de ${child.nome}`} subtitle={classOf(child)} />}
        resets={['data']}
        render={(child) => <ChildDay key={child.id} alunoId={child.id} />}
      />
    </div>
  );
}

const classOf = (child: StudentListItem) =>
  child.turma ? [child.turma.nome, child.turma.serie].filter(Boolean).join(' · ') : undefined;

function ChildDay({ alunoId }: { alunoId: string }) {
  const [params, update] = useUrlParams();
  const today = todayIso();
  // The day before stays on screen while the next one loads: a spinner in its place took the day's
  // buttons away with it, and the focus of 'Dia anterior' fell to <body>.
  const agenda = useQuery({
    ...childAgendaQuery(alunoId, params.get('data') ?? undefined),
    placeholderData: keepPreviousData,
  });
  if (agenda.isError)
    return (
      <ErrorBanner>
        {agenda.error instanceof Error ? agenda.error.message : 'Erro ao carregar a agenda.'}
      </ErrorBanner>
    );
  if (!agenda.data) return <Spinner />;
  // No agenda in the child's class: nothing on any day, so no day to go to either.
  if (!agenda.data.tem_agenda) return <Day agenda={agenda.data} />;
  // The day shown is the one answered: opened with no date on a Saturday, that is Friday.
  const data = agenda.data.data;
  return (
    <>
      {/* 'Dia anterior', a date and 'Próximo dia' took 368 px of a phone's 358: both buttons wrapped in two
          lines. The nav says 'Dia'; the buttons say where they go and keep the whole name for a screen reader. */}
      <nav aria-label="Dia" className="mb-4 flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          aria-label="Dia anterior"
          onClick={() => update({ data: shift(data, -1) })}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Anterior
        </Button>
        <strong className="whitespace-nowrap text-gray-900">
          {data === today ? 'Hoje' : formatDate(data)}
        </strong>
        <Button
          variant="secondary"
          className="min-h-11"
          aria-label="Próximo dia"
          // Held, not disabled, on today: reaching it would otherwise take the focus from the button pressed.
          aria-disabled={data >= today}
          onClick={() => update({ data: shift(data, 1) === today ? null : shift(data, 1) })}
        >
          Próximo <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </nav>
      <div aria-busy={agenda.isPlaceholderData || undefined} className="aria-busy:opacity-60">
        <Day agenda={agenda.data} />
      </div>
      <FamilyMedication alunoId={alunoId} />
    </>
  );
}
