/**
 * The register's entries on consent and accountability: consents and LGPD requests, students' images,
 * the audit trail, access to student records, exported reports and internal jobs (LGPD art. 37).
 */
import { auditLog } from '../../db/schema/audit.js';
import { contentHistory, contentSections } from '../../db/schema/content.js';
import { jobs } from '../../db/schema/jobs.js';
import { media } from '../../db/schema/media.js';
import { reportExports } from '../../db/schema/reports.js';
import { settings } from '../../db/schema/settings.js';
import { studentAccessLog } from '../../db/schema/access-log.js';
import { consents, mediaStudents } from '../../db/schema/consent.js';
import { privacyAcceptances } from '../../db/schema/privacy.js';
import { dataRequests } from '../../db/schema/privacy-requests.js';
import { AUDIT, STAFF, type Treatment, porId } from './processing-register.model.js';

export const TREATMENTS_ACCOUNTABILITY: Treatment[] = [
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
    acesso: ['reports.academico', 'reports.secretaria'],
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
