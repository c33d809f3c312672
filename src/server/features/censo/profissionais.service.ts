/**
 * The school's professionals for the Censo Escolar (issue 37, records 30, 40 and 50): every active
 * teacher — with their census row, or an empty one until the first save — and the professionals outside
 * the teaching staff (the director), who have their own name and CPF here.
 *
 * A teacher's empty row answers with the teacher's id and version 0: the screen creates it with POST
 * (`professor_id`), and later saves go to PUT /:id with the row's own id. A teacher's name, CPF and
 * e-mail are the teacher's (Professores): what the body says of them is ignored for a teacher.
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { CensoProfissional, CensoProfissionalDados } from '../../../shared/censo.schemas.js';
import type { FieldError } from '../../../shared/api.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { censoProfissionais, type CensoProfissionalRow } from '../../db/schema/censo.js';
import { teachers, type TeacherRow } from '../../db/schema/teachers.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { assertVersion, lockForUpdate, staleVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';

const profissionalNaoEncontrado = () => notFound('Profissional não encontrado.');

type Colunas = Omit<typeof censoProfissionais.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/** The columns a body sets (a teacher's own name, CPF and e-mail stay the teacher's). */
function colunasDe(dados: CensoProfissionalDados, professorId: string | null): Colunas {
  const professor = professorId !== null;
  return {
    professorId,
    nome: professor ? null : dados.nome,
    cpf: professor ? null : dados.cpf,
    email: professor ? null : dados.email,
    inepId: dados.inep_id,
    dataNascimento: dados.data_nascimento,
    sexo: dados.sexo,
    corRaca: dados.cor_raca,
    nacionalidade: dados.nacionalidade,
    paisNacionalidade: dados.pais_nacionalidade,
    municipioNascimento: dados.municipio_nascimento,
    filiacao: dados.filiacao,
    filiacao1: dados.filiacao_1,
    filiacao2: dados.filiacao_2,
    deficiencias: dados.deficiencias,
    paisResidencia: dados.pais_residencia,
    cepResidencia: dados.cep_residencia,
    municipioResidencia: dados.municipio_residencia,
    zonaResidencia: dados.zona_residencia,
    localizacaoDiferenciada: dados.localizacao_diferenciada,
    escolaridade: dados.escolaridade,
    tipoEnsinoMedio: dados.tipo_ensino_medio,
    cursosSuperiores: dados.cursos_superiores,
    posGraduacoes: dados.pos_graduacoes,
    posGraduacoesConcluidas: dados.pos_graduacoes_concluidas,
    formacaoContinuada: dados.formacao_continuada,
    funcao: dados.funcao,
    vinculo: dados.vinculo,
    gestorCargo: dados.gestor_cargo,
    gestorCriterioAcesso: dados.gestor_criterio_acesso,
    gestorVinculo: dados.gestor_vinculo,
    ativo: dados.ativo,
  };
}

/** A census row (or a teacher's empty one) as the API answers it. */
export function toProfissional(
  row: CensoProfissionalRow | null,
  professor: Pick<TeacherRow, 'id' | 'nome' | 'cpf' | 'email'> | null,
): CensoProfissional {
  const nome = professor?.nome ?? row?.nome ?? '';
  return {
    id: row?.id ?? professor!.id,
    professor_id: professor?.id ?? null,
    nome: professor ? professor.nome : (row?.nome ?? null),
    cpf: professor ? professor.cpf : (row?.cpf ?? null),
    email: professor ? professor.email : (row?.email ?? null),
    nome_exibicao: nome,
    inep_id: row?.inepId ?? null,
    data_nascimento: row?.dataNascimento ?? null,
    sexo: row?.sexo ?? null,
    cor_raca: row?.corRaca ?? null,
    nacionalidade: row?.nacionalidade ?? null,
    pais_nacionalidade: row?.paisNacionalidade ?? null,
    municipio_nascimento: row?.municipioNascimento ?? null,
    filiacao: row?.filiacao ?? null,
    filiacao_1: row?.filiacao1 ?? null,
    filiacao_2: row?.filiacao2 ?? null,
    deficiencias: row?.deficiencias ?? [],
    pais_residencia: row?.paisResidencia ?? null,
    cep_residencia: row?.cepResidencia ?? null,
    municipio_residencia: row?.municipioResidencia ?? null,
    zona_residencia: row?.zonaResidencia ?? null,
    localizacao_diferenciada: row?.localizacaoDiferenciada ?? null,
    escolaridade: row?.escolaridade ?? null,
    tipo_ensino_medio: row?.tipoEnsinoMedio ?? null,
    cursos_superiores: (row?.cursosSuperiores ?? []).map((curso) => ({ ...curso, grau: curso.grau ?? null })),
    pos_graduacoes: row?.posGraduacoes ?? [],
    pos_graduacoes_concluidas: row?.posGraduacoesConcluidas ?? [],
    formacao_continuada: row?.formacaoContinuada ?? [],
    funcao: row?.funcao ?? null,
    vinculo: row?.vinculo ?? null,
    gestor_cargo: row?.gestorCargo ?? null,
    gestor_criterio_acesso: row?.gestorCriterioAcesso ?? null,
    gestor_vinculo: row?.gestorVinculo ?? null,
    ativo: row?.ativo ?? true,
    version: row?.version ?? 0,
  };
}

/** Every teacher still on the staff (ativo or afastado; with their row or an empty one), then the others. */
export async function listarProfissionais(db: DbOrTx): Promise<CensoProfissional[]> {
  const [docentes, outros] = await Promise.all([
    db
      .select({ professor: teachers, row: censoProfissionais })
      .from(teachers)
      .leftJoin(censoProfissionais, eq(censoProfissionais.professorId, teachers.id))
      // Afastados stay on the staff (and in the classes): only those who left are out.
      .where(ne(teachers.status, 'inativo'))
      .orderBy(folded(teachers.nome), teachers.id),
    db
      .select()
      .from(censoProfissionais)
      .where(isNull(censoProfissionais.professorId))
      .orderBy(folded(censoProfissionais.nome), censoProfissionais.id),
  ]);
  return [
    ...docentes.map(({ professor, row }) => toProfissional(row, professor)),
    ...outros.map((row) => toProfissional(row, null)),
  ];
}

/** A row by its id, or a teacher's (their row, or an empty one) by the teacher's id. */
export async function lerProfissional(db: DbOrTx, id: string): Promise<CensoProfissional> {
  const [row] = await db
    .select({ row: censoProfissionais, professor: teachers })
    .from(censoProfissionais)
    .leftJoin(teachers, eq(teachers.id, censoProfissionais.professorId))
    .where(eq(censoProfissionais.id, id));
  if (row) return toProfissional(row.row, row.professor);
  const [professor] = await db
    .select({ professor: teachers, row: censoProfissionais })
    .from(teachers)
    .leftJoin(censoProfissionais, eq(censoProfissionais.professorId, teachers.id))
    .where(eq(teachers.id, id));
  if (!professor) throw profissionalNaoEncontrado();
  return toProfissional(professor.row, professor.professor);
}

function semIdentificacao(dados: CensoProfissionalDados): void {
  const details: FieldError[] = [];
  if (!dados.nome) details.push({ path: 'nome', message: 'Informe o nome' });
  if (!dados.cpf) details.push({ path: 'cpf', message: 'Informe o CPF' });
  if (details.length > 0)
    throw new AppError(
      'UNPROCESSABLE',
      'Para um profissional que não é professor, informe o nome e o CPF.',
      details,
    );
}

const cpfEmUso = () =>
  new AppError('CONFLICT', 'Já existe um profissional com este CPF.', [
    { path: 'cpf', message: 'CPF já cadastrado' },
  ]);

/** A non-teacher's CPF may belong to no other row and to no teacher (a teacher is edited as one). */
async function conferirCpf(tx: DbOrTx, cpf: string | null, exceto: string | null): Promise<void> {
  if (!cpf) return;
  const [professor] = await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.cpf, cpf));
  if (professor)
    throw new AppError(
      'CONFLICT',
      'Este CPF é de um professor: preencha os dados do Censo na linha do professor.',
      [{ path: 'cpf', message: 'CPF de um professor' }],
    );
  const filtro = exceto
    ? and(eq(censoProfissionais.cpf, cpf), ne(censoProfissionais.id, exceto))
    : eq(censoProfissionais.cpf, cpf);
  const [outro] = await tx.select({ id: censoProfissionais.id }).from(censoProfissionais).where(filtro);
  if (outro) throw cpfEmUso();
}

function conflitoDeGravacao(error: unknown): never {
  if (isUniqueViolation(error, 'censo_profissionais_cpf_unique')) throw cpfEmUso();
  if (isUniqueViolation(error, 'censo_profissionais_professor_unique'))
    throw new AppError('CONFLICT', 'Este professor já tem dados do Censo: atualize a página.');
  throw error;
}

async function professorPorId(tx: DbOrTx, id: string): Promise<TeacherRow> {
  const [professor] = await tx.select().from(teachers).where(eq(teachers.id, id));
  if (!professor)
    throw new AppError('UNPROCESSABLE', 'Professor não encontrado.', [
      { path: 'professor_id', message: 'Professor não encontrado' },
    ]);
  return professor;
}

/** POST: a non-teacher (nome and CPF required), or a teacher's row on its first save. */
export async function criarProfissional(
  db: Db,
  dados: CensoProfissionalDados,
  actor: Actor,
): Promise<CensoProfissional> {
  return db.transaction(async (tx) => {
    const professor = dados.professor_id ? await professorPorId(tx, dados.professor_id) : null;
    if (!professor) {
      semIdentificacao(dados);
      await conferirCpf(tx, dados.cpf, null);
    }
    let row: CensoProfissionalRow | undefined;
    try {
      [row] = await tx
        .insert(censoProfissionais)
        .values(colunasDe(dados, professor?.id ?? null))
        .returning();
    } catch (error) {
      conflitoDeGravacao(error);
    }
    await recordAudit(tx, actor, { action: 'criar', entity: 'censo_profissional', entityId: row!.id });
    return toProfissional(row!, professor);
  });
}

const CAMPOS_AUDITADOS = Object.keys(colunasDe({} as CensoProfissionalDados, null)) as (keyof Colunas)[];

/** PUT /:id: the row's fields (version checked); the audit names the fields changed, never their values. */
export async function atualizarProfissional(
  db: Db,
  id: string,
  dados: CensoProfissionalDados,
  versao: number | undefined,
  actor: Actor,
): Promise<CensoProfissional> {
  return db.transaction(async (tx) => {
    const atual = await lockForUpdate(tx, censoProfissionais, id, profissionalNaoEncontrado);
    assertVersion(versao, atual.version);
    const professor = atual.professorId ? await professorPorId(tx, atual.professorId) : null;
    if (!professor) {
      semIdentificacao(dados);
      await conferirCpf(tx, dados.cpf, id);
    }
    const colunas = colunasDe(dados, atual.professorId);
    let row: CensoProfissionalRow | undefined;
    try {
      [row] = await tx
        .update(censoProfissionais)
        .set({ ...colunas, version: atual.version + 1, updatedAt: new Date() })
        .where(and(eq(censoProfissionais.id, id), eq(censoProfissionais.version, atual.version)))
        .returning();
    } catch (error) {
      conflitoDeGravacao(error);
    }
    if (!row) throw staleVersion();
    const campos = CAMPOS_AUDITADOS.filter(
      (campo) => JSON.stringify(atual[campo] ?? null) !== JSON.stringify(row[campo] ?? null),
    );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'censo_profissional',
      entityId: id,
      details: { campos },
    });
    return toProfissional(row, professor);
  });
}

/** DELETE /:id: only a professional outside the teaching staff (a teacher's data goes with the teacher). */
export async function excluirProfissional(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const atual = await lockForUpdate(tx, censoProfissionais, id, profissionalNaoEncontrado);
    if (atual.professorId)
      throw new AppError(
        'CONFLICT',
        'Os dados do Censo de um professor não são excluídos aqui: eles saem com o cadastro do professor.',
      );
    await tx.delete(censoProfissionais).where(eq(censoProfissionais.id, id));
    await recordAudit(tx, actor, { action: 'excluir', entity: 'censo_profissional', entityId: id });
  });
}

/** The census rows of some teachers, by teacher id (for the file's sources). */
export async function linhasDosProfessores(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, CensoProfissionalRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(censoProfissionais)
    .where(inArray(censoProfissionais.professorId, [...ids]))
    .orderBy(asc(censoProfissionais.id));
  return new Map(rows.map((row) => [row.professorId!, row]));
}
