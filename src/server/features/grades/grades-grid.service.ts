/** The grades grid (students × avaliações of a class, subject and period) and who belongs to it. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  conceitos,
  displayGrade,
  periodAverage,
  tenthsToNumber,
  type AveragingRules,
} from '../../../shared/averages.js';
import { type GradesGrid } from '../../../shared/grades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatDate } from '../../../shared/format.js';
import { addDays } from '../../../shared/calendar.js';
import { classMembershipsDuring, type Viewer } from '../classes/index.js';
import { rulesForYear } from '../calendar/index.js';
import { stageRulesOf } from '../../../shared/stage-rules.js';
import { assessments, grades, rectificationRequests } from '../../db/schema/grades.js';
import { closedMessage, periodContextOf, periodStateFor, type PeriodContext } from '../calendar/index.js';
import { subjectAccess, tenthsOf } from './grades.service.js';
import { assessmentDeletionMode } from './assessments.service.js';
import { cellOf, columnOf } from './grades.presenter.js';
import { inSpans, itinerarioStudentsDuring, type SubjectSpan } from '../curriculum/index.js';

// ---------------------------------------------------------------- the grid

/**
 * A student of a grid: `trocouEm`, the day they left the subject's itinerário; `spans`, the days it was
 * theirs when not the whole year (only the assessments dated inside them are theirs, ADR 0115); `saiuEm`,
 * the first day out of the class when they left it within the range and did not come back.
 */
export interface GridMember {
  id: string;
  nome: string;
  matricula: string;
  trocouEm: string | null;
  spans: SubjectSpan[] | null;
  saiuEm: string | null;
}

/** Students who belonged to the class at any day of a range, by name. */
export async function membersDuring(
  db: DbOrTx,
  turmaId: string,
  de: string,
  ate: string,
  /**
   * A subject of an itinerário formativo (Ensino Médio) is only for the students whose itinerário it was
   * on some day of the range: those who chose it, and those who left it then (with the change's day).
   */
  disciplina: string | null = null,
): Promise<GridMember[]> {
  const [members, only] = await Promise.all([
    allMembersDuring(db, turmaId, de, ate),
    itinerarioStudentsDuring(db, turmaId, disciplina, de, ate),
  ]);
  return members
    .filter((member) => only === null || only.has(member.id))
    .map((member) => ({
      ...member,
      trocouEm: only?.get(member.id)?.trocouEm ?? null,
      spans: only?.get(member.id)?.spans ?? null,
    }));
}

/**
 * Why an assessment on a day is not the student's (an itinerário subject on a day it was not their
 * itinerário), or null when it is: after they left it, between leaving it and coming back, before they
 * joined it.
 */
export function outsideItinerario(member: Pick<GridMember, 'spans'>, data: string): string | null {
  const spans = member.spans;
  if (spans === null || inSpans(spans, data)) return null;
  const before = spans.filter((span) => span.ate !== null && span.ate <= data).at(-1);
  const after = spans.find((span) => span.desde !== null && span.desde > data);
  if (before && after)
    return `O aluno saiu deste itinerário em ${formatDate(before.ate)} e voltou em ${formatDate(after.desde)}: esta avaliação é desse intervalo.`;
  if (before)
    return `O aluno trocou de itinerário em ${formatDate(before.ate)}: esta avaliação é de depois da troca.`;
  return `O aluno entrou neste itinerário em ${formatDate(after!.desde)}: esta avaliação é de antes da troca.`;
}

/**
 * Each student once, though one who left and came back belongs by two memberships; `saiuEm`, the day
 * after the last one ended when it ended inside the range (a transfer, a change of class).
 */
async function allMembersDuring(
  db: DbOrTx,
  turmaId: string,
  de: string,
  ate: string,
): Promise<{ id: string; nome: string; matricula: string; saiuEm: string | null }[]> {
  const byStudent = new Map<string, { id: string; nome: string; matricula: string; fim: string | null }>();
  for (const { id, nome, matricula, fim } of await classMembershipsDuring(db, turmaId, de, ate)) {
    const seen = byStudent.get(id);
    const last =
      seen === undefined ? fim : seen.fim === null || fim === null ? null : [seen.fim, fim].sort()[1]!;
    byStudent.set(id, { id, nome, matricula, fim: last });
  }
  return [...byStudent.values()].map(({ fim, ...member }) => ({
    ...member,
    saiuEm: fim !== null && fim < ate ? addDays(fim, 1) : null,
  }));
}

/** Why an assessment on a day is not the student's because they had left the class, or null. */
export function outsideClass(member: Pick<GridMember, 'saiuEm'>, data: string): string | null {
  if (member.saiuEm === null || data < member.saiuEm) return null;
  return `O aluno saiu da turma em ${formatDate(member.saiuEm)}: esta avaliação é de depois da saída.`;
}

/**
 * 404 unless the student belonged to the class at some day of the period (a cell of its grid); 400 when
 * the subject's itinerário was not theirs on the assessment's day (`column`, `outsideItinerario`).
 */
export async function assertMemberDuring(
  db: DbOrTx,
  context: Pick<PeriodContext, 'period'>,
  alunoId: string,
  column: { turmaId: string; disciplina: string; data: string },
): Promise<void> {
  const members = await membersDuring(
    db,
    column.turmaId,
    context.period.inicio,
    context.period.fim,
    column.disciplina,
  );
  const member = members.find((item) => item.id === alunoId);
  if (!member) throw notFound('Aluno não encontrado nesta turma no período.');
  const message = outsideItinerario(member, column.data) ?? outsideClass(member, column.data);
  if (message !== null) throw badRequest(message, [{ path: 'aluno_id', message }]);
}

/** A grid's columns in order: the regular avaliações by date (then creation), the recuperação last. */
export const columnOrder = [
  asc(sql`${assessments.tipo} = 'recuperacao'`),
  asc(assessments.data),
  asc(assessments.createdAt),
] as const;

/** Every student's grade in some avaliações, as the grid reads them (numeric text, version). */
export async function gradesIn(db: DbOrTx, avaliacaoIds: readonly string[]) {
  if (avaliacaoIds.length === 0) return [];
  return db
    .select({
      id: grades.id,
      avaliacaoId: grades.avaliacaoId,
      alunoId: grades.alunoId,
      valor: grades.valor,
      version: grades.version,
    })
    .from(grades)
    .where(inArray(grades.avaliacaoId, [...avaliacaoIds]));
}

/** One student's period média (tenths) from the grades on record in the period's columns. */
export function studentPeriodAverage(
  columns: readonly { tipo: 'regular' | 'recuperacao'; peso: string }[],
  valores: readonly (string | null)[],
  rules: AveragingRules,
): number | null {
  return periodAverage(
    columns.map((column, index) => ({
      tipo: column.tipo,
      peso: tenthsOf(column.peso)!,
      valor: tenthsOf(valores[index] ?? null),
    })),
    rules,
  ).media;
}

/** GET /api/notas/turmas/:id?disciplina=&periodo_id= — students × assessments, a version per cell. */
export async function getGradesGrid(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: { disciplina: string; periodo_id: string },
): Promise<GradesGrid> {
  const access = await subjectAccess(db, viewer, turmaId, query.disciplina, 'read');
  const context = await periodContextOf(db, query.periodo_id);
  const [state, yearRules, columns, members] = await Promise.all([
    periodStateFor(db, context.period, turmaId),
    rulesForYear(db, context.year.id),
    db
      .select()
      .from(assessments)
      .where(
        and(
          eq(assessments.turmaId, turmaId),
          eq(assessments.disciplina, query.disciplina),
          eq(assessments.periodoId, query.periodo_id),
        ),
      )
      .orderBy(...columnOrder),
    membersDuring(db, turmaId, context.period.inicio, context.period.fim, query.disciplina),
  ]);
  const cells = await gradesIn(
    db,
    columns.map((column) => column.id),
  );
  // The class's stage's recuperação (Configurações → Acadêmico → Regras por etapa).
  const rules = stageRulesOf(access.turma, yearRules);
  const byKey = new Map(cells.map((cell) => [`${cell.avaliacaoId}:${cell.alunoId}`, cell]));
  const pending =
    columns.length === 0
      ? []
      : await db
          .select({
            id: rectificationRequests.id,
            avaliacaoId: rectificationRequests.avaliacaoId,
            alunoId: rectificationRequests.alunoId,
            depois: rectificationRequests.depois,
          })
          .from(rectificationRequests)
          .where(
            and(
              eq(rectificationRequests.situacao, 'pendente'),
              inArray(
                rectificationRequests.avaliacaoId,
                columns.map((column) => column.id),
              ),
            ),
          );
  const teaches = access.teaches === null || access.teaches.has(query.disciplina);
  let bloqueio = teaches
    ? null
    : 'Você não leciona esta disciplina nesta turma: as notas são só para consulta.';
  const closed = closedMessage(context, state, 'notas');
  if (closed && (!access.isAdmin || context.yearClosed)) bloqueio = closed;
  else if (closed)
    bloqueio = `O ${context.nome} está fechado: altere notas pela retificação (com motivo) ou reabra o período.`;
  return {
    turma: { id: access.turma.id, nome: access.turma.nome },
    disciplina: query.disciplina,
    periodo: {
      id: context.period.id,
      nome: context.nome,
      inicio: context.period.inicio,
      fim: context.period.fim,
      ...state,
    },
    escala: rules.escala,
    conceitos: Object.fromEntries(
      conceitos.map((c) => [c, tenthsToNumber(rules.conceitos[c])]),
    ) as GradesGrid['conceitos'],
    recuperacao: rules.recuperacao,
    bloqueio,
    pode_solicitar_retificacao: !access.isAdmin && teaches && closed !== null,
    exclusao_com_notas: teaches ? assessmentDeletionMode(context, state, access.isAdmin) : 'bloqueada',
    retificacoes_pendentes: pending.map((request) => ({
      id: request.id,
      avaliacao_id: request.avaliacaoId,
      aluno_id: request.alunoId,
      depois: displayGrade(tenthsOf(request.depois), rules),
    })),
    avaliacoes: columns.map((column) => ({ ...columnOf(column), version: column.version })),
    alunos: members.map((member) => {
      const notas = columns.map((column) => cellOf(byKey.get(`${column.id}:${member.id}`), column.id, rules));
      const media = studentPeriodAverage(
        columns,
        columns.map((column) => byKey.get(`${column.id}:${member.id}`)?.valor ?? null),
        rules,
      );
      return {
        id: member.id,
        nome: member.nome,
        matricula: member.matricula,
        ...(member.trocouEm === null ? {} : { itinerario_trocado_em: member.trocouEm }),
        ...(member.spans === null ? {} : { itinerario_periodos: member.spans }),
        ...(member.saiuEm === null ? {} : { turma_saida_em: member.saiuEm }),
        notas,
        media: media === null ? null : tenthsToNumber(media),
        media_texto: displayGrade(media, rules),
      };
    }),
  };
}
