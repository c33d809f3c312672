/**
 * A notice's audience: the families (and staff) a notice reaches, the scope a teacher may write to,
 * the audience's description, and the choices the form offers (classes, séries, students).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  type DestinatariosTipo,
  type Publico,
  type PublicoOpcoes,
  publicoTipos,
  segmentos,
} from '../../../shared/comunicados.schemas.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { folded, matchesText } from '../../lib/text-search.js';
import { classes } from '../../db/schema/classes.js';
import { classIdsTaughtBy, scopeOf } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { type Author, isAdmin, reachesClasses, reachesSchool } from './comunicados.access.js';
import { compareClasses, compareSeries } from '../../../shared/classes.schemas.js';

/** Who of the audience receives it; a notice saved before the choice existed: the families. */
export function destinatariosOf(publico: { destinatarios?: DestinatariosTipo }): DestinatariosTipo {
  return publico.destinatarios ?? 'familias';
}

/**
 * The families (and staff) a notice reaches, as a query of `(usuario_id, aluno_ids)`: guardians with an
 * active portal account of the active students in the audience, one row per guardian however many of
 * their children are in it — a family with two children in two classes gets the notice once.
 */
export function audienceQuery(publico: Publico): SQL {
  if (publico.tipo === 'equipe')
    return sql`select u.id as usuario_id, '{}'::uuid[] as aluno_ids from users u
      where u.status = 'ativo' and u.nivel in ('administrador', 'professor')`;
  const filter = studentsFilter(publico);
  const families = sql`select g.usuario_id as usuario_id, array_agg(distinct s.id) as aluno_ids
    from students s
    join student_guardians sg on sg.aluno_id = s.id
    join guardians g on g.id = sg.responsavel_id and g.usuario_id is not null
    join users u on u.id = g.usuario_id and u.status = 'ativo' and u.nivel = 'responsavel'
    left join classes c on c.id = s.turma_id
    where s.status = 'ativo' and ${filter}
    group by g.usuario_id`;
  // The students' own accounts (ADR 0029): each reads it for themselves only. Rows saved before the
  // choice existed carry none: the families, as then.
  const studentsOwn = sql`select u.id as usuario_id, array[s.id] as aluno_ids
    from students s
    join student_accounts sa on sa.aluno_id = s.id
    join users u on u.id = sa.usuario_id and u.status = 'ativo' and u.nivel = 'aluno'
    left join classes c on c.id = s.turma_id
    where s.status = 'ativo' and ${filter}`;
  const to = destinatariosOf(publico);
  if (to === 'alunos') return studentsOwn;
  if (to === 'familias_e_alunos') return sql`${families} union all ${studentsOwn}`;
  return families;
}

/** Which students `s` (their class joined as `c`) a notice to families or students is about. */
export function studentsFilter(publico: Publico): SQL {
  return publico.tipo === 'escola'
    ? sql`true`
    : publico.tipo === 'turmas'
      ? sql`s.turma_id in (${sql.join(
          publico.turmas.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : publico.tipo === 'alunos'
        ? sql`s.id in (${sql.join(
            publico.alunos.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`(c.nivel in (${sql.join(
            [...publico.segmentos, ''].map((value) => sql`${value}`),
            sql`, `,
          )})
                 or c.serie in (${sql.join(
                   [...publico.series, ''].map((value) => sql`${value}`),
                   sql`, `,
                 )}))`;
}

/** What a teacher may address: their classes, or chosen students of them (issue 32 §2). */
const teacherAudiences: readonly Publico['tipo'][] = ['turmas', 'alunos'];

/**
 * Whether the audience is within the user's reach now: staff sending to the whole school reach any,
 * staff sending to classes any class audience (ADR 0031); anyone else only classes they teach today (their scope, students.scope.ts), every one of them, or chosen students of those classes.
 */
export async function audienceInScope(
  tx: DbOrTx,
  user: Pick<Author, 'id' | 'nivel' | 'permissoes'>,
  publico: Publico,
): Promise<boolean> {
  if (isAdmin(user)) return reachesSchool(user) || (publico.tipo === 'turmas' && reachesClasses(user));
  if (!teacherAudiences.includes(publico.tipo)) return false;
  const scope = await scopeOf(tx, user);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  if (teacherId === null) return false;
  if (publico.tipo === 'alunos') {
    // Chosen students' families (issue 32 §2): every student in a class the teacher teaches.
    if (publico.alunos.length === 0) return false;
    const rows = await tx
      .select({ id: students.id })
      .from(students)
      .where(
        and(inArray(students.id, publico.alunos), inArray(students.turmaId, classIdsTaughtBy(teacherId))),
      );
    return rows.length === new Set(publico.alunos).size;
  }
  if (publico.turmas.length === 0) return false;
  const rows = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(inArray(classes.id, publico.turmas), inArray(classes.id, classIdsTaughtBy(teacherId))));
  return rows.length === new Set(publico.turmas).size;
}

/** A teacher writes only to their own classes; ids outside the caller's reach answer 404. */
export async function checkAudience(tx: DbOrTx, author: Author, publico: Publico): Promise<void> {
  if (!isAdmin(author)) {
    if (!teacherAudiences.includes(publico.tipo))
      throw new AppError(
        'FORBIDDEN',
        'Professores enviam comunicados somente às suas turmas ou às famílias de alunos delas.',
      );
    if (!(await audienceInScope(tx, author, publico)))
      throw notFound(publico.tipo === 'alunos' ? 'Aluno não encontrado.' : 'Turma não encontrada.');
    return;
  }
  if (publico.tipo !== 'turmas' && !reachesSchool(author))
    throw new AppError('FORBIDDEN', 'O seu perfil envia comunicados somente a turmas.');
  if (publico.tipo === 'turmas') {
    const rows = await tx.select({ id: classes.id }).from(classes).where(inArray(classes.id, publico.turmas));
    if (rows.length !== new Set(publico.turmas).size) throw notFound('Turma não encontrada.');
  }
  if (publico.tipo === 'alunos') {
    const rows = await tx
      .select({ id: students.id })
      .from(students)
      .where(inArray(students.id, publico.alunos));
    if (rows.length !== new Set(publico.alunos).size) throw notFound('Aluno não encontrado.');
  }
}

/** Only the chosen kind's list is kept (a form may send the others empty or stale). */
export function normalizePublico(publico: Publico): Publico {
  return {
    tipo: publico.tipo,
    segmentos: publico.tipo === 'segmentos' ? [...new Set(publico.segmentos)] : [],
    series: publico.tipo === 'segmentos' ? [...new Set(publico.series)] : [],
    turmas: publico.tipo === 'turmas' ? [...new Set(publico.turmas)] : [],
    alunos: publico.tipo === 'alunos' ? [...new Set(publico.alunos)] : [],
    destinatarios: publico.tipo === 'equipe' ? 'familias' : destinatariosOf(publico),
  };
}

export async function describePublico(tx: DbOrTx, publico: Publico): Promise<string> {
  const base = await describeWho(tx, publico);
  if (publico.tipo === 'equipe') return base;
  const to = destinatariosOf(publico);
  if (to === 'alunos') return `${base} — para os alunos`;
  if (to === 'familias_e_alunos') return `${base} — famílias e alunos`;
  return base;
}

async function describeWho(tx: DbOrTx, publico: Publico): Promise<string> {
  if (publico.tipo === 'escola') return 'Toda a escola';
  if (publico.tipo === 'equipe') return 'Equipe da escola';
  if (publico.tipo === 'segmentos') return [...publico.segmentos, ...publico.series].join(', ');
  if (publico.tipo === 'turmas') {
    const rows = await tx
      .select({ nome: classes.nome })
      .from(classes)
      .where(inArray(classes.id, publico.turmas))
      .orderBy(asc(classes.nome));
    return `Turma${rows.length > 1 ? 's' : ''} ${rows.map((row) => row.nome).join(', ')}`;
  }
  const n = publico.alunos.length;
  return n === 1 ? 'Família de 1 aluno' : `Famílias de ${String(n)} alunos`;
}

export async function getPublicoOpcoes(db: Db, user: Author): Promise<PublicoOpcoes> {
  const admin = isAdmin(user);
  let teacherId: string | null = null;
  if (!admin) {
    const scope = await scopeOf(db, user);
    teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  }
  const rows = await db
    .select({
      id: classes.id,
      nome: classes.nome,
      serie: classes.serie,
      // Spelled out: drizzle writes a single-table select's column unqualified, and a bare "id" inside the
      // subquery would be the student's own id (every class counted 0).
      alunos: sql<number>`(select count(*)::int from students s where s.turma_id = "classes"."id" and s.status = 'ativo')`,
    })
    .from(classes)
    .where(
      and(
        eq(classes.status, 'ativo'),
        admin ? undefined : teacherId ? inArray(classes.id, classIdsTaughtBy(teacherId)) : sql`false`,
      ),
    )
    .orderBy(asc(classes.nome));
  // School order ('Pré II A', '1º Ano A' … '9º Ano B', '1ª série A'), not the alphabet's.
  rows.sort(compareClasses);
  return {
    tipos: reachesSchool(user) ? [...publicoTipos] : admin ? ['turmas'] : [...teacherAudiences],
    segmentos: reachesSchool(user) ? [...segmentos] : [],
    series: reachesSchool(user) ? [...new Set(rows.map((row) => row.serie))].sort(compareSeries) : [],
    turmas: rows,
  };
}

/**
 * Students to choose for an audience of 'alunos': any, for staff addressing the whole school; a teacher's
 * own classes' only; nobody for staff sending only to classes.
 */
export async function searchAlunos(db: Db, user: Author, q: string) {
  const admin = isAdmin(user);
  if (admin && !reachesSchool(user)) return [];
  let teacherId: string | null = null;
  if (!admin) {
    const scope = await scopeOf(db, user);
    teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
    if (teacherId === null) return [];
  }
  const rows = await db
    .select({ id: students.id, nome: students.nome, turma: classes.nome })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(
      and(
        eq(students.status, 'ativo'),
        matchesText(students.nome, q),
        teacherId ? inArray(students.turmaId, classIdsTaughtBy(teacherId)) : undefined,
      ),
    )
    .orderBy(asc(folded(students.nome)))
    .limit(20);
  return rows;
}
