import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AgendaModelo,
  AgendaTurmaResumo,
  agendaModeloInputSchema,
} from '../../../shared/agenda.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { agendaDias, agendaModelos } from '../../db/schema/agenda.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/http.js';
import { assertVersion } from '../../lib/versioning.js';
import { recordAudit } from '../audit/index.js';
import { classesInScope, scopeOf, type Viewer } from '../students/index.js';
import { modeloOf, staffClass, turmaRefOf } from './agenda.scope.js';
import { readsOf } from './agenda.service.js';

/** The class's template (ADR 0037): set by the coordination, where the teacher's form starts from. */

/** GET /api/agenda/turmas — the classes the viewer fills or oversees, with today's state. */
export async function listAgendaClasses(db: DbOrTx, viewer: Viewer): Promise<AgendaTurmaResumo[]> {
  const scope = await scopeOf(db, viewer);
  if (scope.kind !== 'all' && scope.kind !== 'teacher') return [];
  const turmas = await db
    .select()
    .from(classes)
    .where(and(eq(classes.status, 'ativo'), classesInScope(scope)))
    .orderBy(asc(classes.nome));
  if (turmas.length === 0) return [];
  const ids = turmas.map((turma) => turma.id);
  const counts = await db
    .select({ turmaId: students.turmaId, total: count() })
    .from(students)
    .where(and(inArray(students.turmaId, ids), eq(students.status, 'ativo')))
    .groupBy(students.turmaId);
  const today = await db
    .select({ id: agendaDias.id, turmaId: agendaDias.turmaId, updatedAt: agendaDias.updatedAt })
    .from(agendaDias)
    .where(and(inArray(agendaDias.turmaId, ids), eq(agendaDias.data, clock.today())));
  const reads = await readsOf(
    db,
    today.map((day) => day.id),
  );
  const result: AgendaTurmaResumo[] = [];
  for (const turma of turmas) {
    const day = today.find((one) => one.turmaId === turma.id);
    result.push({
      turma: turmaRefOf(turma),
      ativa: (await modeloOf(db, turma)).ativa,
      alunos: counts.find((one) => one.turmaId === turma.id)?.total ?? 0,
      hoje: {
        atualizado_em: day ? day.updatedAt.toISOString() : null,
        lidas: day ? reads.filter((read) => read.diaId === day.id).length : 0,
      },
    });
  }
  return result;
}

/** GET /api/agenda/turmas/:id/modelo */
export async function getModelo(db: DbOrTx, viewer: Viewer, turmaId: string): Promise<AgendaModelo> {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  const modelo = await modeloOf(db, turma);
  return { turma: turmaRefOf(turma), padrao: modelo.version === null, ...modelo };
}

/** PUT /api/agenda/turmas/:id/modelo — the coordination's; audited. */
export async function saveModelo(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  input: z.output<typeof agendaModeloInputSchema>,
  expected: number | undefined,
  actor: Actor,
): Promise<AgendaModelo> {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(agendaModelos)
      .where(eq(agendaModelos.turmaId, turma.id))
      .for('update');
    if (current) assertVersion(expected, current.version);
    await tx
      .insert(agendaModelos)
      .values({ turmaId: turma.id, ativa: input.ativa, itens: input.itens, atualizadoPor: actor.id })
      .onConflictDoUpdate({
        target: agendaModelos.turmaId,
        set: {
          ativa: input.ativa,
          itens: input.itens,
          atualizadoPor: actor.id,
          version: (current?.version ?? 0) + 1,
          updatedAt: clock.now(),
        },
      });
    await recordAudit(tx, actor, {
      action: 'atualizar_modelo_agenda',
      entity: 'agenda',
      entityId: turma.id,
      details: { turma_id: turma.id, ativa: input.ativa },
    });
  });
  return getModelo(db, viewer, turmaId);
}
