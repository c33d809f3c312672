/**
 * A student's census data (issue 37, part 2): read with suggestions where nothing is saved yet, saved
 * with its version and audited by the names of the fields that changed (never their values: cor/raça
 * and deficiência are sensitive, LGPD art. 11). The inclusion view gives a teacher holding
 * `students.inclusao` the deficiências and recursos of the students of their own classes, nothing else.
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PAIS_BRASIL } from '../../../shared/censo.codigos.js';
import type { CensoAluno, CensoAlunoDados, InclusaoAluno } from '../../../shared/censo.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { censoAlunos, type CensoAlunoRow } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { notFound } from '../../lib/errors.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { recordStudentView } from '../privacy/index.js';
import { classesInScope, scopeOf, studentNotFound, type Viewer } from '../students/index.js';

type Colunas = Omit<CensoAlunoRow, 'alunoId' | 'version' | 'updatedAt'>;

/** API field → column, one line per field (the audit names the API's fields). */
const CAMPOS: Readonly<Record<keyof CensoAlunoDados, keyof Colunas>> = {
  inep_id: 'inepId',
  cor_raca: 'corRaca',
  nacionalidade: 'nacionalidade',
  pais_nacionalidade: 'paisNacionalidade',
  municipio_nascimento: 'municipioNascimento',
  filiacao: 'filiacao',
  filiacao_1: 'filiacao1',
  filiacao_2: 'filiacao2',
  deficiencias: 'deficiencias',
  pais_residencia: 'paisResidencia',
  cep_residencia: 'cepResidencia',
  municipio_residencia: 'municipioResidencia',
  zona_residencia: 'zonaResidencia',
  localizacao_diferenciada: 'localizacaoDiferenciada',
  recursos_saeb: 'recursosSaeb',
  transporte_publico: 'transportePublico',
  transporte_poder_publico: 'transportePoderPublico',
  transporte_veiculos: 'transporteVeiculos',
  certidao_nascimento: 'certidaoNascimento',
  motivo_saida: 'motivoSaida',
};
const chavesApi = Object.keys(CAMPOS) as (keyof CensoAlunoDados)[];

const VAZIO: CensoAlunoDados = {
  inep_id: null,
  cor_raca: null,
  nacionalidade: null,
  pais_nacionalidade: null,
  municipio_nascimento: null,
  filiacao: null,
  filiacao_1: null,
  filiacao_2: null,
  deficiencias: [],
  pais_residencia: null,
  cep_residencia: null,
  municipio_residencia: null,
  zona_residencia: null,
  localizacao_diferenciada: null,
  recursos_saeb: [],
  transporte_publico: null,
  transporte_poder_publico: null,
  transporte_veiculos: [],
  certidao_nascimento: null,
  motivo_saida: null,
};

export function dadosDe(row: CensoAlunoRow | undefined): CensoAlunoDados {
  if (!row) return { ...VAZIO };
  const dados: Record<string, unknown> = {};
  for (const chave of chavesApi) dados[chave] = row[CAMPOS[chave]];
  return dados as CensoAlunoDados;
}

function colunasDe(dados: CensoAlunoDados): Colunas {
  const colunas: Record<string, unknown> = {};
  for (const chave of chavesApi) colunas[CAMPOS[chave]] = dados[chave];
  return colunas as Colunas;
}

const igual = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The names of the guardians a student has as mother and father (the filiação's suggestion). */
async function paisDe(db: DbOrTx, alunoId: string) {
  const rows = await db
    .select({ nome: guardians.nome, parentesco: studentGuardians.parentesco })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(eq(studentGuardians.alunoId, alunoId), inArray(studentGuardians.parentesco, ['mae', 'pai'])))
    .orderBy(asc(studentGuardians.createdAt));
  return {
    mae: rows.find((row) => row.parentesco === 'mae')?.nome ?? null,
    pai: rows.find((row) => row.parentesco === 'pai')?.nome ?? null,
  };
}

/** The student's census data; empty fields the product can guess are filled and named in `sugeridos`. */
export async function getCensoAluno(db: DbOrTx, alunoId: string): Promise<CensoAluno> {
  const [aluno] = await db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(eq(students.id, alunoId));
  if (!aluno) throw studentNotFound();
  const [row] = await db.select().from(censoAlunos).where(eq(censoAlunos.alunoId, alunoId));
  const dados = dadosDe(row);
  const sugeridos: string[] = [];
  const sugerir = <K extends keyof CensoAlunoDados>(chave: K, valor: CensoAlunoDados[K] | null) => {
    if (dados[chave] !== null || valor === null) return;
    dados[chave] = valor;
    sugeridos.push(chave);
  };
  if (!row) {
    const { mae, pai } = await paisDe(db, alunoId);
    // Filiação 1 is preferably the mother (INEP); a father alone goes in as filiação 1.
    sugerir('filiacao_1', mae ?? pai);
    sugerir('filiacao_2', mae ? pai : null);
    if (mae || pai) sugerir('filiacao', '1');
    sugerir('nacionalidade', '1');
    sugerir('pais_nacionalidade', PAIS_BRASIL);
    sugerir('pais_residencia', PAIS_BRASIL);
  }
  return { ...dados, aluno_id: aluno.id, nome: aluno.nome, version: row?.version ?? 0, sugeridos };
}

/**
 * Saves the student's census data (all of it: the form sends the whole section). `expected` is the
 * version read (0 before the first save); a stale one is refused (412) and nothing changes.
 */
export async function putCensoAluno(
  ctx: Pick<AppContext, 'db'>,
  alunoId: string,
  input: CensoAlunoDados,
  expected: number | undefined,
  actor: Actor,
): Promise<CensoAluno> {
  await ctx.db.transaction(async (tx) => {
    const [aluno] = await tx
      .select({ id: students.id })
      .from(students)
      .where(eq(students.id, alunoId))
      .for('update');
    if (!aluno) throw studentNotFound();
    const [atual] = await tx.select().from(censoAlunos).where(eq(censoAlunos.alunoId, alunoId));
    assertVersion(expected, atual?.version ?? 0);
    const antes = dadosDe(atual);
    const mudou = chavesApi.filter((chave) => !igual(antes[chave], input[chave]));
    if (atual) {
      if (mudou.length === 0) return;
      const updated = await tx
        .update(censoAlunos)
        .set({ ...colunasDe(input), version: atual.version + 1, updatedAt: new Date() })
        .where(and(eq(censoAlunos.alunoId, alunoId), eq(censoAlunos.version, atual.version)))
        .returning({ v: censoAlunos.version });
      if (updated.length === 0) throw staleVersion();
    } else {
      await tx.insert(censoAlunos).values({ alunoId, ...colunasDe(input), version: 1 });
    }
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'aluno',
      entityId: alunoId,
      // Only the names of the fields: the values are sensitive data (LGPD art. 11).
      details: { secao: 'censo', campos: mudou },
    });
  });
  return getCensoAluno(ctx.db, alunoId);
}

/**
 * What a teacher granted `students.inclusao` sees of a class they teach: the students in it today with
 * any deficiência or recurso, and only those two lists. A class outside the teacher's own answers 404 (as
 * if it did not exist); an administrator holding the permission reaches any class. Each student shown is
 * a view of their record in the access log.
 */
export async function inclusaoDaTurma(
  ctx: Pick<AppContext, 'db' | 'log'>,
  viewer: Viewer,
  actor: Actor,
  turmaId: string,
): Promise<InclusaoAluno[]> {
  const scope = await scopeOf(ctx.db, viewer);
  const [turma] = await ctx.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, turmaId), classesInScope(scope)));
  if (!turma) throw notFound('Turma não encontrada.');
  const rows = await ctx.db
    .select({
      aluno_id: students.id,
      nome: students.nome,
      deficiencias: censoAlunos.deficiencias,
      recursos_saeb: censoAlunos.recursosSaeb,
    })
    .from(students)
    .innerJoin(censoAlunos, eq(censoAlunos.alunoId, students.id))
    .where(and(eq(students.turmaId, turmaId), eq(students.status, 'ativo')))
    .orderBy(asc(folded(students.nome)));
  const comApoio = rows.filter(
    (row) => row.deficiencias.length > 0 || row.recursos_saeb.some((recurso) => recurso !== 'nenhum'),
  );
  for (const row of comApoio) recordStudentView(ctx, actor, row.aluno_id, 'censo_inclusao');
  return comApoio;
}
