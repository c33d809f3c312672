import { and, desc, gte, inArray, lte } from 'drizzle-orm';
import {
  humorLabels,
  itensDoAluno,
  refeicaoAvaliacaoLabels,
  type AgendaItens,
} from '../../../shared/agenda.schemas.js';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { firstName, formatDate, todayIso } from '../../../shared/format.js';
import { paths } from '../../../shared/routes.js';
import { agendaDias } from '../../db/schema/agenda.js';
import { students } from '../../db/schema/students.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { dayAbsentees } from '../attendance/index.js';

/**
 * The agenda in the family's feed (issue 32 §1 and §3): each saved day of the child's class, from the
 * feed's window on, is an item for the child (not for a day the child missed, by the teacher's mark or
 * the saved roll). It is something to do
 * (`pendente`) only when today's says the child must bring something.
 */

function summary(itens: AgendaItens): string | null {
  if (itens.precisa_trazer.length > 0) return `Precisa trazer: ${itens.precisa_trazer.join(', ')}`;
  const parts: string[] = [];
  const almoco = itens.refeicoes.find((one) => /almo/i.test(one.refeicao)) ?? itens.refeicoes[0];
  if (almoco) parts.push(`${almoco.refeicao}: ${refeicaoAvaliacaoLabels[almoco.avaliacao].toLowerCase()}`);
  const sono = itens.sono[0];
  if (sono) parts.push(`Dormiu das ${sono.inicio} às ${sono.fim}`);
  if (itens.humor) parts.push(humorLabels[itens.humor]);
  if (itens.recados) parts.push(itens.recados);
  return parts.length > 0 ? parts.join(' · ').slice(0, 200) : null;
}

export const agendaFeed: FamilyFeedSource = async (db, scope) => {
  if (scope.alunos.length === 0) return [];
  const rows = await db
    .select({ id: students.id, nome: students.nome, turmaId: students.turmaId })
    .from(students)
    .where(
      inArray(
        students.id,
        scope.alunos.map((aluno) => aluno.id),
      ),
    );
  // In the family's order (a query without `order by` gave the two children of one day either way).
  const children = scope.alunos.flatMap((aluno) => rows.filter((row) => row.id === aluno.id));
  const turmaIds = [...new Set(children.flatMap((child) => (child.turmaId ? [child.turmaId] : [])))];
  if (turmaIds.length === 0) return [];
  const days = await db
    .select()
    .from(agendaDias)
    .where(
      and(
        inArray(agendaDias.turmaId, turmaIds),
        gte(agendaDias.data, todayIso(scope.since)),
        lte(agendaDias.data, scope.today),
      ),
    )
    .orderBy(desc(agendaDias.data));
  if (days.length === 0) return [];
  const missed = new Set(
    (await dayAbsentees(db, turmaIds, days.at(-1)!.data, days[0]!.data)).map(
      (one) => `${one.turmaId}:${one.data}:${one.alunoId}`,
    ),
  );
  const items: FeedItem[] = [];
  for (const day of days)
    for (const child of children.filter((one) => one.turmaId === day.turmaId)) {
      const excecao = day.excecoes.find((one) => one.aluno_id === child.id);
      if (excecao?.ausente || missed.has(`${day.turmaId}:${day.data}:${child.id}`)) continue;
      const itens = itensDoAluno(day.itens, excecao?.itens);
      const today = day.data === scope.today;
      items.push({
        id: `agenda:${day.id}:${child.id}`,
        tipo: 'agenda',
        titulo: `${today ? 'Agenda de hoje' : `Agenda de ${formatDate(day.data)}`}: ${firstName(child.nome)}`,
        resumo: summary(itens),
        data: day.updatedAt.toISOString(),
        link: `${paths.familyAgenda}?aluno=${child.id}&data=${day.data}`,
        aluno_id: child.id,
        pendente: today && itens.precisa_trazer.length > 0,
      });
    }
  return items;
};
