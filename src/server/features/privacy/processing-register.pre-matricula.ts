/**
 * The register's entry on the documents families send through the pré-matrícula link (matrícula
 * online, issue 34). The funnel's own rows (interessados, their timeline, the form's draft) are the
 * captação part's entry; these files go with them (deleted in cascade with the family's row).
 */
import { sql } from 'drizzle-orm';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { preMatriculaDocumentos } from '../../db/schema/pre-matriculas.js';
import { alunosDe, type Treatment } from './processing-register.model.js';

const documentosDe = (alunos: ReturnType<typeof alunosDe.aluno>) =>
  sql`${preMatriculaDocumentos.preMatriculaId} in (select ${preMatriculas.id} from ${preMatriculas}
    join ${interessados} on ${interessados.id} = ${preMatriculas.interessadoId}
    where ${interessados.alunoId} in ${alunos})`;

export const TREATMENTS_PRE_MATRICULA: Treatment[] = [
  {
    categoria: 'Documentos da matrícula online',
    titulares: 'Alunos (e candidatos a aluno) e responsáveis',
    finalidade:
      'Conferir os documentos que a escola pede para matricular (certidão de nascimento, histórico escolar, carteira de vacinação), enviados pela família pelo link da pré-matrícula.',
    base_legal:
      'Procedimentos preliminares ao contrato de prestação de serviços educacionais, a pedido da família (art. 7º, V); cumprimento de obrigação legal da escola (art. 7º, II); dados de criança no seu melhor interesse (art. 14).',
    acesso: ['matriculas.manage'],
    retencao: 'vida_escolar',
    dados: [
      {
        tabela: preMatriculaDocumentos,
        colunas: [preMatriculaDocumentos.nome, preMatriculaDocumentos.bytes],
        apagar: {
          aluno: (pessoa) => documentosDe(alunosDe.aluno(pessoa)),
          responsavel: (pessoa) => documentosDe(alunosDe.responsavel(pessoa)),
        },
      },
    ],
  },
];
