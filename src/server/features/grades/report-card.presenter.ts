/** Presenters of the boletim: the report card composed from its inputs, and a conselho de classe decision. */
import {
  annualAverage,
  displayGrade,
  finalAverage,
  finalRecoveryOf,
  overallSituation,
  parecerSituation,
  periodAverage,
  periodsDone,
  subjectSituation,
  tenthsToNumber,
} from '../../../shared/averages.js';
import type { ClassRules } from '../../../shared/stage-rules.js';
import { attendancePercent, isBelowMinimum } from '../../../shared/attendance.schemas.js';
import { periodOfDate } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { CouncilDecision, ReportCard, ReportCardSubject } from '../../../shared/report-card.schemas.js';
import { type SchoolYearRow } from '../../db/schema/calendar.js';
import { type CouncilDecisionRow } from '../../db/schema/grades.js';
import { tenthsOf } from './grades.service.js';
import { type ClassInputs, type StudentInputs, type YearInputs } from './report-card.inputs.js';
import { bySubjectOrder } from '../disciplinas/index.js';
import { leftItinerarioOn, subjectSpans, takesSubject, tookSubjectOn } from '../curriculum/index.js';
import { minutesToHours } from '../../../shared/ensino-medio.js';
import { subjectKey } from '../../../shared/disciplinas.schemas.js';

function toDecision(row: CouncilDecisionRow, ano: number): CouncilDecision {
  return {
    id: row.id,
    aluno_id: row.alunoId,
    ano,
    disciplina: row.disciplina,
    resultado: row.resultado,
    motivo: row.motivo,
    por: row.porNome,
    em: row.em.toISOString(),
  };
}

/** One boletim from what was read: no query here. */
export function composeReportCard(
  base: ReportCard,
  year: SchoolYearRow,
  { periods, closed: yearClosed, subjectOrder, areaOf }: YearInputs,
  { daily, states, grid, visible, hoursOf, itinerarios, medio, aulaMinutos }: ClassInputs,
  { decisions, attendance: tally, rows: allRows, finalRecoveries, leftClasses }: StudentInputs,
  /** The class's rules (`stageRulesOf`): its stage's passing average, recuperação and minimum. */
  rules: ClassRules,
  guardian: boolean,
): ReportCard {
  // Ensino Médio: the student takes the formação geral básica and their own itinerário's subjects only;
  // the other itinerários' subjects (their assessments, their lessons) are not theirs.
  // An itinerário the student left during the year stays with what they studied there: its grades, and
  // its lessons until the change (as the new itinerário's count from it).
  const alunoId = base.aluno.id;
  const chosen = itinerarios.choiceOf.get(alunoId) ?? null;
  const leftOn = (disciplina: string | null) => leftItinerarioOn(itinerarios, alunoId, disciplina);
  const notTheirs = (disciplina: string | null) =>
    !takesSubject(itinerarios, alunoId, disciplina) && leftOn(disciplina) === null;
  const changed = itinerarios.previousOf.has(alunoId);
  const rows = allRows.filter((row) => !notTheirs(row.disciplina));
  const attendance = {
    ...tally,
    given: new Map(
      [...tally.given]
        .filter(([disciplina]) => !notTheirs(disciplina))
        .map(([disciplina, total]) => {
          const days = changed && disciplina !== null ? tally.givenOn.get(disciplina) : undefined;
          if (days === undefined) return [disciplina, total] as const;
          return [
            disciplina,
            days.filter((data) => tookSubjectOn(itinerarios, alunoId, disciplina, data)).length,
          ] as const;
        })
        .filter(([, total]) => total > 0),
    ),
    counted: tally.counted.filter(
      (absence) =>
        !notTheirs(absence.disciplina) &&
        (!changed || tookSubjectOn(itinerarios, alunoId, absence.disciplina, absence.data)),
    ),
  };
  // A subject left shows when the student studied it: a grade, or a lesson while in its itinerário.
  const studiedLeft = (disciplina: string) =>
    (attendance.given.get(disciplina) ?? 0) > 0 ||
    rows.some((row) => row.disciplina === disciplina && row.valor !== null);
  // Daily rolls only (or none yet in a daily class): absences are days, and no subject has any of its
  // own — the boletim says so ('—') instead of a 0 under every subject. A student who also had rolls
  // per lesson (a transfer mid-year) keeps the per-subject counts.
  const subjectRolls = [...attendance.given.keys()].some((key) => key !== null);
  const porDia = !subjectRolls && (attendance.given.has(null) || daily);
  const shown = periods.filter((period) => !guardian || states.get(period.id)?.publicado);
  const shownIds = new Set(shown.map((period) => period.id));
  // The final result needs every period: a guardian who sees only some (the year closed before the
  // school published them all) gets the running situation of those, never a final one computed from them.
  const final = yearClosed && shown.length === periods.length;
  const subjects = new Set<string>(
    [...grid, ...rows.map((row) => row.disciplina)].filter(
      (disciplina) => !notTheirs(disciplina) && (leftOn(disciplina) === null || studiedLeft(disciplina)),
    ),
  );
  // A subject only of classes the student left during the year, not of the class they are in now (ADR
  // 0136): its grades stay, with the first day out, and it has no result of its own — as an itinerário left.
  // A class with no grade curricular says nothing of what it offers: its subjects keep their result.
  const classLeftOn = (disciplina: string): string | null => {
    if (grid.length === 0 || grid.includes(disciplina)) return null;
    const days = rows
      .filter((row) => row.disciplina === disciplina)
      .map((row) => (row.turmaId === base.turma?.id ? null : (leftClasses.get(row.turmaId) ?? null)));
    if (days.length === 0 || days.includes(null)) return null;
    return (days as string[]).sort().at(-1)!;
  };
  // Every subject counts for the final situation; a teacher is shown only the subjects they see.
  const names = [...subjects].sort(bySubjectOrder(subjectOrder));
  const subjectDecision = new Map(
    decisions.filter((row) => row.disciplina !== null).map((row) => [row.disciplina!, row]),
  );
  const overallDecision = decisions.find((row) => row.disciplina === null) ?? null;

  const allSubjects: ReportCardSubject[] = names.map((disciplina) => {
    const perPeriod = periods.map((period) => {
      const state = states.get(period.id)!;
      const visibleHere = shownIds.has(period.id);
      const items = rows
        .filter((row) => row.disciplina === disciplina && row.periodoId === period.id)
        .map((row) => ({ tipo: row.tipo, peso: tenthsOf(row.peso)!, valor: tenthsOf(row.valor) }));
      const average = visibleHere ? periodAverage(items, rules) : { media: null, recuperacao: null };
      const faltas = porDia
        ? null
        : attendance.counted.filter(
            (absence) => absence.disciplina === disciplina && periodOfDate(periods, absence.data) === period,
          ).length;
      return {
        numero: period.numero,
        nome: periodName(year.tipoPeriodo, period.numero),
        publicado: state.publicado,
        fechado: state.fechado,
        media: average.media === null ? null : tenthsToNumber(average.media),
        media_texto: displayGrade(average.media, rules),
        recuperacao: average.recuperacao === null ? null : tenthsToNumber(average.recuperacao),
        recuperacao_texto: displayGrade(average.recuperacao, rules),
        antes_recuperacao_texto:
          average.recuperacao === null ? null : displayGrade(average.semRecuperacao, rules),
        faltas,
        tenths: average.media,
      };
    });
    const annual = annualAverage(
      perPeriod.map((period) => ({ numero: period.numero, media: period.tenths })),
      rules,
    );
    // 'Aprovado' only when the year's periods are all graded and closed (or the year is closed): one
    // grade in each period with the 4º bimestre still open is no final result.
    const done = periodsDone(perPeriod.map((period) => ({ media: period.tenths, fechado: period.fechado })));
    // The recuperação final (ADR 0097): a family sees it with the whole year, as the final situation. It
    // is only for an annual average below the passing one: a grade recorded before a retificação brought
    // the average up has no say (a 'média final' below the annual one beside an 'Aprovado').
    const recovery =
      shown.length === periods.length && annual !== null && annual < rules.mediaAprovacao
        ? tenthsOf(finalRecoveries.get(disciplina) ?? null)
        : null;
    const recoveryRule = finalRecoveryOf(recovery, rules);
    const after = finalAverage(annual, recovery, recoveryRule.regra);
    // Educação Infantil has no grades by law (LDB art. 31, I): a line of its grid (a class may have one, for
    // its carga horária) is the year's record, never 'Reprovado por nota' for grades nobody may give.
    const graded = subjectSituation(annual, done, final, rules.mediaAprovacao, recoveryRule);
    // The school's ciclo de alfabetização (ADR 0125): the year ends in progress, not in a retention by grade.
    const computed =
      rules.avaliacao === 'parecer'
        ? parecerSituation(yearClosed)
        : rules.semReprovacaoPorNota && graded === 'reprovado_nota'
          ? 'aprovado'
          : graded;
    const decision = subjectDecision.get(disciplina) ?? null;
    const given = attendance.given.get(disciplina);
    const left = leftOn(disciplina);
    const classLeft = left === null ? classLeftOn(disciplina) : null;
    // No result of its own: an itinerário or a class left during the year.
    const ownResult = left === null && classLeft === null;
    // The itinerário changed into (or gone back to): its lessons are theirs from the last change into it.
    const joined =
      left === null ? (subjectSpans(itinerarios, alunoId, disciplina).at(-1)?.desde ?? null) : null;
    const hoursHad = minutesToHours((given ?? 0) * aulaMinutos);
    // An itinerário changed during the year, left or joined (ADR 0115): the clock hours of the lessons the
    // student had there, not the year's planned ones — what the year's totals add up.
    const had = left !== null || joined !== null;
    return {
      disciplina,
      area: areaOf.get(subjectKey(disciplina)) ?? null,
      itinerario: itinerarios.subjectItinerario.get(disciplina)?.nome ?? null,
      ...(left === null ? {} : { itinerario_trocado_em: left }),
      ...(classLeft === null ? {} : { turma_deixada_em: classLeft }),
      ...(joined === null ? {} : { itinerario_iniciado: { em: joined, carga_horaria: hoursHad } }),
      ...(had ? { aulas_cursadas: given ?? 0 } : {}),
      carga_horaria: had ? hoursHad : (hoursOf.get(disciplina) ?? null),
      periodos: perPeriod.map((period) => ({
        numero: period.numero,
        nome: period.nome,
        publicado: period.publicado,
        fechado: period.fechado,
        media: period.media,
        media_texto: period.media_texto,
        recuperacao: period.recuperacao,
        recuperacao_texto: period.recuperacao_texto,
        antes_recuperacao_texto: period.antes_recuperacao_texto,
        faltas: period.faltas,
      })),
      media_anual: annual === null ? null : tenthsToNumber(annual),
      media_anual_texto: displayGrade(annual, rules),
      recuperacao_final: recovery === null ? null : tenthsToNumber(recovery),
      recuperacao_final_texto: displayGrade(recovery, rules),
      media_final: after === null ? null : tenthsToNumber(after),
      media_final_texto: displayGrade(after, rules),
      faltas: porDia ? null : perPeriod.reduce((sum, period) => sum + (period.faltas ?? 0), 0),
      frequencia:
        given === undefined || porDia
          ? null
          : attendancePercent(
              given,
              attendance.counted.filter((absence) => absence.disciplina === disciplina).length,
            ),
      // Left before the year's end: no result of its own ('cursando' as it was, never a 'reprovado').
      situacao: !ownResult ? 'cursando' : decision ? decision.resultado : computed,
      situacao_calculada: ownResult && decision ? computed : null,
      conselho: ownResult && decision ? toDecision(decision, year.ano) : null,
    };
  });
  const totalGiven = [...attendance.given.values()].reduce((sum, total) => sum + total, 0);
  const totalCounted = attendance.counted.length;
  const computedOverall =
    rules.avaliacao === 'parecer'
      ? parecerSituation(yearClosed)
      : overallSituation(
          allSubjects
            .filter((item) => !item.itinerario_trocado_em && !item.turma_deixada_em)
            .map((item) => item.situacao),
          isBelowMinimum(totalGiven, totalCounted, rules.minima) &&
            (yearClosed || !guardian || shown.length === periods.length),
          rules,
          yearClosed,
        );
  return {
    ...base,
    media_aprovacao: tenthsToNumber(rules.mediaAprovacao),
    media_recuperacao_final: tenthsToNumber(finalRecoveryOf(null, rules).media),
    ano_encerrado: yearClosed,
    periodos: periods.map((period) => ({
      numero: period.numero,
      nome: periodName(year.tipoPeriodo, period.numero),
      publicado: states.get(period.id)!.publicado,
      fechado: states.get(period.id)!.fechado,
    })),
    disciplinas: allSubjects.filter((item) => visible === null || visible.has(item.disciplina)),
    frequencia: {
      aulas_dadas: totalGiven,
      faltas: totalCounted,
      frequencia: attendancePercent(totalGiven, totalCounted),
      por_dia: porDia,
      minima: rules.minima,
    },
    situacao: overallDecision ? overallDecision.resultado : computedOverall,
    situacao_calculada: overallDecision ? computedOverall : null,
    conselho: overallDecision ? toDecision(overallDecision, year.ano) : null,
    ensino_medio: medio,
    itinerario: chosen ? { nome: chosen.nome, tecnico: chosen.tecnico } : null,
    ...(rules.semReprovacaoPorNota ? { ciclo_sem_reprovacao: true as const } : {}),
  };
}
