import { folded } from '../../lib/text-search.js';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { compareClasses, isInfantil } from '../../../shared/classes.schemas.js';
import { formatCount } from '../../../shared/format.js';
import {
  actionLabel,
  ADMIN_NOTICE_WORDS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  isAuditAction,
  isAuditEntity,
  joinWords,
} from '../../../shared/audit-actions.js';
import type {
  Atividade,
  DashboardEscola,
  DashboardProfessor,
  DashboardStats,
  TuitionSummary,
} from '../../../shared/dashboard.schemas.js';
import type { Mensalidade } from '../../../shared/mensalidades.schemas.js';
import { can, type Permission } from '../../../shared/permissions.js';
import { isEmAberto } from '../../../shared/mensalidades.schemas.js';
import { contarCobrancas } from '../../../shared/contagem-cobrancas.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import type { UserRow } from '../../db/schema/users.js';
import { classesInScope, scopeOf } from '../students/index.js';
import { listRollClasses } from '../attendance/index.js';
import { describeDay, latestSchoolDay, resolveYear, rulesForYear } from '../calendar/index.js';
import { ofTheYearClasses, schoolYearOf, studentsOfTheYear } from './dashboard.school-year.js';
import { stageRulesOf } from '../../../shared/stage-rules.js';
import { FREQUENCIA_MINIMA, lessonName } from '../../../shared/attendance.schemas.js';
import { classFrequencies } from '../attendance/index.js';
import { familyAttendance } from '../attendance/index.js';
import { listOpenMensalidades, loadSettings } from '../finance/index.js';
import { schoolReadsAt, schoolVersion } from '../../lib/school-cache.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { sharedRead } from '../finance/index.js';
import { familyHomeLane } from '../../lib/lane.js';
import { sumTransacoesByMonth, summarizeMensalidades } from '../finance/index.js';
import { classGradeAverages, teacherGradeTasks } from '../grades/index.js';

export function describeAudit(row: {
  action: string;
  entity: string;
  actorNome: string | null;
  details: Record<string, unknown> | null;
}): string {
  const who = row.actorNome ?? 'Sistema';
  if (row.action === 'gerar_mensalidades')
    return `${who} gerou ${formatCount(Number(row.details?.criadas ?? 0), 'mensalidade', 'mensalidades')}`;
  if (row.action === 'aviso_administradores') {
    const evento = typeof row.details?.evento === 'string' ? row.details.evento : '';
    const alvo = (row.details?.alvo as { nome?: unknown } | undefined)?.nome;
    return `Alerta de segurança: ${who} ${ADMIN_NOTICE_WORDS[evento] ?? evento} ${typeof alvo === 'string' ? alvo : ''}`.trim();
  }
  if (row.action === 'conta_bloqueada')
    return 'Alerta de segurança: conta bloqueada por excesso de tentativas de senha';
  // The words come from the audit catalogue (src/shared/audit-actions.ts), as on the Auditoria screen.
  if (!isAuditAction(row.action)) return `${who}: ${actionLabel(row.action)}`;
  const words: { verbo: string; frase?: true } = AUDIT_ACTIONS[row.action];
  if (words.frase) return `${who} ${words.verbo}`;
  // A period is named by the audit's details ('o 1º bimestre').
  const periodo =
    row.entity === 'periodo' && typeof row.details?.periodo === 'string' ? row.details.periodo : null;
  const what = periodo
    ? `o ${periodo}`
    : isAuditEntity(row.entity)
      ? AUDIT_ENTITIES[row.entity].um
      : row.entity;
  return `${who} ${joinWords(words.verbo, what)}`.trim();
}

function monthsBack(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

async function schoolStats(db: DbOrTx, today: string): Promise<DashboardEscola> {
  const months = monthsBack(today, 6);
  const { ano, classes: ofTheYear } = await schoolYearOf(db, today);
  const firstDay = `${months[0]!}-01`;
  const matricula = sql<string>`to_char(${students.dataMatricula}, 'YYYY-MM')`;
  // The charts count the year's students as 'Alunos Ativos' does, not every year's.
  const ofYear = ofTheYearClasses(ofTheYear);
  const [[counts], byMonth, [before], byStatus, audit, receitasMes, tuition] = await Promise.all([
    db
      .select({
        alunos: sql<number>`(select count(*) from ${students} where ${studentsOfTheYear(ofTheYear)})`.mapWith(
          Number,
        ),
        professores:
          sql<number>`(select count(*) from ${teachers} where ${teachers.status} = 'ativo')`.mapWith(Number),
        turmas: sql<number>`(select count(*) from ${classes} where ${ofTheYear})`.mapWith(Number),
      })
      .from(sql`(select 1) as one`),
    db
      .select({ mes: matricula, novas: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .where(and(gte(students.dataMatricula, firstDay), ofYear))
      .groupBy(matricula),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .where(and(lt(students.dataMatricula, firstDay), ofYear)),
    db
      .select({ status: students.status, total: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .where(ofYear)
      .groupBy(students.status),
    // Recent activity is this school's own: entries a restore imported are history, not news.
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.origem, 'local'))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(5),
    sumTransacoesByMonth(db, today.slice(0, 7), today.slice(0, 7)),
    summarizeMensalidades(db, today),
  ]);
  const [frequencias, turmasDoAno] = await Promise.all([
    classFrequencies(db),
    db
      .select({ id: classes.id, nome: classes.nome, nivel: classes.nivel, serie: classes.serie })
      .from(classes)
      .where(ofTheYear),
  ]);
  // School order (Infantil … 9º ano, then the Médio's séries), by name within a série.
  turmasDoAno.sort(compareClasses);
  const medias = await classGradeAverages(
    db,
    turmasDoAno.map((turma) => turma.id),
  );
  const minimumOf = await stageMinimums(db);
  const novas = new Map(byMonth.map((row) => [row.mes, row.novas]));
  let running = before?.total ?? 0;
  const matriculas_por_mes = months.map((mes) => {
    const count = novas.get(mes) ?? 0;
    running += count;
    return { mes, novas: count, total: running };
  });
  const atividades: Atividade[] = audit.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor_nome: row.actorNome,
    action: row.action,
    entity: row.entity,
    descricao: describeAudit(row),
  }));
  return {
    escopo: 'escola',
    ano_letivo: ano,
    total_alunos: counts?.alunos ?? 0,
    total_professores: counts?.professores ?? 0,
    total_turmas: counts?.turmas ?? 0,
    mensalidades_pendentes: tuition.vencidas + tuition.pendentesMes,
    taxas_matricula_pendentes: tuition.taxas.vencidas + tuition.taxas.pendentesMes,
    receita_mes: receitasMes.get(today.slice(0, 7))?.receitas ?? 0,
    frequencia_media: frequencias.geral,
    matriculas_por_mes,
    alunos_por_status: byStatus,
    // The weighted mean of the class's grades and its attendance; classes with neither are left out.
    performance_turmas: turmasDoAno
      .filter((turma) => frequencias.turmas.get(turma.id) != null || medias.has(turma.id))
      .map((turma) => {
        const minimum = minimumOf(turma);
        return {
          turma: turma.nome,
          media: medias.get(turma.id) ?? null,
          frequencia: frequencias.turmas.get(turma.id) ?? null,
          // Only where the stage's minimum is not the law's general 75 % (the chart's default).
          ...(minimum === FREQUENCIA_MINIMA ? {} : { frequencia_minima: minimum }),
        };
      }),
    atividades,
  };
}

/** A class on the teacher's home; an Infantil one is assessed by pareceres, not grades (LDB art. 31). */
function classCard(turma: {
  id: string;
  nome: string;
  serie: string;
  nivel: string;
  turno: DashboardProfessor['turmas'][number]['turno'];
  capacidade_maxima: number;
  alunos_count: number;
}) {
  const { id, nome, serie, turno, capacidade_maxima, alunos_count } = turma;
  return {
    id,
    nome,
    serie,
    turno,
    capacidade_maxima,
    alunos_count,
    ...(isInfantil(turma.nivel) ? { pareceres: true } : {}),
  };
}

/**
 * A teacher's home. Its cost does not grow with the number of classes: every figure is one read over all
 * of them (the classes, their attendance, the grade tasks, today's rolls), never a read per class.
 */
async function teacherStats(db: DbOrTx, user: UserRow, today: string): Promise<DashboardStats> {
  const scope = await scopeOf(db, user);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  const { ano } = await schoolYearOf(db, today);
  const [atual, proximo] = [String(ano), String(ano + 1)];
  const classRows =
    teacherId === null
      ? []
      : await db
          .select({
            id: classes.id,
            nome: classes.nome,
            serie: classes.serie,
            nivel: classes.nivel,
            turno: classes.turno,
            anoLetivo: classes.anoLetivo,
            capacidade_maxima: classes.capacidadeMaxima,
            alunos_count:
              sql<number>`(select count(*) from ${students} where ${students.turmaId} = "classes"."id" and ${students.status} = 'ativo')`.mapWith(
                Number,
              ),
          })
          .from(classes)
          // The classes in progress: last year's (concluídas, their students moved up) are history, read
          // in Turmas, not "Minhas turmas" — a teacher's second year listed every class twice, one empty.
          // Of the school year's (`schoolYearOf`, as the school's home); next year's, opened in December
          // for the rematrícula, come apart, never mixed with this year's.
          .where(
            and(
              classesInScope(scope),
              eq(classes.status, 'ativo'),
              inArray(classes.anoLetivo, [atual, proximo]),
            ),
          );
  // The school's order (Pré II before the 1º ano), as every screen lists classes.
  classRows.sort(compareClasses);
  const turmas = classRows.filter((turma) => turma.anoLetivo === atual);
  const proximas = classRows.filter((turma) => turma.anoLetivo === proximo);
  // An 'inativo' or 'afastado' teacher reaches nothing (the scope says so) and is told why.
  const status = scope.kind === 'teacher' ? scope.status : null;
  const minimumOf = await stageMinimums(db);
  const [frequencias, tasks, rollClasses, { day }] = await Promise.all([
    // By the classes' ids: the plan reads those students and their classes' rolls, not the school's.
    turmas.length === 0
      ? null
      : classFrequencies(
          db,
          inArray(
            students.turmaId,
            turmas.map((turma) => turma.id),
          ),
        ),
    teacherId === null
      ? { avaliacoes_pendentes: [], periodos_fechando: [] }
      : teacherGradeTasks(db, teacherId, today),
    // Today's rolls are the roll list's answer for today: the two can never disagree.
    listRollClasses(db, user, { data: today }),
    describeDay(db, today),
  ]);
  const inOrder = [...rollClasses].sort(compareClasses);
  // A day without class: the latest school day of the two weeks before, for 'Chamadas do último dia letivo'.
  const ultimoDiaLetivo = day.letivo ? null : await latestSchoolDay(db, today);
  return {
    escopo: 'professor',
    ano_letivo: ano,
    total_turmas: turmas.length,
    total_alunos: turmas.reduce((sum, turma) => sum + turma.alunos_count, 0),
    turmas: turmas.map((turma) => ({
      ...classCard(turma),
      frequencia: frequencias?.turmas.get(turma.id) ?? null,
      frequencia_minima: minimumOf(turma),
    })),
    chamadas_hoje: {
      data: today,
      dia: day,
      ultimo_dia_letivo: ultimoDiaLetivo,
      pendentes: inOrder.flatMap((turma) =>
        turma.aulas
          .filter((lesson) => lesson.pendente)
          .map((lesson) => ({
            turma_id: turma.id,
            turma_nome: turma.nome,
            disciplina: lesson.disciplina,
            aula: lesson.aula,
            nome: lessonName(lesson, turma.aulas),
          })),
      ),
      feitas: rollClasses.reduce(
        (sum, turma) =>
          sum + turma.aulas.filter((lesson) => lesson.registrada && lesson.pode_registrar).length,
        0,
      ),
    },
    ...tasks,
    ...(proximas.length > 0
      ? {
          proximo_ano: { ano: ano + 1, turmas: proximas.map(classCard) },
        }
      : {}),
    ...(status === 'inativo' || status === 'afastado' ? { acesso_suspenso: status } : {}),
  };
}

/** The minimum attendance of a class's stage in the current year (Configurações → Acadêmico). */
async function stageMinimums(db: DbOrTx) {
  const rules = await rulesForYear(db, (await resolveYear(db))?.id);
  return (turma: { nivel: string; serie: string }) => stageRulesOf(turma, rules).minima;
}

/**
 * A guardian's home (issue 38): a handful of statements whatever the number of children — the children
 * with their classes and the school's version (lib/school-cache.ts) in one, their attendance in a few
 * for all of them (`familyAttendance`), their open tuition in one (`listOpenMensalidades`); the school's
 * rows (year, rules, calendar ahead, finance settings) from the school's cache.
 */
async function guardianStats(db: DbOrTx, user: UserRow, today: string): Promise<DashboardStats> {
  // The children linked to the user's guardian record (`listChildIdsOfUser`'s), each once.
  const rows = await db
    .selectDistinct({
      id: students.id,
      nome: students.nome,
      turma_nome: classes.nome,
      status: students.status,
      turmaId: classes.id,
      modo: classes.frequenciaModo,
      turmaAno: classes.anoLetivo,
      nivel: classes.nivel,
      serie: classes.serie,
      // The first day in a class of that school year: the year ahead of one who joined mid-year counts from it.
      desde: sql<
        string | null
      >`(select min(m.inicio)::text from class_memberships m join classes c on c.id = m.turma_id where m.aluno_id = ${students.id} and c.ano_letivo = ${classes.anoLetivo})`,
      version: schoolVersion,
      // Selected because DISTINCT sorts only by what it selects: the names in Portuguese order.
      ordem: folded(students.nome),
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(eq(guardians.usuarioId, user.id))
    .orderBy(asc(folded(students.nome)));
  const filhos = rows.map((row) => ({
    id: row.id,
    nome: row.nome,
    turma_nome: row.turma_nome,
    status: row.status,
    turmaId: row.turmaId,
    modo: row.modo,
    turmaAno: row.turmaAno,
    nivel: row.nivel,
    serie: row.serie,
    desde: row.desde,
  }));
  const school = schoolReadsAt(db, rows[0]?.version ?? null);
  const scope = { kind: 'responsavel' as const, alunoIds: filhos.map((filho) => filho.id) };
  const [geral, open] = await Promise.all([
    familyAttendance(db, school, filhos),
    filhos.length === 0
      ? { vencidas: [], pendentes: [], debitosAgendados: new Map<string, string>() }
      : school
          .get('finance-settings', () => loadSettings(db))
          .then((settings) => listOpenMensalidades(db, scope, today, settings)),
  ]);
  const ofChild = (alunoId: string) => ({
    vencidas: open.vencidas.filter((mensalidade) => mensalidade.aluno_id === alunoId),
    pendentes: open.pendentes.filter((mensalidade) => mensalidade.aluno_id === alunoId),
  });
  return {
    escopo: 'responsavel',
    // Tuition debt changes nothing here (Lei 9.870/1999 art. 6): attendance shows like any other.
    filhos: filhos.map((filho) => ({
      id: filho.id,
      nome: filho.nome,
      turma_nome: filho.turma_nome,
      status: filho.status,
      frequencia: geral.get(filho.id)?.frequencia ?? null,
      abaixo_minimo: geral.get(filho.id)?.abaixo_minimo ?? false,
      frequencia_minima: geral.get(filho.id)?.frequencia_minima ?? null,
      // The figure read in context: how many absences in how many lessons, and what the year allows.
      aulas_dadas: geral.get(filho.id)?.aulas_dadas ?? 0,
      faltas: geral.get(filho.id)?.faltas ?? 0,
      por_dia: geral.get(filho.id)?.por_dia ?? false,
      previstas_ano: geral.get(filho.id)?.previstas_ano ?? null,
      limite_faltas_ano: geral.get(filho.id)?.limite_faltas_ano ?? null,
      // The Conselho Tutelar line of the year (ADR 0120): the family hears of it from the school first.
      acima_limite_conselho: geral.get(filho.id)?.acima_limite_conselho ?? false,
      limite_faltas_conselho: geral.get(filho.id)?.limite_faltas_conselho ?? null,
      // The home's child switcher shows this child's tuition alone, from the same read.
      mensalidades: tuitionSummary(ofChild(filho.id), today, open.debitosAgendados),
    })),
    ...tuitionSummary(open, today, open.debitosAgendados),
  };
}

/**
 * The tuition at a glance of what `listOpenMensalidades` gave (a family's, or one child's of it). 'Em
 * aberto' is what is owed now (overdue, or due this month: `isEmAberto`), never the months ahead; the
 * next one is the next not yet overdue (an overdue one is 'vencida', not 'próxima'). The pages of 200 the
 * home read before (listMensalidades by status), and the overdue's total.
 */
function tuitionSummary(
  open: { vencidas: Mensalidade[]; pendentes: Mensalidade[] },
  today: string,
  /** The day of the automatic debit scheduled for a tuition, by its id (`listOpenMensalidades`'s). */
  debitos: ReadonlyMap<string, string>,
): TuitionSummary {
  const overdue = { items: open.vencidas.slice(0, 200), total: open.vencidas.length };
  const upcoming = { items: open.pendentes.slice(0, 200) };
  const next = upcoming.items[0];
  // Each kind counted as itself (ADR 0103): a fee is not a month of tuition.
  const vencidas = contarCobrancas(open.vencidas);
  const dueThisMonth = contarCobrancas(
    upcoming.items.filter((mensalidade) => isEmAberto(mensalidade, today)),
  );
  return {
    mensalidades_em_aberto: vencidas.mensalidades + dueThisMonth.mensalidades,
    mensalidades_vencidas: vencidas.mensalidades,
    taxas_matricula_em_aberto: vencidas.taxas_matricula + dueThisMonth.taxas_matricula,
    taxas_matricula_vencidas: vencidas.taxas_matricula,
    valor_vencido: overdue.items.reduce((sum, mensalidade) => sum + mensalidade.valor_atualizado, 0),
    proxima_mensalidade: next
      ? {
          id: next.id,
          aluno_nome: next.aluno_nome,
          mes_referencia: next.mes_referencia,
          tipo: next.tipo,
          anuidade_ano: next.anuidade_ano,
          data_vencimento: next.data_vencimento,
          valor_atualizado: next.valor_atualizado,
          status: next.status,
          debito_automatico_em: debitos.get(next.id) ?? null,
        }
      : null,
  };
}

/**
 * The school's figures as the viewer's profiles allow (ADR 0025): the staff's scope is the whole school,
 * but each area shows only to whom holds its permission — the finance figures to `finance.figures`,
 * grades and attendance to `academics.read`, the recent activity (the audit trail) to `audit.read`.
 */
function visibleTo(permissoes: readonly Permission[], stats: DashboardEscola): DashboardEscola {
  const finance = can(permissoes, 'finance.figures');
  const academics = can(permissoes, 'academics.read');
  return {
    ...stats,
    mensalidades_pendentes: finance ? stats.mensalidades_pendentes : null,
    taxas_matricula_pendentes: finance ? stats.taxas_matricula_pendentes : null,
    receita_mes: finance ? stats.receita_mes : null,
    frequencia_media: academics ? stats.frequencia_media : null,
    performance_turmas: academics ? stats.performance_turmas : [],
    atividades: can(permissoes, 'audit.read') ? stats.atividades : [],
  };
}

export async function getDashboardStats(
  db: DbOrTx,
  user: UserRow & { permissoes: readonly Permission[] },
  today: string,
): Promise<DashboardStats> {
  if (user.nivel === 'administrador') {
    const stats = await sharedRead(db, `dashboard:${today}`, () => schoolStats(db, today));
    return visibleTo(user.permissoes, stats);
  }
  if (user.nivel === 'professor') return teacherStats(db, user, today);
  // A family's home waits its turn behind the teachers' rolls at 7:30 (lib/lane.ts).
  return familyHomeLane.run(() => guardianStats(db, user, today));
}
