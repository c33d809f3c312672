/**
 * The register's entries on matrícula online (issue 34): families who wrote on the public site or are in
 * the admissions funnel, their timeline and the pré-matrícula form they fill through a link (LGPD art. 37).
 */
import { or, sql } from 'drizzle-orm';
import { interessadoEventos, interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { type Pessoa, type Treatment, alunosDe, emAlgum } from './processing-register.model.js';

/**
 * A family's funnel rows: the student's own (enrolled, or a current student at rematrícula), and for a
 * guardian their children's and any they wrote themselves (matched by the e-mail they sign in with).
 */
const interessadosDe = {
  aluno: (pessoa: Pessoa) => sql`${interessados.alunoId} in ${alunosDe.aluno(pessoa)}`,
  responsavel: (pessoa: Pessoa) =>
    or(
      sql`${interessados.alunoId} in ${alunosDe.responsavel(pessoa)}`,
      emAlgum(interessados.email, pessoa.emails),
    )!,
};
const daFamilia = (pessoa: Pessoa, kind: keyof typeof interessadosDe) =>
  sql`(select ${interessados.id} from ${interessados} where ${interessadosDe[kind](pessoa)})`;

export const TREATMENTS_MATRICULAS: Treatment[] = [
  {
    categoria: 'Captação de matrículas (famílias interessadas e pré-matrícula)',
    titulares: 'Responsáveis e crianças interessados em estudar na escola',
    finalidade:
      'Responder ao pedido de visita ou de matrícula feito no site, acompanhar cada família até a matrícula e preparar o contrato.',
    base_legal:
      'Consentimento específico e em destaque de um dos pais para os dados da criança (art. 14, § 1º) e procedimentos preliminares ao contrato, a pedido do titular (art. 7º, V).',
    acesso: ['matriculas.manage'],
    retencao: 'interessados',
    dados: [
      {
        // The family's timeline: staff's notes and contacts about them, with the author's name.
        tabela: interessadoEventos,
        colunas: [interessadoEventos.texto, interessadoEventos.autorId, interessadoEventos.autorNome],
        apagar: {
          aluno: (pessoa) => sql`${interessadoEventos.interessadoId} in ${daFamilia(pessoa, 'aluno')}`,
          responsavel: (pessoa) =>
            sql`${interessadoEventos.interessadoId} in ${daFamilia(pessoa, 'responsavel')}`,
        },
      },
      {
        tabela: preMatriculas,
        colunas: [preMatriculas.dados, preMatriculas.tokenHash],
        apagar: {
          aluno: (pessoa) => sql`${preMatriculas.interessadoId} in ${daFamilia(pessoa, 'aluno')}`,
          responsavel: (pessoa) => sql`${preMatriculas.interessadoId} in ${daFamilia(pessoa, 'responsavel')}`,
        },
      },
      {
        tabela: interessados,
        colunas: [
          interessados.responsavelNome,
          interessados.email,
          interessados.telefone,
          interessados.alunoNome,
          interessados.alunoNascimento,
          interessados.mensagem,
          interessados.motivoPerda,
          interessados.alunoId,
        ],
        apagar: interessadosDe,
      },
    ],
  },
];
