import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { lessonName, type Lesson } from '../../../shared/attendance.schemas';
import { dayKindLabels } from '../../../shared/calendar';
import { formatDate, todayIso } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { MissingCurriculum } from '../../domain/missing-curriculum';
import { useCurrentUser } from '../../lib/current-user';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateAttendance } from '../../lib/query-keys';
import { onEntrySent, removeEntry } from '../../lib/offline/fila';
import { useFila } from '../../lib/offline/use-fila';
import {
  pendingContentOf,
  rollGroup,
  rollOnDeviceQuery,
  rollWithPending,
  saveRollFromDevice,
} from './roll-offline';
import { RollDeviceState } from './roll-conflict';
import { RollSheet } from './roll-sheet';
import { YearNotice, ClassPicker, LessonPicker } from './roll-call-classes';
export { orderRollClasses } from './roll-call-classes';

/** The roll call: pick a date and one of my classes, then the lesson (per-lesson classes). */
export function RollCallTab() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const data = params.get('data') ?? today;
  const turmaId = params.get('turma');
  // Picking a class, a lesson or 'Trocar turma' unmounts the button pressed: focus goes to the roll's
  // heading, or back to the class's card, never to the page's top.
  const [focusTo, setFocusTo] = useState<{ roll: true } | { card: string } | null>(null);
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

  const leaveClass = () => {
    if (!turmaId) return;
    setFocusTo({ card: turmaId });
    update({ turma: null, disciplina: null, aula: null });
  };

  // On a phone the roll's students must start high on the screen: 'Trocar turma', the date and 'Hoje'
  // share one row (they took three, and the first student sat at the bottom of an 844 px screen). The
  // date and 'Hoje' wrap as one piece, so a narrower screen never leaves 'Hoje' alone on a line. At 390 px
  // the row fits only with the buttons' padding trimmed (the Button leaves its px-4 out when given one).
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        {turmaId && (
          <Button variant="ghost" className="-ml-2 mr-auto min-h-11 px-2" onClick={leaveClass}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Trocar turma
          </Button>
        )}
        <div className="flex items-end gap-2">
          <div className="w-40">
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
              className="min-h-11 shrink-0 px-3"
              onClick={() => update({ data: null, disciplina: null, aula: null })}
            >
              Hoje
            </Button>
          )}
        </div>
      </div>
      <YearNotice data={data} />
      {turmaId ? (
        <RollOfClass
          turmaId={turmaId}
          data={data}
          disciplina={params.get('disciplina')}
          aula={Number(params.get('aula') ?? '') || undefined}
          focusHeading={focusTo !== null && 'roll' in focusTo}
          onFocused={() => setFocusTo(null)}
          onLesson={(lesson) => {
            setFocusTo({ roll: true });
            update({ disciplina: lesson.disciplina, aula: lesson.disciplina ? String(lesson.aula) : null });
          }}
        />
      ) : (
        <ClassPicker
          data={data}
          focusCard={focusTo && 'card' in focusTo ? focusTo.card : null}
          onFocused={() => setFocusTo(null)}
          onPick={(id) => {
            setFocusTo({ roll: true });
            update({ turma: id, disciplina: null, aula: null });
          }}
        />
      )}
    </div>
  );
}

function RollOfClass({
  turmaId,
  data,
  disciplina,
  aula,
  focusHeading,
  onFocused,
  onLesson,
}: {
  turmaId: string;
  data: string;
  disciplina: string | null;
  aula: number | undefined;
  focusHeading: boolean;
  onFocused: () => void;
  onLesson: (lesson: Lesson) => void;
}) {
  const { data: me } = useCurrentUser();
  const roll = useQuery(rollOnDeviceQuery(me?.id, turmaId, { data, disciplina, ...(aula ? { aula } : {}) }));
  const fila = useFila();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  // The roll whose sheet was drawn last. One drawn again for it (saved, removed, sent from the device: a new
  // version) puts on Salvar the focus the old sheet dropped; another class, lesson or date does not.
  const rollKey = `${turmaId}|${data}|${disciplina ?? ''}|${String(aula ?? '')}`;
  const drawn = useRef<string | null>(null);
  const markDrawn = useCallback(() => {
    drawn.current = rollKey;
  }, [rollKey]);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = roll.data !== undefined;
  useEffect(() => {
    if (!focusHeading || !loaded || !heading.current) return;
    heading.current.focus();
    onFocused();
  }, [focusHeading, loaded, onFocused]);
  useEffect(
    () =>
      onEntrySent((entry) => {
        if (entry.kind !== 'chamada') return;
        setSent(true);
        void invalidateAttendance(queryClient);
      }),
    [queryClient],
  );
  if (roll.isPending) return <Spinner label="Carregando chamada..." />;
  if (roll.isError) return <ErrorBanner>{roll.error.message || 'Erro ao carregar a chamada.'}</ErrorBanner>;
  const current = roll.data.roll;
  const group = rollGroup(turmaId, current);
  const entry = fila.entries.filter((item) => item.group === group).at(-1);
  const singleLesson =
    current.disciplina && current.aulas.length <= 1 ? lessonName(current, current.aulas) : null;
  return (
    <div>
      <div className="mb-2">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-gray-900 focus:outline-none">
          {current.turma.nome}
          {/* The one lesson of the day beside the class's name, not on a line of its own. */}
          {singleLesson && <span className="font-medium text-gray-700"> · {singleLesson}</span>}
        </h2>
        <p className="text-sm text-gray-600">
          {formatDate(current.data)} · {current.dia.descricao ?? dayKindLabels[current.dia.tipo]}
          {current.periodo ? ` · ${current.periodo.nome}` : ''}
          {current.periodo?.encerrado ? ' (encerrado)' : ''}
        </p>
      </div>
      {current.aulas.length > 1 && <LessonPicker roll={current} onLesson={onLesson} />}
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
        <MissingCurriculum turma={current.turma} pendencia={current.grade_pendente} para="chamada" />
      ) : (
        <RollSheet
          key={`${current.data}-${current.disciplina ?? ''}-${String(current.aula)}-${String(current.chamada?.version ?? 0)}-${entry?.idempotencyKey ?? ''}`}
          roll={rollWithPending(current, entry)}
          onDevice={entry !== undefined}
          content={pendingContentOf(entry)}
          lesson={current.disciplina ? lessonName(current, current.aulas) : undefined}
          redrawn={drawn.current === rollKey}
          onDrawn={markDrawn}
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
              // Saved again: the same toast is renewed, not a second one stacked under it.
              toast.success(result.message, { id: 'chamada-salva' });
              await invalidateAttendance(queryClient);
            } else toast('Salvo no aparelho — pendente', { id: 'fila-pendente' });
          }}
        />
      )}
    </div>
  );
}
