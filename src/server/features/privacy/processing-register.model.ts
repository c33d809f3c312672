/**
 * The register's vocabulary: what an entry says (category, holders, purpose, legal basis, access,
 * retention, personal columns) and how anonymisation finds a person's rows (the selectors the entries use).
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Permission } from '../../../shared/permissions.js';
import { mensalidades, pagamentos, transacoes } from '../../db/schema/finance.js';
import { conversas } from '../../db/schema/mensagens.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { studentGuardians } from '../../db/schema/students.js';

/** How long a kind of data is kept: the text is written from the settings when the register is read. */
export type Retention =
  | 'vida_escolar'
  | 'financeiro'
  | 'responsavel'
  | 'conta'
  | 'tecnico'
  | 'entregas'
  | 'auditoria'
  | 'prova'
  | 'imagem'
  | 'comunicacao'
  | 'exportacao'
  | 'fila'
  | 'interessados';

/** The kinds of person anonymisation works on (a guardian's portal account is a 'usuario' of its own). */
export type Titular = 'aluno' | 'responsavel' | 'usuario';

/** A person being anonymised, read before anything changes. */
export interface Pessoa {
  id: string;
  /** Name, e-mail, CPF, phone and address, as stored and as printed: sought in free text ('texto'). */
  identificadores: string[];
  /** The e-mail addresses and phones messages were sent to (the outbox's `destino`). */
  enderecos: string[];
  /** The e-mail addresses, as the sign-in counters key them. */
  emails: string[];
}

/**
 * What anonymising a person does to one column of the rows that are theirs:
 * - `nulo`: emptied;
 * - `marca`: replaced whole by `[anonimizado]` (the person's own words, a subject line);
 * - `texto`: only the person's identifiers inside it are replaced (free text the school wrote about them);
 * - `valor`: replaced by a value computed from the row (a name that keeps the matrícula);
 * - `mantido`: kept, with the reason (the law, or a record that proves something).
 */
export type Destino = 'nulo' | 'marca' | 'texto' | { valor: (pessoa: Pessoa) => SQL } | { mantido: string };

/** For each kind of person whose data a table holds: which of its rows are that person's, by reference. */
export type Linhas = Partial<Record<Titular, (pessoa: Pessoa) => SQL>>;

/**
 * One table's personal columns and what anonymisation does with them: never touched (`mantido`), the
 * person's rows deleted (`apagar`), or column by column in the person's rows (`de`).
 */
export type Dado =
  | { tabela: PgTable; colunas: PgColumn[]; mantido: string }
  | { tabela: PgTable; colunas: PgColumn[]; apagar: Linhas }
  | {
      tabela: PgTable;
      /** A column's destiny, or one per kind of person (a kind not named keeps the column). */
      colunas: [PgColumn, Destino | Partial<Record<Titular, Destino>>][];
      de: Linhas;
    };

export interface Treatment {
  categoria: string;
  titulares: string;
  finalidade: string;
  base_legal: string;
  /** The permissions that reach this data (the roles come from src/shared/permissions.ts). */
  acesso: Permission[];
  retencao: Retention;
  /**
   * The personal columns of each table, as Drizzle columns (a renamed or removed column follows), with
   * what anonymising a person does to them: this list is what anonymise.service.ts carries out.
   */
  dados: Dado[];
}

/** The same person's rows: a student by id; a guardian's children through student_guardians. */
export const alunosDe = {
  aluno: (pessoa: Pessoa) => sql`(select ${pessoa.id}::uuid)`,
  responsavel: (pessoa: Pessoa) =>
    sql`(select ${studentGuardians.alunoId} from ${studentGuardians} where ${studentGuardians.responsavelId} = ${pessoa.id})`,
};
/** Rows keyed by a student: the student's own, and (for a guardian) their children's. */
export const porAluno = (column: PgColumn): Linhas => ({
  aluno: (pessoa) => sql`${column} in ${alunosDe.aluno(pessoa)}`,
  responsavel: (pessoa) => sql`${column} in ${alunosDe.responsavel(pessoa)}`,
});
export const porId = (column: PgColumn) => (pessoa: Pessoa) => eq(column, pessoa.id);
export const emAlgum = (column: PgColumn, values: string[]) =>
  values.length > 0 ? inArray(column, values) : sql`false`;
/** The conversations a person is part of: about the student, or held by the guardian's account. */
export const conversasDe = {
  aluno: (pessoa: Pessoa) =>
    sql`(select ${conversas.id} from ${conversas} where ${conversas.alunoId} = ${pessoa.id})`,
  usuario: (pessoa: Pessoa) =>
    sql`(select ${conversas.id} from ${conversas} where ${conversas.responsavelUsuarioId} = ${pessoa.id})`,
};
/** A bell notice points at what it is about by id in its link (a child's card, a conversation). */
export const linkAponta = (ids: SQL) =>
  sql`${notificacoes.link} is not null and exists (select 1 from ${ids} as alvo(id) where position(alvo.id::text in ${notificacoes.link}) > 0)`;
/** A sign-in counter or request limit is keyed by the e-mail it counts. */
export const chaveCom = (column: PgColumn) => (pessoa: Pessoa) =>
  pessoa.emails.length > 0
    ? or(...pessoa.emails.map((email) => sql`position(${email} in ${column}) > 0`))!
    : sql`false`;

/** The transactions of the payments of the given students' tuition (the cash book names the child). */
export const transacoesDe = (alunos: SQL) =>
  sql`${transacoes.pagamentoId} in (select ${pagamentos.id} from ${pagamentos} join ${mensalidades} on ${mensalidades.id} = ${pagamentos.mensalidadeId} where ${mensalidades.alunoId} in ${alunos})`;

export const ANONYMOUS_GUARDIAN = 'Responsável anonimizado';
export const ANONYMOUS_USER = 'Usuário anonimizado';

export const STAFF =
  'Nome de quem da equipe fez o registro: prestação de contas da escola, não dado da família.';
export const ACADEMIC =
  'Vida escolar: a escola guarda para emitir o histórico a qualquer tempo (LDB, art. 24, VII).';
export const ISSUED =
  'Documento emitido é imutável: o que foi entregue continua verificável como foi emitido (a página pública mostra só as iniciais).';
export const AUDIT =
  'A trilha de auditoria não é reescrita: os detalhes e o IP de cada entrada são apagados ao fim do prazo de retenção da auditoria.';

/** A table's personal columns, whatever anonymisation does with them. */
export function columnsOf(dado: Dado): PgColumn[] {
  return 'de' in dado ? dado.colunas.map(([column]) => column) : dado.colunas;
}
