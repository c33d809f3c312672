/**
 * The census file as a background task (issue 38, ADR 0063). At 50,000 students the file takes minutes:
 * the request records a task and queues a job in one transaction and answers 202; the job streams the
 * file (fluxo.ts) into the database in parts of 256 KB, writing 'N de M linhas' on the task's row after each
 * chunk, and at the end the pending list. Any instance answers the screen and serves the download (the
 * file is not on one instance's disk). A job cut short runs again from the start: its parts are replaced.
 */
import { DAY_MS } from '../../../shared/calendar.js';
import { Readable } from 'node:stream';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { CensoTarefa } from '../../../shared/censo-tarefas.schemas.js';
import type { EtapaCenso, Pendencia } from '../../../shared/censo.schemas.js';
import { formatCount } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  censoArquivoPartes,
  censoArquivoTarefas,
  type CensoArquivoTarefaRow,
} from '../../db/schema/censo-tarefas.js';
import { clock } from '../../lib/clock.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Actor } from '../audit/index.js';
import { codigoInepDaEscola, layoutOuErro, type MontagemOpcoes } from './censo.service.js';
import { percorrerCenso, type SaidaCenso } from './fluxo.js';
import { alunosDoArquivo } from './matriculas.js';

/**
 * Bytes per part of the file in the database. 256 KB: each part passes through PGlite as a hex text
 * twice its size, copied in and out of its memory, when written and when read to send (issue 38: parts
 * of 1 MB took ~15 MB of transient memory each).
 */
const PARTE_BYTES = 256 * 1024;
/** Tasks and their files are kept a day (the file is downloaded again from the task meanwhile). */
const GUARDAR_MS = DAY_MS;
/** The task keeps at most this many pendências of each record, field and message (all are counted). */
export const PENDENCIAS_POR_CAMPO = 200;

export const ROTULO_ETAPA: Record<EtapaCenso, string> = {
  'matricula-inicial': 'Matrícula Inicial',
  'situacao-do-aluno': 'Situação do Aluno',
};

/** The 409's words, the same whether the file was asked directly or through a task. */
export function pendenciasErro(
  etapa: EtapaCenso,
  pendencias: readonly Pendencia[],
  total = pendencias.length,
): AppError {
  return new AppError(
    'CONFLICT',
    `O arquivo de ${ROTULO_ETAPA[etapa]} tem ${formatCount(total, 'pendência', 'pendências')}: corrija antes de enviar ao INEP.`,
    pendencias.map((pendencia) => ({
      path: `Registro ${pendencia.registro} · ${pendencia.nome} · ${pendencia.campo}`,
      message: pendencia.mensagem,
    })),
  );
}

export const nomeDoArquivo = (ano: number, etapa: EtapaCenso, codigo: string | null) =>
  `censo-${String(ano)}-${etapa}-${codigo ?? 'sem-codigo-inep'}.txt`;

const numero = (value: number) => value.toLocaleString('pt-BR');

function mensagemDe(row: CensoArquivoTarefaRow): string {
  if (row.status === 'na_fila') return 'Na fila: começa em instantes.';
  if (row.status === 'falhou') return row.erro ?? 'Não foi possível montar o arquivo.';
  if (row.status === 'executando')
    return row.total === 0
      ? 'Montando o arquivo…'
      : `Montando o arquivo: ${numero(row.feitos)} de ${formatCount(row.total, 'linha', 'linhas')}`;
  const total = row.pendenciasTotal ?? 0;
  if (total > 0)
    return `O arquivo de ${ROTULO_ETAPA[row.etapa]} tem ${formatCount(total, 'pendência', 'pendências')}: corrija antes de enviar ao INEP.`;
  return `Arquivo de ${ROTULO_ETAPA[row.etapa]} pronto, sem pendências.`;
}

export function tarefaDe(row: CensoArquivoTarefaRow, base: string, comLista = false): CensoTarefa {
  const url = `${base}/${String(row.ano)}/tarefas/${row.id}`;
  const pronta = row.status === 'concluida' && row.arquivoNome !== null;
  return {
    id: row.id,
    ano: row.ano,
    etapa: row.etapa,
    status: row.status,
    feitos: row.feitos,
    total: row.total,
    mensagem: mensagemDe(row),
    pendencias_total: row.pendenciasTotal,
    pendencias: comLista && pronta ? ((row.pendencias as Pendencia[] | null) ?? []) : null,
    arquivo: pronta ? { nome: row.arquivoNome!, bytes: row.bytes ?? 0, url: `${url}/arquivo` } : null,
    erro: row.erro,
    iniciado_por_nome: row.iniciadoPorNome,
    criado_em: row.criadoEm.toISOString(),
    concluido_em: row.concluidoEm?.toISOString() ?? null,
    url,
  };
}

/** The row without the big columns (the list, the students): what every poll reads. */
const leve = {
  id: censoArquivoTarefas.id,
  ano: censoArquivoTarefas.ano,
  etapa: censoArquivoTarefas.etapa,
  status: censoArquivoTarefas.status,
  feitos: censoArquivoTarefas.feitos,
  total: censoArquivoTarefas.total,
  pendenciasTotal: censoArquivoTarefas.pendenciasTotal,
  arquivoNome: censoArquivoTarefas.arquivoNome,
  bytes: censoArquivoTarefas.bytes,
  erro: censoArquivoTarefas.erro,
  usuarioId: censoArquivoTarefas.usuarioId,
  iniciadoPorNome: censoArquivoTarefas.iniciadoPorNome,
  criadoEm: censoArquivoTarefas.criadoEm,
  atualizadoEm: censoArquivoTarefas.atualizadoEm,
  concluidoEm: censoArquivoTarefas.concluidoEm,
};
type Leve = Omit<CensoArquivoTarefaRow, 'pendencias' | 'alunoIds'>;
const semLista = (row: Leve): CensoArquivoTarefaRow => ({ ...row, pendencias: null, alunoIds: null });

/**
 * Starts the stage's file of `ano`; a task of the same year and stage already waiting or running is
 * answered as is (a double click, or a second person, starts nothing twice).
 */
export async function iniciarTarefa(
  ctx: AppContext,
  job: string,
  ano: number,
  etapa: EtapaCenso,
  actor: Actor,
  opcoes: MontagemOpcoes,
): Promise<CensoArquivoTarefaRow> {
  layoutOuErro(ano, opcoes);
  const emCurso = () =>
    ctx.db
      .select(leve)
      .from(censoArquivoTarefas)
      .where(
        and(
          eq(censoArquivoTarefas.ano, ano),
          eq(censoArquivoTarefas.etapa, etapa),
          inArray(censoArquivoTarefas.status, ['na_fila', 'executando']),
        ),
      )
      .limit(1);
  const [existente] = await emCurso();
  if (existente) return semLista(existente);
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .insert(censoArquivoTarefas)
        .values({
          ano,
          etapa,
          usuarioId: actor.id,
          iniciadoPorNome: actor.nome ?? 'Sistema',
          criadoEm: now,
          atualizadoEm: now,
        })
        .returning();
      await ctx.jobs.enqueue(tx, job, { tarefaId: row!.id });
      return row!;
    });
  } catch (error) {
    // Two starts at the same moment: the unique index lets one in; the other answers that one.
    if (!isUniqueViolation(error)) throw error;
    const [outra] = await emCurso();
    if (!outra) throw error;
    return semLista(outra);
  }
}

/** Writes the file into `censo_arquivo_partes`, a part of 256 KB at a time. */
function saidaPartes(db: DbOrTx, tarefaId: string) {
  let pendente: Buffer[] = [];
  let tamanho = 0;
  let n = 0;
  let bytes = 0;
  const gravar = async () => {
    if (tamanho === 0) return;
    const parte = Buffer.concat(pendente, tamanho);
    pendente = [];
    tamanho = 0;
    bytes += parte.length;
    // As hex decoded by the database: PGlite's own bytea parameter builds an array of a million
    // numbers and a million two-letter strings per MB, all promoted to V8's old generation (issue 38:
    // the census's memory peak). Node writes the hex natively; PostgreSQL takes it alike.
    await db
      .insert(censoArquivoPartes)
      .values({ tarefaId, n, bytes: sql`decode(${parte.toString('hex')}, 'hex')` });
    n += 1;
  };
  const saida: SaidaCenso & { fechar(): Promise<number> } = {
    async escrever(texto) {
      const buffer = Buffer.from(texto, 'latin1');
      pendente.push(buffer);
      tamanho += buffer.length;
      if (tamanho >= PARTE_BYTES) await gravar();
    },
    async fechar() {
      await gravar();
      return bytes;
    },
  };
  return saida;
}

/** The job: builds the file and its pending list, recording the progress on the row. */
export async function executarTarefa(ctx: AppContext, payload: unknown, opcoes: MontagemOpcoes) {
  const { tarefaId } = payload as { tarefaId: string };
  const [tarefa] = await ctx.db
    .select(leve)
    .from(censoArquivoTarefas)
    .where(eq(censoArquivoTarefas.id, tarefaId));
  if (!tarefa || tarefa.status === 'concluida' || tarefa.status === 'falhou') return;
  const touch = async (values: Partial<typeof censoArquivoTarefas.$inferInsert>): Promise<void> => {
    await ctx.db
      .update(censoArquivoTarefas)
      .set({ ...values, atualizadoEm: clock.now() })
      .where(eq(censoArquivoTarefas.id, tarefaId));
  };
  // Run again after its instance died: the parts written before are replaced.
  await ctx.db.delete(censoArquivoPartes).where(eq(censoArquivoPartes.tarefaId, tarefaId));
  await touch({ status: 'executando', feitos: 0, total: 0, erro: null });
  try {
    const saida = saidaPartes(ctx.db, tarefaId);
    const passagem = await percorrerCenso(
      ctx.db,
      tarefa.ano,
      tarefa.etapa,
      saida,
      opcoes,
      (feitos, total) => touch({ feitos, total }),
      PENDENCIAS_POR_CAMPO,
    );
    const bytes = await saida.fechar();
    const { ano, dataReferencia } = passagem.ctx;
    const alunos = new Set(
      await alunosDoArquivo(ctx.db, ano, dataReferencia, tarefa.etapa === 'situacao-do-aluno'),
    );
    for (const id of passagem.alunosDasLinhas) alunos.add(id);
    await touch({
      status: 'concluida',
      feitos: passagem.totalLinhas,
      total: passagem.totalLinhas,
      pendenciasTotal: passagem.totalPendencias,
      pendencias: passagem.pendencias,
      arquivoNome: nomeDoArquivo(ano, tarefa.etapa, await codigoInepDaEscola(ctx.db)),
      bytes,
      alunoIds: [...alunos],
      concluidoEm: clock.now(),
    });
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : 'Não foi possível montar o arquivo do Censo. Tente de novo.';
    await ctx.db.delete(censoArquivoPartes).where(eq(censoArquivoPartes.tarefaId, tarefaId));
    await touch({ status: 'falhou', erro: message, concluidoEm: clock.now() });
    if (!(error instanceof AppError)) throw error;
  }
}

/** One task of the year (with its pending list once done). */
export async function lerTarefa(db: DbOrTx, ano: number, tarefaId: string): Promise<CensoArquivoTarefaRow> {
  const [row] = await db
    .select({ ...leve, pendencias: censoArquivoTarefas.pendencias })
    .from(censoArquivoTarefas)
    .where(and(eq(censoArquivoTarefas.id, tarefaId), eq(censoArquivoTarefas.ano, ano)));
  if (!row) throw notFound('Tarefa não encontrada: o arquivo é guardado por um dia. Monte-o de novo.');
  return { ...row, alunoIds: null };
}

/** The students a finished task's file carries (for the access log of each download). */
export async function alunosDaTarefa(db: DbOrTx, tarefaId: string): Promise<string[]> {
  const [row] = await db
    .select({ alunoIds: censoArquivoTarefas.alunoIds })
    .from(censoArquivoTarefas)
    .where(eq(censoArquivoTarefas.id, tarefaId));
  return (row?.alunoIds as string[] | null) ?? [];
}

/** The year's tasks, newest first (the screen finds the one running after a reload). */
export async function listarTarefas(db: DbOrTx, ano: number, etapa?: EtapaCenso) {
  const rows = await db
    .select(leve)
    .from(censoArquivoTarefas)
    .where(and(eq(censoArquivoTarefas.ano, ano), etapa ? eq(censoArquivoTarefas.etapa, etapa) : undefined))
    .orderBy(desc(censoArquivoTarefas.criadoEm))
    .limit(10);
  return rows.map(semLista);
}

/** The file's parts read one at a time as the response drains. */
export function lerArquivo(db: DbOrTx, tarefaId: string): Readable {
  let n = 0;
  const proxima = async (stream: Readable) => {
    try {
      // Read as hex for the same reason (PGlite parses a bytea a byte at a time, with a substring each).
      const [parte] = await db
        .select({ hex: sql<string>`encode(${censoArquivoPartes.bytes}, 'hex')` })
        .from(censoArquivoPartes)
        .where(and(eq(censoArquivoPartes.tarefaId, tarefaId), eq(censoArquivoPartes.n, n)));
      n += 1;
      stream.push(parte ? Buffer.from(parte.hex, 'hex') : null);
    } catch (error) {
      stream.destroy(error as Error);
    }
  };
  return new Readable({
    read() {
      void proxima(this);
    },
  });
}

/** Housekeeping: tasks older than a day go, with their files. */
export async function apagarTarefasAntigas(db: DbOrTx): Promise<void> {
  await db.delete(censoArquivoTarefas).where(lt(censoArquivoTarefas.criadoEm, clock.ago(GUARDAR_MS)));
}
