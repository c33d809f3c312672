/**
 * The roll call without a connection (issue 35 §3, ADR 0053): the roll last loaded is kept on the
 * device (fila.ts `copias`) and shown offline; a save that cannot reach the server goes into the
 * device's queue with its Idempotency-Key and the `base` it was made from, and the server merges it per
 * student when it arrives (or answers a conflict the teacher resolves here).
 */
import { queryOptions } from '@tanstack/react-query';
import { mergeRoll } from '../../../shared/attendance-merge';
import { rollSchema, type Roll, type RollConflict, type RollInput } from '../../../shared/attendance.schemas';
import { formatDate } from '../../../shared/format';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.schemas';
import { paths } from '../../../shared/routes';
import { api, apiWithMessage, ApiError, toQuery } from '../../lib/api-client';
import { isNoConnection } from '../../lib/offline/online';
import {
  enqueue,
  readLocalCopy,
  removeEntry,
  replaceEntry,
  saveLocalCopy,
  syncQueue,
  type QueueEntry,
} from '../../lib/offline/fila';
import { SCREEN_CONTENT_META } from '../../lib/offline/reading-allowlist';
import { requestBackgroundSync } from '../../lib/offline/use-fila';
import { attendanceKeys } from './attendance.api';
import type { LessonContent } from './roll-state';
import { randomId } from '../../lib/random-id';

type RollParams = { data?: string; disciplina?: string | null; aula?: number };
type RollBody = RollInput & {
  base?: {
    faltas: RollInput['faltas'];
    atualizada_em: string | null;
    conteudo?: string | null;
    atividades?: string | null;
  } | null;
};

export interface RollOnDevice {
  roll: Roll;
  /** When the copy shown was saved (null: it came from the server just now). */
  copiaDe: number | null;
}

/** The roll from the server, kept on the device; with no connection, the copy last kept. */
export const rollOnDeviceQuery = (userId: string | undefined, turmaId: string, params: RollParams) => {
  const url = `/api/frequencia/turmas/${turmaId}${toQuery({
    data: params.data,
    disciplina: params.disciplina,
    aula: params.aula,
  })}`;
  return queryOptions({
    queryKey: [...attendanceKeys.roll(turmaId, params.data, params.disciplina, params.aula), 'device'],
    // Runs offline too (TanStack pauses queries while offline by default): the copy answers then.
    networkMode: 'always',
    meta: SCREEN_CONTENT_META,
    retry: false,
    queryFn: async (): Promise<RollOnDevice> => {
      try {
        const roll = await api<Roll>(url, { schema: rollSchema, globalErrors: false });
        if (userId) await saveLocalCopy(userId, url, roll).catch(() => undefined);
        return { roll, copiaDe: null };
      } catch (error) {
        if (!isNoConnection(error) || !userId) throw error;
        const copy = await readLocalCopy<Roll>(userId, url).catch(() => undefined);
        if (!copy)
          throw new Error(
            'Sem conexão, e esta chamada não foi aberta neste aparelho antes. Tente com sinal.',
            {
              cause: error,
            },
          );
        return { roll: copy.data, copiaDe: copy.savedAt };
      }
    },
  });
};

/** One roll's identity: its saves are sent strictly in order. */
export const rollGroup = (turmaId: string, roll: Roll) =>
  `chamada:${turmaId}:${roll.data}:${roll.disciplina ?? ''}:${String(roll.aula)}`;

const absencesOf = (roll: Roll): RollInput['faltas'] =>
  roll.alunos.flatMap((aluno) =>
    aluno.falta
      ? [
          aluno.falta.justificativa
            ? { aluno_id: aluno.id, justificativa: aluno.falta.justificativa }
            : { aluno_id: aluno.id },
        ]
      : [],
  );

/**
 * What the device had from the server: the base of a save (null: the roll was not taken yet), its
 * content too — the server keeps a field the teacher did not change (ADR 0078).
 */
export const baseOf = (roll: Roll): RollBody['base'] =>
  roll.chamada
    ? {
        faltas: absencesOf(roll),
        atualizada_em: roll.chamada.atualizada_em,
        conteudo: roll.chamada.conteudo,
        atividades: roll.chamada.atividades,
      }
    : null;

/** The lesson's content of a save still waiting on the device (undefined: none waiting). */
export function pendingContentOf(entry: QueueEntry | undefined): LessonContent | undefined {
  if (!entry) return undefined;
  const body = entry.body as RollBody;
  return { conteudo: body.conteudo ?? '', atividades: body.atividades ?? '' };
}

/** The roll as the device holds it: the server's, with the marks of its last save still waiting. */
export function rollWithPending(roll: Roll, entry: QueueEntry | undefined): Roll {
  if (!entry) return roll;
  const faltas = new Map((entry.body as RollBody).faltas.map((falta) => [falta.aluno_id, falta]));
  return {
    ...roll,
    alunos: roll.alunos.map((aluno) => {
      const falta = faltas.get(aluno.id);
      if (!falta) return { ...aluno, presente: true, falta: null };
      const justificativa = falta.justificativa ?? null;
      return {
        ...aluno,
        presente: false,
        falta: {
          id: aluno.falta?.id ?? `pendente-${aluno.id}`,
          justificativa,
          situacao:
            aluno.falta?.situacao === 'abonada' ? 'abonada' : justificativa ? 'justificada' : 'injustificada',
          abono_motivo: aluno.falta?.abono_motivo ?? null,
        },
      };
    }),
  };
}

const labelOf = (roll: Roll) =>
  `Chamada ${roll.turma.nome}${roll.disciplina ? ` (${roll.disciplina})` : ''} — ${formatDate(roll.data).slice(0, 5)}`;

const linkOf = (turmaId: string, roll: Roll) =>
  `${paths.attendance}${toQuery({
    turma: turmaId,
    data: roll.data,
    disciplina: roll.disciplina,
    aula: roll.disciplina ? roll.aula : undefined,
  })}`;

export type SaveOutcome = { kind: 'sent'; message: string } | { kind: 'queued' };

/**
 * Saves the roll from this device. With nothing of this roll waiting and a connection, straight to the
 * server (with a key, so a lost answer is harmless); with no connection — or a save of the same roll
 * still waiting ahead of it — into the queue, never ahead of the earlier one. A conflict goes into the
 * queue as `conflito` for the teacher to resolve; another refusal is thrown (the marks stay on screen).
 */
export async function saveRollFromDevice(options: {
  userId: string;
  turmaId: string;
  roll: Roll;
  input: RollInput;
  waiting: readonly QueueEntry[];
}): Promise<SaveOutcome> {
  const { userId, turmaId, roll, input, waiting } = options;
  const group = rollGroup(turmaId, roll);
  // A save the server refused never reached it: not a base to build on ('corrija e salve de novo' —
  // its marks as the base would make the server keep its own marks where the teacher kept the refused
  // ones). This save, made over the refused marks the screen showed, replaces it once it is saved.
  const refused = waiting.filter((entry) => entry.group === group && entry.status === 'recusado');
  const superseded = () => Promise.all(refused.map((entry) => removeEntry(userId, entry.id)));
  const earlier = waiting.filter((entry) => entry.group === group && entry.status !== 'recusado');
  const last = earlier.at(-1);
  const entry = {
    method: 'PUT' as const,
    url: `/api/frequencia/turmas/${turmaId}`,
    kind: 'chamada',
    group,
    label: labelOf(roll),
    link: linkOf(turmaId, roll),
  };
  // A save never sent yet (no answer could be lost): this one replaces its marks, over the same base.
  if (last && last.status === 'pendente' && last.attempts === 0) {
    await replaceEntry(userId, last.id, { ...input, base: (last.body as RollBody).base ?? null });
    await superseded();
    void syncQueue(userId);
    return { kind: 'queued' };
  }
  const base = last ? { faltas: (last.body as RollBody).faltas, atualizada_em: null } : baseOf(roll);
  const body: RollBody = { ...input, base };
  if (last) {
    await enqueue(userId, { ...entry, body });
    await superseded();
    void syncQueue(userId);
    return { kind: 'queued' };
  }
  const key = randomId();
  try {
    const answer = await apiWithMessage<Roll>(entry.url, {
      method: 'PUT',
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
      globalErrors: false,
    });
    await superseded();
    return { kind: 'sent', message: answer.message ?? 'Chamada salva' };
  } catch (error) {
    if (isNoConnection(error)) {
      await enqueue(userId, { ...entry, body, idempotencyKey: key });
      await superseded();
      void requestBackgroundSync();
      return { kind: 'queued' };
    }
    if (error instanceof ApiError && error.status === 409) {
      await enqueue(userId, {
        ...entry,
        body,
        idempotencyKey: key,
        status: 'conflito',
        detail: { message: error.message, details: error.details },
      });
      await superseded();
      return { kind: 'queued' };
    }
    throw error;
  }
}

export type Choice = 'meu' | 'servidor';

/**
 * A conflict resolved: the roll as the server has it now becomes the base; the students in conflict
 * take the teacher's choice, the others keep what the device changed (and what others changed).
 */
export async function resolveRollConflict(
  userId: string,
  entry: QueueEntry,
  choices: ReadonlyMap<string, Choice>,
): Promise<void> {
  const body = entry.body as RollBody;
  const query = toQuery({
    data: body.data,
    disciplina: body.disciplina,
    aula: body.aula as number | undefined,
  });
  const server = await api<Roll>(`${entry.url}${query}`, { schema: rollSchema, globalErrors: false });
  const current = absencesOf(server);
  const merged = mergeRoll(
    body.base?.faltas ?? [],
    body.faltas,
    current.map((falta) => ({ alunoId: falta.aluno_id, justificativa: falta.justificativa ?? null })),
  );
  const faltas = [...merged.faltas];
  for (const conflict of merged.conflicts) {
    const mark = choices.get(conflict.alunoId) === 'meu' ? conflict.device : conflict.server;
    if (!mark.presente)
      faltas.push(
        mark.justificativa === null
          ? { aluno_id: conflict.alunoId }
          : { aluno_id: conflict.alunoId, justificativa: mark.justificativa },
      );
  }
  await replaceEntry(userId, entry.id, { ...body, faltas, base: baseOf(server) });
  await syncQueue(userId);
}

export const conflictsOf = (entry: QueueEntry): RollConflict[] =>
  (entry.detail?.details ?? []) as RollConflict[];
