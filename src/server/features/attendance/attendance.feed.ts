/**
 * What attendance gives the family's feed (issue 32 §1): each day a child missed school, once.
 * - Not justified, not abonado, still within the days a justification may be sent: pending, 'Falta em
 *   DD/MM — Justificar', opening the family's Frequência screen.
 * - Justified by the family: the justification's state (enviada, aceita, respondida) — not pending.
 * - Otherwise (justified at the roll, abonada by the school, too old to justify), from `since` on: the
 *   absence, not pending.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { firstJustifiableDay } from '../../../shared/justificativas.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { latestJustificativas } from './justificativas.reads.js';

const ddmm = (data: string) => `${data.slice(8, 10)}/${data.slice(5, 7)}`;

export const attendanceFeed: FamilyFeedSource = async (db, scope) => {
  if (scope.alunos.length === 0) return [];
  const alunoIds = scope.alunos.map((aluno) => aluno.id);
  const nomes = new Map(scope.alunos.map((aluno) => [aluno.id, aluno.nome]));
  const firstJustifiable = firstJustifiableDay(scope.today);
  const sinceDay = scope.since.toISOString().slice(0, 10);
  const from = firstJustifiable < sinceDay ? firstJustifiable : sinceDay;
  const [days, justificativas] = await Promise.all([
    db
      .select({
        alunoId: attendanceAbsences.alunoId,
        data: attendanceRolls.data,
        faltas: sql<number>`count(*)`.mapWith(Number),
        abonadas: sql<number>`count(*) filter (where ${attendanceAbsences.abonada})`.mapWith(Number),
        justificadas:
          sql<number>`count(*) filter (where ${attendanceAbsences.justificativa} is not null)`.mapWith(
            Number,
          ),
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .where(and(inArray(attendanceAbsences.alunoId, alunoIds), gte(attendanceRolls.data, from)))
      .groupBy(attendanceAbsences.alunoId, attendanceRolls.data),
    latestJustificativas(db, alunoIds),
  ]);
  const items: FeedItem[] = [];
  const justified = new Set<string>();
  for (const row of justificativas) {
    justified.add(`${row.alunoId}:${row.data}`);
    const when = row.respondidaEm ?? row.createdAt;
    if (when < scope.since && row.situacao !== 'enviada') continue;
    const nome = nomes.get(row.alunoId) ?? '';
    const titulo = {
      enviada: `Justificativa da falta de ${ddmm(row.data)} enviada`,
      aceita: `Justificativa aceita — falta de ${ddmm(row.data)} abonada`,
      recusada: `Justificativa respondida — falta de ${ddmm(row.data)}`,
    }[row.situacao];
    const resumo =
      row.situacao === 'enviada'
        ? `${nome}: aguardando a resposta da escola.`
        : `${nome}: ${row.resposta ?? (row.situacao === 'aceita' ? 'a falta não conta.' : 'a falta continua contando.')}`;
    items.push({
      id: `justificativa:${row.id}`,
      tipo: 'justificativa',
      titulo,
      resumo,
      data: when.toISOString(),
      link: `${paths.familyAttendance}?aluno=${row.alunoId}`,
      aluno_id: row.alunoId,
      pendente: false,
    });
  }
  for (const day of days) {
    if (justified.has(`${day.alunoId}:${day.data}`)) continue;
    const nome = nomes.get(day.alunoId) ?? '';
    const open = day.abonadas < day.faltas && day.justificadas === 0 && day.data >= firstJustifiable;
    if (!open && day.data < sinceDay) continue;
    const quantas = formatCount(day.faltas, 'falta', 'faltas');
    const estado = day.abonadas === day.faltas ? ' (abonada)' : day.justificadas > 0 ? ' (justificada)' : '';
    items.push({
      id: `falta:${day.alunoId}:${day.data}`,
      tipo: 'falta',
      titulo: open ? `Falta em ${ddmm(day.data)} — Justificar` : `Falta em ${ddmm(day.data)}${estado}`,
      resumo: day.faltas > 1 ? `${nome}: ${quantas} no dia.` : `${nome}.`,
      data: day.data,
      link: `${paths.familyAttendance}?aluno=${day.alunoId}${open ? `&justificar=${day.data}` : ''}`,
      aluno_id: day.alunoId,
      pendente: open,
    });
  }
  return items;
};
