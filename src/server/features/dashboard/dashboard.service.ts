import { asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { formatCount } from '../../../shared/format.js';
import type { Atividade, DashboardStats } from '../../../shared/dashboard.schemas.js';
import { isEmAberto } from '../../../shared/finance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../audit/audit.table.js';
import { classes } from '../classes/classes.table.js';
import { students } from '../students/students.table.js';
import { teachers } from '../teachers/teachers.table.js';
import type { UserRow } from '../users/users.table.js';
import { listChildIdsOfUser } from '../finance/finance.scope.js';
import { classesInScope, scopeOf } from '../students/students.scope.js';
import { listRollClasses } from '../academics/attendance.service.js';
import { describeDay } from '../calendar/calendar.service.js';
import { lessonName } from '../../../shared/academics.schemas.js';
import {
  classFrequencies,
  getStudentAttendance,
  schoolDaysAhead,
  yearOutlook,
} from '../academics/attendance.figures.js';
import { listMensalidades } from '../finance/mensalidades.service.js';
import { sharedRead } from '../finance/finance.shared-reads.js';
import { sumTransacoesByMonth, summarizeMensalidades } from '../finance/finance.figures.js';
import { classGradeAverages, teacherGradeTasks } from '../grades/grades.dashboard.js';

const actionLabels: Record<string, string> = {
  criar: 'cadastrou',
  atualizar: 'atualizou',
  excluir: 'excluiu',
  cancelar: 'cancelou',
  registrar_pagamento: 'registrou pagamento de',
  gerar_mensalidades: 'gerou',
  conceder_desconto: 'concedeu desconto em',
  alterar_status: 'alterou o status de',
  resetar_senha: 'redefiniu a senha de',
  exportar: 'exportou',
  login: 'entrou no portal',
  logout: 'saiu do portal',
  definir_bolsa: 'definiu bolsa de',
  remover_bolsa: 'removeu bolsa de',
  vincular_acesso: 'vinculou a conta de acesso de',
  confirmacao_senha_falhou: 'errou a própria senha ao confirmar uma ação em',
  corrigir_frequencia: 'corrigiu',
  abonar_falta: 'abonou',
  atualizar_grade: 'atualizou a grade curricular de',
  notificar_conselho_tutelar: 'emitiu a notificação ao Conselho Tutelar sobre',
  fechar_periodo: 'fechou',
  reabrir_periodo: 'reabriu',
  publicar_periodo: 'publicou',
  despublicar_periodo: 'retirou a publicação d',
  alterar_notas: 'alterou notas lançadas em',
  retificar_nota: 'retificou',
  solicitar_retificacao: 'solicitou',
  aprovar_retificacao: 'aprovou',
  recusar_retificacao: 'recusou',
  decisao_conselho: 'registrou uma decisão do conselho de classe sobre',
  encerrar_ano_letivo: 'encerrou',
  aplicar_rematricula: 'aplicou a rematrícula a partir d',
  anonimizar: 'anonimizou',
  atualizar_contato: 'atualizou o contato de',
  corrigir_enturmacao: 'corrigiu a enturmação de',
  criar_usuario: 'criou',
  desmatricular: 'desmatriculou',
  matricular: 'matriculou',
  vincular_responsavel: 'vinculou',
  desvincular_responsavel: 'desvinculou',
  alterar_vinculo_responsavel: 'alterou o vínculo de',
  editar: 'editou',
  emitir: 'emitiu',
  revogar: 'revogou',
  enviar: 'enviou',
  lembrete: 'reenviou o lembrete de',
  marcar_alunos_foto: 'marcou alunos em',
  responder_solicitacao: 'respondeu',
  desfazer_abono: 'desfez o abono de',
  enviar_lembrete: 'enviou um lembrete de mensalidade a',
};
/** Actions that say everything on their own (their entity adds nothing a reader needs). */
const sentenceLabels: Record<string, string> = {
  aceitar_privacidade: 'aceitou o Aviso de Privacidade e os Termos de Uso',
  backup_automatico: 'fez o backup automático',
  desfazer_lote: 'desfez uma geração de mensalidades',
  criar_backup: 'criou um backup',
  baixar_backup: 'baixou um backup',
  restaurar_backup: 'restaurou um backup',
  limpar_dados: 'apagou os dados da escola',
  retencao_lgpd: 'aplicou a política de retenção de dados (LGPD)',
  confirmar_email: 'confirmou o e-mail',
  encerrar_sessao: 'encerrou uma sessão',
  encerrar_outras_sessoes: 'encerrou as outras sessões',
  exportar_meus_dados: 'exportou os próprios dados (LGPD)',
  login_falhou: 'não conseguiu entrar (senha errada)',
  senha_alterada: 'trocou a senha',
  senha_redefinicao_solicitada: 'pediu a redefinição da senha',
  senha_redefinida: 'redefiniu a senha pelo link do e-mail',
  ativar_manutencao: 'ativou o modo de manutenção',
  desativar_manutencao: 'desativou o modo de manutenção',
  conceder_consentimento: 'registrou um consentimento',
  retirar_consentimento: 'retirou um consentimento',
};
/** Security notices to the other administrators (docs/architecture.md, Segurança): what the actor did. */
const noticeLabels: Record<string, string> = {
  administrador_criado: 'criou o administrador',
  administrador_promovido: 'deu acesso de administrador a',
  email_de_administrador_alterado: 'alterou o e-mail do administrador',
  senha_redefinida_por_administrador: 'redefiniu a senha de',
};
const entityLabels: Record<string, string> = {
  usuario: 'um usuário',
  aluno: 'um aluno',
  professor: 'um professor',
  turma: 'uma turma',
  mensalidade: 'mensalidade',
  transacao: 'uma transação',
  configuracoes_financeiras: 'as configurações financeiras',
  sessao: '',
  demo: 'os dados de demonstração',
  financeiro_demo: 'os dados financeiros de demonstração',
  ano_letivo: 'o ano letivo',
  calendario: 'um item do calendário',
  chamada: 'uma chamada',
  falta: 'uma falta',
  periodo: 'um período',
  avaliacao: 'uma avaliação',
  nota: 'uma nota',
  retificacao: 'uma retificação de nota',
  configuracoes_academicas: 'as configurações acadêmicas',
  ano_anterior: 'o histórico de um ano anterior',
  auditoria: 'a auditoria',
  backup: 'um backup',
  comunicado: 'um comunicado',
  configuracoes_escola: 'os dados da escola',
  configuracoes_retencao: 'a política de retenção de dados',
  configuracoes_sistema: 'as configurações do sistema',
  conteudo: 'o conteúdo do site',
  documento: 'um documento',
  finalidade: 'uma finalidade de consentimento',
  midia: 'uma imagem',
  relatorio: 'um relatório',
  relatorio_financeiro: 'um relatório financeiro',
  responsavel: 'um responsável',
  solicitacao_lgpd: 'uma solicitação LGPD',
  retencao: '',
  sistema: '',
};
/** Verbs ending in 'd' take the article of what follows ('da' or 'do'): 'retirou a publicação do 1º bimestre'. */
const contracted = new Set(['despublicar_periodo', 'aplicar_rematricula']);

export function describeAudit(row: {
  action: string;
  entity: string;
  actorNome: string | null;
  details: Record<string, unknown> | null;
}): string {
  const who = row.actorNome ?? 'Sistema';
  if (row.action === 'gerar_mensalidades')
    return `${who} gerou ${formatCount(Number(row.details?.criadas ?? 0), 'mensalidade', 'mensalidades')}`;
  if (row.action === 'aviso_administradores') {
    const evento = typeof row.details?.evento === 'string' ? row.details.evento : '';
    const alvo = (row.details?.alvo as { nome?: unknown } | undefined)?.nome;
    return `Alerta de segurança: ${who} ${noticeLabels[evento] ?? evento} ${typeof alvo === 'string' ? alvo : ''}`.trim();
  }
  if (row.action === 'conta_bloqueada')
    return 'Alerta de segurança: conta bloqueada por excesso de tentativas de senha';
  const sentence = sentenceLabels[row.action];
  if (sentence) return `${who} ${sentence}`;
  if (row.action.startsWith('solicitar_') && row.entity === 'solicitacao_lgpd')
    return `${who} fez uma solicitação LGPD`;
  const verb = actionLabels[row.action] ?? row.action.replace(/_/g, ' ');
  // A period is named by the audit's details ('o 1º bimestre'); the year as 'o ano letivo'.
  const periodo =
    row.entity === 'periodo' && typeof row.details?.periodo === 'string' ? row.details.periodo : null;
  const what = periodo ? `o ${periodo}` : (entityLabels[row.entity] ?? row.entity);
  if (contracted.has(row.action)) return `${who} ${verb}${what}`;
  return `${who} ${verb}${what ? ` ${what}` : ''}`.trim();
}

function monthsBack(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

async function schoolStats(db: DbOrTx, today: string): Promise<DashboardStats> {
  const months = monthsBack(today, 6);
  const firstDay = `${months[0]!}-01`;
  const matricula = sql<string>`to_char(${students.dataMatricula}, 'YYYY-MM')`;
  const [[counts], byMonth, [before], byStatus, audit, receitasMes, tuition] = await Promise.all([
    db
      .select({
        alunos: sql<number>`(select count(*) from ${students} where ${students.status} = 'ativo')`.mapWith(
          Number,
        ),
        professores:
          sql<number>`(select count(*) from ${teachers} where ${teachers.status} = 'ativo')`.mapWith(Number),
        turmas: sql<number>`(select count(*) from ${classes} where ${classes.status} = 'ativo')`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as one`),
    db
      .select({ mes: matricula, novas: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .where(gte(students.dataMatricula, firstDay))
      .groupBy(matricula),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .where(lt(students.dataMatricula, firstDay)),
    db
      .select({ status: students.status, total: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .groupBy(students.status),
    // Recent activity is this school's own: entries a restore imported are history, not news.
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.origem, 'local'))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(5),
    sumTransacoesByMonth(db, today.slice(0, 7), today.slice(0, 7)),
    summarizeMensalidades(db, today),
  ]);
  const [frequencias, turmasAtivas] = await Promise.all([
    classFrequencies(db),
    db
      .select({ id: classes.id, nome: classes.nome })
      .from(classes)
      .where(eq(classes.status, 'ativo'))
      .orderBy(asc(classes.nome)),
  ]);
  const medias = await classGradeAverages(
    db,
    turmasAtivas.map((turma) => turma.id),
  );
  const novas = new Map(byMonth.map((row) => [row.mes, row.novas]));
  let running = before?.total ?? 0;
  const matriculas_por_mes = months.map((mes) => {
    const count = novas.get(mes) ?? 0;
    running += count;
    return { mes, novas: count, total: running };
  });
  const atividades: Atividade[] = audit.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor_nome: row.actorNome,
    action: row.action,
    entity: row.entity,
    descricao: describeAudit(row),
  }));
  return {
    escopo: 'escola',
    total_alunos: counts?.alunos ?? 0,
    total_professores: counts?.professores ?? 0,
    total_turmas: counts?.turmas ?? 0,
    mensalidades_pendentes: tuition.vencidas + tuition.pendentesMes,
    receita_mes: receitasMes.get(today.slice(0, 7))?.receitas ?? 0,
    frequencia_media: frequencias.geral,
    matriculas_por_mes,
    alunos_por_status: byStatus,
    // The weighted mean of the class's grades and its attendance; classes with neither are left out.
    performance_turmas: turmasAtivas
      .filter((turma) => frequencias.turmas.get(turma.id) != null || medias.has(turma.id))
      .map((turma) => ({
        turma: turma.nome,
        media: medias.get(turma.id) ?? null,
        frequencia: frequencias.turmas.get(turma.id) ?? null,
      })),
    atividades,
  };
}

/**
 * A teacher's home. Its cost does not grow with the number of classes: every figure is one read over all
 * of them (the classes, their attendance, the grade tasks, today's rolls), never a read per class.
 */
async function teacherStats(db: DbOrTx, user: UserRow, today: string): Promise<DashboardStats> {
  const scope = await scopeOf(db, user);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  const turmas =
    teacherId === null
      ? []
      : await db
          .select({
            id: classes.id,
            nome: classes.nome,
            serie: classes.serie,
            turno: classes.turno,
            capacidade_maxima: classes.capacidadeMaxima,
            alunos_count:
              sql<number>`(select count(*) from ${students} where ${students.turmaId} = "classes"."id" and ${students.status} = 'ativo')`.mapWith(
                Number,
              ),
          })
          .from(classes)
          .where(classesInScope(scope))
          .orderBy(asc(sql`lower(${classes.nome})`));
  // An 'inativo' or 'afastado' teacher reaches nothing (the scope says so) and is told why.
  const status = scope.kind === 'teacher' ? scope.status : null;
  const [frequencias, tasks, rollClasses, { day }] = await Promise.all([
    // By the classes' ids: the plan reads those students and their classes' rolls, not the school's.
    turmas.length === 0
      ? null
      : classFrequencies(
          db,
          inArray(
            students.turmaId,
            turmas.map((turma) => turma.id),
          ),
        ),
    teacherId === null
      ? { avaliacoes_pendentes: [], periodos_fechando: [] }
      : teacherGradeTasks(db, teacherId, today),
    // Today's rolls are the roll list's answer for today: the two can never disagree.
    listRollClasses(db, user, { data: today }),
    describeDay(db, today),
  ]);
  const byName = [...rollClasses].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return {
    escopo: 'professor',
    total_turmas: turmas.length,
    total_alunos: turmas.reduce((sum, turma) => sum + turma.alunos_count, 0),
    turmas: turmas.map((turma) => ({ ...turma, frequencia: frequencias?.turmas.get(turma.id) ?? null })),
    chamadas_hoje: {
      data: today,
      dia: day,
      pendentes: byName.flatMap((turma) =>
        turma.aulas
          .filter((lesson) => lesson.pendente)
          .map((lesson) => ({
            turma_id: turma.id,
            turma_nome: turma.nome,
            disciplina: lesson.disciplina,
            aula: lesson.aula,
            nome: lessonName(lesson, turma.aulas),
          })),
      ),
      feitas: rollClasses.reduce(
        (sum, turma) =>
          sum + turma.aulas.filter((lesson) => lesson.registrada && lesson.pode_registrar).length,
        0,
      ),
    },
    ...tasks,
    ...(status === 'inativo' || status === 'afastado' ? { acesso_suspenso: status } : {}),
  };
}

async function guardianStats(db: DbOrTx, user: UserRow, today: string): Promise<DashboardStats> {
  const alunoIds = await listChildIdsOfUser(db, user.id);
  const scope = { kind: 'responsavel' as const, alunoIds };
  const filhos =
    alunoIds.length === 0
      ? []
      : await db
          .select({
            id: students.id,
            nome: students.nome,
            turma_nome: classes.nome,
            status: students.status,
            turmaId: classes.id,
            modo: classes.frequenciaModo,
          })
          .from(students)
          .leftJoin(classes, eq(classes.id, students.turmaId))
          .where(inArray(students.id, alunoIds))
          .orderBy(asc(students.nome));
  // The calendar ahead is the same for every child: read once, and only when a child is in a class.
  const daysAhead = filhos.some((filho) => filho.turmaId && filho.status === 'ativo')
    ? await schoolDaysAhead(db)
    : null;
  const figures = await Promise.all(
    filhos.map(async (filho) => {
      const attendance = await getStudentAttendance(db, user, filho.id, {});
      const outlook = await yearOutlook(
        db,
        filho,
        daysAhead,
        attendance.geral,
        attendance.por_disciplina.length,
      );
      return [filho.id, { ...attendance.geral, ...outlook }] as const;
    }),
  );
  const geral = new Map(figures);
  // 'Em aberto' is what is owed now (overdue, or due this month: `isEmAberto`), never the months ahead;
  // the next one is the next not yet overdue (an overdue one is 'vencida', not 'próxima').
  const byDue = { sort: 'vencimento', order: 'asc', page: 1, pageSize: 200 } as const;
  const [overdue, upcoming] = await Promise.all([
    listMensalidades(db, { ...byDue, status: 'vencido' }, scope, today),
    listMensalidades(db, { ...byDue, status: 'pendente' }, scope, today),
  ]);
  const next = upcoming.items[0];
  return {
    escopo: 'responsavel',
    // Tuition debt changes nothing here (Lei 9.870/1999 art. 6): attendance shows like any other.
    filhos: filhos.map((filho) => ({
      id: filho.id,
      nome: filho.nome,
      turma_nome: filho.turma_nome,
      status: filho.status,
      frequencia: geral.get(filho.id)?.frequencia ?? null,
      abaixo_minimo: geral.get(filho.id)?.abaixo_minimo ?? false,
      // The figure read in context: how many absences in how many lessons, and what the year allows.
      aulas_dadas: geral.get(filho.id)?.aulas_dadas ?? 0,
      faltas: geral.get(filho.id)?.faltas ?? 0,
      por_dia: geral.get(filho.id)?.por_dia ?? false,
      previstas_ano: geral.get(filho.id)?.previstas_ano ?? null,
      limite_faltas_ano: geral.get(filho.id)?.limite_faltas_ano ?? null,
    })),
    mensalidades_em_aberto:
      overdue.total + upcoming.items.filter((mensalidade) => isEmAberto(mensalidade, today)).length,
    mensalidades_vencidas: overdue.total,
    valor_vencido: overdue.items.reduce((sum, mensalidade) => sum + mensalidade.valor_atualizado, 0),
    proxima_mensalidade: next
      ? {
          id: next.id,
          aluno_nome: next.aluno_nome,
          mes_referencia: next.mes_referencia,
          data_vencimento: next.data_vencimento,
          valor_atualizado: next.valor_atualizado,
          status: next.status,
        }
      : null,
  };
}

export async function getDashboardStats(db: DbOrTx, user: UserRow, today: string): Promise<DashboardStats> {
  if (user.nivel === 'administrador')
    return sharedRead(db, `dashboard:${today}`, () => schoolStats(db, today));
  if (user.nivel === 'professor') return teacherStats(db, user, today);
  return guardianStats(db, user, today);
}
