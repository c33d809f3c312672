import { useRef, useState } from 'react';
import { Check, CheckCircle2, Clock, Lock, Trash2, X } from 'lucide-react';
import { type Roll, type RollInput } from '../../../shared/attendance.schemas';
import { formatDate, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { LeaveGuard } from '../../components/leave-guard';
import { useIsOnline } from '../../lib/offline/online';
import { LessonContentFields } from './lesson-content';
import { RemoveRollModal } from './remove-roll-modal';
import { RollSaveBar } from './roll-save-bar';
import { RollAbsence, RollCounts } from './roll-absence';
import {
  contentChanged,
  countRoll,
  hasChanges,
  hasUnsavedMarks,
  justify,
  savedAbsences,
  savedContent,
  toggleAbsence,
  toRollInput,
  type LessonContent,
} from './roll-state';

/** 'salva às 07:42' on the roll's own day, 'salva em 05/12/2026 às 07:42' on another (no date twice). */
function savedWhen(day: string, at: string): string {
  const [date = '', time = ''] = formatDateTime(at).split(' ');
  return date === formatDate(day) ? `salva às ${time}` : `salva em ${date} às ${time}`;
}

/**
 * One roll, made for a phone held in one hand: everyone starts present, one tap on a student marks the
 * falta (and another undoes it), the counts stay on top and the save button at the bottom of the screen.
 */
export function RollSheet({
  roll,
  lesson,
  onSave,
  onDevice = false,
  content: pendingContent,
  redrawn,
  onDrawn,
}: {
  /** Drawn again for the same roll (a new version): a focus lost goes back to Salvar (`RollSaveBar`). */
  redrawn?: boolean;
  onDrawn?: () => void;
  roll: Roll;
  /** The lesson's content still waiting on this device (else the server's). */
  content?: LessonContent | undefined;
  /** Its marks are a save still waiting on this device (the screen above says so): not 'ainda não feita'. */
  onDevice?: boolean;
  /** Per-lesson classes: the lesson this roll is for ('Matemática (2ª aula)'), named on the sheet. */
  lesson?: string | undefined;
  /** Resolves when the server saved; rejects with the server's message. */
  onSave: (input: RollInput) => Promise<void>;
}) {
  const [absences, setAbsences] = useState(() => savedAbsences(roll));
  const [justifying, setJustifying] = useState<ReadonlySet<string>>(
    () => new Set(roll.alunos.filter((aluno) => aluno.falta?.justificativa).map((aluno) => aluno.id)),
  );
  // What is saved: the save waiting on this device, else the server's.
  const baseline = pendingContent ?? savedContent(roll);
  const [content, setContent] = useState(baseline);
  const contentField = useRef<HTMLTextAreaElement>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const online = useIsOnline();
  const locked = roll.bloqueio !== null;
  // Locked and never taken (holiday, weekend, future day): no counts, no green 'Presente' on every row.
  const neverTaken = locked && roll.chamada === null && !onDevice;
  const counts = countRoll(roll, absences);
  // A save waiting on the device is saved work: only what differs from it is a change.
  const changed =
    (onDevice ? hasUnsavedMarks(roll, absences) : hasChanges(roll, absences)) ||
    contentChanged(baseline, content);
  const unsaved = !locked && (hasUnsavedMarks(roll, absences) || contentChanged(baseline, content));

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await onSave(toRollInput(roll, absences, content));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Erro ao salvar a chamada.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-label={`Chamada de ${roll.turma.nome}${lesson ? `, ${lesson}` : ''}`} className="pb-2">
      {/* Another class, lesson or date, another tab or page, or closing the tab: the marks are not lost unasked. */}
      <LeaveGuard
        when={unsaved && !saving}
        title="Sair sem salvar a chamada?"
        message={`As alterações na chamada de ${roll.turma.nome}${lesson ? ` (${lesson})` : ''} de ${formatDate(roll.data)} ainda não foram salvas. Se sair agora, elas serão perdidas.`}
        confirmLabel="Sair sem salvar"
        cancelLabel="Voltar à chamada"
      />
      {locked && (
        <div
          role="status"
          className="mb-3 flex items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p>
            <strong>Não é possível salvar esta chamada:</strong> {roll.bloqueio}
          </p>
        </div>
      )}
      {/* On top, not under a list of 40: whether this roll (this lesson) was taken shows without scrolling. */}
      {roll.chamada && onDevice ? (
        // The school has an earlier save; this device's, above ('pendente'), is the one that will stand.
        <p className="mb-2 text-sm text-gray-600">
          Versão anterior, já na escola: {savedWhen(roll.data, roll.chamada.atualizada_em)}
          {roll.chamada.registrada_por ? ` por ${roll.chamada.registrada_por}` : ''}.
        </p>
      ) : roll.chamada ? (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-x-2">
          <p className="flex items-start gap-1 text-sm text-green-800">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              Chamada {lesson ? `de ${lesson} ` : ''}de {formatDate(roll.data)}{' '}
              {savedWhen(roll.data, roll.chamada.atualizada_em)}
              {roll.chamada.registrada_por ? ` por ${roll.chamada.registrada_por}` : ''}.
            </span>
          </p>
          {/* A roll taken on the wrong class, lesson or day: it goes, and stops counting. Not offline:
              the removal needs the server, and would fail after the teacher gave the reason. */}
          {roll.chamada.pode_remover && online && (
            <Button
              variant="ghost"
              className="-ml-2 min-h-11 text-red-700 sm:ml-0"
              aria-disabled={saving}
              onClick={() => setRemoving(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remover chamada
            </Button>
          )}
          {removing && (
            <RemoveRollModal
              roll={{ ...roll, chamada: roll.chamada }}
              lesson={lesson}
              onClose={() => setRemoving(false)}
            />
          )}
        </div>
      ) : (
        !locked &&
        !onDevice &&
        roll.alunos.length > 0 && (
          <p className="mb-2 flex items-start gap-1 text-sm text-yellow-900">
            <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>Chamada {lesson ? `de ${lesson} ` : ''}ainda não feita.</span>
          </p>
        )
      )}
      {neverTaken && roll.alunos.length > 0 && (
        <p className="py-6 text-center text-sm text-gray-600">
          Não há chamada registrada {lesson ? `de ${lesson} ` : ''}em {formatDate(roll.data)}.
        </p>
      )}
      {roll.alunos.length > 0 && !neverTaken && <RollCounts counts={counts} />}
      {neverTaken ? null : roll.alunos.length === 0 ? (
        <p className="py-8 text-center text-sm text-gray-600">Nenhum aluno nesta turma nesta data.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-gray-600">
            {locked ? 'Chamada somente para consulta.' : 'Todos começam presentes: toque em quem faltou.'}
          </p>
          <ol className="space-y-2" aria-label="Alunos">
            {roll.alunos.map((aluno, index) => {
              const absent = absences.has(aluno.id);
              const abonada = absent && aluno.falta?.situacao === 'abonada';
              return (
                <li key={aluno.id}>
                  <button
                    type="button"
                    // A toggle: one name, the state in aria-pressed alone (a name that changed too read
                    // 'Ana: falta, pressed', the state twice). Pressed is the falta the tap marks.
                    aria-pressed={absent}
                    aria-label={`Falta de ${aluno.nome}`}
                    disabled={locked}
                    onClick={() => setAbsences((current) => toggleAbsence(current, aluno.id))}
                    className={`flex min-h-14 w-full items-center gap-3 rounded-xl border-2 px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed ${
                      absent ? 'border-red-400 bg-red-50' : 'border-gray-200 bg-white hover:bg-gray-50'
                    }`}
                  >
                    <span className="w-6 shrink-0 text-right text-sm text-gray-600">{index + 1}</span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words text-gray-900">{aluno.nome}</span>
                      <span className="block text-xs text-gray-600">Matrícula {aluno.matricula}</span>
                    </span>
                    <span
                      aria-hidden="true"
                      className={`flex shrink-0 items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${
                        absent ? 'bg-red-600 text-white' : 'bg-green-100 text-green-800'
                      }`}
                    >
                      {absent ? <X className="h-4 w-4" /> : <Check className="h-4 w-4" />}
                      {absent ? 'Falta' : 'Presente'}
                    </span>
                  </button>
                  {absent && (
                    <RollAbsence
                      aluno={aluno}
                      abonada={abonada}
                      locked={locked}
                      justifying={justifying.has(aluno.id)}
                      justificativa={absences.get(aluno.id) ?? ''}
                      onOpen={() => setJustifying((current) => new Set(current).add(aluno.id))}
                      onChange={(text) => setAbsences((current) => justify(current, aluno.id, text))}
                    />
                  )}
                </li>
              );
            })}
          </ol>
          <LessonContentFields
            ref={contentField}
            roll={roll}
            content={content}
            locked={locked}
            onChange={setContent}
          />
        </>
      )}
      {!locked && roll.alunos.length > 0 && (
        <RollSaveBar
          error={error}
          faltas={counts.faltas}
          noContent={!content.conteudo.trim()}
          saving={saving}
          redrawn={redrawn}
          onDrawn={onDrawn}
          label={
            roll.chamada || onDevice ? (changed ? 'Salvar alterações' : 'Salvar de novo') : 'Salvar chamada'
          }
          onWriteContent={() => contentField.current?.focus()}
          onAllPresent={() => setAbsences(new Map())}
          onSave={() => void save()}
        />
      )}
    </section>
  );
}
