/**
 * The register's entries on people and their access: students, guardians, portal accounts, teachers,
 * sessions and devices (LGPD art. 37).
 */
import { sql } from 'drizzle-orm';
import { ANONYMOUS_STUDENT_PREFIX } from '../../../shared/anonymise.schemas.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import {
  knownDevices,
  loginThrottle,
  passwordResets,
  sessions,
  signInFingerprints,
} from '../../db/schema/auth.js';
import { classes } from '../../db/schema/classes.js';
import { rateLimitHits } from '../../db/schema/rate-limit.js';
import { idempotencyKeys } from '../../db/schema/idempotencia.js';
import { guardianEmailChanges, guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { users } from '../../db/schema/users.js';
import { userPerfis } from '../../db/schema/perfis.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';
import {
  ANONYMOUS_GUARDIAN,
  ANONYMOUS_USER,
  STAFF,
  type Treatment,
  chaveCom,
  porAluno,
  porId,
} from './processing-register.model.js';

export const TREATMENTS_PEOPLE: Treatment[] = [
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
          // The address in parts (ADR 0058) goes with the line.
          [guardians.cep, { responsavel: 'nulo' }],
          [guardians.logradouro, { responsavel: 'nulo' }],
          [guardians.numero, { responsavel: 'nulo' }],
          [guardians.complemento, { responsavel: 'nulo' }],
          [guardians.bairro, { responsavel: 'nulo' }],
          [guardians.cidade, { responsavel: 'nulo' }],
          [guardians.uf, { responsavel: 'nulo' }],
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
      {
        tabela: userPerfis,
        colunas: [userPerfis.usuarioId],
        mantido:
          'Perfis de acesso que a conta teve: prova de quem podia fazer o quê (art. 37), sem dado além da conta.',
      },
      {
        // A student's own account (ADR 0029): the account itself is the `users` row above; this row is the
        // proof of the guardian's consent that allowed it (art. 14, §1º), which the school must be able to show.
        tabela: studentAccounts,
        colunas: [
          studentAccounts.alunoId,
          studentAccounts.usuarioId,
          studentAccounts.consentimentoResponsavelId,
          studentAccounts.consentimentoResponsavelNome,
          studentAccounts.registradoPorId,
          studentAccounts.registradoPorNome,
          studentAccounts.desativacaoPedidaPorNome,
        ],
        mantido:
          'Prova do consentimento do responsável para a conta do aluno (art. 8º, §2º; art. 14, §1º): quem consentiu, como e quando, e quem registrou.',
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
          teachers.cpf,
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
        // The answers of saves sent from a device's queue, kept 7 days so a retry never writes twice (ADR 0053).
        tabela: idempotencyKeys,
        colunas: [idempotencyKeys.usuarioId, idempotencyKeys.resposta],
        apagar: { usuario: porId(idempotencyKeys.usuarioId) },
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
];
