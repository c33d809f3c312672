/**
 * The census file assembled as a stream (issue 38, ADR 0063): the same lines, in the same order, with the
 * same pending list as `montarCenso` + `arquivoCenso` (censo.service.ts), but a chunk at a time. For each
 * record type in INEP's order, each source gives its lines of that type — a source with `lotes` a chunk
 * at a time (the students' record 30 a thousand students at a time, record 60 a few classes at a time),
 * any other its whole `linhas` once, kept only while the assembly runs — and each line is checked
 * (only the pendências stay) and written at once. The file is the in-memory writer's, byte for byte
 * (`fluxo.test.ts` compares both on a school of several classes).
 *
 * The pending list is the same list in the same order: `validar` walks the lines in file order, and the
 * sources' own checks come after, source by source.
 */
import { open } from 'node:fs/promises';
import type { EtapaCenso, Pendencia } from '../../../shared/censo.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { PRIVATE_FILE_MODE } from '../../lib/data-dir.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import {
  FIM_DE_LINHA,
  pendenciaDe,
  REGISTRO_FIM_MATRICULA_INICIAL,
  SEPARADOR,
  valoresDaLinha,
  verificarLinha,
  type AnotarProblema,
} from './arquivo.js';
import { contextoCenso, fontesDaEtapa, layoutOuErro, type MontagemOpcoes } from './censo.service.js';
import {
  tiposRegistro,
  type CensoContexto,
  type FonteCenso,
  type Linha,
  type TipoRegistro,
} from './layout.js';

/** Where the text goes (a file, or nowhere when only the pending list is wanted). */
export interface SaidaCenso {
  escrever(texto: string): Promise<void>;
}

export const saidaNenhuma: SaidaCenso = { escrever: () => Promise.resolve() };

/** Bytes gathered before a write to the file. */
const FLUSH_BYTES = 256 * 1024;

/** A file written in ISO-8859-1 as the text arrives, in writes of about 256 KB. */
export async function saidaArquivo(caminho: string) {
  const handle = await open(caminho, 'w', PRIVATE_FILE_MODE);
  let pendente: string[] = [];
  let tamanho = 0;
  let bytes = 0;
  const flush = async () => {
    if (pendente.length === 0) return;
    const buffer = Buffer.from(pendente.join(''), 'latin1');
    pendente = [];
    tamanho = 0;
    bytes += buffer.length;
    await handle.write(buffer);
  };
  return {
    async escrever(texto: string) {
      pendente.push(texto);
      tamanho += texto.length;
      if (tamanho >= FLUSH_BYTES) await flush();
    },
    async fechar(): Promise<number> {
      try {
        await flush();
      } finally {
        await handle.close();
      }
      return bytes;
    },
  };
}

/** How far along: `feitos` of `total` lines of the file written (the file's records 30 and 60 dominate). */
export type ProgressoCenso = (feitos: number, total: number) => Promise<void> | void;

/** What one pass gives: the pending list and the people the file names (for the figures and the access log). */
export interface PassagemCenso {
  ctx: CensoContexto;
  etapa: EtapaCenso;
  /** The pending list (with `limitePorCampo`: at most that many of each record, field and message). */
  pendencias: Pendencia[];
  /** How many pendências there are, those left out of the list included. */
  totalPendencias: number;
  /** Lines written (the trailer aside). */
  totalLinhas: number;
  /** Distinct ids of the file's lines by `tipo:entidade` ('50:profissional' → the docentes). */
  distintos: Map<string, Set<string | null>>;
  /** The students whose records the file carries (entidade 'aluno'). */
  alunosDasLinhas: Set<string>;
}

const CONTADOS = new Set(['50:profissional', '30:profissional']);

const ENTRE_PARENTESES = /\([^()]*\)/g;

/**
 * The pending list with a limit per record, field and message, and the count of all (issue 38). A
 * school with no census data yet has a pendência per student and field — 470,982 at 50,000 students —
 * so past its kind's limit a problem is only counted: no pendência object, no key string (the counts
 * are maps by record, then field, then message, whose strings are mostly the layout's own).
 */
export class Pendencias {
  readonly lista: Pendencia[] = [];
  total = 0;
  private readonly vistas = new Map<string, Map<string, Map<string, number>>>();
  constructor(private readonly limite: number) {}

  /**
   * Counts one of its kind; true while the kind is under the limit (the caller keeps it). A message's
   * parenthesis names whom it is about ('… (Turma 5º ano B.)', '(1º A e 1º B)'): one kind whatever the
   * class, or the birth-date check alone kept tens of thousands at 50,000 students (16 MB on the task's row
   * and in each answer of the screen, issue 38).
   */
  private cabe(registro: string, campo: string, mensagemInteira: string): boolean {
    this.total += 1;
    const mensagem = mensagemInteira.includes('(')
      ? mensagemInteira.replace(ENTRE_PARENTESES, '()')
      : mensagemInteira;
    let porCampo = this.vistas.get(registro);
    if (!porCampo) this.vistas.set(registro, (porCampo = new Map<string, Map<string, number>>()));
    let porMensagem = porCampo.get(campo);
    if (!porMensagem) porCampo.set(campo, (porMensagem = new Map<string, number>()));
    const vistas = porMensagem.get(mensagem) ?? 0;
    porMensagem.set(mensagem, vistas + 1);
    return vistas < this.limite;
  }

  /** A problem of a line (`verificarLinha`): a pendência only if kept. */
  readonly daLinha: AnotarProblema = (linha, campo, mensagem) => {
    if (this.cabe(linha.tipo, campo, mensagem)) this.lista.push(pendenciaDe(linha, campo, mensagem));
  };

  /** The sources' own pendências (few, already built). */
  anotar(lista: readonly Pendencia[]) {
    for (const pendencia of lista)
      if (this.cabe(pendencia.registro, pendencia.campo, pendencia.mensagem)) this.lista.push(pendencia);
  }
}

/** What one chunk gave: its text and how many lines. */
interface Trecho {
  texto: string;
  linhas: number;
}

async function* lotesDe(
  fonte: FonteCenso,
  ctx: CensoContexto,
  tipo: TipoRegistro,
  inteiras: Map<FonteCenso, Promise<Linha[]>>,
): AsyncGenerator<Iterable<Linha>> {
  if (fonte.lotes) {
    if (fonte.tipos && !fonte.tipos.includes(tipo)) return;
    yield* fonte.lotes(ctx, tipo);
    return;
  }
  let todas = inteiras.get(fonte);
  if (!todas) {
    todas = fonte.linhas(ctx);
    inteiras.set(fonte, todas);
  }
  const doTipo = (await todas).filter((linha) => linha.tipo === tipo);
  if (doTipo.length > 0) yield doTipo;
}

/**
 * One pass over the stage's lines in file order: each line checked and written to `saida`, then dropped.
 * `progresso` is told after each chunk.
 */
export async function percorrerCenso(
  db: DbOrTx,
  ano: number,
  etapa: EtapaCenso,
  saida: SaidaCenso,
  opcoes: MontagemOpcoes = {},
  progresso?: ProgressoCenso,
  limitePorCampo = Number.POSITIVE_INFINITY,
): Promise<PassagemCenso> {
  const ctx = contextoCenso(db, ano, layoutOuErro(ano, opcoes));
  const fontes = fontesDaEtapa(etapa, opcoes);
  let total = 0;
  for (const fonte of fontes) total += fonte.estimativa ? await fonte.estimativa(ctx) : 0;
  const pendencias = new Pendencias(limitePorCampo);
  const distintos = new Map<string, Set<string | null>>();
  const alunosDasLinhas = new Set<string>();
  const partes: string[] = [];
  /**
   * The next chunk as text: each line checked, written and dropped as the chunk's iterable makes it.
   * A function of its own so that nothing of the chunk stays referenced while the text is written and
   * the progress recorded (issue 38: a chunk alive across those awaits was promoted to V8's old
   * generation, and the census's garbage piled up there).
   */
  const proximo = async (lotes: AsyncIterator<Iterable<Linha>>): Promise<Trecho | null> => {
    const passo = await lotes.next();
    if (passo.done) return null;
    const texto: string[] = [];
    for (const linha of passo.value) {
      verificarLinha(ctx.layout, linha, pendencias.daLinha);
      texto.push(valoresDaLinha(ctx.layout, linha, partes).join(SEPARADOR));
      const chave = linha.entidade === 'profissional' ? `${linha.tipo}:profissional` : '';
      if (CONTADOS.has(chave)) {
        const ids = distintos.get(chave) ?? new Set();
        ids.add(linha.entidadeId);
        distintos.set(chave, ids);
      }
      if (linha.entidade === 'aluno' && linha.entidadeId) alunosDasLinhas.add(linha.entidadeId);
    }
    // One flat string per chunk (the lines joined, each ending in FIM_DE_LINHA), not a rope of lines.
    texto.push('');
    return { texto: texto.join(FIM_DE_LINHA), linhas: texto.length - 1 };
  };
  // The sources without `lotes` (the school, the staff): their lines once, for this pass only.
  const inteiras = new Map<FonteCenso, Promise<Linha[]>>();
  let linhas = 0;
  for (const tipo of tiposRegistro) {
    for (const fonte of fontes) {
      const lotes = lotesDe(fonte, ctx, tipo, inteiras);
      for (let trecho = await proximo(lotes); trecho; trecho = await proximo(lotes)) {
        linhas += trecho.linhas;
        await saida.escrever(trecho.texto);
        await progresso?.(linhas, Math.max(total, linhas));
        await yieldToEventLoop();
      }
    }
  }
  inteiras.clear();
  if (etapa === 'matricula-inicial') await saida.escrever(REGISTRO_FIM_MATRICULA_INICIAL + FIM_DE_LINHA);
  for (const fonte of fontes) {
    if (!fonte.pendenciasEmLotes) pendencias.anotar(await fonte.pendencias(ctx));
    else
      for await (const lote of fonte.pendenciasEmLotes(ctx)) {
        pendencias.anotar(lote);
        await yieldToEventLoop();
      }
  }
  await progresso?.(linhas, linhas);
  return {
    ctx,
    etapa,
    pendencias: pendencias.lista,
    totalPendencias: pendencias.total,
    totalLinhas: linhas,
    distintos,
    alunosDasLinhas,
  };
}
