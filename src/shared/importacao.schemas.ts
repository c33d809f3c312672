/**
 * Contracts of 'Importar alunos' (issue 31 §5): the spreadsheet's columns (the template's headers),
 * the limits and the answer of `POST /api/importacao/alunos` (dry run and apply).
 */
import { z } from 'zod';
import { envioEmailStates } from './users.schemas.js';

export const IMPORT_LIMITS = {
  /** Bytes of one uploaded file (CSV or XLSX). */
  maxBytes: 5 * 1024 * 1024,
  /** Data rows of one file (the header not counted). */
  maxRows: 5000,
  /**
   * What an XLSX (a zip) may unpack to: 5,000 rows of a school's widest sheet are a few MB of XML, so
   * 32 MB is several times any real file, and far below what a 'zip bomb' of a few hundred KB unpacks to.
   */
  maxUnpackedBytes: 32 * 1024 * 1024,
} as const;

/** A zip that unpacks to more than `maxUnpackedBytes` (or is no readable zip): refused before it is read. */
export const XLSX_TOO_LARGE_UNPACKED = `A planilha XLSX descompactada passa de ${String(IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024)} MB: salve só a aba com os dados ou envie como CSV.`;
export const XLSX_DAMAGED =
  'Não foi possível ler a planilha XLSX: o arquivo está danificado ou não é do Excel.';

/** A column of a template: the key the server reads, its header and whether the file must have it. */
export interface ImportColumn<K extends string = ImportColumnKey> {
  key: K;
  header: string;
  required: boolean;
  /** Other headers a school's own spreadsheet may use for the same column. */
  aliases: readonly string[];
  /**
   * Headers that are this column's only when the sheet has none of its own and no other column took them
   * (`fieldsOfHeaders`): 'E-mail' alone is the guardian's; beside 'E-mail do responsável', nobody's.
   */
  fallbackAliases?: readonly string[];
  /** What goes in it, for the template's notes. */
  hint: string;
}

export const importColumnKeys = [
  'matricula',
  'nome',
  'data_nascimento',
  'sexo',
  'cpf',
  'email',
  'telefone',
  'endereco',
  'turma',
  'ano_letivo',
  'data_matricula',
  'observacoes',
  'responsavel_nome',
  'responsavel_parentesco',
  'responsavel_cpf',
  'responsavel_telefone',
  'responsavel_email',
  'responsavel_endereco',
  'responsavel_cep',
  'responsavel_logradouro',
  'responsavel_numero',
  'responsavel_complemento',
  'responsavel_bairro',
  'responsavel_cidade',
  'responsavel_uf',
  'responsavel2_nome',
  'responsavel2_parentesco',
  'responsavel2_cpf',
  'responsavel2_telefone',
  'responsavel2_email',
] as const;
export type ImportColumnKey = (typeof importColumnKeys)[number];

export const importColumns: readonly ImportColumn[] = [
  {
    key: 'matricula',
    header: 'Matrícula',
    required: false,
    aliases: ['Nº matrícula', 'Número da matrícula', 'RA'],
    hint: 'Vazia: gerada pelo padrão da escola',
  },
  {
    key: 'nome',
    header: 'Nome do aluno',
    required: true,
    aliases: ['Aluno', 'Nome', 'Nome completo', 'Nome do estudante'],
    hint: 'Nome completo',
  },
  {
    key: 'data_nascimento',
    header: 'Data de nascimento',
    required: true,
    aliases: [
      'Nascimento',
      'Data nascimento',
      'Dt nascimento',
      'Data nasc',
      'Dt nasc',
      'Data de nasc',
      'Nasc',
    ],
    hint: 'dd/mm/aaaa',
  },
  { key: 'sexo', header: 'Sexo', required: false, aliases: [], hint: 'Feminino ou Masculino' },
  { key: 'cpf', header: 'CPF do aluno', required: false, aliases: ['CPF'], hint: 'Com ou sem pontos' },
  {
    key: 'email',
    header: 'E-mail do aluno',
    required: false,
    // A plain 'E-mail' is the family's (`responsavel_email`): few children of a school have one.
    aliases: ['Email do aluno'],
    hint: '',
  },
  {
    key: 'telefone',
    header: 'Telefone do aluno',
    required: false,
    aliases: ['Celular do aluno', 'Fone do aluno'],
    // The student's beside the family's 'Celular'; alone, the family's (`responsavel_telefone`, required).
    fallbackAliases: ['Telefone'],
    hint: '(11) 91234-5678',
  },
  { key: 'endereco', header: 'Endereço do aluno', required: false, aliases: ['Endereço'], hint: '' },
  {
    key: 'turma',
    header: 'Turma',
    required: false,
    aliases: ['Nome da turma', 'Classe'],
    hint: 'O nome da turma como está em Turmas',
  },
  {
    key: 'ano_letivo',
    header: 'Ano letivo',
    required: false,
    aliases: ['Ano'],
    hint: 'O ano letivo da turma, ex.: 2026',
  },
  {
    key: 'data_matricula',
    header: 'Data da matrícula',
    required: false,
    aliases: ['Data de matrícula', 'Matriculado em'],
    hint: 'Vazia: hoje',
  },
  { key: 'observacoes', header: 'Observações', required: false, aliases: ['Obs'], hint: '' },
  {
    key: 'responsavel_nome',
    header: 'Nome do responsável',
    required: true,
    aliases: ['Responsável', 'Nome responsável', 'Nome resp.', 'Resp.'],
    hint: 'O responsável principal',
  },
  {
    key: 'responsavel_parentesco',
    header: 'Parentesco',
    required: true,
    aliases: ['Parentesco do responsável', 'Grau de parentesco', 'Grau parentesco', 'Parentesco resp.'],
    hint: 'Mãe, Pai, Avó, Avô, Tia, Tio ou Outro',
  },
  {
    key: 'responsavel_cpf',
    header: 'CPF do responsável',
    required: true,
    aliases: ['CPF responsável', 'CPF resp.', 'CPF do resp.'],
    hint: 'Obrigatório para o responsável principal',
  },
  {
    key: 'responsavel_telefone',
    header: 'Telefone do responsável',
    required: true,
    // A school's own sheet usually has the family's mobile as plain 'Celular' (the student's is 'Telefone').
    aliases: [
      'Telefone responsável',
      'Celular do responsável',
      'Celular',
      'Celular resp.',
      'Tel. resp.',
      'Fone resp.',
      'Fone do responsável',
    ],
    fallbackAliases: ['Telefone', 'Fone', 'Tel.', 'Contato'],
    hint: '(11) 91234-5678',
  },
  {
    key: 'responsavel_email',
    header: 'E-mail do responsável',
    required: false,
    aliases: ['Email do responsável', 'Email responsável', 'E-mail resp.', 'Email resp.'],
    fallbackAliases: ['E-mail', 'Email'],
    hint: 'Com e-mail, o responsável recebe acesso ao portal',
  },
  {
    key: 'responsavel_endereco',
    header: 'Endereço do responsável',
    required: false,
    aliases: [],
    hint: 'Em uma linha; com as colunas de CEP a Estado preenchidas, o endereço é montado delas',
  },
  // The payer's address in parts (ADR 0058): what the boleto and the bank's file need. All optional;
  // given, they must make a complete address (complemento aside).
  {
    key: 'responsavel_cep',
    header: 'CEP do responsável',
    required: false,
    aliases: ['CEP'],
    hint: '00000-000',
  },
  {
    key: 'responsavel_logradouro',
    header: 'Rua do responsável',
    required: false,
    aliases: ['Logradouro do responsável', 'Logradouro', 'Rua'],
    hint: 'Rua, avenida, praça...',
  },
  {
    key: 'responsavel_numero',
    header: 'Número do responsável',
    required: false,
    aliases: [],
    hint: 'Ou s/n',
  },
  {
    key: 'responsavel_complemento',
    header: 'Complemento do responsável',
    required: false,
    aliases: ['Complemento'],
    hint: 'Apto, bloco, casa',
  },
  {
    key: 'responsavel_bairro',
    header: 'Bairro do responsável',
    required: false,
    aliases: ['Bairro'],
    hint: '',
  },
  {
    key: 'responsavel_cidade',
    header: 'Cidade do responsável',
    required: false,
    aliases: ['Cidade', 'Município'],
    hint: '',
  },
  {
    key: 'responsavel_uf',
    header: 'Estado do responsável',
    required: false,
    aliases: ['UF do responsável', 'UF', 'Estado'],
    hint: 'Sigla: SP, RJ, MG...',
  },
  {
    key: 'responsavel2_nome',
    header: 'Nome do responsável 2',
    required: false,
    aliases: ['Responsável 2', 'Segundo responsável', 'Nome do segundo responsável'],
    hint: 'Opcional: outro responsável do aluno',
  },
  {
    key: 'responsavel2_parentesco',
    header: 'Parentesco do responsável 2',
    required: false,
    aliases: ['Parentesco 2'],
    hint: 'Mãe, Pai, Avó, Avô, Tia, Tio ou Outro',
  },
  {
    key: 'responsavel2_cpf',
    header: 'CPF do responsável 2',
    required: false,
    aliases: ['CPF 2'],
    hint: 'Com CPF, a mesma pessoa não é cadastrada duas vezes',
  },
  {
    key: 'responsavel2_telefone',
    header: 'Telefone do responsável 2',
    required: false,
    aliases: ['Celular do responsável 2', 'Telefone 2'],
    hint: '(11) 91234-5678',
  },
  {
    key: 'responsavel2_email',
    header: 'E-mail do responsável 2',
    required: false,
    aliases: ['Email do responsável 2', 'E-mail 2'],
    hint: 'Com e-mail, recebe acesso ao portal',
  },
];

/**
 * `?simular=1` asks for the dry run: nothing is written. `progresso` (an id the screen makes up) names
 * the apply whose progress `GET /api/importacao/progresso/:id` reports (ADR 0030).
 */
export const importQuerySchema = z.strictObject({
  simular: z
    .enum(['1', '0', 'true', 'false'], { error: 'Use simular=1 para a simulação' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
  progresso: z.uuid({ error: 'Identificador de progresso inválido' }).optional(),
});

export const importActions = ['criar', 'atualizar', 'sem_alteracao', 'recusar'] as const;
export type ImportAction = (typeof importActions)[number];
export const importActionLabels: Record<ImportAction, string> = {
  criar: 'Criar',
  atualizar: 'Atualizar',
  sem_alteracao: 'Sem alteração',
  recusar: 'Recusar',
};

export const importRowSchema = z.object({
  /** The row of the spreadsheet (the header is line 1). */
  linha: z.number().int(),
  /** The row's name: the student's (or, importing teachers or classes, the teacher's or the class's). */
  aluno: z.string(),
  /** The row's key shown beside the name: the matrícula (a teacher's e-mail, a class's ano letivo). */
  matricula: z.string().nullable(),
  acao: z.enum(importActions),
  motivo: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * The contract's `{ criar, atualizar, recusar }` (counts, and the refused rows with their reason), plus
 * what the screen shows: the unchanged rows' count, every row's action, and whether it was applied.
 */
export const importResultSchema = z.object({
  criar: z.number().int(),
  atualizar: z.number().int(),
  sem_alteracao: z.number().int(),
  recusar: z.array(z.object({ linha: z.number().int(), motivo: z.string() })),
  linhas: z.array(importRowSchema),
  simulacao: z.boolean(),
  /** New portal accounts (guardians'); in the dry run, the ones the import would create. */
  contas_criadas: z.number().int(),
  /**
   * Each new account and what became of the e-mail with its provisional password (see EnvioEmail).
   * `senha` only where the mail reached nobody ('caixa_de_saida': no SMTP_URL; 'falhou'): the
   * secretaria hands it over, as after creating one account elsewhere.
   */
  contas: z.array(
    z.object({
      nome: z.string(),
      email: z.string(),
      envio_email: z.enum(envioEmailStates),
      senha: z.string().optional(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportAccount = ImportResult['contas'][number];

export const templateQuerySchema = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: use csv ou xlsx' }).default('csv'),
});
