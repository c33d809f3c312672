import { useQuery } from '@tanstack/react-query';
import { NotebookTabs } from 'lucide-react';
import { todayIso } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { InputField, SelectField } from '../../components/field';
import { useCurrentUser } from '../../lib/current-user';
import { useUrlParams } from '../../lib/use-list-state';
import { agendaDayQuery, agendaModeloQuery, useAgendaClasses } from './agenda.api';
import { AgendaDayForm } from './agenda-day-form';
import { AgendaModeloEditor } from './agenda-modelos';

/**
 * 'Agenda' (issue 32 §3): the teacher picks the class (and the day: today unless told) and fills it; the
 * coordination also edits each class's template. Class, day and tab are in the URL.
 */
export function AgendaPage() {
  const { data: me } = useCurrentUser();
  const coordena = can(permissionsOf(me), 'academics.manage');
  const [params, update] = useUrlParams();
  const modelos = coordena && params.get('ver') === 'modelos';
  const classes = useAgendaClasses();
  const visible = (classes.data ?? []).filter((one) => modelos || one.ativa);
  const turma = visible.find((one) => one.turma.id === params.get('turma')) ?? visible[0];
  const today = todayIso();
  const data = params.get('data') ?? today;
  const day = useQuery({
    ...agendaDayQuery(turma?.turma.id ?? '', data),
    enabled: Boolean(turma) && !modelos,
  });
  const modelo = useQuery({
    ...agendaModeloQuery(turma?.turma.id ?? ''),
    enabled: Boolean(turma) && modelos,
  });

  return (
    <div>
      <PageHeader
        title="Agenda diária"
        subtitle="Educação Infantil e 1º–2º ano: o dia de cada criança para a família"
      />
      {coordena && (
        <div role="tablist" aria-label="Visão" className="mb-4 flex gap-2">
          <Button
            role="tab"
            aria-selected={!modelos}
            variant={modelos ? 'secondary' : 'primary'}
            className="min-h-11"
            onClick={() => update({ ver: null })}
          >
            Agenda do dia
          </Button>
          <Button
            role="tab"
            aria-selected={modelos}
            variant={modelos ? 'primary' : 'secondary'}
            className="min-h-11"
            onClick={() => update({ ver: 'modelos' })}
          >
            Modelos das turmas
          </Button>
        </div>
      )}
      {classes.isError ? (
        <ErrorBanner>Erro ao carregar as turmas.</ErrorBanner>
      ) : classes.isPending ? (
        <Spinner />
      ) : !turma ? (
        <EmptyState
          icon={NotebookTabs}
          title="Nenhuma turma com agenda"
          hint="A agenda diária é da Educação Infantil e do 1º e 2º ano; a coordenação pode ativá-la no modelo da turma."
        />
      ) : (
        <>
          <div className="mb-4 grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Turma"
              value={turma.turma.id}
              onChange={(event) => update({ turma: event.target.value })}
            >
              {visible.map((one) => (
                <option key={one.turma.id} value={one.turma.id}>
                  {one.turma.nome} ({one.turma.serie})
                </option>
              ))}
            </SelectField>
            {!modelos && (
              <InputField
                label="Dia"
                type="date"
                max={today}
                value={data}
                onChange={(event) =>
                  update({
                    data:
                      event.target.value === today || event.target.value === '' ? null : event.target.value,
                  })
                }
              />
            )}
          </div>
          {modelos ? (
            modelo.isError ? (
              <ErrorBanner>Erro ao carregar o modelo.</ErrorBanner>
            ) : !modelo.data ? (
              <Spinner />
            ) : (
              <AgendaModeloEditor
                key={`${modelo.data.turma.id}:${String(modelo.data.version)}`}
                modelo={modelo.data}
              />
            )
          ) : day.isError ? (
            <ErrorBanner>
              {day.error instanceof Error ? day.error.message : 'Erro ao carregar a agenda.'}
            </ErrorBanner>
          ) : !day.data ? (
            <Spinner label="Carregando a agenda..." />
          ) : (
            <AgendaDayForm
              key={`${day.data.turma.id}:${day.data.data}:${String(day.data.version)}`}
              day={day.data}
            />
          )}
        </>
      )}
    </div>
  );
}
