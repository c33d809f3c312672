/**
 * The recuperação final (ADR 0097): after the year's last period is closed, the teacher of a subject records
 * the final exam's grade of the students whose annual average stayed below the passing one. Who takes it
 * and what it changes are read from the boletim itself (`buildReportCards`), so the list, the boletim,
 * the year's closing and the reports never disagree on an annual average.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { displayGrade, finalRecoveryOf, parseGradeValue, tenthsToNumber } from '../../../shared/averages.js';
import type {
  FinalRecoveryInput,
  FinalRecoveryList,
  FinalRecoveryStudent,
} from '../../../shared/final-recovery.schemas.js';
import { formatList } from '../../../shared/format.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { FinalRecoveryPendencies } from '../../../shared/year-end.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { schoolPeriods } from '../../db/schema/calendar.js';
import { finalRecoveries, yearClosures } from '../../db/schema/grades.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { classYear } from '../attendance/index.js';
import { periodStatesFor, resolveYear, rulesForYear } from '../calendar/index.js';
import type { Viewer } from '../classes/index.js';
import { stageRulesOf } from '../../../shared/stage-rules.js';
import { gradeText, subjectAccess, tenthsOf } from './grades.service.js';
import { membersDuring } from './grades-grid.service.js';
import { buildReportCards } from './report-card.service.js';

type Access = Awaited<ReturnType<typeof subjectAccess>>;

/**
 * A student below the passing average in the subject (annual average known), from their boletim. A subject
 * of an itinerário or a class the student left has no result, so no recuperação final (ADR 0136).
 */
function belowAverage(card: ReportCard, disciplina: string) {
  const subject = card.disciplinas.find((item) => item.disciplina === disciplina);
  if (!subject || subject.media_anual === null || subject.media_anual >= card.media_aprovacao) return null;
  if (subject.itinerario_trocado_em || subject.turma_deixada_em) return null;
  return subject as typeof subject & { media_anual: number; media_anual_texto: string };
}

interface Reading {
  list: FinalRecoveryList;
  /** Each member's boletim (the students whose class that year is this one). */
  cards: ReportCard[];
  yearId: string;
}

async function readList(
  db: DbOrTx,
  viewer: Viewer,
  access: Access,
  disciplina: string,
  writing: boolean,
): Promise<Reading> {
  const turma = access.turma;
  const year = await resolveYear(db, classYear(turma.anoLetivo));
  if (!year) throw notFound('O ano letivo desta turma não está cadastrado no calendário.');
  const [periods, closure, yearRules, members] = await Promise.all([
    db
      .select()
      .from(schoolPeriods)
      .where(eq(schoolPeriods.anoLetivoId, year.id))
      .orderBy(asc(schoolPeriods.numero)),
    db
      .select({ id: yearClosures.anoLetivoId })
      .from(yearClosures)
      .where(eq(yearClosures.anoLetivoId, year.id)),
    rulesForYear(db, year.id),
    membersDuring(db, turma.id, year.inicio, year.fim, disciplina),
  ]);
  const states = await periodStatesFor(db, periods, turma.id);
  const rules = stageRulesOf(turma, yearRules);
  const cards = (
    await buildReportCards(
      db,
      viewer,
      // A student who left the subject's itinerário has no result there, so no recuperação final.
      members.filter((member) => member.trocouEm === null).map((member) => member.id),
      { ano: year.ano },
    )
  )
    // A student who moved to another class takes the recuperação final there (their class of the year).
    .filter((card) => card.turma?.id === turma.id);
  const below = cards.flatMap((card) => {
    const subject = belowAverage(card, disciplina);
    return subject ? [{ card, subject }] : [];
  });
  const recorded =
    below.length === 0
      ? []
      : await db
          .select()
          .from(finalRecoveries)
          .where(
            and(
              eq(finalRecoveries.anoLetivoId, year.id),
              eq(finalRecoveries.disciplina, disciplina),
              inArray(
                finalRecoveries.alunoId,
                below.map((item) => item.card.aluno.id),
              ),
            ),
          );
  const versionOf = new Map(recorded.map((row) => [row.alunoId, row.version]));
  const open = periods
    .filter((period) => !states.get(period.id)?.fechado)
    .map((period) => periodName(year.tipoPeriodo, period.numero));
  const teaches = access.teaches === null || access.teaches.has(disciplina);
  let bloqueio: string | null = null;
  if (closure.length > 0)
    bloqueio = `O ano letivo ${String(year.ano)} está encerrado: a recuperação final não muda mais.`;
  else if (periods.length === 0 || open.length > 0)
    bloqueio = `A recuperação final é lançada depois que todos os períodos de ${String(year.ano)} estão fechados para ${turma.nome}: ${formatList(open)} ${open.length === 1 ? 'ainda está aberto' : 'ainda estão abertos'}.`;
  else if (!teaches && !writing)
    bloqueio = 'Você não leciona esta disciplina nesta turma: a recuperação final é só para consulta.';
  const alunos: FinalRecoveryStudent[] = below.map(({ card, subject }) => ({
    aluno_id: card.aluno.id,
    nome: card.aluno.nome,
    matricula: card.aluno.matricula,
    media_anual: subject.media_anual,
    media_anual_texto: subject.media_anual_texto,
    recuperacao_final: subject.recuperacao_final,
    recuperacao_final_texto: subject.recuperacao_final_texto,
    media_final_texto: subject.media_final_texto,
    situacao: subject.situacao_calculada ?? subject.situacao,
    version: versionOf.get(card.aluno.id) ?? 0,
  }));
  return {
    list: {
      turma: { id: turma.id, nome: turma.nome },
      disciplina,
      ano: year.ano,
      escala: rules.escala,
      regra: rules.recuperacaoFinal,
      media_aprovacao: tenthsToNumber(rules.mediaAprovacao),
      media_recuperacao_final: tenthsToNumber(finalRecoveryOf(null, rules).media),
      bloqueio,
      alunos,
    },
    cards,
    yearId: year.id,
  };
}

/** GET /api/recuperacao-final/turmas/:id?disciplina= — the students below average and their grades. */
export async function getFinalRecoveries(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  disciplina: string,
): Promise<FinalRecoveryList> {
  const access = await subjectAccess(db, viewer, turmaId, disciplina, 'read');
  return (await readList(db, viewer, access, disciplina, false)).list;
}

/**
 * PUT /api/recuperacao-final — the teacher of the subject (or the secretaria) records the grades: all or
 * nothing, with a version per student (409 when someone saved meanwhile). Only the students below the
 * passing average take it (400 for one who passed); closed periods are required, a closed year refuses.
 */
export async function saveFinalRecoveries(
  db: DbOrTx,
  viewer: Viewer,
  input: FinalRecoveryInput,
  actor: Actor,
): Promise<FinalRecoveryList> {
  const access = await subjectAccess(db, viewer, input.turma_id, input.disciplina, 'write');
  const { list, cards, yearId } = await readList(db, viewer, access, input.disciplina, true);
  if (list.bloqueio) throw conflict(list.bloqueio);
  const rules = stageRulesOf(access.turma, await rulesForYear(db, yearId));
  const taking = new Map(list.alunos.map((student) => [student.aluno_id, student]));
  const cardOf = new Map(cards.map((card) => [card.aluno.id, card]));
  const details: { path: string; message: string }[] = [];
  const values = input.notas.map((nota, index) => {
    const card = cardOf.get(nota.aluno_id);
    if (!card) throw notFound('Aluno não encontrado nesta turma.');
    const student = taking.get(nota.aluno_id);
    if (!student) {
      const subject = card.disciplinas.find((item) => item.disciplina === input.disciplina);
      const media = subject?.media_anual_texto;
      details.push({
        path: `notas.${String(index)}.aluno_id`,
        message: media
          ? `${card.aluno.nome} tem média anual ${media} em ${input.disciplina}, na média de aprovação (${displayGrade(rules.mediaAprovacao, rules) ?? ''}) ou acima: não faz recuperação final.`
          : `${card.aluno.nome} ainda não tem média anual em ${input.disciplina}: não há recuperação final a lançar.`,
      });
      return null;
    }
    const parsed = parseGradeValue(nota.valor ?? null, rules);
    if (!parsed.ok) {
      details.push({ path: `notas.${String(index)}.valor`, message: `${student.nome}: ${parsed.message}` });
      return null;
    }
    return { ...parsed, alunoId: nota.aluno_id, version: nota.version ?? 0 };
  });
  if (details.length > 0) throw badRequest(details[0]!.message, details);
  await db.transaction(async (tx) => {
    const ids = input.notas.map((nota) => nota.aluno_id);
    const current = await tx
      .select()
      .from(finalRecoveries)
      .where(
        and(
          eq(finalRecoveries.anoLetivoId, yearId),
          eq(finalRecoveries.disciplina, input.disciplina),
          inArray(finalRecoveries.alunoId, ids),
        ),
      )
      .for('update');
    const rowOf = new Map(current.map((row) => [row.alunoId, row]));
    const stale = values.flatMap((value, index) =>
      value && (rowOf.get(value.alunoId)?.version ?? 0) !== value.version
        ? [
            {
              path: `notas.${String(index)}.valor`,
              message: `A recuperação final de ${taking.get(value.alunoId)!.nome} foi alterada por outra pessoa: recarregue antes de salvar.`,
            },
          ]
        : [],
    );
    if (stale.length > 0) throw new AppError('CONFLICT', stale[0]!.message, stale);
    const changes = [];
    for (const value of values) {
      if (!value) continue;
      const row = rowOf.get(value.alunoId);
      const antes = row ? displayGrade(tenthsOf(row.valor), rules) : null;
      const depois = displayGrade(value.tenths, rules);
      if (antes === depois) continue;
      if (value.tenths === null) {
        if (row) await tx.delete(finalRecoveries).where(eq(finalRecoveries.id, row.id));
      } else if (row)
        await tx
          .update(finalRecoveries)
          .set({
            valor: gradeText(value.tenths)!,
            conceito: value.conceito,
            porId: actor.id,
            porNome: actor.nome,
            version: row.version + 1,
            updatedAt: clock.now(),
          })
          .where(eq(finalRecoveries.id, row.id));
      else
        await tx.insert(finalRecoveries).values({
          alunoId: value.alunoId,
          anoLetivoId: yearId,
          turmaId: access.turma.id,
          disciplina: input.disciplina,
          valor: gradeText(value.tenths)!,
          conceito: value.conceito,
          porId: actor.id,
          porNome: actor.nome,
        });
      changes.push({ aluno_id: value.alunoId, aluno: taking.get(value.alunoId)!.nome, antes, depois });
    }
    if (changes.length > 0)
      await recordAudit(tx, actor, {
        action: 'lancar_recuperacao_final',
        entity: 'turma',
        entityId: access.turma.id,
        details: { turma: access.turma.nome, disciplina: input.disciplina, ano: list.ano, notas: changes },
      });
  });
  return (await readList(db, viewer, access, input.disciplina, true)).list;
}

/** Students whose boletins are built at a time when counting what is pending (as `situationsOf`). */
const PENDENCIES_CHUNK = 1000;

/**
 * What the recuperação final leaves pending in a year: each class and subject with students below the
 * passing average, no recuperação final recorded and no conselho de classe decision on the subject —
 * read from their boletins, a chunk at a time. Educação Infantil has no grades and is never pending, nor
 * is a year of the ciclo de alfabetização, where no one fails by grade (ADR 0125).
 */
export async function finalRecoveryPendencies(
  db: DbOrTx,
  viewer: Viewer,
  alunos: readonly { id: string; turmaId: string }[],
  ano: number,
): Promise<FinalRecoveryPendencies> {
  const ordered = [...alunos].sort((a, b) => a.turmaId.localeCompare(b.turmaId));
  const byKey = new Map<string, FinalRecoveryPendencies['itens'][number]>();
  let total = 0;
  for (let index = 0; index < ordered.length; index += PENDENCIES_CHUNK) {
    const part = ordered.slice(index, index + PENDENCIES_CHUNK).map((student) => student.id);
    for (const card of await buildReportCards(db, viewer, part, { ano })) {
      // A year of the ciclo de alfabetização fails no one by grade (ADR 0125): nothing to confirm there.
      if (card.educacao_infantil || !card.turma || card.ciclo_sem_reprovacao) continue;
      for (const subject of card.disciplinas) {
        if (!belowAverage(card, subject.disciplina) || subject.recuperacao_final !== null || subject.conselho)
          continue;
        const key = `${card.turma.id}:${subject.disciplina}`;
        const item = byKey.get(key) ?? {
          turma_id: card.turma.id,
          turma_nome: card.turma.nome,
          disciplina: subject.disciplina,
          alunos: 0,
        };
        item.alunos++;
        total++;
        byKey.set(key, item);
      }
    }
  }
  const itens = [...byKey.values()].sort(
    (a, b) =>
      a.turma_nome.localeCompare(b.turma_nome, 'pt-BR', { numeric: true }) ||
      a.disciplina.localeCompare(b.disciplina, 'pt-BR'),
  );
  return { total, itens };
}

/** The 409 of closing with the recuperação final pending, without the confirmation. */
export function pendenciesMessage(ano: number, pending: FinalRecoveryPendencies): string {
  const list = pending.itens
    .slice(0, 5)
    .map((item) => `${item.turma_nome} — ${item.disciplina} (${String(item.alunos)})`);
  const more = pending.itens.length > 5 ? ` e mais ${String(pending.itens.length - 5)}` : '';
  const count =
    pending.total === 1
      ? 'falta 1 nota de recuperação final (aluno abaixo da média)'
      : `faltam ${String(pending.total)} notas de recuperação final (alunos abaixo da média)`;
  return `Em ${String(ano)}, ${count}: ${formatList(list)}${more}. Encerrado assim, cada um fica reprovado por nota na disciplina. Lance a recuperação final em Notas, ou confirme que quer encerrar o ano com essas pendências.`;
}
