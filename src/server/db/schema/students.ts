import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { classes } from './classes.js';
import { users } from './users.js';

export const students = pgTable(
  'students',
  {
    id: uuidPrimaryKey(),
    nome: text('nome').notNull(),
    dataNascimento: date('data_nascimento', { mode: 'string' }).notNull(),
    /** Optional (null: not informed): the documents' wording ('nascida', 'matriculado') and the census. */
    sexo: text('sexo', { enum: ['feminino', 'masculino'] }),
    matricula: text('matricula').notNull(),
    email: text('email'),
    /** Digits only. */
    telefone: text('telefone'),
    endereco: text('endereco'),
    /** Digits only; optional (minors often have none), unique when given. */
    cpf: text('cpf'),
    /** The class the student is enrolled in now; restrict: a class with students cannot be deleted. */
    turmaId: uuid('turma_id').references(() => classes.id, { onDelete: 'restrict' }),
    /** When the student was enrolled in the current class (null when in none). */
    dataEnturmacao: date('data_enturmacao', { mode: 'string' }),
    /** When the student joined the school (the dashboard's enrolment trend). */
    dataMatricula: date('data_matricula', { mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    status: text('status', { enum: ['ativo', 'inativo', 'transferido', 'formado'] })
      .notNull()
      .default('ativo'),
    /** The first day an inactive or transferred student was no longer in class (null otherwise). */
    dataSaida: date('data_saida', { mode: 'string' }),
    /** A transfer's destination as the school was told it (each optional). */
    escolaDestino: text('escola_destino'),
    municipioDestino: text('municipio_destino'),
    ufDestino: text('uf_destino'),
    observacoes: text('observacoes'),
    /** When the former student's personal data was anonymised (LGPD art. 16/18); the record stays. */
    anonimizadoEm: timestamp('anonimizado_em', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('students_matricula_unique').on(table.matricula),
    uniqueIndex('students_cpf_unique')
      .on(table.cpf)
      .where(sql`${table.cpf} is not null`),
    index('students_turma_idx').on(table.turmaId),
    index('students_status_idx').on(table.status),
    // The list's order (name without case or accents, then id for a stable page: fold_text is the SQL
    // function of migration 0057); the search's trigram index is hand-written in migration 0057 (an
    // expression with an operator class).
    index('students_nome_order_idx').on(sql`fold_text(${table.nome})`, table.id),
    index('students_data_matricula_idx').on(table.dataMatricula),
  ],
);
export type StudentRow = typeof students.$inferSelect;

export const guardians = pgTable(
  'guardians',
  {
    id: uuidPrimaryKey(),
    nome: text('nome').notNull(),
    /** Lower-cased; the portal account's e-mail when there is one. */
    email: text('email'),
    /** Digits only. */
    telefone: text('telefone').notNull(),
    /** Digits only; required for a principal guardian, unique when given. */
    cpf: text('cpf'),
    /** The address as one line (shown on screens); the structured parts below are what a boleto needs. */
    endereco: text('endereco'),
    /**
     * The address in parts (issue 36: the payer's address on the boleto and in CNAB segment Q): CEP
     * digits only, UF two upper-case letters. Null when not informed (older records keep `endereco`).
     */
    cep: text('cep'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    uf: text('uf'),
    observacoes: text('observacoes'),
    /** The guardian's portal account (nivel responsavel). */
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the guardian's personal data was anonymised (a deletion request or the retention job). */
    anonimizadoEm: timestamp('anonimizado_em', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('guardians_cpf_unique')
      .on(table.cpf)
      .where(sql`${table.cpf} is not null`),
    uniqueIndex('guardians_usuario_unique')
      .on(table.usuarioId)
      .where(sql`${table.usuarioId} is not null`),
    index('guardians_email_idx').on(table.email),
  ],
);
export type GuardianRow = typeof guardians.$inferSelect;

/** The student a row belongs to: required, and the row goes when the student is deleted. */
export const studentIdColumn = () =>
  uuid('aluno_id')
    .notNull()
    .references(() => students.id, { onDelete: 'cascade' });

export const studentGuardians = pgTable(
  'student_guardians',
  {
    alunoId: studentIdColumn(),
    responsavelId: uuid('responsavel_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    parentesco: text('parentesco', { enum: ['pai', 'mae', 'avo', 'ava', 'tio', 'tia', 'outro'] }).notNull(),
    ehPrincipal: boolean('eh_principal').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.alunoId, table.responsavelId] }),
    index('student_guardians_responsavel_idx').on(table.responsavelId),
    /** At most one principal guardian per student. */
    uniqueIndex('student_guardians_principal_unique')
      .on(table.alunoId)
      .where(sql`${table.ehPrincipal}`),
  ],
);
export type StudentGuardianRow = typeof studentGuardians.$inferSelect;

/**
 * A version per list whose figures are cached (ADR 0009): triggers on the tables a list reads set it
 * to a new value from a sequence on every write (migration 0005), so a cached count is used only while
 * the version read with the page, in the same snapshot, is the one it was computed at.
 */
export const recordVersions = pgTable('record_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * A guardian's new e-mail waiting for confirmation from that address: the portal login
 * changes only when the link mailed there is opened. Only the token's SHA-256 is stored.
 */
export const guardianEmailChanges = pgTable(
  'guardian_email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    responsavelId: uuid('responsavel_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    novoEmail: text('novo_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('guardian_email_changes_responsavel_idx').on(table.responsavelId)],
);
