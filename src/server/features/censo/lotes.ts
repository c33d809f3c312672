/**
 * The students' records of stage 1 a chunk at a time (issue 38, fluxo.ts): record 20 (one line per class,
 * a few thousand at most), record 30 of the students a thousand students at a time, record 60 a few
 * classes at a time. Each chunk gives exactly the lines `turmasFonte.linhas` / `alunosFonte.linhas` give,
 * in the same order:
 * - record 30 is sorted by the student's name (pt-BR), ties in the order of the first enrolment: the
 *   names and ids of every student come first (a few MB at 50,000), then each chunk's data;
 * - record 60 follows `matriculasNaData` (class name as the database sorts, student name, start): whole
 *   classes per chunk, a class name never split between two chunks, so each chunk's ORDER BY gives the
 *   global order's slice.
 */
import { inArray } from 'drizzle-orm';
import { censoAlunos } from '../../db/schema/censo.js';
import { students } from '../../db/schema/students.js';
import {
  etapasProprias,
  inepEscolaDoCenso,
  pendenciasDosAlunos,
  ROTULOS_ALUNO,
  valoresAluno,
} from './alunos.fonte.js';
import type { Pendencia } from '../../../shared/censo.schemas.js';
import type { CensoContexto, FonteCenso, Linha, TipoRegistro } from './layout.js';
import { linkCensoAluno, linkCensoTurma } from './links.js';
import { alunosNaData, contarAlunosNaData, matriculasNaData, turmasNaData } from './matriculas.js';
import {
  carregarTurmas,
  duasTurmas,
  pendenciasDasTurmas,
  ROTULOS_R20,
  ROTULOS_R60,
  transporteSemVeiculo,
  valoresR20,
  valoresR60,
} from './turmas.fonte.js';

/**
 * Students per chunk (record 30), and about how many enrolments a chunk of classes holds (record 60).
 * An object so the exact-bytes test can make chunks of a few students.
 */
export const TAMANHO_DO_LOTE = { alunos: 1000 };

const porNome = new Intl.Collator('pt-BR').compare;

async function* registro20(ctx: CensoContexto): AsyncGenerator<Iterable<Linha>> {
  const [{ escolaInep, turmas }, comAlunos] = await Promise.all([
    carregarTurmas(ctx),
    turmasNaData(ctx.db, ctx.ano, ctx.dataReferencia),
  ]);
  const ids = new Set(comAlunos.map((turma) => turma.turmaId));
  yield [...turmas.values()]
    .sort((a, b) => porNome(a.turma.nome, b.turma.nome))
    .filter((turma) => ids.has(turma.turma.id))
    .map((turma) => ({
      tipo: '20',
      entidade: 'turma',
      entidadeId: turma.turma.id,
      nome: turma.turma.nome,
      link: linkCensoTurma(turma.turma.id),
      rotulos: ROTULOS_R20,
      valores: valoresR20(escolaInep, turma),
    }));
}

/** Whole classes, ~`TAMANHO_DO_LOTE.alunos` enrolments a chunk, equal names in the same chunk. */
export function lotesDeTurmas(turmas: readonly { turmaId: string; nome: string; matriculas: number }[]) {
  const lotes: string[][] = [];
  let atual: string[] = [];
  let soma = 0;
  turmas.forEach((turma, index) => {
    atual.push(turma.turmaId);
    soma += turma.matriculas;
    const proxima = turmas[index + 1];
    if (soma >= TAMANHO_DO_LOTE.alunos && proxima?.nome !== turma.nome) {
      lotes.push(atual);
      atual = [];
      soma = 0;
    }
  });
  if (atual.length > 0) lotes.push(atual);
  return lotes;
}

async function censoDosAlunos(ctx: CensoContexto, ids: readonly string[]) {
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(censoAlunos)
        .where(inArray(censoAlunos.alunoId, [...ids]))
    : [];
  return new Map(rows.map((row) => [row.alunoId, row]));
}

/**
 * The record-60 lines of some classes, made one at a time as the chunk is iterated (each written and
 * dropped before the next: issue 38). Read in a function of its own, so the generator below holds
 * nothing of a chunk while the stream writes it.
 */
async function linhas60(
  ctx: CensoContexto,
  escolaInep: string | null,
  turmas: Awaited<ReturnType<typeof carregarTurmas>>['turmas'],
  lote: readonly string[],
): Promise<Iterable<Linha>> {
  const matriculas = await matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia, lote);
  const alunos = await censoDosAlunos(ctx, [...new Set(matriculas.map((item) => item.alunoId))]);
  return (function* () {
    for (const matricula of matriculas) {
      const turma = turmas.get(matricula.turmaId);
      if (!turma) continue;
      yield {
        tipo: '60',
        entidade: 'matricula',
        entidadeId: `${matricula.alunoId}:${matricula.turmaId}`,
        nome: `${matricula.aluno.nome} — ${matricula.turma.nome}`,
        link: linkCensoAluno(matricula.alunoId),
        rotulos: ROTULOS_R60,
        valores: valoresR60(escolaInep, matricula, turma, alunos.get(matricula.alunoId)),
      } satisfies Linha;
    }
    // Read through: the rows go now, whoever still holds this iterator.
    matriculas.length = 0;
    alunos.clear();
  })();
}

async function* registro60(ctx: CensoContexto): AsyncGenerator<Iterable<Linha>> {
  const [{ escolaInep, turmas }, comAlunos] = await Promise.all([
    carregarTurmas(ctx),
    turmasNaData(ctx.db, ctx.ano, ctx.dataReferencia),
  ]);
  for (const lote of lotesDeTurmas(comAlunos)) yield await linhas60(ctx, escolaInep, turmas, lote);
}

/** The columns of `students` record 30 writes (the row's others are not read: issue 38). */
const colunasDoAluno = {
  id: students.id,
  nome: students.nome,
  dataNascimento: students.dataNascimento,
  sexo: students.sexo,
  cpf: students.cpf,
  status: students.status,
};

/** Record 30 of some students, in the order of `ids`, made one at a time as iterated (see `linhas60`). */
async function linhas30(
  ctx: CensoContexto,
  ids: readonly string[],
  inepEscola: string | null,
): Promise<Iterable<Linha>> {
  const [rows, censo] = await Promise.all([
    ctx.db
      .select(colunasDoAluno)
      .from(students)
      .where(inArray(students.id, [...ids])),
    censoDosAlunos(ctx, ids),
  ]);
  const porId = new Map(rows.map((row) => [row.id, row]));
  return (function* () {
    for (const id of ids) {
      const aluno = porId.get(id);
      if (!aluno) continue;
      const matricula = {
        alunoId: id,
        aluno: {
          nome: aluno.nome,
          dataNascimento: aluno.dataNascimento,
          sexo: aluno.sexo,
          cpf: aluno.cpf,
          status: aluno.status,
        },
      };
      yield {
        tipo: '30',
        entidade: 'aluno',
        entidadeId: id,
        nome: aluno.nome,
        link: linkCensoAluno(id),
        rotulos: ROTULOS_ALUNO,
        valores: valoresAluno(matricula, censo.get(id), inepEscola),
      } satisfies Linha;
    }
    porId.clear();
    censo.clear();
  })();
}

async function* registro30(ctx: CensoContexto): AsyncGenerator<Iterable<Linha>> {
  const [lista, inepEscola] = await Promise.all([
    alunosNaData(ctx.db, ctx.ano, ctx.dataReferencia),
    inepEscolaDoCenso(ctx),
  ]);
  lista.sort((a, b) => porNome(a.nome, b.nome));
  for (let inicio = 0; inicio < lista.length; inicio += TAMANHO_DO_LOTE.alunos)
    yield await linhas30(
      ctx,
      lista.slice(inicio, inicio + TAMANHO_DO_LOTE.alunos).map((aluno) => aluno.alunoId),
      inepEscola,
    );
}

/**
 * `turmasFonte.pendencias` a chunk at a time: each class's checks, then the students in two classes
 * (the classes read a few at a time, in `matriculasNaData`'s order), then public transport without a
 * vehicle (few: held until the end, as the list puts them last).
 */
async function* pendenciasDasTurmasEmLotes(ctx: CensoContexto): AsyncGenerator<readonly Pendencia[]> {
  const [{ turmas }, comAlunos] = await Promise.all([
    carregarTurmas(ctx),
    turmasNaData(ctx.db, ctx.ano, ctx.dataReferencia),
  ]);
  yield pendenciasDasTurmas(turmas, new Set(comAlunos.map((turma) => turma.turmaId)), ctx.dataReferencia);
  const vistosDuas = new Map<string, { turmaId: string; turma: { nome: string } }>();
  const vistosTransporte = new Set<string>();
  const transporte: Pendencia[] = [];
  for (const lote of lotesDeTurmas(comAlunos)) {
    const matriculas = await matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia, lote);
    const alunos = await censoDosAlunos(ctx, [...new Set(matriculas.map((item) => item.alunoId))]);
    transporte.push(...transporteSemVeiculo({ turmas, matriculas, alunos }, vistosTransporte));
    yield duasTurmas({ turmas, matriculas }, vistosDuas);
  }
  yield transporte;
}

/** `alunosFonte.pendencias` a thousand students at a time, in the order of their first enrolment. */
async function* pendenciasDosAlunosEmLotes(ctx: CensoContexto): AsyncGenerator<readonly Pendencia[]> {
  const [lista, comAlunos] = await Promise.all([
    alunosNaData(ctx.db, ctx.ano, ctx.dataReferencia),
    turmasNaData(ctx.db, ctx.ano, ctx.dataReferencia),
  ]);
  const etapaPropria = await etapasProprias(
    ctx,
    comAlunos.map((turma) => turma.turmaId),
  );
  for (let inicio = 0; inicio < lista.length; inicio += TAMANHO_DO_LOTE.alunos) {
    const ids = lista.slice(inicio, inicio + TAMANHO_DO_LOTE.alunos).map((aluno) => aluno.alunoId);
    const [matriculas, censo] = await Promise.all([
      matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia, undefined, ids),
      censoDosAlunos(ctx, ids),
    ]);
    const primeira = new Map<string, (typeof matriculas)[number]>();
    for (const matricula of matriculas)
      if (!primeira.has(matricula.alunoId)) primeira.set(matricula.alunoId, matricula);
    const alunos = ids.flatMap((id) => {
      const matricula = primeira.get(id);
      return matricula ? [matricula] : [];
    });
    yield pendenciasDosAlunos(ctx, alunos, matriculas, censo, etapaPropria);
  }
}

/** `turmasFonte`'s records 20 and 60 a chunk at a time. */
export const lotesTurmas: Pick<FonteCenso, 'lotes' | 'tipos' | 'estimativa' | 'pendenciasEmLotes'> = {
  tipos: ['20', '60'],
  pendenciasEmLotes: pendenciasDasTurmasEmLotes,
  lotes: (ctx: CensoContexto, tipo: TipoRegistro) =>
    tipo === '20' ? registro20(ctx) : tipo === '60' ? registro60(ctx) : vazio(),
  async estimativa(ctx) {
    const turmas = await turmasNaData(ctx.db, ctx.ano, ctx.dataReferencia);
    return turmas.length + turmas.reduce((soma, turma) => soma + turma.matriculas, 0);
  },
};

/** `alunosFonte`'s record 30 a chunk at a time. */
export const lotesAlunos: Pick<FonteCenso, 'lotes' | 'tipos' | 'estimativa' | 'pendenciasEmLotes'> = {
  tipos: ['30'],
  pendenciasEmLotes: pendenciasDosAlunosEmLotes,
  lotes: (ctx: CensoContexto, tipo: TipoRegistro) => (tipo === '30' ? registro30(ctx) : vazio()),
  async estimativa(ctx) {
    return contarAlunosNaData(ctx.db, ctx.ano, ctx.dataReferencia);
  },
};

async function* vazio(): AsyncGenerator<Iterable<Linha>> {}
