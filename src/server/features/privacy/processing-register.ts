import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { RetentionValues } from '../../../shared/retention.schemas.js';
import type { ProcessingRegister } from '../../../shared/processing-register.schemas.js';
import {
  niveis,
  nivelLabels,
  permissionLabels,
  rolePermissions,
  type Permission,
} from '../../../shared/permissions.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import {
  attendanceAbsences,
  attendanceRolls,
  classMemberships,
  classSubjects,
  tutelaryNotifications,
} from '../academics/academics.table.js';
import { auditLog } from '../audit/audit.table.js';
import {
  knownDevices,
  loginThrottle,
  passwordResets,
  sessions,
  signInFingerprints,
} from '../auth/auth.table.js';
import { classes } from '../classes/classes.table.js';
import {
  comunicadoAnexos,
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicados,
  comunicadoVersoes,
} from '../comunicados/comunicados.table.js';
import { contentHistory, contentSections } from '../content/content.table.js';
import { priorSchoolYears, schoolDocuments } from '../documents/documents.table.js';
import { mensalidades, pagamentos, studentDiscounts, transacoes } from '../finance/finance.table.js';
import {
  councilDecisions,
  gradeChanges,
  grades,
  periodStates,
  rectificationRequests,
  yearClosures,
} from '../grades/grades.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { media } from '../media/media.table.js';
import { conversaLeituras, conversas, mensagens } from '../mensagens/mensagens.table.js';
import { entregas, notificacaoPreferencias, notificacoes } from '../notificacoes/notificacoes.table.js';
import { rateLimitHits } from '../operations/rate-limit.table.js';
import { reportExports } from '../reports/reports.table.js';
import { settings } from '../settings/settings.table.js';
import { guardianEmailChanges, guardians, studentGuardians, students } from '../students/students.table.js';
import { teachers } from '../teachers/teachers.table.js';
import { users } from '../users/users.table.js';
import { studentAccessLog } from './access-log.table.js';
import { consents, mediaStudents } from './consent.table.js';
import { privacyAcceptances } from './privacy.table.js';
import { dataRequests } from './requests.table.js';
import { readRetentionValues } from './retention.job.js';

/** How long a kind of data is kept: the text is written from the settings when the register is read. */
type Retention =
  | 'vida_escolar'
  | 'financeiro'
  | 'responsavel'
  | 'conta'
  | 'tecnico'
  | 'entregas'
  | 'auditoria'
  | 'prova'
  | 'imagem'
  | 'comunicacao'
  | 'exportacao'
  | 'fila';

function retentionText(kind: Retention, values: RetentionValues): string {
  switch (kind) {
    case 'vida_escolar':
      return 'Permanente, para emitir o histórico escolar. Depois da saída do aluno, a escola pode anonimizar a identificação e o contato; a vida escolar fica ligada só à matrícula.';
    case 'financeiro':
      return '5 anos após o pagamento ou o vencimento (prazo de cobrança e obrigações fiscais); sem nome nem contato depois da anonimização.';
    case 'responsavel':
      return `Enquanto houver filho na escola; anonimizado automaticamente ${values.responsaveis_anos} anos depois da saída do último filho, ou antes, a pedido.`;
    case 'conta':
      return 'Enquanto o vínculo com a escola durar; a conta é desativada na saída e anonimizada com o titular.';
    case 'tecnico':
      return `Apagado ${values.registros_tecnicos_dias} dias depois de expirar.`;
    case 'entregas':
      return `Apagado ${values.registros_tecnicos_dias} dias depois do envio.`;
    case 'auditoria':
      return `O registro (quem, o quê, quando) é permanente; os detalhes e o IP são apagados após ${values.auditoria_dias} dias.`;
    case 'prova':
      return 'Enquanto puder ser exigida a prova do consentimento ou da resposta (LGPD, art. 8º, § 2º); sem dados de contato após a anonimização.';
    case 'imagem':
      return 'Enquanto houver consentimento; retirado o consentimento, a foto sai do site na hora.';
    case 'comunicacao':
      return 'Enquanto o vínculo com a escola durar; nome e contato são apagados na anonimização do titular.';
    case 'exportacao':
      return 'Apagado 1 dia depois de gerado.';
    case 'fila':
      return 'Apagado quando a tarefa termina.';
  }
}

interface Treatment {
  categoria: string;
  titulares: string;
  finalidade: string;
  base_legal: string;
  /** The permissions that reach this data (the roles come from src/shared/permissions.ts). */
  acesso: Permission[];
  retencao: Retention;
  /** The personal columns of each table, as Drizzle columns: a renamed or removed column follows. */
  dados: [PgTable, PgColumn[]][];
}

/**
 * The classification of every personal column in the schema (LGPD art. 37). A test walks every Drizzle
 * table and fails when a table is neither here nor in NON_PERSONAL_TABLES, or when a column that looks
 * personal (an identifier, an IP, an author's name, a reference to a person) is not classified.
 */
export const TREATMENTS: Treatment[] = [
  {
    categoria: 'Identificação e contato dos alunos',
    titulares: 'Alunos (crianças e adolescentes)',
    finalidade: 'Matrícula, vida escolar, emissão de documentos e contato com a família.',
    base_legal:
      'Execução do contrato educacional (art. 7º, V) e obrigação legal (art. 7º, II; LDB), sempre no melhor interesse da criança (art. 14).',
    acesso: ['students.read', 'students.write', 'privacy.self'],
    retencao: 'vida_escolar',
    dados: [
      [
        students,
        [
          students.nome,
          students.dataNascimento,
          students.matricula,
          students.email,
          students.telefone,
          students.endereco,
          students.cpf,
          students.observacoes,
        ],
      ],
    ],
  },
  {
    categoria: 'Identificação e contato dos responsáveis',
    titulares: 'Pais e responsáveis',
    finalidade: 'Contrato, cobrança, comunicação com a escola e acesso ao portal da família.',
    base_legal: 'Execução do contrato educacional (art. 7º, V) e obrigação legal (art. 7º, II).',
    acesso: ['students.read', 'students.write', 'guardians.self', 'privacy.self'],
    retencao: 'responsavel',
    dados: [
      [
        guardians,
        [
          guardians.nome,
          guardians.email,
          guardians.telefone,
          guardians.cpf,
          guardians.endereco,
          guardians.observacoes,
          guardians.usuarioId,
        ],
      ],
      [
        studentGuardians,
        [studentGuardians.alunoId, studentGuardians.responsavelId, studentGuardians.parentesco],
      ],
      [guardianEmailChanges, [guardianEmailChanges.responsavelId, guardianEmailChanges.novoEmail]],
    ],
  },
  {
    categoria: 'Contas de acesso ao portal',
    titulares: 'Responsáveis, professores e funcionários com acesso',
    finalidade: 'Identificar quem entra no portal e o que cada um pode ver.',
    base_legal: 'Execução do contrato (art. 7º, V) e segurança dos dados (art. 46).',
    acesso: ['users.manage', 'privacy.self'],
    retencao: 'conta',
    dados: [
      [
        users,
        [
          users.nome,
          users.email,
          users.telefone,
          users.endereco,
          users.dataNascimento,
          users.passwordHash,
          users.ultimoLogin,
        ],
      ],
    ],
  },
  {
    categoria: 'Corpo docente',
    titulares: 'Professores',
    finalidade: 'Atribuição de turmas e disciplinas e contato interno.',
    base_legal: 'Execução do contrato de trabalho (art. 7º, V).',
    acesso: ['teachers.read', 'teachers.write', 'classes.read'],
    retencao: 'conta',
    dados: [
      [
        teachers,
        [
          teachers.nome,
          teachers.email,
          teachers.telefone,
          teachers.disciplinas,
          teachers.dataContratacao,
          teachers.usuarioId,
        ],
      ],
      [classes, [classes.professorResponsavelId]],
      [classSubjects, [classSubjects.professorId]],
    ],
  },
  {
    categoria: 'Sessões, dispositivos e proteção do acesso',
    titulares: 'Todos os usuários do portal e visitantes que tentam entrar',
    finalidade: 'Manter a sessão, reconhecer dispositivos e barrar tentativas de invasão.',
    base_legal:
      'Legítimo interesse e segurança (arts. 7º, IX, e 46); registros de acesso (Marco Civil da Internet, art. 15).',
    acesso: ['settings.manage'],
    retencao: 'tecnico',
    dados: [
      [sessions, [sessions.userId, sessions.ip, sessions.userAgent]],
      [knownDevices, [knownDevices.userId, knownDevices.deviceHash]],
      [signInFingerprints, [signInFingerprints.userId, signInFingerprints.fingerprint]],
      [passwordResets, [passwordResets.userId]],
      [loginThrottle, [loginThrottle.key]],
      [rateLimitHits, [rateLimitHits.key]],
    ],
  },
  {
    categoria: 'Vida escolar: turmas, frequência, notas e documentos',
    titulares: 'Alunos',
    finalidade:
      'Registro da vida escolar, boletins, histórico escolar, declarações e avisos obrigatórios ao Conselho Tutelar.',
    base_legal: 'Obrigação legal (art. 7º, II; LDB, art. 24; ECA, art. 56).',
    acesso: [
      'academics.read',
      'academics.write',
      'academics.manage',
      'documents.issue',
      'documents.manage',
      'privacy.self',
    ],
    retencao: 'vida_escolar',
    dados: [
      [classMemberships, [classMemberships.alunoId]],
      [
        attendanceAbsences,
        [
          attendanceAbsences.alunoId,
          attendanceAbsences.justificativa,
          attendanceAbsences.abonoMotivo,
          attendanceAbsences.abonadaPorNome,
        ],
      ],
      [attendanceRolls, [attendanceRolls.registradoPor, attendanceRolls.registradoPorNome]],
      [
        rectificationRequests,
        [
          rectificationRequests.alunoId,
          rectificationRequests.solicitadoPorId,
          rectificationRequests.solicitadoPorNome,
          rectificationRequests.decididoPorId,
          rectificationRequests.decididoPorNome,
        ],
      ],
      [grades, [grades.alunoId]],
      [gradeChanges, [gradeChanges.porId, gradeChanges.porNome, gradeChanges.motivo]],
      [councilDecisions, [councilDecisions.alunoId, councilDecisions.porId, councilDecisions.porNome]],
      [periodStates, [periodStates.alteradoPorNome]],
      [yearClosures, [yearClosures.encerradoPorNome]],
      [priorSchoolYears, [priorSchoolYears.alunoId, priorSchoolYears.escola, priorSchoolYears.observacoes]],
      [
        schoolDocuments,
        [
          schoolDocuments.alunoId,
          schoolDocuments.iniciais,
          schoolDocuments.conteudo,
          schoolDocuments.emitidoPor,
          schoolDocuments.emitidoPorNome,
          schoolDocuments.revogadoPorNome,
        ],
      ],
      [
        tutelaryNotifications,
        [
          tutelaryNotifications.alunoId,
          tutelaryNotifications.emitidaPor,
          tutelaryNotifications.emitidaPorNome,
        ],
      ],
    ],
  },
  {
    categoria: 'Mensalidades e pagamentos',
    titulares: 'Alunos e responsáveis',
    finalidade: 'Cobrança das mensalidades, descontos, recibos e contabilidade.',
    base_legal: 'Execução do contrato (art. 7º, V) e obrigação legal fiscal (art. 7º, II).',
    acesso: ['finance.read', 'finance.manage', 'privacy.self'],
    retencao: 'financeiro',
    dados: [
      [mensalidades, [mensalidades.alunoId, mensalidades.motivoDesconto, mensalidades.motivoCancelamento]],
      [pagamentos, [pagamentos.registradoPor]],
      [transacoes, [transacoes.descricao]],
      [studentDiscounts, [studentDiscounts.alunoId, studentDiscounts.motivo]],
    ],
  },
  {
    categoria: 'Comunicados, mensagens e notificações',
    titulares: 'Responsáveis, alunos e professores',
    finalidade: 'Comunicação entre a escola e as famílias.',
    base_legal: 'Execução do contrato educacional (art. 7º, V).',
    acesso: ['comunicados.write', 'dashboard.read', 'privacy.self'],
    retencao: 'comunicacao',
    dados: [
      [
        comunicados,
        [comunicados.autorId, comunicados.autorNome, comunicados.removidoPor, comunicados.removidoPorNome],
      ],
      [comunicadoVersoes, [comunicadoVersoes.autorId, comunicadoVersoes.autorNome]],
      [comunicadoDestinatarios, [comunicadoDestinatarios.usuarioId, comunicadoDestinatarios.alunoIds]],
      [comunicadoCientes, [comunicadoCientes.usuarioId]],
      [comunicadoAnexos, [comunicadoAnexos.enviadoPor]],
      [
        conversas,
        [conversas.alunoId, conversas.responsavelUsuarioId, conversas.professorId, conversas.assunto],
      ],
      [mensagens, [mensagens.autorId, mensagens.autorNome, mensagens.texto]],
      [conversaLeituras, [conversaLeituras.usuarioId]],
      [notificacoes, [notificacoes.usuarioId, notificacoes.texto]],
      [notificacaoPreferencias, [notificacaoPreferencias.usuarioId]],
    ],
  },
  {
    categoria: 'E-mails e SMS enviados',
    titulares: 'Responsáveis e usuários do portal',
    finalidade: 'Entregar avisos por e-mail e SMS e tentar de novo quando falham.',
    base_legal: 'Execução do contrato educacional (art. 7º, V).',
    acesso: ['settings.manage'],
    retencao: 'entregas',
    dados: [[entregas, [entregas.destino, entregas.texto, entregas.usuarioId]]],
  },
  {
    categoria: 'Consentimentos, aceites e solicitações LGPD',
    titulares: 'Responsáveis e alunos',
    finalidade:
      'Provar o consentimento dado ou retirado, o aceite do aviso de privacidade e as respostas aos titulares.',
    base_legal: 'Obrigação legal (art. 7º, II; arts. 8º, 18, 19 e 37).',
    acesso: ['privacy.manage', 'privacy.self'],
    retencao: 'prova',
    dados: [
      [consents, [consents.alunoId, consents.responsavelId, consents.usuarioId, consents.ip]],
      [privacyAcceptances, [privacyAcceptances.usuarioId, privacyAcceptances.ip]],
      [
        dataRequests,
        [
          dataRequests.usuarioId,
          dataRequests.responsavelId,
          dataRequests.alunoId,
          dataRequests.descricao,
          dataRequests.resposta,
          dataRequests.respondidoPor,
        ],
      ],
    ],
  },
  {
    categoria: 'Imagem dos alunos no site',
    titulares: 'Alunos',
    finalidade: 'Divulgar atividades da escola no site, só com consentimento.',
    base_legal: 'Consentimento específico e em destaque de um dos pais (art. 14, § 1º).',
    acesso: ['content.manage'],
    retencao: 'imagem',
    dados: [
      [mediaStudents, [mediaStudents.alunoId]],
      [media, [media.createdBy]],
    ],
  },
  {
    categoria: 'Trilha de auditoria e autoria de alterações',
    titulares: 'Usuários do portal',
    finalidade: 'Saber quem fez o quê e quando, para segurança e prestação de contas.',
    base_legal: 'Legítimo interesse e prestação de contas (arts. 7º, IX, 6º, X, e 37).',
    acesso: ['audit.read'],
    retencao: 'auditoria',
    dados: [
      [auditLog, [auditLog.actorId, auditLog.actorNome, auditLog.ip, auditLog.details]],
      [contentSections, [contentSections.updatedBy]],
      [contentHistory, [contentHistory.savedBy]],
      [settings, [settings.updatedBy]],
    ],
  },
  {
    categoria: 'Acessos às fichas de alunos',
    titulares: 'Alunos (de quem a ficha foi aberta) e a equipe que a abriu',
    finalidade: 'Dizer a uma família quem acessou a ficha do seu filho, e quando.',
    base_legal: 'Prestação de contas e segurança (arts. 6º, X, 37 e 46).',
    acesso: ['privacy.manage', 'audit.read', 'privacy.self'],
    retencao: 'auditoria',
    dados: [
      [
        studentAccessLog,
        [studentAccessLog.alunoId, studentAccessLog.usuarioId, studentAccessLog.usuarioNome],
      ],
    ],
  },
  {
    categoria: 'Relatórios exportados',
    titulares: 'Alunos e responsáveis citados no relatório',
    finalidade: 'Entregar ao usuário o arquivo do relatório que pediu.',
    base_legal: 'Execução do contrato educacional (art. 7º, V).',
    acesso: ['reports.read'],
    retencao: 'exportacao',
    dados: [[reportExports, [reportExports.usuarioId, reportExports.filtros, reportExports.arquivo]]],
  },
  {
    categoria: 'Tarefas internas em andamento',
    titulares: 'Usuários do portal (por exemplo, o e-mail de um link de senha a enviar)',
    finalidade: 'Fazer depois da resposta o trabalho que não pode atrasá-la.',
    base_legal: 'Execução do contrato (art. 7º, V).',
    acesso: [],
    retencao: 'fila',
    dados: [[jobs, [jobs.payload]]],
  },
];

/** Tables with no personal data, each with the reason (a new table must be classified one way or the other). */
export const NON_PERSONAL_TABLES: Record<string, string> = {
  assessments: 'Avaliações de uma turma (nome, data, peso), sem aluno.',
  calendar_entries: 'Calendário escolar.',
  class_tuition: 'Valor da mensalidade de uma turma.',
  consent_purposes: 'Textos das finalidades de consentimento.',
  finance_settings: 'Chave PIX e regras de multa da escola.',
  job_slots: 'Marcação de tarefas diárias já agendadas.',
  mensalidade_avisos: 'Marca de que o aviso de uma mensalidade (a vencer, em atraso) já saiu, sem a pessoa.',
  record_versions: 'Contadores internos de cache.',
  school_periods: 'Períodos do ano letivo.',
  school_years: 'Anos letivos.',
};

const columnLabels: Record<string, string> = {
  nome: 'nome',
  email: 'e-mail',
  telefone: 'telefone',
  endereco: 'endereço',
  cpf: 'CPF',
  data_nascimento: 'data de nascimento',
  observacoes: 'observações',
  ip: 'endereço IP',
  user_agent: 'navegador',
  password_hash: 'senha (só o resumo argon2id)',
};

const labelOf = (name: string) => columnLabels[name] ?? name.replace(/_/g, ' ');

/** The register as the admin reads and prints it: the schema, the roles' permissions and the settings. */
export function buildProcessingRegister(values: RetentionValues): ProcessingRegister {
  return {
    gerado_em: clock.now().toISOString(),
    prazos: values,
    entradas: TREATMENTS.map((treatment) => ({
      categoria: treatment.categoria,
      titulares: treatment.titulares,
      finalidade: treatment.finalidade,
      base_legal: treatment.base_legal,
      dados: treatment.dados.map(([table, columns]) => ({
        tabela: getTableConfig(table).name,
        colunas: columns.map((column) => labelOf(column.name)),
      })),
      acesso: niveis
        .map((nivel) => ({
          perfil: nivelLabels[nivel],
          permissoes: treatment.acesso
            .filter((permission) => rolePermissions[nivel].includes(permission))
            .map((permission) => permissionLabels[permission]),
        }))
        .filter((entry) => entry.permissoes.length > 0),
      retencao: retentionText(treatment.retencao, values),
    })),
  };
}

export async function getProcessingRegister(db: DbOrTx): Promise<ProcessingRegister> {
  return buildProcessingRegister(await readRetentionValues(db));
}
