/**
 * The rolls still to take in a span of days (a period about to be closed or published): per class, the
 * lessons — or, in a class with a daily roll, the days — of its school days up to today without a roll.
 * Each day is the roll list's own answer for that day (`rollClassesIn`, the whole school's scope, as the
 * secretaria sees it), so the check and the roll screen never disagree.
 */
import { compareClasses } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { classifyRange } from '../calendar/index.js';
import { rollClassesIn } from './roll-read.service.js';

export interface PendingRolls {
  turma_id: string;
  turma_nome: string;
  /** Lessons (or days, with a daily roll) without a roll. */
  aulas: number;
}

/** The classes with rolls not taken from `de` to `ate` (today at the latest), in the school's order. */
export async function rollsPendingBetween(db: DbOrTx, de: string, ate: string): Promise<PendingRolls[]> {
  const today = clock.today();
  const last = ate < today ? ate : today;
  if (last < de) return [];
  const days = (await classifyRange(db, de, last)).filter((day) => day.letivo);
  const pending = new Map<string, PendingRolls & { serie: string; nome: string }>();
  for (const day of days) {
    for (const turma of await rollClassesIn(db, { kind: 'all' }, { data: day.data })) {
      if (turma.pendentes === 0) continue;
      const line = pending.get(turma.id) ?? {
        turma_id: turma.id,
        turma_nome: turma.nome,
        nome: turma.nome,
        serie: turma.serie,
        aulas: 0,
      };
      line.aulas += turma.pendentes;
      pending.set(turma.id, line);
    }
  }
  return [...pending.values()]
    .sort(compareClasses)
    .map(({ turma_id, turma_nome, aulas }) => ({ turma_id, turma_nome, aulas }));
}
