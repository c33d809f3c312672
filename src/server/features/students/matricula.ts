import { like, sql } from 'drizzle-orm';
import {
  matriculaParts,
  renderMatricula,
  sequenceOf,
  type MatriculaParts,
} from '../../../shared/matricula-pattern.js';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../lib/text-search.js';
import { students } from '../../db/schema/students.js';
import { readMatriculaPattern } from '../settings/index.js';

/** Numbers blank matrículas by the school's pattern, one transaction at a time. */
export interface MatriculaAllocator {
  /** The next free matrícula of `ano` (matriculaYear: the year the number carries). */
  next(ano: number): Promise<string>;
  /** A matrícula already taken elsewhere in the same batch (an imported row that gives its own). */
  reserve(matricula: string): void;
}

/**
 * The year a new matrícula number carries (`{ano}` of the pattern, ADR 0074): the year the student enters.
 * A matrícula signed in the year before the school year of the class the student is placed in (the
 * matrícula for 2027 signed in December 2026) carries the class's year; otherwise the year of the data
 * da matrícula (a student of the school since 2019, registered in this year's class, keeps 2019).
 */
export function matriculaYear(dataMatricula: string, anoLetivoDaTurma: string | null | undefined): number {
  const year = Number(dataMatricula.slice(0, 4));
  return anoLetivoDaTurma && /^\d{4}$/.test(anoLetivoDaTurma) && Number(anoLetivoDaTurma) === year + 1
    ? year + 1
    : year;
}

function likePrefix(parts: MatriculaParts): string {
  return `${escapeLike(parts.prefix)}%${escapeLike(parts.suffix)}`;
}

/**
 * An allocator over the students as `tx` sees them. With `lock`, it first takes a transaction-scoped
 * advisory lock, so two registrations running at once never pick the same number (the second waits for
 * the first to commit, then counts it); a dry run reads without it.
 */
export async function matriculaAllocator(
  tx: DbOrTx,
  options: { lock: boolean },
): Promise<MatriculaAllocator> {
  const pattern = await readMatriculaPattern(tx);
  if (options.lock) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('matricula', 0))`);
  const reserved = new Set<string>();
  const last = new Map<number, { parts: MatriculaParts; sequence: number }>();
  return {
    reserve(matricula) {
      reserved.add(matricula);
      for (const entry of last.values()) {
        const sequence = sequenceOf(entry.parts, matricula);
        if (sequence !== null && sequence > entry.sequence) entry.sequence = sequence;
      }
    },
    async next(ano) {
      let entry = last.get(ano);
      if (!entry) {
        const parts = matriculaParts(pattern, ano);
        const rows = await tx
          .select({ matricula: students.matricula })
          .from(students)
          .where(like(students.matricula, likePrefix(parts)));
        let sequence = 0;
        for (const matricula of [...rows.map((row) => row.matricula), ...reserved]) {
          const own = sequenceOf(parts, matricula);
          if (own !== null && own > sequence) sequence = own;
        }
        entry = { parts, sequence };
        last.set(ano, entry);
      }
      entry.sequence += 1;
      return renderMatricula(entry.parts, entry.sequence);
    },
  };
}
