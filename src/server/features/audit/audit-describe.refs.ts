/**
 * The records an audit entry names, read when the trail is read: which ids of which kinds a page of
 * entries points to, and their names as they are now (one query per kind, only for the ids asked).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { periodName, type PeriodType } from '../../../shared/calendar.schemas.js';
import { documentoTipoLabels } from '../../../shared/documents.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { cobrancaNaFrase } from '../../../shared/mensalidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { rowsOf } from '../../db/rows.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { calendarEntries } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { comunicados } from '../../db/schema/comunicados.js';
import { priorSchoolYears, schoolDocuments } from '../../db/schema/documents.js';
import { mensalidades, transacoes } from '../../db/schema/finance.js';
import { consentPurposes } from '../../db/schema/consent.js';
import { dataRequests } from '../../db/schema/privacy-requests.js';
import { guardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { users } from '../../db/schema/users.js';
import type { auditLog } from '../../db/schema/audit.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** The records an entry can name, resolved when the trail is read (never written into the entry). */
export type Kind =
  | 'aluno'
  | 'responsavel'
  | 'usuario'
  | 'professor'
  | 'turma'
  | 'avaliacao'
  | 'nota'
  | 'falta'
  | 'chamada'
  | 'mensalidade'
  | 'transacao'
  | 'documento'
  | 'comunicado'
  | 'calendario'
  | 'ano_letivo'
  | 'periodo'
  | 'retificacao'
  | 'finalidade'
  | 'ano_anterior'
  | 'solicitacao_lgpd';

export const KINDS = new Set<string>([
  'aluno',
  'responsavel',
  'usuario',
  'professor',
  'turma',
  'avaliacao',
  'nota',
  'falta',
  'chamada',
  'mensalidade',
  'transacao',
  'documento',
  'comunicado',
  'calendario',
  'ano_letivo',
  'periodo',
  'retificacao',
  'finalidade',
  'ano_anterior',
  'solicitacao_lgpd',
]);

/** A record as a sentence names it; a grade also by its student and its assessment. */
export interface Ref {
  label: string;
  aluno?: string;
  avaliacao?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Which ids of which kinds the entries point to: the entity, and the ids their details carry. */
export function wantedBy(rows: AuditRow[]): Map<Kind, Set<string>> {
  const wanted = new Map<Kind, Set<string>>();
  const want = (kind: Kind, id: unknown) => {
    if (!isId(id)) return;
    const set = wanted.get(kind) ?? new Set<string>();
    set.add(id);
    wanted.set(kind, set);
  };
  for (const row of rows) {
    if (KINDS.has(row.entity)) want(row.entity as Kind, row.entityId);
    const details = row.details ?? {};
    want('aluno', details.aluno_id);
    want('responsavel', details.responsavel_id);
    want('responsavel', details.pagador_id);
    want('turma', details.turma_id);
    want('turma', details.turma_anterior);
    want('usuario', details.usuario_id);
    want('avaliacao', details.avaliacao_id);
    want('finalidade', details.finalidade_id);
    if (Array.isArray(details.avaliacoes)) for (const id of details.avaliacoes) want('avaliacao', id);
    if (Array.isArray(details.notas))
      for (const nota of details.notas) want('nota', (nota as { nota_id?: unknown } | null)?.nota_id);
  }
  return wanted;
}

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-03' → 'março de 2026'. */
export const lessonOf = (disciplina: string | null, aula: number | null) =>
  [disciplina, aula !== null ? `${String(aula)}ª aula` : null].filter(Boolean).join(', ');
export const monthOf = (mes: string) =>
  /^\d{4}-\d{2}$/.test(mes) ? monthName.format(new Date(`${mes}-01T00:00:00Z`)) : mes;

const assessmentLabel = (row: {
  nome: string;
  disciplina: string;
  turma: string | null;
  numero: number | null;
  tipo: string | null;
}) => {
  const period = row.numero !== null && row.tipo ? periodName(row.tipo as PeriodType, row.numero) : null;
  const where = [row.disciplina, period].filter(Boolean).join(', ');
  return { where, label: `${row.nome} (${[where, row.turma].filter(Boolean).join(', ')})` };
};

/** Reads the names of what the page of entries points to: one query per kind, only for the ids asked. */
export async function resolve(db: DbOrTx, wanted: Map<Kind, Set<string>>): Promise<Map<string, Ref>> {
  const refs = new Map<string, Ref>();
  const put = (kind: Kind, id: string, ref: Ref) => refs.set(`${kind}:${id}`, ref);
  const ids = (kind: Kind) => [...(wanted.get(kind) ?? [])];
  const named = async (
    kind: Kind,
    table: typeof students | typeof guardians | typeof users | typeof teachers | typeof classes,
  ) => {
    const list = ids(kind);
    if (list.length === 0) return;
    const rows = await db
      .select({ id: table.id, nome: table.nome })
      .from(table)
      .where(inArray(table.id, list));
    for (const row of rows) put(kind, row.id, { label: row.nome });
  };
  /** Assessments with their subject, period and class: the grade, the request and the change name them. */
  const assessments = async (list: string[]) => {
    if (list.length === 0) return new Map<string, { where: string; label: string }>();
    const rows = rowsOf<{
      id: string;
      nome: string;
      disciplina: string;
      turma: string | null;
      numero: number | null;
      tipo: string | null;
    }>(
      await db.execute(sql`
        select a.id, a.nome, a.disciplina, c.nome as turma, p.numero, y.tipo_periodo as tipo
        from assessments a
        left join classes c on c.id = a.turma_id
        left join school_periods p on p.id = a.periodo_id
        left join school_years y on y.id = p.ano_letivo_id
        where a.id in (${sql.join(
          list.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    return new Map(rows.map((row) => [row.id, assessmentLabel(row)]));
  };
  const jobs: Promise<void>[] = [
    named('aluno', students),
    named('responsavel', guardians),
    named('usuario', users),
    named('professor', teachers),
    named('turma', classes),
    (async () => {
      for (const [id, found] of await assessments(ids('avaliacao')))
        put('avaliacao', id, { label: found.label });
    })(),
    (async () => {
      const list = ids('nota');
      if (list.length === 0) return;
      const rows = rowsOf<{ id: string; aluno: string; avaliacao_id: string }>(
        await db.execute(sql`
          select g.id, s.nome as aluno, g.avaliacao_id from grades g join students s on s.id = g.aluno_id
          where g.id in (${sql.join(
            list.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      );
      const found = await assessments([...new Set(rows.map((row) => row.avaliacao_id))]);
      for (const row of rows) {
        const assessment = found.get(row.avaliacao_id);
        const avaliacao = assessment ? `${assessment.where} (${assessment.label.split(' (')[0]!})` : '';
        put('nota', row.id, { label: `de ${row.aluno} em ${avaliacao}`, aluno: row.aluno, avaliacao });
      }
    })(),
    (async () => {
      const list = ids('retificacao');
      if (list.length === 0) return;
      const rows = rowsOf<{ id: string; aluno: string; avaliacao_id: string }>(
        await db.execute(sql`
          select r.id, s.nome as aluno, r.avaliacao_id from rectification_requests r join students s on s.id = r.aluno_id
          where r.id in (${sql.join(
            list.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      );
      const found = await assessments([...new Set(rows.map((row) => row.avaliacao_id))]);
      for (const row of rows) {
        const avaliacao = found.get(row.avaliacao_id)?.label ?? '';
        put('retificacao', row.id, { label: `de ${row.aluno} em ${avaliacao}`, aluno: row.aluno, avaliacao });
      }
    })(),
    (async () => {
      const list = ids('falta');
      if (list.length === 0) return;
      const rows = await db
        .select({
          id: attendanceAbsences.id,
          aluno: students.nome,
          data: attendanceRolls.data,
          disciplina: attendanceRolls.disciplina,
          aula: attendanceRolls.aula,
        })
        .from(attendanceAbsences)
        .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
        .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
        .where(inArray(attendanceAbsences.id, list));
      for (const row of rows)
        put('falta', row.id, {
          label: `de ${row.aluno} em ${formatDate(row.data)} (${lessonOf(row.disciplina, row.aula)})`,
          aluno: row.aluno,
        });
    })(),
    (async () => {
      const list = ids('chamada');
      if (list.length === 0) return;
      const rows = await db
        .select({
          id: attendanceRolls.id,
          turma: classes.nome,
          data: attendanceRolls.data,
          disciplina: attendanceRolls.disciplina,
          aula: attendanceRolls.aula,
        })
        .from(attendanceRolls)
        .innerJoin(classes, eq(classes.id, attendanceRolls.turmaId))
        .where(inArray(attendanceRolls.id, list));
      for (const row of rows)
        put('chamada', row.id, {
          label: `de ${row.turma} em ${formatDate(row.data)} (${lessonOf(row.disciplina, row.aula)})`,
        });
    })(),
    (async () => {
      const list = ids('mensalidade');
      if (list.length === 0) return;
      const rows = await db
        .select({
          id: mensalidades.id,
          mes_referencia: mensalidades.mesReferencia,
          tipo: mensalidades.tipo,
          anuidade_ano: mensalidades.anuidadeAno,
          aluno: students.nome,
        })
        .from(mensalidades)
        .innerJoin(students, eq(students.id, mensalidades.alunoId))
        .where(inArray(mensalidades.id, list));
      // Named with its kind (ADR 0108): 'mensalidade de março de 2026 de Ana', 'taxa de matrícula 2027 de Ana'.
      for (const row of rows)
        put('mensalidade', row.id, { label: `${cobrancaNaFrase(row)} de ${row.aluno}`, aluno: row.aluno });
    })(),
    (async () => {
      const list = ids('transacao');
      if (list.length === 0) return;
      const rows = await db
        .select({ id: transacoes.id, descricao: transacoes.descricao })
        .from(transacoes)
        .where(inArray(transacoes.id, list));
      for (const row of rows) put('transacao', row.id, { label: `"${row.descricao}"` });
    })(),
    (async () => {
      const list = ids('documento');
      if (list.length === 0) return;
      const rows = await db
        .select({
          id: schoolDocuments.id,
          tipo: schoolDocuments.tipo,
          iniciais: schoolDocuments.iniciais,
          aluno: students.nome,
        })
        .from(schoolDocuments)
        .leftJoin(students, eq(students.id, schoolDocuments.alunoId))
        .where(inArray(schoolDocuments.id, list));
      for (const row of rows)
        put('documento', row.id, {
          label: `${documentoTipoLabels[row.tipo].toLowerCase()} de ${row.aluno ?? row.iniciais}`,
          aluno: row.aluno ?? row.iniciais,
        });
    })(),
    (async () => {
      const list = ids('comunicado');
      if (list.length === 0) return;
      const rows = await db
        .select({ id: comunicados.id, titulo: comunicados.titulo })
        .from(comunicados)
        .where(inArray(comunicados.id, list));
      for (const row of rows) put('comunicado', row.id, { label: `"${row.titulo}"` });
    })(),
    (async () => {
      const list = ids('calendario');
      if (list.length === 0) return;
      const rows = await db
        .select({ id: calendarEntries.id, titulo: calendarEntries.titulo, inicio: calendarEntries.inicio })
        .from(calendarEntries)
        .where(inArray(calendarEntries.id, list));
      for (const row of rows)
        put('calendario', row.id, { label: `"${row.titulo}" (${formatDate(row.inicio)})` });
    })(),
    (async () => {
      const list = ids('ano_letivo');
      if (list.length === 0) return;
      const rows = await db
        .select({ id: schoolYears.id, ano: schoolYears.ano })
        .from(schoolYears)
        .where(inArray(schoolYears.id, list));
      for (const row of rows) put('ano_letivo', row.id, { label: String(row.ano) });
    })(),
    (async () => {
      const list = ids('periodo');
      if (list.length === 0) return;
      const rows = await db
        .select({
          id: schoolPeriods.id,
          numero: schoolPeriods.numero,
          tipo: schoolYears.tipoPeriodo,
          ano: schoolYears.ano,
        })
        .from(schoolPeriods)
        .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
        .where(inArray(schoolPeriods.id, list));
      for (const row of rows)
        put('periodo', row.id, { label: `${periodName(row.tipo, row.numero)} de ${String(row.ano)}` });
    })(),
    (async () => {
      const list = ids('finalidade');
      if (list.length === 0) return;
      const rows = await db
        .select({ id: consentPurposes.id, titulo: consentPurposes.titulo })
        .from(consentPurposes)
        .where(inArray(consentPurposes.id, list));
      for (const row of rows) put('finalidade', row.id, { label: `"${row.titulo}"` });
    })(),
    (async () => {
      const list = ids('ano_anterior');
      if (list.length === 0) return;
      const rows = await db
        .select({
          id: priorSchoolYears.id,
          ano: priorSchoolYears.ano,
          escola: priorSchoolYears.escola,
          aluno: students.nome,
        })
        .from(priorSchoolYears)
        .innerJoin(students, eq(students.id, priorSchoolYears.alunoId))
        .where(inArray(priorSchoolYears.id, list));
      for (const row of rows)
        put('ano_anterior', row.id, {
          label: `de ${String(row.ano)} de ${row.aluno} (${row.escola})`,
          aluno: row.aluno,
        });
    })(),
    (async () => {
      const list = ids('solicitacao_lgpd');
      if (list.length === 0) return;
      const rows = await db
        .select({ id: dataRequests.id, tipo: dataRequests.tipo, responsavel: guardians.nome })
        .from(dataRequests)
        .leftJoin(guardians, eq(guardians.id, dataRequests.responsavelId))
        .where(inArray(dataRequests.id, list));
      for (const row of rows)
        put('solicitacao_lgpd', row.id, {
          label: `de ${row.tipo === 'exclusao' ? 'exclusão' : 'correção'} de dados${row.responsavel ? ` de ${row.responsavel}` : ''}`,
        });
    })(),
  ];
  await Promise.all(jobs);
  return refs;
}
