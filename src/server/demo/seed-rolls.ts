import { addDays, lessonsOnWeekday, weekdayOf } from '../../shared/calendar.js';
import { classifyRange } from '../features/calendar/index.js';
import type { Tx } from '../db/client.js';
import { attendanceAbsences, attendanceRolls } from '../db/schema/attendance.js';
import type { ClassRow } from '../db/schema/classes.js';
import type { classSubjects } from '../db/schema/curriculum.js';

const JUSTIFICATIONS = ['Atestado médico', 'Consulta médica', 'Luto na família', 'Atestado odontológico'];

/** What a demo lesson taught (the diário's registro de conteúdo, ADR 0078), by subject; the day's otherwise. */
const TOPICS: Record<string, readonly string[]> = {
  Matemática: [
    'Frações equivalentes',
    'Operações com decimais',
    'Porcentagem no dia a dia',
    'Equações do 1º grau',
  ],
  'Língua Portuguesa': [
    'Leitura e interpretação: crônica',
    'Substantivos e adjetivos',
    'Produção de texto: relato',
  ],
  Português: ['Leitura e interpretação: crônica', 'Substantivos e adjetivos', 'Produção de texto: relato'],
  Ciências: ['Ciclo da água', 'Cadeias alimentares', 'Sistema solar'],
  História: ['Brasil colonial: capitanias', 'Revolução Industrial', 'Antiguidade: Egito'],
  Geografia: ['Relevo brasileiro', 'Clima e vegetação', 'Urbanização'],
};
const DAY_TOPICS = [
  'Roda de conversa e leitura compartilhada',
  'Alfabetização: sílabas e palavras',
  'Matemática: contagem e agrupamentos',
  'Natureza e sociedade: as estações do ano',
  'Artes: pintura com guache',
];
/** Educação Infantil's day, by the BNCC's campos de experiência (what its pareceres tell of). */
const INFANTIL_TOPICS = [
  'Roda de conversa e contação de histórias',
  'Circuito no parque: equilíbrio e saltos',
  'Pintura com guache e mistura de cores',
  'Contagem de objetos e jogos de quantidade',
  'Observação do feijão plantado em sala',
];

/** Homework the demo's teachers give with the content (what the family's Tarefas shows), by subject. */
const HOMEWORK: Record<string, readonly string[]> = {
  Matemática: [
    'Exercícios 1 a 5 da página 42',
    'Lista de problemas com decimais',
    'Resolver 10 equações do caderno',
  ],
  'Língua Portuguesa': ['Ler a crônica e responder às perguntas', 'Escrever um relato de 10 linhas'],
  Português: ['Ler a crônica e responder às perguntas', 'Escrever um relato de 10 linhas'],
  Ciências: ['Desenhar o ciclo da água no caderno', 'Pesquisar três cadeias alimentares'],
  História: ['Ler o capítulo 3 e fazer o resumo', 'Linha do tempo da Revolução Industrial'],
  Geografia: ['Colorir o mapa do relevo brasileiro', 'Pesquisar o clima da sua cidade'],
};
const DAY_HOMEWORK = [
  'Trazer uma folha seca para a aula de amanhã',
  'Ler com a família o livro da semana',
  'Recortar figuras de revista com a letra B',
];

/** The homework of a roll with content: one in three; never without the content it goes with. */
function demoHomework(disciplina: string | null, index: number, conteudo: string | null): string | null {
  if (conteudo === null || index % 3 !== 0) return null;
  const list = disciplina ? (HOMEWORK[disciplina] ?? [`${disciplina}: exercícios do caderno`]) : DAY_HOMEWORK;
  return list[(index / 3) % list.length] ?? null;
}

/**
 * The content of the demo's `index`-th roll: the last week's lessons and one in fifteen before them are
 * left without it, so the coordination's diary shows what is missing. Never draws from `next` (the
 * absences of the demo stay as they were).
 */
function demoContent(
  disciplina: string | null,
  index: number,
  recent: boolean,
  dayTopics: readonly string[],
): string | null {
  if (recent || index % 15 === 7) return null;
  const topics = disciplina ? (TOPICS[disciplina] ?? [`${disciplina}: revisão e exercícios`]) : dayTopics;
  return topics[index % topics.length] ?? null;
}

/** The registro de conteúdo of the `index`-th roll: the content and, with some of it, homework. */
function lessonTexts(
  disciplina: string | null,
  index: number,
  recent: boolean,
  dayTopics: readonly string[] = DAY_TOPICS,
) {
  const conteudo = demoContent(disciplina, index, recent, dayTopics);
  return { conteudo, atividades: demoHomework(disciplina, index, conteudo) };
}

/** The school days of the year from its start to yesterday (to its end, once it is over): the rolls to seed. */
export async function schoolDaysToYesterday(
  tx: Tx,
  year: { inicio: string; fim: string },
  today: string,
): Promise<string[]> {
  const yesterday = addDays(today, -1);
  const last = yesterday < year.fim ? yesterday : year.fim;
  if (last < year.inicio) return [];
  return (await classifyRange(tx, year.inicio, last)).filter((day) => day.letivo).map((day) => day.data);
}

/**
 * A demo class's rolls of every school day in `letivos` (once a day in a class with a daily roll —
 * Educação Infantil and Fundamental I —, per lesson of its grid in the others), each as its teacher
 * saved it that morning, and realistic absences: a student away for the day (by their `rate`) misses
 * every lesson of it, and now and then a single lesson; a quarter justified, a few of those excused.
 * `takes` leaves a student out of a lesson that is not theirs (an Ensino Médio itinerário they did not
 * choose).
 */
export async function seedClassRolls(
  tx: Tx,
  options: {
    turma: Pick<ClassRow, 'id' | 'nivel' | 'frequenciaModo' | 'professorResponsavelId'>;
    grid: Pick<
      typeof classSubjects.$inferInsert,
      'disciplina' | 'aulasSemanais' | 'diasSemana' | 'professorId'
    >[];
    letivos: readonly string[];
    /** The class's students on a date. */
    members: (date: string) => string[];
    rate: Map<string, number>;
    next: () => number;
    takenBy: (professorId: string | null | undefined, fallback: string) => string;
    takes?: (alunoId: string, disciplina: string | null) => boolean;
  },
): Promise<{ rolls: number; absences: number }> {
  const { turma, grid, letivos, members, rate, next, takenBy } = options;
  const takes = options.takes ?? (() => true);
  const savedOn = (date: string) => new Date(`${date}T10:30:00-03:00`);
  const perLesson = turma.frequenciaModo === 'por_aula';
  const rollValues: (typeof attendanceRolls.$inferInsert)[] = [];
  const absentToday = new Map<string, Set<string>>();
  const lastWeek = letivos.slice(-5);
  for (const date of letivos) {
    const recent = lastWeek.includes(date);
    const away = new Set(members(date).filter((alunoId) => next() < (rate.get(alunoId) ?? 0)));
    absentToday.set(date, away);
    if (!perLesson) {
      rollValues.push({
        turmaId: turma.id,
        data: date,
        aula: 0,
        disciplina: null,
        ...lessonTexts(
          null,
          rollValues.length,
          recent,
          turma.nivel === 'Educação Infantil' ? INFANTIL_TOPICS : DAY_TOPICS,
        ),
        registradoPorNome: takenBy(turma.professorResponsavelId, 'Docente da turma'),
        createdAt: savedOn(date),
        updatedAt: savedOn(date),
      });
      continue;
    }
    // The lessons the grade curricular has that weekday, as the roll call accepts them (a sábado
    // letivo has the Saturday lessons of the grid: none in the demo's).
    const weekday = weekdayOf(date);
    for (const item of grid) {
      const count = lessonsOnWeekday(item.aulasSemanais, item.diasSemana ?? [], weekday);
      for (let aula = 1; aula <= count; aula++)
        rollValues.push({
          turmaId: turma.id,
          data: date,
          aula,
          disciplina: item.disciplina,
          ...lessonTexts(item.disciplina, rollValues.length, recent),
          registradoPorNome: takenBy(item.professorId, 'Docente da disciplina'),
          createdAt: savedOn(date),
          updatedAt: savedOn(date),
        });
    }
  }
  const inserted: { id: string; data: string; disciplina: string | null }[] = [];
  for (let index = 0; index < rollValues.length; index += 1000) {
    inserted.push(
      ...(await tx
        .insert(attendanceRolls)
        .values(rollValues.slice(index, index + 1000))
        .returning({
          id: attendanceRolls.id,
          data: attendanceRolls.data,
          disciplina: attendanceRolls.disciplina,
        })),
    );
  }
  const absenceValues: (typeof attendanceAbsences.$inferInsert)[] = [];
  // A justification is a day's (a family's atestado covers the day, as the portal's justificativa and
  // its abono do): the first absence of a student's day decides it for all the day's lessons. The draws
  // are made for every absence as before, so the absences themselves stay the same.
  const dayJustification = new Map<string, { justificativa: string | null; excused: boolean }>();
  for (const roll of inserted) {
    const away = absentToday.get(roll.data) ?? new Set<string>();
    for (const alunoId of members(roll.data)) {
      if (!takes(alunoId, roll.disciplina)) continue;
      // A whole day away, or now and then a single lesson.
      const missed = away.has(alunoId) || (roll.disciplina !== null && next() < 0.004);
      if (!missed) continue;
      const justified = next() < 0.25;
      const excused = justified && next() < 0.1;
      const reason = justified ? JUSTIFICATIONS[Math.floor(next() * JUSTIFICATIONS.length)]! : null;
      const key = `${alunoId}:${roll.data}`;
      if (!dayJustification.has(key)) dayJustification.set(key, { justificativa: reason, excused });
      const day = dayJustification.get(key)!;
      absenceValues.push({
        chamadaId: roll.id,
        alunoId,
        justificativa: day.justificativa,
        abonada: day.excused,
        abonoMotivo: day.excused ? 'Exercícios domiciliares (Decreto-Lei 1.044/1969)' : null,
        abonadaPorNome: day.excused ? 'Ana Paula Ribeiro' : null,
        abonadaEm: day.excused ? new Date(`${roll.data}T15:00:00-03:00`) : null,
      });
    }
  }
  for (let index = 0; index < absenceValues.length; index += 1000)
    await tx.insert(attendanceAbsences).values(absenceValues.slice(index, index + 1000));
  return { rolls: inserted.length, absences: absenceValues.length };
}
