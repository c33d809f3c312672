import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { classes } from './classes.js';
import { studentIdColumn } from './students.js';
import { teachers } from './teachers.js';

/**
 * Censo Escolar (issue 37, ADR 0059): what INEP asks that everyday records do not. Every column is
 * optional in everyday use; the census check (GET /api/censo/:ano/pendencias) says what is missing.
 * Codes are INEP's (shared/censo.codigos.ts); multi-choice items are stored as the list's keys and
 * written out by the year's layout (features/censo/layouts).
 *
 * The school's own census data (identification and infrastructure, records 00 and 10) is the settings
 * document `censo_escola` (shared/censo.schemas.ts), not a table.
 */

/**
 * Record 30's person data, the same for a student and a professional (INEP codes, shared/censo.codigos):
 * built once, a new set of columns for each table that spreads it (as `columns.ts` does).
 */
const pessoaColumns = () => ({
  /** INEP code: '0' não declarada, '1' branca, '2' preta, '3' parda, '4' amarela, '5' indígena. */
  corRaca: text('cor_raca'),
  /** '1' brasileira, '2' brasileira nascida no exterior ou naturalizada, '3' estrangeira. */
  nacionalidade: text('nacionalidade'),
  /** INEP's country code (Brasil '76'). */
  paisNacionalidade: text('pais_nacionalidade'),
  /** IBGE code of the município de nascimento (7 digits); the UF is its first two digits. */
  municipioNascimento: text('municipio_nascimento'),
  /** '0' não declarado/ignorado, '1' pai e/ou mãe. */
  filiacao: text('filiacao'),
  /** Names as on the birth certificate (filiação 1 and 2). */
  filiacao1: text('filiacao_1'),
  filiacao2: text('filiacao_2'),
  /** Keys of shared/censo.codigos `deficiencias` (deficiência, TEA, altas habilidades); empty: none. */
  deficiencias: text('deficiencias')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** Residence (record 30): INEP country code, CEP, IBGE município, zona '1' urbana / '2' rural, localização diferenciada code. */
const residenciaColumns = () => ({
  paisResidencia: text('pais_residencia'),
  cepResidencia: text('cep_residencia'),
  municipioResidencia: text('municipio_residencia'),
  zonaResidencia: text('zona_residencia'),
  localizacaoDiferenciada: text('localizacao_diferenciada'),
});

/**
 * A student's census data (record 30 as a student, record 60). Sensitive under LGPD art. 11 (cor/raça,
 * deficiência): only holders of `students.sensitive` read or write the row, every read is in the access
 * log; a teacher with `students.inclusao` sees the deficiências of the students of their own classes.
 */
export const censoAlunos = pgTable('censo_alunos', {
  alunoId: studentIdColumn().primaryKey(),
  /** INEP's ID of the person (12 digits), once known (import of IDs or typed). */
  inepId: text('inep_id'),
  ...pessoaColumns(),
  /** Keys of `recursosSaeb` (recursos para uso do aluno em sala e em avaliações do Saeb). */
  recursosSaeb: text('recursos_saeb')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Uses public school transport (record 60); null: not informed. */
  transportePublico: boolean('transporte_publico'),
  /** '1' estadual, '2' municipal. */
  transportePoderPublico: text('transporte_poder_publico'),
  /** Keys of `veiculosTransporte`. */
  transporteVeiculos: text('transporte_veiculos')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Certidão de nascimento, modelo novo (32 digits). */
  certidaoNascimento: text('certidao_nascimento'),
  ...residenciaColumns(),
  /** Why an inactive student left, for stage 2: null 'deixou de frequentar', or 'falecido'. */
  motivoSaida: text('motivo_saida', { enum: ['falecido'] }),
  version: version(),
  updatedAt: updatedAt(),
});
export type CensoAlunoRow = typeof censoAlunos.$inferSelect;

/**
 * A school professional for the census (records 30, 40 and 50): a teacher (`professor_id`) or someone
 * who is not on the teaching staff (a director: `nome`, `cpf` here). A gestor (record 40) has `gestor_cargo`.
 */
export const censoProfissionais = pgTable(
  'censo_profissionais',
  {
    id: uuidPrimaryKey(),
    /** The teacher this is; null for a professional outside the teaching staff. Cascade: goes with the teacher. */
    professorId: uuid('professor_id').references(() => teachers.id, { onDelete: 'cascade' }),
    /** Only when not a teacher (a teacher's name, CPF and e-mail are the teacher's). */
    nome: text('nome'),
    cpf: text('cpf'),
    email: text('email'),
    inepId: text('inep_id'),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    sexo: text('sexo', { enum: ['feminino', 'masculino'] }),
    ...pessoaColumns(),
    ...residenciaColumns(),
    /** INEP code of `escolaridades`. */
    escolaridade: text('escolaridade'),
    /** When escolaridade is ensino médio: `tiposEnsinoMedio` key. */
    tipoEnsinoMedio: text('tipo_ensino_medio'),
    /** Up to three: { curso: INEP course code, ano: conclusion year, ies: INEP institution code }. */
    cursosSuperiores: jsonb('cursos_superiores')
      .$type<{ curso: string; ano: number; ies: string; grau?: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Keys of `posGraduacoes` (especialização, mestrado, doutorado, não possui). */
    posGraduacoes: text('pos_graduacoes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The completed pós-graduações: { tipo, area, ano } (INEP codes of `tiposPosGraduacao`/`areasPosGraduacao`), ≤ 6. */
    posGraduacoesConcluidas: jsonb('pos_graduacoes_concluidas')
      .$type<{ tipo: string; area: string; ano: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Keys of `formacoesContinuadas`. */
    formacaoContinuada: text('formacao_continuada')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Function in the classes (record 50), INEP code of `funcoesSala`; default '1' docente for a teacher. */
    funcao: text('funcao'),
    /** Situação funcional / tipo de vínculo, INEP code of `vinculos`. */
    vinculo: text('vinculo'),
    /** Record 40: INEP code of `cargosGestor` ('1' diretor, '2' outro cargo); null: not a gestor. */
    gestorCargo: text('gestor_cargo'),
    /** Record 40: INEP code of `criteriosAcessoGestor`. */
    gestorCriterioAcesso: text('gestor_criterio_acesso'),
    /** Record 40: INEP code of `vinculos` for the gestor. */
    gestorVinculo: text('gestor_vinculo'),
    ativo: boolean('ativo').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('censo_profissionais_professor_unique')
      .on(table.professorId)
      .where(sql`${table.professorId} is not null`),
    uniqueIndex('censo_profissionais_cpf_unique')
      .on(table.cpf)
      .where(sql`${table.cpf} is not null`),
  ],
);
export type CensoProfissionalRow = typeof censoProfissionais.$inferSelect;

/** A class's census data (record 20). */
export const censoTurmas = pgTable('censo_turmas', {
  turmaId: uuid('turma_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  /** INEP's class code, once known. */
  inepId: text('inep_id'),
  /** '1' presencial, '2' semipresencial, '3' educação a distância. */
  tipoMediacao: text('tipo_mediacao'),
  /** 'HH:MM'. */
  horaInicio: text('hora_inicio'),
  horaFim: text('hora_fim'),
  /** Keys of `diasSemana` ('dom' … 'sab'). */
  dias: text('dias')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Key of `tiposAtendimento` ('escolarizacao', 'atividade_complementar', 'aee'). */
  tipoAtendimento: text('tipo_atendimento'),
  /** INEP etapa code when it differs from the one mapped from the série (shared/censo.codigos `etapaDaSerie`). */
  etapa: text('etapa'),
  /** Local de funcionamento diferenciado code ('0' none). */
  localDiferenciado: text('local_diferenciado'),
  version: version(),
  updatedAt: updatedAt(),
});
export type CensoTurmaRow = typeof censoTurmas.$inferSelect;

/** INEP's ID of an enrolment (a student in a class), learnt from the import of IDs. */
export const censoMatriculas = pgTable(
  'censo_matriculas',
  {
    alunoId: studentIdColumn(),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    inepId: text('inep_id').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.alunoId, table.turmaId] }),
    index('censo_matriculas_turma_idx').on(table.turmaId),
  ],
);
export type CensoMatriculaRow = typeof censoMatriculas.$inferSelect;
