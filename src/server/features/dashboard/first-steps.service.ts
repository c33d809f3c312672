import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { firstStepIds, type FirstStepId, type FirstSteps } from '../../../shared/first-steps.schemas.js';
import { DEFAULT_SCHOOL_NAME } from '../../../shared/settings.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { contentSections } from '../../db/schema/content.js';
import { classTuition, mensalidades } from '../../db/schema/finance.js';
import { getSchoolIdentity } from '../settings/index.js';
import { settings } from '../../db/schema/settings.js';
import { students } from '../../db/schema/students.js';

const FIRST_STEPS_KEY = 'primeiros_passos';

/** The sections of the site a school writes (the identity's own are saved by Configurações → Escola). */
const writtenSections = ['hero', 'sobre', 'galeria', 'servicos', 'diferenciais', 'depoimentos'];

/** `exists (…)` as a boolean, for a check that needs no rows. */
async function exists(db: DbOrTx, query: { limit(n: number): PromiseLike<unknown[]> }): Promise<boolean> {
  return (await query.limit(1)).length > 0;
}

/** GET /api/dashboard/primeiros-passos: each step from the school's data, and whether it was dismissed. */
export async function getFirstSteps(db: DbOrTx): Promise<FirstSteps> {
  const today = clock.today();
  const one = { one: sql`1` };
  const [identity, year, graded, assigned, enrolled, charged, site, dismissed] = await Promise.all([
    getSchoolIdentity(db),
    exists(db, db.select(one).from(schoolYears).where(gte(schoolYears.fim, today))),
    exists(
      db,
      db
        .select(one)
        .from(classSubjects)
        .innerJoin(classes, eq(classes.id, classSubjects.turmaId))
        .where(eq(classes.status, 'ativo')),
    ),
    exists(
      db,
      db
        .select(one)
        .from(classes)
        .leftJoin(classSubjects, eq(classSubjects.turmaId, classes.id))
        .where(or(isNotNull(classes.professorResponsavelId), isNotNull(classSubjects.professorId))),
    ),
    exists(
      db,
      db
        .select(one)
        .from(students)
        .where(and(eq(students.status, 'ativo'), isNotNull(students.turmaId))),
    ),
    Promise.all([
      exists(db, db.select(one).from(mensalidades)),
      exists(db, db.select(one).from(classTuition)),
    ]).then(([charges, prices]) => charges || prices),
    exists(db, db.select(one).from(contentSections).where(inArray(contentSections.section, writtenSections))),
    exists(db, db.select(one).from(settings).where(eq(settings.key, FIRST_STEPS_KEY))),
  ]);
  const done: Record<FirstStepId, boolean> = {
    escola:
      identity.nome !== DEFAULT_SCHOOL_NAME &&
      identity.endereco !== null &&
      (identity.telefone !== null || identity.email !== null),
    ano_letivo: year,
    turmas: graded,
    professores: assigned,
    alunos: enrolled,
    mensalidades: charged,
    site,
  };
  return { etapas: firstStepIds.map((id) => ({ id, feita: done[id] })), dispensado: dismissed };
}

/** POST /api/dashboard/primeiros-passos/ocultar: the school no longer wants the list on the home. */
export async function dismissFirstSteps(db: DbOrTx, userId: string): Promise<FirstSteps> {
  await db
    .insert(settings)
    .values({ key: FIRST_STEPS_KEY, value: { ocultado_em: new Date().toISOString() }, updatedBy: userId })
    .onConflictDoNothing();
  return getFirstSteps(db);
}
