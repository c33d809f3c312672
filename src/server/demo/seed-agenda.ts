import { and, asc, eq } from 'drizzle-orm';
import { defaultAgendaItens, type AgendaExcecao, type AgendaItens } from '../../shared/agenda.schemas.js';
import type { Tx } from '../db/client.js';
import { agendaDias, agendaLeituras } from '../db/schema/agenda.js';
import { classes } from '../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import { addDays } from '../../shared/calendar.js';
import { classifyRange } from '../features/calendar/index.js';
import { clock } from '../lib/clock.js';

/** The demo's agenda class: the 1º ano of the demo teacher, where the demo mother's younger child is. */
export const DEMO_AGENDA_CLASS = '1º Ano A';

/**
 * The daily agenda of the demo (issue 32 §3, ADR 0037): the last two school days up to today of the 1º Ano A
 * (today's and the one before on a school day; none in January, before the year's first day),
 * sent by the demo teacher, with the demo mother's child's own exceptions (a lunch eaten poorly
 * yesterday, a change of clothes to bring today) and another child absent yesterday; the demo mother
 * read yesterday's, so the teacher's 'quem leu' has something to show. No photo: a class photo is only
 * for families with image consent, and the demo has no picture to give.
 */
export async function seedAgenda(tx: Tx, professorUserId: string, responsavelUserId: string): Promise<void> {
  const [turma] = await tx.select().from(classes).where(eq(classes.nome, DEMO_AGENDA_CLASS));
  const [teacher] = await tx.select().from(teachers).where(eq(teachers.usuarioId, professorUserId));
  if (!turma || !teacher) return;
  const [child] = await tx
    .select({ id: students.id })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.alunoId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(eq(guardians.usuarioId, responsavelUserId), eq(students.turmaId, turma.id)));
  const [other] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.turmaId, turma.id), eq(students.status, 'ativo')))
    .orderBy(asc(students.matricula))
    .offset(3)
    .limit(1);
  if (!child) return;

  // An agenda is written on school days: a Sunday or the holidays have none.
  const today = clock.today();
  const schoolDays = (await classifyRange(tx, addDays(today, -120), today)).filter((day) => day.letivo);
  const latest = schoolDays.at(-1)?.data;
  const yesterday = schoolDays.at(-2)?.data;
  if (!latest) return;
  const base: AgendaItens = { ...defaultAgendaItens, humor: 'alegre' };
  const days: { data: string; itens: AgendaItens; excecoes: AgendaExcecao[]; sentAt: Date }[] = [];
  if (yesterday)
    days.push({
      data: yesterday,
      itens: {
        ...base,
        recados:
          'Hoje fizemos a roda de leitura com "A casa sonolenta" e plantamos feijão no algodão. Cada criança levou o seu copinho para casa: reguem um pouquinho todo dia!',
      },
      excecoes: [
        {
          aluno_id: child.id,
          ausente: false,
          itens: {
            refeicoes: base.refeicoes.map((refeicao) =>
              refeicao.refeicao === 'Almoço' ? { ...refeicao, avaliacao: 'comeu_pouco' } : refeicao,
            ),
            humor: 'tranquilo',
          },
        },
        ...(other && other.id !== child.id ? [{ aluno_id: other.id, ausente: true, itens: {} }] : []),
      ],
      sentAt: new Date(`${yesterday}T16:40:00-03:00`),
    });
  days.push({
    data: latest,
    itens: {
      ...base,
      recados:
        'Amanhã é o dia do brinquedo: cada criança pode trazer um brinquedo de casa, com o nome escrito.',
    },
    excecoes: [
      {
        aluno_id: child.id,
        ausente: false,
        itens: {
          precisa_trazer: ['Roupa'],
          recados:
            'Brincou com água no parque e trocou de roupa com a muda da mochila: mande outra muda amanhã, por favor. Amanhã é o dia do brinquedo: pode trazer um brinquedo de casa, com o nome escrito.',
        },
      },
    ],
    // Sent a moment ago on a school day: the demo opens with today's agenda already in the family's feed.
    sentAt: latest === today ? clock.now() : new Date(`${latest}T16:50:00-03:00`),
  });
  for (const day of days) {
    const [row] = await tx
      .insert(agendaDias)
      .values({
        turmaId: turma.id,
        data: day.data,
        itens: day.itens,
        excecoes: day.excecoes,
        autorId: professorUserId,
        autorNome: teacher.nome,
        createdAt: day.sentAt,
        updatedAt: day.sentAt,
      })
      .returning({ id: agendaDias.id });
    if (day.data === yesterday)
      await tx.insert(agendaLeituras).values({
        diaId: row!.id,
        alunoId: child.id,
        usuarioId: responsavelUserId,
        lidoEm: new Date(`${yesterday}T19:15:00-03:00`),
      });
  }
}
