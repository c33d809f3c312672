/**
 * The register's entry on the Censo Escolar (issue 37, ADR 0059): what INEP asks of each student and
 * school professional (Decreto 6.425/2008), sensitive data included (cor/raça, deficiência: LGPD art. 11).
 */
import { censoAlunos, censoMatriculas, censoProfissionais } from '../../db/schema/censo.js';
import { censoArquivoPartes, censoArquivoTarefas } from '../../db/schema/censo-tarefas.js';
import { porId, type Treatment } from './processing-register.model.js';

export const TREATMENTS_CENSO: Treatment[] = [
  {
    categoria: 'Censo Escolar (INEP)',
    titulares: 'Alunos',
    finalidade:
      'Responder ao Censo Escolar do INEP (Matrícula Inicial e Situação do Aluno) com os dados que ele exige de cada matrícula.',
    base_legal:
      'Obrigação legal (art. 7º, II; Decreto 6.425/2008); dados sensíveis de cor/raça e deficiência para o cumprimento de obrigação legal (art. 11, II, a).',
    acesso: ['censo.manage', 'students.sensitive', 'students.inclusao'],
    retencao: 'vida_escolar',
    dados: [
      {
        tabela: censoAlunos,
        colunas: [
          censoAlunos.alunoId,
          censoAlunos.inepId,
          censoAlunos.filiacao1,
          censoAlunos.filiacao2,
          censoAlunos.certidaoNascimento,
          censoAlunos.cepResidencia,
          censoAlunos.municipioNascimento,
          censoAlunos.municipioResidencia,
        ],
        apagar: { aluno: porId(censoAlunos.alunoId) },
      },
      {
        tabela: censoMatriculas,
        colunas: [censoMatriculas.alunoId],
        apagar: { aluno: porId(censoMatriculas.alunoId) },
      },
    ],
  },
  {
    categoria: 'Censo Escolar (INEP): arquivos montados em segundo plano',
    titulares: 'Alunos e profissionais do arquivo; quem pediu o arquivo',
    finalidade:
      'Montar o arquivo do Censo de uma escola grande sem prender a tela e entregá-lo, com as pendências, a quem o pediu.',
    base_legal: 'Obrigação legal (art. 7º, II; Decreto 6.425/2008).',
    acesso: ['censo.manage'],
    retencao: 'exportacao',
    dados: [
      {
        tabela: censoArquivoTarefas,
        colunas: [
          censoArquivoTarefas.usuarioId,
          censoArquivoTarefas.iniciadoPorNome,
          censoArquivoTarefas.pendencias,
          censoArquivoTarefas.alunoIds,
        ],
        apagar: { usuario: porId(censoArquivoTarefas.usuarioId) },
      },
      {
        tabela: censoArquivoPartes,
        colunas: [censoArquivoPartes.bytes],
        mantido: 'Apagado com a tarefa, um dia depois.',
      },
    ],
  },
  {
    categoria: 'Censo Escolar (INEP): profissionais',
    titulares: 'Professores, gestores e demais profissionais escolares',
    finalidade:
      'Responder ao Censo Escolar com a formação, a função e o vínculo de cada profissional em sala e do gestor.',
    base_legal: 'Obrigação legal (art. 7º, II; Decreto 6.425/2008); deficiência (art. 11, II, a).',
    acesso: ['censo.manage'],
    retencao: 'conta',
    dados: [
      {
        tabela: censoProfissionais,
        colunas: [
          censoProfissionais.professorId,
          censoProfissionais.nome,
          censoProfissionais.cpf,
          censoProfissionais.email,
          censoProfissionais.dataNascimento,
          censoProfissionais.filiacao1,
          censoProfissionais.filiacao2,
          censoProfissionais.inepId,
        ],
        mantido:
          'Cadastro funcional: segue o vínculo de trabalho, fora da anonimização de alunos e famílias.',
      },
    ],
  },
];
