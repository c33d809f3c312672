/**
 * The census of a year assembled (issue 37, ADR 0059): the year's layout, the sources' lines, the pending
 * list (every value checked against the layout, plus the sources' own checks), the figures the
 * secretaria compares with Educacenso after import, and the file itself.
 *
 * The layout and the sources are parameters with the product's defaults (`layoutDoAno`, `fontes.ts`),
 * so the tests can drive the assembly with a small layout of their own.
 */
import { inArray } from 'drizzle-orm';
import { type ContagensCenso, type EtapaCenso, type Pendencia } from '../../../shared/censo.schemas.js';
import { dataReferencia, etapaDaSerie, etapas, rotuloDe } from '../../../shared/censo.codigos.js';
import { turnoLabels, turnos } from '../../../shared/classes.schemas.js';
import { todayIso } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { censoTurmas } from '../../db/schema/censo.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { escreverArquivo, REGISTRO_FIM_MATRICULA_INICIAL, validar } from './arquivo.js';
import { lerCensoEscola } from './escola.service.js';
import { fontesMatriculaInicial, fontesSituacaoDoAluno } from './fontes.js';
import type { CensoContexto, FonteCenso, LayoutAno, Linha } from './layout.js';
import { layoutDoAno } from './layouts/index.js';
import { matriculasAposData, matriculasNaData, type MatriculaCenso } from './matriculas.js';

/** What the assembly reads; the defaults are the product's. */
export interface MontagemOpcoes {
  layoutDoAno?: (ano: number) => LayoutAno | null;
  fontes?: Partial<Record<EtapaCenso, readonly FonteCenso[]>>;
}

const fontesPadrao: Record<EtapaCenso, readonly FonteCenso[]> = {
  'matricula-inicial': fontesMatriculaInicial,
  'situacao-do-aluno': fontesSituacaoDoAluno,
};

export interface MontagemCenso {
  ctx: CensoContexto;
  etapa: EtapaCenso;
  linhas: Linha[];
  pendencias: Pendencia[];
}

/** The year's layout, or 422 (the product carries no layout for that year nor an earlier one). */
export function layoutOuErro(ano: number, opcoes: MontagemOpcoes = {}): LayoutAno {
  const layout = (opcoes.layoutDoAno ?? layoutDoAno)(ano);
  if (!layout)
    throw new AppError(
      'UNPROCESSABLE',
      `O sistema não tem o leiaute do Censo Escolar de ${String(ano)} nem de um ano anterior.`,
    );
  return layout;
}

export function contextoCenso(db: DbOrTx, ano: number, layout: LayoutAno): CensoContexto {
  return { db, ano, dataReferencia: dataReferencia(ano), layout, hoje: todayIso(clock.now()) };
}

/** The stage's sources (the tests' own, or the product's). */
export function fontesDaEtapa(etapa: EtapaCenso, opcoes: MontagemOpcoes = {}): readonly FonteCenso[] {
  return opcoes.fontes?.[etapa] ?? fontesPadrao[etapa];
}

/**
 * The lines of a stage and its pending list (the layout's checks of every value and the sources' own),
 * all in memory: the reference the streamed file (fluxo.ts) is compared with. The routes use the stream.
 */
export async function montarCenso(
  db: DbOrTx,
  ano: number,
  etapa: EtapaCenso,
  opcoes: MontagemOpcoes = {},
): Promise<MontagemCenso> {
  const ctx = contextoCenso(db, ano, layoutOuErro(ano, opcoes));
  const fontes = fontesDaEtapa(etapa, opcoes);
  const linhas: Linha[] = [];
  const proprias: Pendencia[] = [];
  for (const fonte of fontes) {
    linhas.push(...(await fonte.linhas(ctx)));
    proprias.push(...(await fonte.pendencias(ctx)));
  }
  return { ctx, etapa, linhas, pendencias: [...validar(ctx.layout, linhas), ...proprias] };
}

// --- The figures ----------------------------------------------------------------------------------

const SEM_ETAPA = 'sem etapa';

/** INEP's etapa of each class: the census data's own, else the one of its série. */
async function etapasDasTurmas(db: DbOrTx, matriculas: readonly MatriculaCenso[]) {
  const ids = [...new Set(matriculas.map((matricula) => matricula.turmaId))];
  const proprias =
    ids.length === 0
      ? []
      : await db
          .select({ turmaId: censoTurmas.turmaId, etapa: censoTurmas.etapa })
          .from(censoTurmas)
          .where(inArray(censoTurmas.turmaId, ids));
  const porTurma = new Map(proprias.map((row) => [row.turmaId, row.etapa]));
  const etapaDe = new Map<string, string | null>();
  for (const matricula of matriculas)
    etapaDe.set(
      matricula.turmaId,
      porTurma.get(matricula.turmaId) ?? etapaDaSerie(matricula.turma.serie) ?? null,
    );
  return etapaDe;
}

function contar<K>(itens: readonly K[]): Map<K, number> {
  const map = new Map<K, number>();
  for (const item of itens) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
}

/**
 * Students per etapa, turno and class on the reference date (enrolments, as INEP counts: a student in
 * two classes counts in each), and the people the file carries: docentes (record 50) and professionals
 * (record 30 lines that are not students).
 */
export async function contagensCenso(
  montagem: Pick<MontagemCenso, 'ctx'> & {
    /** The lines in memory (`montarCenso`), or the distinct ids the stream counted (fluxo.ts). */
    linhas?: readonly Linha[];
    distintos?: ReadonlyMap<string, ReadonlySet<string | null>>;
  },
): Promise<ContagensCenso> {
  const { db, ano, dataReferencia: data } = montagem.ctx;
  const matriculas = await matriculasNaData(db, ano, data);
  const etapaDe = await etapasDasTurmas(db, matriculas);
  const porEtapa = contar(matriculas.map((matricula) => etapaDe.get(matricula.turmaId) ?? SEM_ETAPA));
  const porTurno = contar(matriculas.map((matricula) => matricula.turma.turno));
  const turmas = new Map<string, { nome: string; alunos: number }>();
  for (const matricula of matriculas) {
    const atual = turmas.get(matricula.turmaId) ?? { nome: matricula.turma.nome, alunos: 0 };
    atual.alunos += 1;
    turmas.set(matricula.turmaId, atual);
  }
  const distintos = (tipo: string, entidade: string) =>
    montagem.distintos?.get(`${tipo}:${entidade}`)?.size ??
    new Set(
      (montagem.linhas ?? [])
        .filter((linha) => linha.tipo === tipo && linha.entidade === entidade)
        .map((linha) => linha.entidadeId),
    ).size;
  return {
    alunos: new Set(matriculas.map((matricula) => matricula.alunoId)).size,
    turmas: turmas.size,
    docentes: distintos('50', 'profissional'),
    profissionais: distintos('30', 'profissional'),
    por_etapa: [...porEtapa]
      .map(([etapa, alunos]) => ({ etapa, rotulo: rotuloDe(etapas, etapa) ?? 'Sem etapa do INEP', alunos }))
      .sort((a, b) => ordemEtapa(a.etapa) - ordemEtapa(b.etapa)),
    por_turno: turnos
      .filter((turno) => porTurno.has(turno))
      .map((turno) => ({ turno, rotulo: turnoLabels[turno], alunos: porTurno.get(turno) ?? 0 })),
    por_turma: [...turmas]
      .map(([turmaId, turma]) => ({
        turma_id: turmaId,
        nome: turma.nome,
        etapa: etapaDe.get(turmaId) ?? null,
        alunos: turma.alunos,
      }))
      // In the school's order (Pré II before 1º ano, 9º ano before 1ª série), as the secretaria reads them.
      .sort(
        (a, b) =>
          ordemEtapa(a.etapa ?? '') - ordemEtapa(b.etapa ?? '') || a.nome.localeCompare(b.nome, 'pt-BR'),
      ),
  };
}

const ordemEtapa = (codigo: string) => {
  const index = etapas.findIndex(([valor]) => valor === codigo);
  return index === -1 ? etapas.length : index;
};

// --- The file -------------------------------------------------------------------------------------

/**
 * The school's INEP code (Configurações → Censo, or Configurações → Escola when the census screen left it
 * to follow it: part 1 keeps a value equal to the known one empty), or null while it is not filled in.
 */
export async function codigoInepDaEscola(db: DbOrTx): Promise<string | null> {
  return (await lerCensoEscola(db)).dados.codigo_inep;
}

export interface ArquivoCenso {
  bytes: Buffer;
  nome: string;
  pendencias: Pendencia[];
  /** The students whose data the file carries (each gets an entry in the access log). */
  alunos: string[];
}

/** The stage's file and what it holds; the caller decides whether pendências allow it out. */
export async function arquivoCenso(montagem: MontagemCenso): Promise<ArquivoCenso> {
  const { db, ano, dataReferencia: data, layout } = montagem.ctx;
  const fim = montagem.etapa === 'matricula-inicial' ? REGISTRO_FIM_MATRICULA_INICIAL : undefined;
  const codigo = await codigoInepDaEscola(db);
  const naData = await matriculasNaData(db, ano, data);
  const depois = montagem.etapa === 'situacao-do-aluno' ? await matriculasAposData(db, ano, data) : [];
  const alunos = new Set([...naData, ...depois].map((matricula) => matricula.alunoId));
  for (const linha of montagem.linhas)
    if (linha.entidade === 'aluno' && linha.entidadeId) alunos.add(linha.entidadeId);
  return {
    bytes: escreverArquivo(layout, montagem.linhas, fim),
    nome: `censo-${String(ano)}-${montagem.etapa}-${codigo ?? 'sem-codigo-inep'}.txt`,
    pendencias: montagem.pendencias,
    alunos: [...alunos],
  };
}
