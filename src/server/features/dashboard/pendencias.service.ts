/**
 * 'Pendências' on the coordenação's home (GET /api/dashboard/pendencias): the questions of a Monday
 * morning — which rolls were not taken, who is below the minimum attendance, which grades are missing in
 * the current period, which messages wait — each answered by the module that owns it, counted here.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import type { Pendencias } from '../../../shared/dashboard.schemas.js';
import type { Db } from '../../db/client.js';
import { schoolPeriods } from '../../db/schema/calendar.js';
import type { UserRow } from '../../db/schema/users.js';
import { listAlerts, listRollClasses } from '../attendance/index.js';
import { periodContextOf, resolveYear } from '../calendar/index.js';
import { gradesProgress } from '../grades/index.js';
import { listConversations } from '../mensagens/index.js';

/** How far back the rolls not taken are looked for: today and the six days before. */
const ROLL_DAYS = 7;

async function rollsNotTaken(db: Db, viewer: UserRow, today: string): Promise<Pendencias['chamadas']> {
  const dias: string[] = [];
  const classes = new Set<string>();
  let aulas = 0;
  for (let back = ROLL_DAYS - 1; back >= 0; back--) {
    const data = addDays(today, -back);
    const day = await listRollClasses(db, viewer, { data });
    if (!day.some((turma) => turma.dia.letivo)) continue;
    dias.push(data);
    for (const turma of day)
      if (turma.pendentes > 0) {
        aulas += turma.pendentes;
        classes.add(turma.id);
      }
  }
  return { dias, aulas, turmas: classes.size };
}

async function gradesMissing(db: Db, today: string): Promise<Pendencias['notas']> {
  const year = await resolveYear(db);
  if (!year) return null;
  const [period] = await db
    .select({ id: schoolPeriods.id })
    .from(schoolPeriods)
    .where(
      and(
        eq(schoolPeriods.anoLetivoId, year.id),
        lte(schoolPeriods.inicio, today),
        gte(schoolPeriods.fim, today),
      ),
    );
  if (!period) return null;
  const [progress, context] = await Promise.all([
    gradesProgress(db, period.id),
    periodContextOf(db, period.id),
  ]);
  return {
    periodo_nome: context.nome,
    sem_avaliacao: progress.linhas.filter((line) => line.avaliacoes === 0).length,
    notas_faltando: progress.linhas.reduce((sum, line) => sum + line.notas_faltando, 0),
    disciplinas: progress.linhas.length,
  };
}

export async function getPendencias(db: Db, viewer: UserRow, today: string): Promise<Pendencias> {
  const chamadas = await rollsNotTaken(db, viewer, today);
  const alerts = await listAlerts(db, viewer, {});
  const notas = await gradesMissing(db, today);
  const conversations = await listConversations(db, viewer);
  return {
    chamadas,
    abaixo_minimo: alerts.abaixo_minimo.length,
    conselho_tutelar: alerts.conselho_tutelar.length,
    notas,
    mensagens_nao_lidas: conversations.nao_lidas,
  };
}
