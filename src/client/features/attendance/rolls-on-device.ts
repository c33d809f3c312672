/**
 * Today's rolls kept on the device ahead of time (issue 35 §3): while a teacher has a connection, the
 * portal loads the roll-call list of today and, for each class with a lesson still due, the roll as the
 * class's card opens it and as each due lesson opens it — each load keeps its copy on the device
 * (`rollOnDeviceQuery`). The roll can then be taken in a classroom without signal even when it was not
 * opened before on this phone. Loaded from the portal's frame on demand (not in the first bundle).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RollClass } from '../../../shared/attendance.schemas';
import { rollClassesQuery } from './attendance.api';
import { rollOnDeviceQuery } from './roll-offline';

type RollParams = { data: string; disciplina: string | null; aula?: number };

/** The addresses a class's due roll is opened by (the card: no lesson; each due lesson: its own). */
export function dueRollParams(turma: Pick<RollClass, 'aulas'>, data: string): RollParams[] {
  const due = turma.aulas.filter((lesson) => lesson.pendente);
  if (due.length === 0) return [];
  const lessons = due
    .filter((lesson) => lesson.disciplina !== null)
    .map((lesson) => ({ data, disciplina: lesson.disciplina, aula: lesson.aula }));
  return [{ data, disciplina: null }, ...lessons];
}

/** Loads today's due rolls of `userId`'s classes into the device's copies; stops at the first failure. */
export async function keepTodaysRollsOnDevice(
  queryClient: QueryClient,
  userId: string,
  today: string,
  stopped: () => boolean = () => false,
): Promise<number> {
  const classes = await queryClient.query(rollClassesQuery(today));
  let kept = 0;
  for (const turma of classes)
    for (const params of dueRollParams(turma, today)) {
      if (stopped()) return kept;
      await queryClient.query(rollOnDeviceQuery(userId, turma.id, params));
      kept += 1;
    }
  return kept;
}
