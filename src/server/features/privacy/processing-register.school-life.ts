/**
 * The register's entries on school life: classes, attendance, grades and documents, and tuition and
 * payments (LGPD art. 37).
 */
import { pixRecorrencias } from '../../db/schema/pix-recorrencias.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  absenceJustifications,
  attendanceAbsences,
  attendanceRolls,
  classMemberships,
  tutelaryNotifications,
} from '../../db/schema/attendance.js';
import { priorSchoolYears, schoolDocuments } from '../../db/schema/documents.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { cnabOcorrencias, cnabRemessas, cnabRetornos } from '../../db/schema/cnab.js';
import {
  comprovantesPagamento,
  mensalidades,
  pagamentos,
  studentDiscounts,
  transacoes,
} from '../../db/schema/finance.js';
import {
  councilDecisions,
  finalRecoveries,
  gradeChanges,
  grades,
  periodStates,
  rectificationRequests,
  yearClosures,
} from '../../db/schema/grades.js';
import { parecerFotos, pareceres } from '../../db/schema/pareceres.js';
import {
  agendaDias,
  agendaFotos,
  agendaLeituras,
  agendaModelos,
  medicacaoAutorizacoes,
} from '../../db/schema/agenda.js';
import { previousItinerarios, studentItinerarios } from '../../db/schema/curriculum.js';
import { yearEndTasks } from '../../db/schema/year-end-tasks.js';
import {
  ACADEMIC,
  ISSUED,
  STAFF,
  type Treatment,
  alunosDe,
  porAluno,
  transacoesDe,
} from './processing-register.model.js';

/** The agenda days whose exceptions name one of `alunos`. */
const excecoesDe = (alunos: SQL) =>
  sql`exists (select 1 from jsonb_array_elements(${agendaDias.excecoes}) as e(item) where (e.item->>'aluno_id')::uuid in ${alunos})`;
/** The exceptions without those of `alunos`. */
const semExcecoesDe = (alunos: SQL) =>
  sql`(select coalesce(jsonb_agg(e.item), '[]'::jsonb) from jsonb_array_elements(${agendaDias.excecoes}) as e(item) where (e.item->>'aluno_id')::uuid not in ${alunos})`;
/** The photos of the days of every class one of `alunos` has been in. */
const fotosDasTurmasDe = (alunos: SQL) =>
  sql`${agendaFotos.diaId} in (select ${agendaDias.id} from ${agendaDias} where ${agendaDias.turmaId} in (select ${classMemberships.turmaId} from ${classMemberships} where ${classMemberships.alunoId} in ${alunos}))`;

export const TREATMENTS_SCHOOL_LIFE: Treatment[] = [
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
        // A family's justification of an absence, often with a medical certificate (health data, LGPD
        // art. 11): deleted with the child; an abono it led to stays on the absence (above).
        tabela: absenceJustifications,
        colunas: [
          absenceJustifications.alunoId,
          absenceJustifications.motivo,
          absenceJustifications.arquivo,
          absenceJustifications.arquivoNome,
          absenceJustifications.resposta,
          absenceJustifications.enviadaPor,
          absenceJustifications.enviadaPorNome,
          absenceJustifications.respondidaPor,
          absenceJustifications.respondidaPorNome,
        ],
        apagar: porAluno(absenceJustifications.alunoId),
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
      {
        tabela: finalRecoveries,
        colunas: [finalRecoveries.alunoId, finalRecoveries.porId, finalRecoveries.porNome],
        mantido: ACADEMIC,
      },
      {
        // The parecer descritivo (LDB, art. 31): the record of the child's development stays; the text
        // the school wrote about the child loses the child's identifiers.
        tabela: pareceres,
        de: porAluno(pareceres.alunoId),
        colunas: [
          [pareceres.alunoId, { mantido: ACADEMIC }],
          [pareceres.texto, 'texto'],
          [pareceres.campos, 'texto'],
          [pareceres.autorId, { mantido: STAFF }],
          [pareceres.autorNome, { mantido: STAFF }],
          [pareceres.revisorId, { mantido: STAFF }],
          [pareceres.revisorNome, { mantido: STAFF }],
        ],
      },
      {
        // Photos of the child's work attached to a parecer: the child's image, deleted with the child.
        tabela: parecerFotos,
        colunas: [parecerFotos.bytes, parecerFotos.enviadoPor],
        apagar: {
          aluno: (pessoa) =>
            sql`${parecerFotos.parecerId} in (select ${pareceres.id} from ${pareceres} where ${pareceres.alunoId} in ${alunosDe.aluno(pessoa)})`,
          responsavel: (pessoa) =>
            sql`${parecerFotos.parecerId} in (select ${pareceres.id} from ${pareceres} where ${pareceres.alunoId} in ${alunosDe.responsavel(pessoa)})`,
        },
      },
      // The itinerário formativo a student of Ensino Médio chose: part of the histórico.
      { tabela: studentItinerarios, colunas: [studentItinerarios.alunoId], mantido: ACADEMIC },
      // The itinerários a student left during a year: the histórico keeps what they studied there.
      { tabela: previousItinerarios, colunas: [previousItinerarios.alunoId], mantido: ACADEMIC },
      { tabela: periodStates, colunas: [periodStates.alteradoPorNome], mantido: STAFF },
      { tabela: yearClosures, colunas: [yearClosures.encerradoPorNome], mantido: STAFF },
      // Who started a closing or a rematrícula in the background (issue 38), like the closing's own name.
      { tabela: yearEndTasks, colunas: [yearEndTasks.iniciadoPorNome], mantido: STAFF },
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
          [mensalidades.comprovanteRecusa, 'texto'],
          [mensalidades.negociacaoMotivo, 'texto'],
        ],
      },
      { tabela: pagamentos, colunas: [pagamentos.registradoPor], mantido: STAFF },
      {
        // ADR 0112: who paid is what the declaração para o Imposto de Renda lists; anonymising the
        // guardian empties their record (name, CPF), and the payment keeps pointing at it.
        tabela: pagamentos,
        colunas: [pagamentos.pagadorId],
        mantido:
          'Registro financeiro: quem era o responsável financeiro ao pagar, guardado por 5 anos (o cadastro anonimizado fica sem nome nem CPF).',
      },
      {
        // The Pix as the bank reported it (`dados` too) is the school's financial record; the payer's
        // name and message are what a person reads in 'Pix a conciliar'.
        tabela: pixRecebidos,
        de: {
          aluno: (pessoa) =>
            sql`${pixRecebidos.mensalidadeId} in (select ${mensalidades.id} from ${mensalidades} where ${mensalidades.alunoId} in ${alunosDe.aluno(pessoa)})`,
          responsavel: (pessoa) =>
            sql`${pixRecebidos.mensalidadeId} in (select ${mensalidades.id} from ${mensalidades} where ${mensalidades.alunoId} in ${alunosDe.responsavel(pessoa)})`,
        },
        colunas: [
          [pixRecebidos.pagadorNome, 'texto'],
          [pixRecebidos.infoPagador, 'texto'],
        ],
      },
      { tabela: pixRecebidos, colunas: [pixRecebidos.resolvidoPor], mantido: STAFF },
      // The CNAB 240 files exchanged with the bank (issue 36) carry the payer's name, CPF and address in
      // fixed positions: the record of what the school sent and the bank answered, kept as they were.
      {
        tabela: cnabRemessas,
        colunas: [cnabRemessas.conteudo],
        mantido:
          'Arquivo de remessa enviado ao banco (nome, CPF e endereço do pagador): registro financeiro de 5 anos.',
      },
      {
        tabela: cnabRetornos,
        colunas: [cnabRetornos.conteudo],
        mantido: 'Arquivo de retorno do banco (nome e CPF do pagador): registro financeiro de 5 anos.',
      },
      { tabela: cnabRemessas, colunas: [cnabRemessas.geradaPor], mantido: STAFF },
      { tabela: cnabRetornos, colunas: [cnabRetornos.enviadoPor], mantido: STAFF },
      { tabela: cnabOcorrencias, colunas: [cnabOcorrencias.resolvidoPor], mantido: STAFF },
      {
        tabela: comprovantesPagamento,
        colunas: [
          comprovantesPagamento.bytes,
          comprovantesPagamento.enviadoPor,
          comprovantesPagamento.resposta,
          comprovantesPagamento.respondidoPor,
        ],
        apagar: {
          aluno: (pessoa) =>
            sql`${comprovantesPagamento.mensalidadeId} in (select ${mensalidades.id} from ${mensalidades} where ${mensalidades.alunoId} in ${alunosDe.aluno(pessoa)})`,
          responsavel: (pessoa) =>
            sql`${comprovantesPagamento.mensalidadeId} in (select ${mensalidades.id} from ${mensalidades} where ${mensalidades.alunoId} in ${alunosDe.responsavel(pessoa)})`,
        },
      },
      {
        tabela: transacoes,
        de: {
          aluno: (pessoa) => transacoesDe(alunosDe.aluno(pessoa)),
          responsavel: (pessoa) => transacoesDe(alunosDe.responsavel(pessoa)),
        },
        colunas: [[transacoes.descricao, 'texto']],
      },
      {
        // Pix Automático (issue 33 §3): a guardian's authorisation of monthly debit; the contract and the
        // QR name no one, the CPF and name went to the PSP only. Deleted with the child or the guardian.
        tabela: pixRecorrencias,
        colunas: [pixRecorrencias.alunoId, pixRecorrencias.responsavelId],
        apagar: {
          aluno: (pessoa) => sql`${pixRecorrencias.alunoId} in ${alunosDe.aluno(pessoa)}`,
          responsavel: (pessoa) => sql`${pixRecorrencias.responsavelId} = ${pessoa.id}`,
        },
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
    categoria: 'Agenda diária da Educação Infantil e dos primeiros anos',
    titulares: 'Alunos e responsáveis',
    finalidade:
      'Contar à família o dia da criança (alimentação, sono, higiene, humor, recados, o que trazer) e dar remédio só com a autorização da família.',
    base_legal:
      'Execução do contrato de prestação de serviços educacionais (art. 7º, V); a medicação, tutela da saúde (art. 11, II, f); a foto do dia, o consentimento de imagem (art. 14, § 1º).',
    acesso: ['academics.read', 'academics.write', 'academics.manage', 'privacy.self'],
    retencao: 'comunicacao',
    dados: [
      { tabela: agendaModelos, colunas: [agendaModelos.atualizadoPor], mantido: STAFF },
      {
        // The class's day: the exceptions name children; anonymising one takes only theirs out.
        tabela: agendaDias,
        de: {
          aluno: (pessoa) => excecoesDe(alunosDe.aluno(pessoa)),
          responsavel: (pessoa) => excecoesDe(alunosDe.responsavel(pessoa)),
        },
        colunas: [
          [
            agendaDias.excecoes,
            {
              aluno: { valor: (pessoa) => semExcecoesDe(alunosDe.aluno(pessoa)) },
              responsavel: { valor: (pessoa) => semExcecoesDe(alunosDe.responsavel(pessoa)) },
            },
          ],
          [agendaDias.autorId, { mantido: STAFF }],
          [agendaDias.autorNome, { mantido: STAFF }],
        ],
      },
      {
        // The day's photo of the class may show any child of it: deleted with any child of the class.
        tabela: agendaFotos,
        colunas: [agendaFotos.bytes, agendaFotos.enviadoPor],
        apagar: {
          aluno: (pessoa) => fotosDasTurmasDe(alunosDe.aluno(pessoa)),
          responsavel: (pessoa) => fotosDasTurmasDe(alunosDe.responsavel(pessoa)),
        },
      },
      {
        tabela: agendaLeituras,
        colunas: [agendaLeituras.alunoId, agendaLeituras.usuarioId],
        apagar: porAluno(agendaLeituras.alunoId),
      },
      {
        // Health data (LGPD art. 11): deleted with the child.
        tabela: medicacaoAutorizacoes,
        colunas: [
          medicacaoAutorizacoes.alunoId,
          medicacaoAutorizacoes.medicamento,
          medicacaoAutorizacoes.dose,
          medicacaoAutorizacoes.posologia,
          medicacaoAutorizacoes.responsavelId,
          medicacaoAutorizacoes.registradaPor,
          medicacaoAutorizacoes.registradaPorNome,
        ],
        apagar: porAluno(medicacaoAutorizacoes.alunoId),
      },
    ],
  },
];
