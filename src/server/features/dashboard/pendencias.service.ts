/**
 * 'Pendências' on the staff's home (GET /api/dashboard/pendencias): the questions of a Monday morning —
 * for the coordenação, which rolls were not taken, who is below the minimum attendance, which grades and
 * Educação Infantil pareceres are missing in the current period; for the secretaria, which families
 * wait in the enrolment funnel and which requests about the Portal do Aluno; for everyone, which
 * messages wait — each answered by the module that owns it, counted here, and each only to whom may act
 * on it.
 */
import { and, count, eq, gte, inArray, isNotNull, lte, or } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import type {
  Pendencias,
  PendenciasAcademicas,
  PendenciasSecretaria,
} from '../../../shared/dashboard.schemas.js';
import { can, type Permission } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { rectificationRequests } from '../../db/schema/grades.js';
import { interessados } from '../../db/schema/matriculas.js';
import { pareceres } from '../../db/schema/pareceres.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';
import { listAlerts, listRollClasses } from '../attendance/index.js';
import { resolveYear } from '../calendar/index.js';
import { gradesProgress } from '../grades/index.js';
import { listConversations } from '../mensagens/index.js';

/** How far back the rolls not taken are looked for: today and the six days before. */
const ROLL_DAYS = 7;

async function rollsNotTaken(
  db: Db,
  viewer: UserRow,
  today: string,
): Promise<PendenciasAcademicas['chamadas']> {
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

/**
 * The current period's grades not entered and Educação Infantil pareceres not written: both the
 * Lançamento de notas' own figures (`gradesProgress`, whose `pareceres` are the period-closing check's),
 * with the period's name as it writes it. Null outside a period.
 */
async function periodMissing(
  db: Db,
  today: string,
): Promise<Pick<PendenciasAcademicas, 'notas' | 'pareceres_faltando'>> {
  const year = await resolveYear(db);
  const none = { notas: null, pareceres_faltando: null };
  if (!year) return none;
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
  if (!period) return none;
  const progress = await gradesProgress(db, period.id);
  const missing = progress.pareceres.filter((line) => line.sem_parecer > 0);
  return {
    notas: {
      periodo_nome: progress.periodo.nome,
      sem_avaliacao: progress.linhas.filter((line) => line.avaliacoes === 0).length,
      notas_faltando: progress.linhas.reduce((sum, line) => sum + line.notas_faltando, 0),
      disciplinas: progress.linhas.length,
    },
    pareceres_faltando:
      progress.pareceres.length === 0
        ? null
        : {
            periodo_id: progress.periodo.id,
            periodo_nome: progress.periodo.nome,
            criancas: missing.reduce((sum, line) => sum + line.sem_parecer, 0),
            turmas: missing.map(({ turma_id, turma_nome, sem_parecer, criancas }) => ({
              turma_id,
              turma_nome,
              sem_parecer,
              criancas,
            })),
          },
  };
}

async function academicas(
  db: Db,
  viewer: UserRow & { permissoes: readonly Permission[] },
  today: string,
): Promise<PendenciasAcademicas> {
  const chamadas = await rollsNotTaken(db, viewer, today);
  const alerts = await listAlerts(db, viewer, {});
  // What waits on the coordenação's own decision: pareceres sent for review (or reviewed, unpublished)
  // and the teachers' rectification requests.
  const [[pareceresRow], [retificacoesRow]] = await Promise.all([
    can(viewer.permissoes, 'pareceres.review')
      ? db
          .select({ total: count() })
          .from(pareceres)
          .where(
            or(
              and(eq(pareceres.status, 'rascunho'), isNotNull(pareceres.enviadoEm)),
              eq(pareceres.status, 'revisado'),
            ),
          )
      : [{ total: 0 }],
    db
      .select({ total: count() })
      .from(rectificationRequests)
      .where(eq(rectificationRequests.situacao, 'pendente')),
  ]);
  const [anyYear] = await db.select({ id: schoolYears.id }).from(schoolYears).limit(1);
  return {
    ano_letivo_cadastrado: anyYear !== undefined,
    chamadas,
    abaixo_minimo: alerts.abaixo_minimo.length,
    conselho_tutelar: alerts.conselho_tutelar.length,
    ...(await periodMissing(db, today)),
    pareceres_para_revisao: pareceresRow.total,
    retificacoes_pendentes: retificacoesRow?.total ?? 0,
  };
}

/** The funnel's stages that wait on the secretaria, as counted here. */
const waitingStages = {
  interessado: 'interessados',
  pre_matricula: 'pre_matriculas',
  contrato_assinado: 'contratos_assinados',
} as const;

/** `pedidos`: the viewer answers the Portal do Aluno's requests (students.write); 0 requests otherwise. */
async function daSecretaria(db: Db, today: string, pedidos: boolean): Promise<PendenciasSecretaria> {
  const year = Number(today.slice(0, 4));
  const [stages, [requests]] = await Promise.all([
    db
      .select({ ano: interessados.anoLetivo, etapa: interessados.etapa, total: count() })
      .from(interessados)
      .where(
        and(
          inArray(interessados.anoLetivo, [year, year + 1]),
          inArray(interessados.etapa, Object.keys(waitingStages) as (keyof typeof waitingStages)[]),
        ),
      )
      .groupBy(interessados.anoLetivo, interessados.etapa),
    pedidos
      ? db
          .select({ total: count() })
          .from(studentAccounts)
          .where(isNotNull(studentAccounts.desativacaoPedidaEm))
      : ([] as { total: number }[]),
  ]);
  const matriculas = [year, year + 1].flatMap((ano) => {
    const counts = { ano, interessados: 0, pre_matriculas: 0, contratos_assinados: 0 };
    for (const row of stages)
      if (row.ano === ano && row.etapa in waitingStages)
        counts[waitingStages[row.etapa as keyof typeof waitingStages]] = row.total;
    return counts.interessados + counts.pre_matriculas + counts.contratos_assinados > 0 ? [counts] : [];
  });
  return { matriculas, pedidos_portal: requests?.total ?? 0 };
}

export async function getPendencias(
  db: Db,
  viewer: UserRow & { permissoes: readonly Permission[] },
  today: string,
): Promise<Pendencias> {
  const academic = can(viewer.permissoes, 'academics.manage');
  const secretaria = can(viewer.permissoes, 'matriculas.manage');
  if (!academic && !secretaria)
    throw new AppError('FORBIDDEN', 'As pendências são da coordenação, da secretaria e da direção.');
  return {
    academico: academic ? await academicas(db, viewer, today) : null,
    secretaria: secretaria ? await daSecretaria(db, today, can(viewer.permissoes, 'students.write')) : null,
    mensagens_nao_lidas: (await listConversations(db, viewer)).nao_lidas,
  };
}
