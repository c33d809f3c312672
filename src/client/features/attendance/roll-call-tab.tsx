import { ArrowLeft, CheckCircle2, Clock } from 'lucide-react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { lessonName, type Lesson } from '../../../shared/attendance.schemas';
import { dayKindLabels } from '../../../shared/calendar';
import { formatDate, todayIso } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { MissingCurriculum } from '../../domain/missing-curriculum';
import { useCurrentUser } from '../../lib/current-user';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateAttendance } from '../../lib/query-keys';
import { onEntrySent, removeEntry } from '../../lib/offline/fila';
import { useFila } from '../../lib/offline/use-fila';
import { rollGroup, rollOnDeviceQuery, rollWithPending, saveRollFromDevice } from './roll-offline';
import { RollDeviceState } from './roll-conflict';
import { RollSheet } from './roll-sheet';
import { YearNotice, ClassPicker } from './roll-call-classes';
export { orderRollClasses } from './roll-call-classes';

/** The roll call: pick a date and one of my classes, then the lesson (per-lesson classes). */
export function RollCallTab() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const data = params.get('data') ?? today;
  const turmaId = params.get('turma');
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || (key === 'data' && value === today)) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <div className="w-44">
          <InputField
            label="Data da chamada"
            type="date"
            value={data}
            max={today}
            onChange={(event) => {
              if (event.target.value) update({ data: event.target.value, disciplina: null, aula: null });
            }}
          />
        </div>
        {data !== today && (
          <Button
            variant="secondary"
            className="min-h-11"
            onClick={() => update({ data: null, disciplina: null, aula: null })}
          >
            Hoje
          </Button>
        )}
      </div>
      <YearNotice data={data} />
      {turmaId ? (
        <RollOfClass
          turmaId={turmaId}
          data={data}
          disciplina={params.get('disciplina')}
          aula={Number(params.get('aula') ?? '') || undefined}
          onBack={() => update({ turma: null, disciplina: null, aula: null })}
          onLesson={(lesson) =>
            update({ disciplina: lesson.disciplina, aula: lesson.disciplina ? String(lesson.aula) : null })
          }
        />
      ) : (
        <ClassPicker data={data} onPick={(id) => update({ turma: id, disciplina: null, aula: null })} />
      )}
    </div>
  );
}

function RollOfClass({
  turmaId,
  data,
  disciplina,
  aula,
  onBack,
  onLesson,
}: {
  turmaId: string;
  data: string;
  disciplina: string | null;
  aula: number | undefined;
  onBack: () => void;
  onLesson: (lesson: Lesson) => void;
}) {
  const { data: me } = useCurrentUser();
  const roll = useQuery(rollOnDeviceQuery(me?.id, turmaId, { data, disciplina, ...(aula ? { aula } : {}) }));
  const fila = useFila();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  useEffect(
    () =>
      onEntrySent((entry) => {
        if (entry.kind !== 'chamada') return;
        setSent(true);
        void invalidateAttendance(queryClient);
      }),
    [queryClient],
  );
  const back = (
    <Button variant="ghost" className="mb-2 -ml-2 min-h-11" onClick={onBack}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Trocar turma
    </Button>
  );
  if (roll.isPending)
    return (
      <>
        {back}
        <Spinner label="Carregando chamada..." />
      </>
    );
  if (roll.isError)
    return (
      <>
        {back}
        <ErrorBanner>{roll.error.message || 'Erro ao carregar a chamada.'}</ErrorBanner>
      </>
    );
  const current = roll.data.roll;
  const group = rollGroup(turmaId, current);
  const entry = fila.entries.filter((item) => item.group === group).at(-1);
  return (
    <div>
      {back}
      <div className="mb-3">
        <h2 className="text-xl font-bold text-gray-900">{current.turma.nome}</h2>
        <p className="text-sm text-gray-600">
          {formatDate(current.data)} · {current.dia.descricao ?? dayKindLabels[current.dia.tipo]}
          {current.periodo ? ` · ${current.periodo.nome}` : ''}
          {current.periodo?.encerrado ? ' (encerrado)' : ''}
        </p>
      </div>
      {current.aulas.length > 1 && (
        // Wrapped, not scrolled sideways: on a phone every lesson of the day (and the one chosen) shows.
        <div role="group" aria-label="Aulas do dia" className="mb-3 flex flex-wrap gap-2">
          {current.aulas.map((lesson) => {
            const selected = lesson.disciplina === current.disciplina && lesson.aula === current.aula;
            return (
              <button
                key={`${lesson.disciplina ?? ''}-${String(lesson.aula)}`}
                type="button"
                aria-pressed={selected}
                onClick={() => onLesson(lesson)}
                className={`flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary ${
                  selected
                    ? 'border-primary-strong bg-primary-strong text-white'
                    : 'border-gray-300 bg-white text-gray-800'
                }`}
              >
                {lesson.registrada ? (
                  <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Clock className="h-4 w-4" aria-hidden="true" />
                )}
                {lessonName(lesson, current.aulas)}
                <span className="sr-only">{lesson.registrada ? ', feita' : ', pendente'}</span>
              </button>
            );
          })}
        </div>
      )}
      {current.disciplina && current.aulas.length <= 1 && (
        <p className="mb-3 text-sm font-medium text-gray-800">{lessonName(current, current.aulas)}</p>
      )}
      <RollDeviceState
        userId={me?.id}
        entry={entry}
        pending={fila.pending}
        sent={sent}
        copiaDe={roll.data.copiaDe}
        onDiscard={(item) => void (me ? removeEntry(me.id, item.id) : undefined)}
      />
      {current.grade_pendente && !current.disciplina ? (
        // A per-lesson class whose grid schedules no lesson: nothing to mark until it is set.
        <MissingCurriculum
          turma={current.turma}
          pendencia={current.grade_pendente}
          admin={can(permissionsOf(me), 'academics.manage')}
          para="chamada"
        />
      ) : (
        <RollSheet
          key={`${current.data}-${current.disciplina ?? ''}-${String(current.aula)}-${String(current.chamada?.version ?? 0)}-${entry?.idempotencyKey ?? ''}`}
          roll={rollWithPending(current, entry)}
          onDevice={entry !== undefined}
          lesson={current.disciplina ? lessonName(current, current.aulas) : undefined}
          onSave={async (input) => {
            if (!me) return;
            setSent(false);
            const result = await saveRollFromDevice({
              userId: me.id,
              turmaId,
              roll: current,
              input,
              waiting: fila.entries,
            });
            if (result.kind === 'sent') {
              toast.success(result.message);
              await invalidateAttendance(queryClient);
            } else toast('Salvo no aparelho — pendente', { id: 'fila-pendente' });
          }}
        />
      )}
    </div>
  );
}
