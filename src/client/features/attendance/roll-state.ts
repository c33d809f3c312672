import type { Roll, RollInput } from '../../../shared/attendance.schemas';

/**
 * The roll being taken, as the screen holds it: who is absent and each absence's justification.
 * Everyone not in the map is present (the school's default); the map starts from the saved roll.
 */
export type Absences = ReadonlyMap<string, string>;

export function savedAbsences(roll: Roll): Absences {
  return new Map(
    roll.alunos.flatMap((aluno) => (aluno.falta ? [[aluno.id, aluno.falta.justificativa ?? '']] : [])),
  );
}

export function toggleAbsence(absences: Absences, alunoId: string): Absences {
  const next = new Map(absences);
  if (next.has(alunoId)) next.delete(alunoId);
  else next.set(alunoId, '');
  return next;
}

export function justify(absences: Absences, alunoId: string, text: string): Absences {
  if (!absences.has(alunoId)) return absences;
  return new Map(absences).set(alunoId, text);
}

/** The lesson's record as the screen holds it: what was taught, and the activities or homework. */
export interface LessonContent {
  conteudo: string;
  atividades: string;
}

export function savedContent(roll: Roll): LessonContent {
  return { conteudo: roll.chamada?.conteudo ?? '', atividades: roll.chamada?.atividades ?? '' };
}

/**
 * Whether the content typed differs from what is saved — the server's, or the save still waiting on
 * this device (`saved`) — blank and spaces being nothing.
 */
export function contentChanged(saved: LessonContent, content: LessonContent): boolean {
  return (
    content.conteudo.trim() !== saved.conteudo.trim() || content.atividades.trim() !== saved.atividades.trim()
  );
}

export function countRoll(roll: Roll, absences: Absences) {
  const total = roll.alunos.length;
  const faltas = roll.alunos.filter((aluno) => absences.has(aluno.id)).length;
  return { total, faltas, presentes: total - faltas };
}

/** Whether the screen differs from what the server holds (the save button says so). */
export function hasChanges(roll: Roll, absences: Absences): boolean {
  const saved = savedAbsences(roll);
  if (saved.size !== absences.size) return true;
  for (const [id, text] of absences) if (saved.get(id) !== text) return true;
  return roll.chamada === null;
}

/**
 * Whether the teacher tapped or typed something the server does not hold: leaving then asks first. A
 * roll never saved with everyone present is not unsaved work (nothing would be lost).
 */
export function hasUnsavedMarks(roll: Roll, absences: Absences): boolean {
  const saved = savedAbsences(roll);
  if (saved.size !== absences.size) return true;
  for (const [id, text] of absences) if (saved.get(id) !== text.trim()) return true;
  return false;
}

/**
 * The body of `PUT /api/frequencia/turmas/{id}`: the whole list of absences (saving replaces it) and
 * the lesson's content ('' clears it).
 */
export function toRollInput(roll: Roll, absences: Absences, content: LessonContent): RollInput {
  return {
    data: roll.data,
    ...(roll.disciplina ? { disciplina: roll.disciplina, aula: roll.aula } : {}),
    conteudo: content.conteudo.trim(),
    atividades: content.atividades.trim(),
    faltas: roll.alunos
      .filter((aluno) => absences.has(aluno.id))
      .map((aluno) => {
        const text = absences.get(aluno.id)?.trim() ?? '';
        return text ? { aluno_id: aluno.id, justificativa: text } : { aluno_id: aluno.id };
      }),
  };
}
