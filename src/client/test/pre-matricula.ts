/**
 * A pré-matrícula as the family's form and the secretaria's panel receive it, for their tests: Lucas's
 * new enrolment at Escola Girassol, with Mariana, his financial guardian, as the link brings her.
 */
import {
  DOCUMENTOS_EXIGIDOS_PADRAO,
  type MatriculaOnlineView,
  type PlanoOferta,
} from '../../shared/pre-matricula.schemas';

type Endereco = MatriculaOnlineView['dados']['endereco'];

/** The address the family has not filled in yet. */
export const ENDERECO_VAZIO: Endereco = {
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: '',
};

/** A complete address: Praça da Sé, 100 - Apto 4 - Sé - São Paulo/SP - CEP 01001-000. */
export const ENDERECO_SE: Endereco = {
  cep: '01001000',
  logradouro: 'Praça da Sé',
  numero: '100',
  complemento: 'Apto 4',
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'SP',
};

/** The 'Mensal' plan `id`: 12× de R$ 1.500,00, a taxa de matrícula of R$ 800,00 (R$ 18.800,00 a year). */
export const planoMensal = (id: string): PlanoOferta => ({
  id,
  nome: 'Mensal',
  parcelas: 12,
  valor_parcela_centavos: 150_000,
  taxa_matricula_centavos: 80_000,
  primeira_parcela_centavos: 150_000,
  total_centavos: 1_880_000,
  valor_anual_centavos: 1_800_000,
});

/** Mariana Souza, the financial guardian, as the school's invitation knew her (no CPF, no parentesco). */
export const MARIANA = {
  nome: 'Mariana Souza',
  email: 'mariana@familia.test',
  telefone: '11987654321',
  financeiro: true,
};

/** Lucas, the student, as the school's invitation knew him. */
export const LUCAS = { nome: 'Lucas Souza', data_nascimento: '2020-04-02' };

/**
 * The form's view of a draft nobody has filled in yet: Lucas and Mariana, no address, the school's
 * default documents, no plans; `fields` over it, and `dados` over its `dados`.
 */
export const preMatriculaView = ({
  dados,
  ...fields
}: Partial<Omit<MatriculaOnlineView, 'dados'>> & {
  dados?: Partial<MatriculaOnlineView['dados']>;
} = {}): MatriculaOnlineView => ({
  escola: 'Escola Girassol',
  aluno_primeiro_nome: 'Lucas',
  serie: '1º ano',
  ano_letivo: 2027,
  tipo: 'nova',
  dados: { aluno: LUCAS, endereco: ENDERECO_VAZIO, responsaveis: [MARIANA], ...dados },
  documentos_exigidos: DOCUMENTOS_EXIGIDOS_PADRAO,
  documentos: [],
  planos: [],
  estado: 'rascunho',
  expira_em: '2026-12-13T15:00:00.000Z',
  enviado_em: null,
  consulta_cep: false,
  documento_max_bytes: 10 * 1024 * 1024,
  aviso_inadimplencia: null,
  ...fields,
});
