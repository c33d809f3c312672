/**
 * The days an itinerário's subjects were a student's (ADR 0110, 0111, 0115): pure rules over what
 * `itinerariosOfClasses` read — the current choice, the itinerários left with their days — for the boletim,
 * the Notas grid, the rolls and every attendance figure.
 */

/** Days a subject's lessons were a student's: from `desde` (inclusive) to `ate` (exclusive); null: open. */
export interface SubjectSpan {
  desde: string | null;
  ate: string | null;
}

/** A student of an itinerário subject's Notas over some days (`itinerarioStudentsDuring`). */
export interface ItinerarioMember {
  /** The day they left the subject's itinerário (not their current one); null: it is their choice. */
  trocouEm: string | null;
  /** The spans it was theirs (`subjectSpans`); null when it was theirs the whole year (no change). */
  spans: SubjectSpan[] | null;
}

/** Whether a day falls inside one of a subject's spans for a student. */
export function inSpans(spans: readonly SubjectSpan[], data: string): boolean {
  return spans.some(
    (span) => (span.desde === null || data >= span.desde) && (span.ate === null || data < span.ate),
  );
}

/** An itinerário as the boletim and the figures name it. */
interface Itinerario {
  id: string;
  nome: string;
  tecnico: boolean;
}

/**
 * The class's itinerário subjects and each student's choice, for boletins: a student's card lists the
 * formação geral básica and their own itinerário's subjects only.
 */
export interface ClassItinerarios {
  subjectItinerario: Map<string, Itinerario>;
  /** Each student's current choice, with the day it was made (`escolhidoEm`, the school's date). */
  choiceOf: Map<string, Itinerario & { escolhidoEm: string }>;
  /**
   * The itinerários each student left during the year, oldest change first (`ate`: the change's day;
   * `escolhidoEm`: the day it was chosen, null when not recorded — ADR 0115).
   */
  previousOf: Map<string, (Itinerario & { ate: string; escolhidoEm: string | null })[]>;
}

/**
 * Whether a student takes a subject of the class now: every subject of the formação geral básica (and a
 * daily roll, `null`), and only their current itinerário's. A lesson on a day is counted by
 * `tookSubjectOn` (the boletim and every attendance figure), which a change of itinerário moves.
 */
export function takesSubject(
  itinerarios: ClassItinerarios,
  alunoId: string,
  disciplina: string | null,
): boolean {
  const itinerario = disciplina === null ? undefined : itinerarios.subjectItinerario.get(disciplina);
  return itinerario === undefined || itinerario.id === itinerarios.choiceOf.get(alunoId)?.id;
}

/**
 * The itinerário a subject belongs to when the student left it (a previous choice, not the current one):
 * the day of the last change out of it. Null for the formação geral básica and the current itinerário.
 */
export function leftItinerarioOn(
  itinerarios: ClassItinerarios,
  alunoId: string,
  disciplina: string | null,
): string | null {
  const itinerario = disciplina === null ? undefined : itinerarios.subjectItinerario.get(disciplina);
  if (itinerario === undefined || itinerario.id === itinerarios.choiceOf.get(alunoId)?.id) return null;
  const left = (itinerarios.previousOf.get(alunoId) ?? []).filter((item) => item.id === itinerario.id);
  return left.at(-1)?.ate ?? null;
}

/**
 * The spans of days a subject's lessons were the student's, each from `desde` (inclusive) to `ate`
 * (exclusive; null: open), oldest first. The formação geral básica: the whole year. An itinerário's: every
 * stint it was the student's itinerário (ADR 0115: one who goes back to it has two) — each from the later
 * of the change before it and the day it was chosen (a choice cleared and made again later leaves a gap;
 * the year's first choice counts from the year's start), to the change out of it (open for the current
 * choice). Stints that touch are one span. Without changes, the year or nothing (`takesSubject`).
 * The one rule of every lesson counted for a student: `tookSubjectOn` asks it of one day.
 */
export function subjectSpans(
  itinerarios: ClassItinerarios,
  alunoId: string,
  disciplina: string | null,
): SubjectSpan[] {
  const itinerario = disciplina === null ? undefined : itinerarios.subjectItinerario.get(disciplina);
  if (itinerario === undefined) return [{ desde: null, ate: null }];
  const current = itinerarios.choiceOf.get(alunoId);
  const stints: { id: string; escolhidoEm: string | null; ate: string | null }[] = [
    ...(itinerarios.previousOf.get(alunoId) ?? []),
    ...(current ? [{ ...current, ate: null }] : []),
  ];
  const spans: SubjectSpan[] = [];
  let change: string | null = null;
  for (const item of stints) {
    const chosen = item.escolhidoEm;
    const desde = change === null ? null : chosen !== null && chosen > change ? chosen : change;
    const last = spans.at(-1);
    if (item.id === itinerario.id && (desde === null || item.ate === null || desde < item.ate)) {
      if (last !== undefined && last.ate !== null && last.ate === desde) last.ate = item.ate;
      else spans.push({ desde, ate: item.ate });
    }
    if (item.ate !== null) change = item.ate;
  }
  return spans;
}

/**
 * Whether a lesson of a subject on a day was the student's: the formação geral básica always; an
 * itinerário's when it was the student's itinerário that day (`subjectSpans`).
 */
export function tookSubjectOn(
  itinerarios: ClassItinerarios,
  alunoId: string,
  disciplina: string | null,
  data: string,
): boolean {
  return inSpans(subjectSpans(itinerarios, alunoId, disciplina), data);
}
