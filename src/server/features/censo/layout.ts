/**
 * The Educacenso file layout as data (issue 37, ADR 0059). A year's layout is a table of fields per
 * record type; a new census year is a new table (layouts/<ano>/), not new code. Each record's sources
 * (escola.fonte, pessoas.fonte, turmas.fonte, situacao.fonte) produce `Linha`s — a record type, the
 * entity it describes and its values by field key — and one writer (arquivo.ts) turns them into the
 * pipe-separated ISO-8859-1 lines and checks every value against its field (required, list, size, form):
 * the generic half of the pending list.
 */
import type { EntidadeCenso, Pendencia } from '../../../shared/censo.schemas.js';
import type { DbOrTx } from '../../db/client.js';

export const tiposRegistro = ['00', '10', '20', '30', '40', '50', '60', '89', '90', '91'] as const;
export type TipoRegistro = (typeof tiposRegistro)[number];

/**
 * How a value is written and checked:
 * - `fixo`: the field's `valor` (the record type);
 * - `texto`: upper case; `semAcentos` (the default for names and addresses) strips accents and keeps
 *   INEP's allowed characters; `tamanho` is the maximum;
 * - `numero`: digits only (`tamanho` the maximum count); `inteiro`: a number ≥ 0;
 * - `data`: an ISO date written DD/MM/AAAA;
 * - `indicador`: a boolean written 0/1;
 * - `codigo`: one of `codigos`;
 * - `cpf` / `cnpj`: digits with a valid check digit.
 */
export type FormatoCampo =
  'fixo' | 'texto' | 'numero' | 'inteiro' | 'data' | 'indicador' | 'codigo' | 'cpf' | 'cnpj';

/** When a field is required: always, or when another field of the line has one of some values. */
export type Obrigatoriedade = boolean | { quando: string; em: readonly (string | boolean | number)[] };

export interface Campo {
  /** 1-based position in the record (checked by a test against the table's order). */
  n: number;
  /** The key the sources fill (several records may share a key's meaning). */
  chave: string;
  /** INEP's name of the field (the pending list's 'campo' when no screen label is given). */
  descricao: string;
  formato: FormatoCampo;
  tamanho?: number;
  obrigatorio?: Obrigatoriedade;
  codigos?: readonly string[];
  /** `fixo`: the value. */
  valor?: string;
  /** `texto`: keep accents (e-mails, free text INEP accepts as is). Default: strip. */
  comAcentos?: boolean;
  /** Record 10: the group the Configurações → Censo screen shows the field in. */
  grupo?: string;
  /** Record 10: an exclusive item of its group ('Não há…', 'Nenhum…'). */
  exclusivo?: boolean;
  /**
   * Record 10 (added by part 1): the question inside the group (default: the group). An exclusive item
   * excludes the others of its conjunto; a conjunto of several required indicators needs one checked.
   */
  conjunto?: string;
  /**
   * Added by part 1: the field is written only when another field has one of some values (left empty
   * otherwise, as INEP demands). A conditional `obrigatorio` implies the same condition.
   */
  somenteQuando?: { quando: string; em: readonly (string | boolean | number)[] };
}

export type Valor = string | number | boolean | null | undefined;

/** One line of a file before writing: which record, about whom, and its values by key. */
export interface Linha {
  tipo: TipoRegistro;
  entidade: EntidadeCenso;
  entidadeId: string | null;
  /** Whom the pending list names. */
  nome: string;
  /** The screen that fixes this line's fields (portal path). */
  link: string;
  /** Labels of the screen's fields by key, where they differ from INEP's descriptions. */
  rotulos?: Readonly<Record<string, string>>;
  valores: Readonly<Record<string, Valor>>;
}

export interface LayoutAno {
  ano: number;
  registros: Readonly<Record<TipoRegistro, readonly Campo[]>>;
}

/** What every source receives. */
export interface CensoContexto {
  db: DbOrTx;
  ano: number;
  /** The last Wednesday of May (ISO). */
  dataReferencia: string;
  layout: LayoutAno;
  /** Today (ISO), for checks that depend on it. */
  hoje: string;
}

/** A source of lines and of the checks only it can make (across records, against the product's rules). */
export interface FonteCenso {
  linhas(ctx: CensoContexto): Promise<Linha[]>;
  /** Semantic checks the layout cannot express (birth date for the etapa, two classes, formation…). */
  pendencias(ctx: CensoContexto): Promise<Pendencia[]>;
  /**
   * Issue 38 (fluxo.ts): the same lines of one record type, a chunk at a time, in the order `linhas`
   * gives them — so a school of 50,000 is never held whole. Without it the stream takes `linhas` once.
   * A chunk may make its lines as it is iterated, once (each written and dropped before the next is made).
   */
  lotes?(ctx: CensoContexto, tipo: TipoRegistro): AsyncIterable<Iterable<Linha>>;
  /** With `lotes`: the record types the source writes (the others are skipped without a query). */
  tipos?: readonly TipoRegistro[];
  /** Issue 38: the same list as `pendencias`, in the same order, a chunk at a time. */
  pendenciasEmLotes?(ctx: CensoContexto): AsyncIterable<readonly Pendencia[]>;
  /** With `lotes`: about how many lines it will give (the progress bar's total). */
  estimativa?(ctx: CensoContexto): Promise<number>;
}

export const semFonte: FonteCenso = {
  linhas: () => Promise.resolve([]),
  pendencias: () => Promise.resolve([]),
};
