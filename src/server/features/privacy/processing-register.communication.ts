/**
 * The register's entries on communication: notices, messages, bell notices, and the e-mails and SMS
 * sent (LGPD art. 37).
 */
import { eq, or, sql } from 'drizzle-orm';
import {
  comunicadoAnexos,
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicadoEnvios,
  comunicados,
  comunicadoVersoes,
} from '../../db/schema/comunicados.js';
import { conversaLeituras, conversas, mensagens } from '../../db/schema/mensagens.js';
import { entregas, notificacaoPreferencias, notificacoes } from '../../db/schema/notificacoes.js';
import { pushAssinaturas } from '../../db/schema/push.js';
import {
  ANONYMOUS_GUARDIAN,
  ANONYMOUS_USER,
  STAFF,
  type Treatment,
  conversasDe,
  emAlgum,
  linkAponta,
  porId,
} from './processing-register.model.js';

export const TREATMENTS_COMMUNICATION: Treatment[] = [
  {
    categoria: 'Comunicados, mensagens e notificações',
    titulares: 'Responsáveis, alunos e professores',
    finalidade: 'Comunicação entre a escola e as famílias.',
    base_legal: 'Execução do contrato educacional (art. 7º, V).',
    acesso: [
      'comunicados.escola',
      'comunicados.turmas',
      'mensagens.iniciar',
      'dashboard.read',
      'privacy.self',
    ],
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
        // A fan-out still to be done (minutes): the row is deleted when the bells and e-mails are written.
        tabela: comunicadoEnvios,
        de: { usuario: (pessoa) => sql`${pessoa.id}::uuid = any(${comunicadoEnvios.usuarioIds})` },
        colunas: [
          [
            comunicadoEnvios.usuarioIds,
            {
              usuario: {
                valor: (pessoa) => sql`array_remove(${comunicadoEnvios.usuarioIds}, ${pessoa.id}::uuid)`,
              },
            },
          ],
        ],
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
    // Web Push (issue 35): the browser's address at its push service and the keys to encrypt to it.
    categoria: 'Notificações no aparelho (Web Push)',
    titulares: 'Usuários do portal que ativaram as notificações no aparelho',
    finalidade:
      'Avisar no celular ou computador que há algo novo no portal (só um título genérico e o link).',
    base_legal: 'Consentimento do usuário, dado ao ativar e retirado ao desativar (art. 7º, I).',
    acesso: ['settings.manage'],
    retencao: 'conta',
    dados: [
      {
        tabela: pushAssinaturas,
        colunas: [pushAssinaturas.usuarioId, pushAssinaturas.endpoint, pushAssinaturas.aparelho],
        apagar: { usuario: porId(pushAssinaturas.usuarioId) },
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
];
