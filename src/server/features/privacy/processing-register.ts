import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { ANONYMOUS_STUDENT_PREFIX } from '../../../shared/anonymise.schemas.js';
import type { RetentionValues } from '../../../shared/retention.schemas.js';
import type { ProcessingRegister } from '../../../shared/processing-register.schemas.js';
import {
  niveis,
  nivelLabels,
  permissionLabels,
  rolePermissions,
  type Permission,
} from '../../../shared/permissions.js';
import { clock } from '../../lib/clock.js';
import {
  attendanceAbsences,
  attendanceRolls,
  classMemberships,
  tutelaryNotifications,
} from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { auditLog } from '../../db/schema/audit.js';
import {
  knownDevices,
  loginThrottle,
  passwordResets,
  sessions,
  signInFingerprints,
} from '../../db/schema/auth.js';
import { classes } from '../../db/schema/classes.js';
import {
  comunicadoAnexos,
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicados,
  comunicadoVersoes,
} from '../../db/schema/comunicados.js';
import { contentHistory, contentSections } from '../../db/schema/content.js';
import { priorSchoolYears, schoolDocuments } from '../../db/schema/documents.js';
import { mensalidades, pagamentos, studentDiscounts, transacoes } from '../../db/schema/finance.js';
import {
  councilDecisions,
  gradeChanges,
  grades,
  periodStates,
  rectificationRequests,
  yearClosures,
} from '../../db/schema/grades.js';
import { jobs } from '../../db/schema/jobs.js';
import { media } from '../../db/schema/media.js';
import { conversaLeituras, conversas, mensagens } from '../../db/schema/mensagens.js';
import { entregas, notificacaoPreferencias, notificacoes } from '../../db/schema/notificacoes.js';
import { rateLimitHits } from '../../db/schema/rate-limit.js';
import { reportExports } from '../../db/schema/reports.js';
import { settings } from '../../db/schema/settings.js';
import { guardianEmailChanges, guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { users } from '../../db/schema/users.js';
import { studentAccessLog } from '../../db/schema/access-log.js';
import { consents, mediaStudents } from '../../db/schema/consent.js';
import { privacyAcceptances } from '../../db/schema/privacy.js';
import { dataRequests } from '../../db/schema/privacy-requests.js';

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

/** The kinds of person anonymisation works on (a guardian's portal account is a 'usuario' of its own). */
export type Titular = 'aluno' | 'responsavel' | 'usuario';

/** A person being anonymised, read before anything changes. */
export interface Pessoa {
  id: string;
  /** Name, e-mail, CPF, phone and address, as stored and as printed: sought in free text ('texto'). */
  identificadores: string[];
  /** The e-mail addresses and phones messages were sent to (the outbox's `destino`). */
  enderecos: string[];
  /** The e-mail addresses, as the sign-in counters key them. */
  emails: string[];
}

/**
 * What anonymising a person does to one column of the rows that are theirs:
 * - `nulo`: emptied;
 * - `marca`: replaced whole by `[anonimizado]` (the person's own words, a subject line);
 * - `texto`: only the person's identifiers inside it are replaced (free text the school wrote about them);
 * - `valor`: replaced by a value computed from the row (a name that keeps the matrícula);
 * - `mantido`: kept, with the reason (the law, or a record that proves something).
 */
export type Destino = 'nulo' | 'marca' | 'texto' | { valor: (pessoa: Pessoa) => SQL } | { mantido: string };

/** For each kind of person whose data a table holds: which of its rows are that person's, by reference. */
export type Linhas = Partial<Record<Titular, (pessoa: Pessoa) => SQL>>;

/**
 * One table's personal columns and what anonymisation does with them: never touched (`mantido`), the
 * person's rows deleted (`apagar`), or column by column in the person's rows (`de`).
 */
export type Dado =
  | { tabela: PgTable; colunas: PgColumn[]; mantido: string }
  | { tabela: PgTable; colunas: PgColumn[]; apagar: Linhas }
  | {
      tabela: PgTable;
      /** A column's destiny, or one per kind of person (a kind not named keeps the column). */
      colunas: [PgColumn, Destino | Partial<Record<Titular, Destino>>][];
      de: Linhas;
    };

interface Treatment {
  categoria: string;
  titulares: string;
  finalidade: string;
  base_legal: string;
  /** The permissions that reach this data (the roles come from src/shared/permissions.ts). */
  acesso: Permission[];
  retencao: Retention;
  /**
   * The personal columns of each table, as Drizzle columns (a renamed or removed column follows), with
   * what anonymising a person does to them: this list is what anonymise.service.ts carries out.
   */
  dados: Dado[];
}

/** The same person's rows: a student by id; a guardian's children through student_guardians. */
const alunosDe = {
  aluno: (pessoa: Pessoa) => sql`(select ${pessoa.id}::uuid)`,
  responsavel: (pessoa: Pessoa) =>
    sql`(select ${studentGuardians.alunoId} from ${studentGuardians} where ${studentGuardians.responsavelId} = ${pessoa.id})`,
};
/** Rows keyed by a student: the student's own, and (for a guardian) their children's. */
const porAluno = (column: PgColumn): Linhas => ({
  aluno: (pessoa) => sql`${column} in ${alunosDe.aluno(pessoa)}`,
  responsavel: (pessoa) => sql`${column} in ${alunosDe.responsavel(pessoa)}`,
});
const porId = (column: PgColumn) => (pessoa: Pessoa) => eq(column, pessoa.id);
const emAlgum = (column: PgColumn, values: string[]) =>
  values.length > 0 ? inArray(column, values) : sql`false`;
/** The conversations a person is part of: about the student, or held by the guardian's account. */
const conversasDe = {
  aluno: (pessoa: Pessoa) =>
    sql`(select ${conversas.id} from ${conversas} where ${conversas.alunoId} = ${pessoa.id})`,
  usuario: (pessoa: Pessoa) =>
    sql`(select ${conversas.id} from ${conversas} where ${conversas.responsavelUsuarioId} = ${pessoa.id})`,
};
/** A bell notice points at what it is about by id in its link (a child's card, a conversation). */
const linkAponta = (ids: SQL) =>
  sql`${notificacoes.link} is not null and exists (select 1 from ${ids} as alvo(id) where position(alvo.id::text in ${notificacoes.link}) > 0)`;
/** A sign-in counter or request limit is keyed by the e-mail it counts. */
const chaveCom = (column: PgColumn) => (pessoa: Pessoa) =>
  pessoa.emails.length > 0
    ? or(...pessoa.emails.map((email) => sql`position(${email} in ${column}) > 0`))!
    : sql`false`;

/** The transactions of the payments of the given students' tuition (the cash book names the child). */
const transacoesDe = (alunos: SQL) =>
  sql`${transacoes.pagamentoId} in (select ${pagamentos.id} from ${pagamentos} join ${mensalidades} on ${mensalidades.id} = ${pagamentos.mensalidadeId} where ${mensalidades.alunoId} in ${alunos})`;

export const ANONYMOUS_GUARDIAN = 'Responsável anonimizado';
export const ANONYMOUS_USER = 'Usuário anonimizado';

const STAFF = 'Nome de quem da equipe fez o registro: prestação de contas da escola, não dado da família.';
const ACADEMIC =
  'Vida escolar: a escola guarda para emitir o histórico a qualquer tempo (LDB, art. 24, VII).';
const ISSUED =
  'Documento emitido é imutável: o que foi entregue continua verificável como foi emitido (a página pública mostra só as iniciais).';
const AUDIT =
  'A trilha de auditoria não é reescrita: os detalhes e o IP de cada entrada são apagados ao fim do prazo de retenção da auditoria.';

/**
 * The classification of every personal column in the schema (LGPD art. 37), and what anonymisation does
 * to each. A test walks every Drizzle table and fails when a table is neither here nor in
 * NON_PERSONAL_TABLES, or when a column that looks personal (an identifier, an IP, an author's name, a
 * reference to a person) is not classified. Anonymising a person reaches only the rows listed here as
 * theirs (by id, never by searching values across the database): configuration, catalogues, issued
 * documents and the audit trail are never touched.
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
      {
        tabela: students,
        de: { aluno: porId(students.id), responsavel: porAluno(students.id).responsavel! },
        colunas: [
          [
            students.nome,
            {
              aluno: {
                valor: () =>
                  sql`${`${ANONYMOUS_STUDENT_PREFIX} (matrícula `} || ${students.matricula} || ')'`,
              },
            },
          ],
          // The year stays (the histórico's age/series context); day and month identify the child.
          [
            students.dataNascimento,
            {
              aluno: {
                valor: () => sql`make_date(extract(year from ${students.dataNascimento})::int, 1, 1)`,
              },
            },
          ],
          [
            students.matricula,
            { mantido: 'Liga a vida escolar guardada ao aluno anonimizado (histórico escolar).' },
          ],
          [students.email, { aluno: 'nulo' }],
          [students.telefone, { aluno: 'nulo' }],
          [students.endereco, { aluno: 'nulo' }],
          [students.cpf, { aluno: 'nulo' }],
          // A guardian's name or phone in their child's notes goes with the guardian.
          [students.observacoes, { aluno: 'nulo', responsavel: 'texto' }],
        ],
      },
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
      {
        tabela: guardians,
        de: {
          responsavel: porId(guardians.id),
          // A child's name in their guardians' notes goes with the child.
          aluno: (pessoa) =>
            sql`${guardians.id} in (select ${studentGuardians.responsavelId} from ${studentGuardians} where ${studentGuardians.alunoId} = ${pessoa.id})`,
        },
        colunas: [
          [guardians.nome, { responsavel: { valor: () => sql`${ANONYMOUS_GUARDIAN}` } }],
          [guardians.email, { responsavel: 'nulo' }],
          // Required by the schema: emptied rather than nulled.
          [guardians.telefone, { responsavel: { valor: () => sql`''` } }],
          [guardians.cpf, { responsavel: 'nulo' }],
          [guardians.endereco, { responsavel: 'nulo' }],
          [guardians.observacoes, { responsavel: 'nulo', aluno: 'texto' }],
          [guardians.usuarioId, { responsavel: 'nulo' }],
        ],
      },
      {
        tabela: studentGuardians,
        colunas: [studentGuardians.alunoId, studentGuardians.responsavelId, studentGuardians.parentesco],
        mantido: 'O vínculo liga registros já anonimizados; o parentesco sozinho não identifica ninguém.',
      },
      {
        tabela: guardianEmailChanges,
        colunas: [guardianEmailChanges.responsavelId, guardianEmailChanges.novoEmail],
        apagar: { responsavel: porId(guardianEmailChanges.responsavelId) },
      },
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
      {
        tabela: users,
        de: { usuario: porId(users.id) },
        colunas: [
          [
            users.nome,
            {
              valor: () =>
                sql`case when ${users.nivel} = 'responsavel' then ${ANONYMOUS_GUARDIAN} else ${ANONYMOUS_USER} end`,
            },
          ],
          // Unique and required: an address no one can receive at.
          [users.email, { valor: () => sql`'anonimizado-' || ${users.id}::text || '@anonimizado.invalid'` }],
          [users.telefone, 'nulo'],
          [users.endereco, 'nulo'],
          [users.dataNascimento, 'nulo'],
          // Not a hash any password can match: the account can never sign in again.
          [
            users.passwordHash,
            { valor: () => sql`'anonimizado:' || md5(random()::text || clock_timestamp()::text)` },
          ],
          [users.ultimoLogin, 'nulo'],
        ],
      },
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
      {
        tabela: teachers,
        colunas: [
          teachers.nome,
          teachers.email,
          teachers.telefone,
          teachers.disciplinas,
          teachers.dataContratacao,
          teachers.usuarioId,
        ],
        mantido:
          'Cadastro funcional: segue o contrato de trabalho, fora da anonimização de alunos e famílias.',
      },
      { tabela: classes, colunas: [classes.professorResponsavelId], mantido: STAFF },
      { tabela: classSubjects, colunas: [classSubjects.professorId], mantido: STAFF },
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
      {
        tabela: sessions,
        colunas: [sessions.userId, sessions.ip, sessions.userAgent],
        apagar: { usuario: porId(sessions.userId) },
      },
      {
        tabela: knownDevices,
        colunas: [knownDevices.userId, knownDevices.deviceHash],
        apagar: { usuario: porId(knownDevices.userId) },
      },
      {
        tabela: signInFingerprints,
        colunas: [signInFingerprints.userId, signInFingerprints.fingerprint],
        apagar: { usuario: porId(signInFingerprints.userId) },
      },
      {
        tabela: passwordResets,
        colunas: [passwordResets.userId],
        apagar: { usuario: porId(passwordResets.userId) },
      },
      {
        tabela: loginThrottle,
        colunas: [loginThrottle.key],
        apagar: { usuario: chaveCom(loginThrottle.key) },
      },
      {
        tabela: rateLimitHits,
        colunas: [rateLimitHits.key],
        apagar: { usuario: chaveCom(rateLimitHits.key) },
      },
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
      { tabela: classMemberships, colunas: [classMemberships.alunoId], mantido: ACADEMIC },
      {
        tabela: attendanceAbsences,
        de: porAluno(attendanceAbsences.alunoId),
        colunas: [
          [attendanceAbsences.alunoId, { mantido: ACADEMIC }],
          // The family's words (often about health): the absence and whether it was excused stay.
          [attendanceAbsences.justificativa, { aluno: 'nulo', responsavel: 'texto' }],
          [attendanceAbsences.abonoMotivo, 'texto'],
          [attendanceAbsences.abonadaPorNome, { mantido: STAFF }],
        ],
      },
      {
        tabela: attendanceRolls,
        colunas: [attendanceRolls.registradoPor, attendanceRolls.registradoPorNome],
        mantido: STAFF,
      },
      {
        tabela: rectificationRequests,
        colunas: [
          rectificationRequests.alunoId,
          rectificationRequests.solicitadoPorId,
          rectificationRequests.solicitadoPorNome,
          rectificationRequests.decididoPorId,
          rectificationRequests.decididoPorNome,
        ],
        mantido: ACADEMIC,
      },
      { tabela: grades, colunas: [grades.alunoId], mantido: ACADEMIC },
      {
        tabela: gradeChanges,
        de: {
          aluno: (pessoa) =>
            sql`${gradeChanges.notaId} in (select ${grades.id} from ${grades} where ${grades.alunoId} in ${alunosDe.aluno(pessoa)})`,
        },
        colunas: [
          [gradeChanges.porId, { mantido: STAFF }],
          [gradeChanges.porNome, { mantido: STAFF }],
          [gradeChanges.motivo, 'texto'],
        ],
      },
      {
        tabela: councilDecisions,
        colunas: [councilDecisions.alunoId, councilDecisions.porId, councilDecisions.porNome],
        mantido: ACADEMIC,
      },
      { tabela: periodStates, colunas: [periodStates.alteradoPorNome], mantido: STAFF },
      { tabela: yearClosures, colunas: [yearClosures.encerradoPorNome], mantido: STAFF },
      {
        tabela: priorSchoolYears,
        de: { aluno: porAluno(priorSchoolYears.alunoId).aluno! },
        colunas: [
          [priorSchoolYears.alunoId, { mantido: ACADEMIC }],
          [priorSchoolYears.escola, { mantido: ACADEMIC }],
          [priorSchoolYears.observacoes, 'texto'],
        ],
      },
      {
        tabela: schoolDocuments,
        colunas: [
          schoolDocuments.alunoId,
          schoolDocuments.iniciais,
          schoolDocuments.conteudo,
          schoolDocuments.emitidoPor,
          schoolDocuments.emitidoPorNome,
          schoolDocuments.revogadoPorNome,
        ],
        mantido: ISSUED,
      },
      {
        tabela: tutelaryNotifications,
        colunas: [
          tutelaryNotifications.alunoId,
          tutelaryNotifications.emitidaPor,
          tutelaryNotifications.emitidaPorNome,
        ],
        mantido:
          'Aviso obrigatório ao Conselho Tutelar (LDB, art. 12, VIII): prova de que a escola cumpriu o dever.',
      },
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
      {
        tabela: mensalidades,
        de: porAluno(mensalidades.alunoId),
        colunas: [
          [
            mensalidades.alunoId,
            { mantido: 'Registro financeiro: guardado por 5 anos, ligado só à matrícula.' },
          ],
          [mensalidades.motivoDesconto, 'texto'],
          [mensalidades.motivoCancelamento, 'texto'],
        ],
      },
      { tabela: pagamentos, colunas: [pagamentos.registradoPor], mantido: STAFF },
      {
        tabela: transacoes,
        de: {
          aluno: (pessoa) => transacoesDe(alunosDe.aluno(pessoa)),
          responsavel: (pessoa) => transacoesDe(alunosDe.responsavel(pessoa)),
        },
        colunas: [[transacoes.descricao, 'texto']],
      },
      {
        tabela: studentDiscounts,
        de: porAluno(studentDiscounts.alunoId),
        colunas: [
          [
            studentDiscounts.alunoId,
            { mantido: 'Registro financeiro: guardado por 5 anos, ligado só à matrícula.' },
          ],
          [studentDiscounts.motivo, 'texto'],
        ],
      },
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
      {
        tabela: comunicados,
        colunas: [
          comunicados.autorId,
          comunicados.autorNome,
          comunicados.removidoPor,
          comunicados.removidoPorNome,
        ],
        mantido: 'Só a equipe escreve e remove comunicados: a autoria fica.',
      },
      {
        tabela: comunicadoVersoes,
        colunas: [comunicadoVersoes.autorId, comunicadoVersoes.autorNome],
        mantido: 'Só a equipe escreve comunicados: a autoria de cada versão fica.',
      },
      {
        tabela: comunicadoDestinatarios,
        colunas: [comunicadoDestinatarios.usuarioId, comunicadoDestinatarios.alunoIds],
        mantido:
          'Prova de a quem o comunicado foi entregue e de quem deu ciente, ligada à conta já anonimizada.',
      },
      {
        tabela: comunicadoCientes,
        colunas: [comunicadoCientes.usuarioId],
        mantido: 'Prova de quem deu ciente em qual versão do comunicado, ligada à conta já anonimizada.',
      },
      { tabela: comunicadoAnexos, colunas: [comunicadoAnexos.enviadoPor], mantido: STAFF },
      {
        tabela: conversas,
        de: {
          aluno: porId(conversas.alunoId),
          usuario: porId(conversas.responsavelUsuarioId),
        },
        colunas: [
          [conversas.alunoId, { mantido: 'Liga a conversa (já sem conteúdo) ao registro anonimizado.' }],
          [
            conversas.responsavelUsuarioId,
            { mantido: 'Liga a conversa (já sem conteúdo) à conta anonimizada.' },
          ],
          [conversas.professorId, { mantido: STAFF }],
          [conversas.assunto, 'marca'],
        ],
      },
      {
        // The whole correspondence of the family about the child, the school's replies included.
        tabela: mensagens,
        de: {
          aluno: (pessoa) => sql`${mensagens.conversaId} in ${conversasDe.aluno(pessoa)}`,
          usuario: (pessoa) =>
            or(
              eq(mensagens.autorId, pessoa.id),
              sql`${mensagens.conversaId} in ${conversasDe.usuario(pessoa)}`,
            )!,
        },
        colunas: [
          [mensagens.autorId, { mantido: 'Liga a mensagem (já sem conteúdo) a quem a escreveu.' }],
          [
            mensagens.autorNome,
            {
              usuario: {
                valor: (pessoa) =>
                  sql`case when ${mensagens.autorId} = ${pessoa.id} then (case when ${mensagens.lado} = 'familia' then ${ANONYMOUS_GUARDIAN} else ${ANONYMOUS_USER} end) else ${mensagens.autorNome} end`,
              },
            },
          ],
          [mensagens.texto, 'marca'],
        ],
      },
      {
        tabela: conversaLeituras,
        colunas: [conversaLeituras.usuarioId],
        apagar: { usuario: porId(conversaLeituras.usuarioId) },
      },
      {
        // The person's bell, and anyone's notice that points at the child or the family's conversations.
        tabela: notificacoes,
        colunas: [notificacoes.usuarioId, notificacoes.texto],
        apagar: {
          aluno: (pessoa) =>
            or(linkAponta(sql`(select ${pessoa.id}::uuid)`), linkAponta(conversasDe.aluno(pessoa)))!,
          usuario: (pessoa) =>
            or(eq(notificacoes.usuarioId, pessoa.id), linkAponta(conversasDe.usuario(pessoa)))!,
        },
      },
      {
        tabela: notificacaoPreferencias,
        colunas: [notificacaoPreferencias.usuarioId],
        apagar: { usuario: porId(notificacaoPreferencias.usuarioId) },
      },
    ],
  },
  {
    categoria: 'E-mails e SMS enviados',
    titulares: 'Responsáveis e usuários do portal',
    finalidade: 'Entregar avisos por e-mail e SMS e tentar de novo quando falham.',
    base_legal: 'Execução do contrato educacional (art. 7º, V).',
    acesso: ['settings.manage'],
    retencao: 'entregas',
    dados: [
      {
        tabela: entregas,
        colunas: [entregas.destino, entregas.texto, entregas.usuarioId],
        apagar: {
          aluno: (pessoa) => emAlgum(entregas.destino, pessoa.enderecos),
          responsavel: (pessoa) => emAlgum(entregas.destino, pessoa.enderecos),
          usuario: (pessoa) =>
            or(eq(entregas.usuarioId, pessoa.id), emAlgum(entregas.destino, pessoa.enderecos))!,
        },
      },
    ],
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
      {
        tabela: consents,
        de: {
          aluno: porId(consents.alunoId),
          responsavel: porId(consents.responsavelId),
          usuario: porId(consents.usuarioId),
        },
        colunas: [
          [consents.alunoId, { mantido: 'Prova do consentimento (LGPD, art. 8º, § 2º).' }],
          [consents.responsavelId, { mantido: 'Prova do consentimento (LGPD, art. 8º, § 2º).' }],
          [consents.usuarioId, { mantido: 'Prova do consentimento (LGPD, art. 8º, § 2º).' }],
          [consents.ip, 'nulo'],
        ],
      },
      {
        tabela: privacyAcceptances,
        de: { usuario: porId(privacyAcceptances.usuarioId) },
        colunas: [
          [privacyAcceptances.usuarioId, { mantido: 'Prova do aceite do aviso de privacidade.' }],
          [privacyAcceptances.ip, 'nulo'],
        ],
      },
      {
        tabela: dataRequests,
        de: {
          aluno: porId(dataRequests.alunoId),
          responsavel: porId(dataRequests.responsavelId),
          usuario: porId(dataRequests.usuarioId),
        },
        colunas: [
          [dataRequests.usuarioId, { mantido: 'Prova do pedido e da resposta (LGPD, art. 37).' }],
          [dataRequests.responsavelId, { mantido: 'Prova do pedido e da resposta (LGPD, art. 37).' }],
          [dataRequests.alunoId, { mantido: 'Prova do pedido e da resposta (LGPD, art. 37).' }],
          [dataRequests.descricao, 'texto'],
          [dataRequests.resposta, 'texto'],
          [dataRequests.respondidoPor, { mantido: STAFF }],
        ],
      },
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
      {
        tabela: mediaStudents,
        colunas: [mediaStudents.alunoId],
        mantido:
          'A marcação impede que a foto volte ao site: com o consentimento encerrado, ela sai do site e não pode ser republicada.',
      },
      { tabela: media, colunas: [media.createdBy], mantido: STAFF },
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
      {
        tabela: auditLog,
        colunas: [auditLog.actorId, auditLog.actorNome, auditLog.ip, auditLog.details],
        mantido: AUDIT,
      },
      {
        tabela: contentSections,
        colunas: [contentSections.updatedBy],
        mantido: 'Configuração do site: nunca alterada pela anonimização.',
      },
      {
        tabela: contentHistory,
        colunas: [contentHistory.savedBy],
        mantido: 'Configuração do site: nunca alterada pela anonimização.',
      },
      {
        tabela: settings,
        colunas: [settings.updatedBy],
        mantido: 'Configuração da escola: nunca alterada pela anonimização.',
      },
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
      {
        tabela: studentAccessLog,
        colunas: [studentAccessLog.alunoId, studentAccessLog.usuarioId, studentAccessLog.usuarioNome],
        mantido:
          'Registro de quem da equipe abriu a ficha (prestação de contas), ligado ao registro anonimizado.',
      },
    ],
  },
  {
    categoria: 'Relatórios exportados',
    titulares: 'Alunos e responsáveis citados no relatório',
    finalidade: 'Entregar ao usuário o arquivo do relatório que pediu.',
    base_legal: 'Execução do contrato educacional (art. 7º, V).',
    acesso: ['reports.read'],
    retencao: 'exportacao',
    dados: [
      {
        tabela: reportExports,
        colunas: [reportExports.usuarioId, reportExports.filtros, reportExports.arquivo],
        apagar: { usuario: porId(reportExports.usuarioId) },
      },
    ],
  },
  {
    categoria: 'Tarefas internas em andamento',
    titulares: 'Usuários do portal (por exemplo, o e-mail de um link de senha a enviar)',
    finalidade: 'Fazer depois da resposta o trabalho que não pode atrasá-la.',
    base_legal: 'Execução do contrato (art. 7º, V).',
    acesso: [],
    retencao: 'fila',
    dados: [
      { tabela: jobs, colunas: [jobs.payload], mantido: 'Apagado quando a tarefa termina (em segundos).' },
    ],
  },
];

/** A table's personal columns, whatever anonymisation does with them. */
export function columnsOf(dado: Dado): PgColumn[] {
  return 'de' in dado ? dado.colunas.map(([column]) => column) : dado.colunas;
}

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
      dados: treatment.dados.map((dado) => ({
        tabela: getTableConfig(dado.tabela).name,
        colunas: columnsOf(dado).map((column) => labelOf(column.name)),
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
