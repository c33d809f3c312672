/**
 * Anuidades and payment plans (Lei 9.870/1999, issue 34): per year and série the annual value, the
 * enrolment deadline and the plans a family may choose. The plan rules (art. 1º §5º) are the shared
 * `problemasDosPlanos`, the same the settings card shows while the secretary types; centavos rounding
 * is ADR 0050 (docs/decisions).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  problemasDosPlanos,
  parcelasDoPlano,
  type Anuidade,
  type AnuidadeData,
  type AnuidadesAno,
} from '../../../shared/anuidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import {
  anuidadePublicacoes,
  anuidades,
  planosPagamento,
  type AnuidadeRow,
  type PlanoPagamentoRow,
} from '../../db/schema/anuidades.js';
import { classes } from '../../db/schema/classes.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertVersion } from '../../lib/versioning.js';
import { clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { nextSerieOf } from '../grades/index.js';
import { compareSeries } from '../../../shared/classes.schemas.js';

/** A payment plan of a série's anuidade (Lei 9.870): amounts in centavos. */
export interface PlanoPagamento {
  id: string;
  nome: string;
  parcelas: number;
  valor_parcela_centavos: number;
  taxa_matricula_centavos: number;
  /** The first instalment, with the standard plan's rounding remainder (ADR 0094). */
  primeira_parcela_centavos: number;
  /** Fee plus instalments: the standard plan's is exactly the anuidade, another's never above it. */
  total_centavos: number;
  valor_anual_centavos: number;
  /** The standard plan: the anuidade less the fee in equal instalments. */
  padrao: boolean;
}

function toPlano(row: PlanoPagamentoRow, anuidade: Pick<AnuidadeRow, 'valorAnualCentavos'>): PlanoPagamento {
  const valores = {
    parcelas: row.parcelas,
    valor_parcela_centavos: row.valorParcelaCentavos,
    taxa_matricula_centavos: row.taxaMatriculaCentavos,
  };
  const parcelamento = parcelasDoPlano({ ...valores, padrao: row.padrao }, anuidade.valorAnualCentavos);
  return {
    id: row.id,
    nome: row.nome,
    ...valores,
    primeira_parcela_centavos: parcelamento.primeira,
    total_centavos: parcelamento.total,
    valor_anual_centavos: anuidade.valorAnualCentavos,
    padrao: row.padrao,
  };
}

function toAnuidade(row: AnuidadeRow, planos: PlanoPagamentoRow[]): Anuidade {
  return {
    id: row.id,
    ano_letivo: row.anoLetivo,
    serie: row.serie,
    valor_anual_centavos: row.valorAnualCentavos,
    prazo_matricula: row.prazoMatricula,
    planos: planos.map((plano) => toPlano(plano, row)),
    version: row.version,
    atualizado_em: row.updatedAt.toISOString(),
  };
}

const planOrder = [asc(planosPagamento.ordem), asc(planosPagamento.createdAt)] as const;

/** The plans a family may choose for a série and year (empty when the school has set none). */
export async function planosDisponiveis(
  db: DbOrTx,
  anoLetivo: number,
  serie: string,
): Promise<PlanoPagamento[]> {
  const [anuidade] = await db
    .select()
    .from(anuidades)
    .where(and(eq(anuidades.anoLetivo, anoLetivo), eq(anuidades.serie, serie.trim())));
  if (!anuidade) return [];
  const rows = await db
    .select()
    .from(planosPagamento)
    .where(eq(planosPagamento.anuidadeId, anuidade.id))
    .orderBy(...planOrder);
  return rows.map((row) => toPlano(row, anuidade));
}

/**
 * Why a submitted pré-matrícula has no plan, for the secretaria about to send the contract: the form asks
 * for one only when the série has plans on offer, so it was sent while there were none (a new school, an
 * anuidade not saved yet). What to do depends on whether there are plans now.
 */
export async function semPlanoEscolhido(
  db: DbOrTx,
  { anoLetivo, serie }: { anoLetivo: number; serie: string },
): Promise<string> {
  const planos = `planos de ${serie} de ${String(anoLetivo)}`;
  return (await planosDisponiveis(db, anoLetivo, serie)).length > 0
    ? `A pré-matrícula foi enviada sem plano de pagamento (os ${planos} foram cadastrados depois). ` +
        'Reenvie o link da pré-matrícula, para a família escolher o plano.'
    : `A pré-matrícula foi enviada sem plano de pagamento: não há ${planos} para a família escolher. ` +
        'Cadastre a anuidade e os planos da série em Configurações → Matrícula online e reenvie o link da pré-matrícula, para a família escolher o plano.';
}

/**
 * A plan by its id — with `da`, only a plan of that year's série: a form holds the id the family sent,
 * and another série's plan (a cheaper one) must not become this child's contract and charges.
 */
export async function planoPorId(
  db: DbOrTx,
  id: string,
  da?: { anoLetivo: number; serie: string },
): Promise<PlanoPagamento | null> {
  const [row] = await db
    .select({ plano: planosPagamento, anuidade: anuidades })
    .from(planosPagamento)
    .innerJoin(anuidades, eq(anuidades.id, planosPagamento.anuidadeId))
    .where(
      and(
        eq(planosPagamento.id, id),
        da ? and(eq(anuidades.anoLetivo, da.anoLetivo), eq(anuidades.serie, da.serie.trim())) : undefined,
      ),
    );
  return row ? toPlano(row.plano, row.anuidade) : null;
}

/** Every série's anuidade of a year, with its plans (série order). */
export async function anuidadesDoAno(db: DbOrTx, ano: number): Promise<Anuidade[]> {
  const rows = await db.select().from(anuidades).where(eq(anuidades.anoLetivo, ano));
  if (rows.length === 0) return [];
  rows.sort((a, b) => compareSeries(a.serie, b.serie));
  const planos = await db
    .select()
    .from(planosPagamento)
    .where(
      inArray(
        planosPagamento.anuidadeId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(...planOrder);
  return rows.map((row) =>
    toAnuidade(
      row,
      planos.filter((plano) => plano.anuidadeId === row.id),
    ),
  );
}

/** Next year by default: the anuidades a school prepares are the coming year's. */
export const anoPadrao = () => Number(clock.today().slice(0, 4)) + 1;

/**
 * The séries to start from: the year's classes, or this year's classes moved up a série (what the
 * rematrícula would propose), so the secretary need not type them.
 */
async function seriesSugeridas(db: DbOrTx, ano: number): Promise<string[]> {
  const own = await db
    .selectDistinct({ serie: classes.serie })
    .from(classes)
    .where(eq(classes.anoLetivo, String(ano)));
  const series = new Set(own.map((row) => row.serie));
  const previous = await db
    .select()
    .from(classes)
    .where(eq(classes.anoLetivo, String(ano - 1)));
  const offersMedio = previous.some((turma) => turma.nivel === 'Ensino Médio');
  for (const turma of previous) {
    series.add(turma.serie);
    const next = nextSerieOf(turma, offersMedio);
    if (next) series.add(next);
  }
  return [...series].sort(compareSeries);
}

export async function getAnuidadesAno(db: DbOrTx, ano: number): Promise<AnuidadesAno> {
  const [lista, [publicacao], sugeridas] = await Promise.all([
    anuidadesDoAno(db, ano),
    db.select().from(anuidadePublicacoes).where(eq(anuidadePublicacoes.anoLetivo, ano)),
    seriesSugeridas(db, ano),
  ]);
  return {
    ano_letivo: ano,
    anuidades: lista,
    publicacao: publicacao
      ? {
          publicado_em: publicacao.publicadoEm.toISOString(),
          alterado_depois: alteradoDepois(lista, publicacao.conteudo),
          com_contrato: publicacao.conteudo.contrato !== null,
        }
      : null,
    series_sugeridas: sugeridas,
  };
}

/** What the public page would show now differs from what was published (values, plans, deadlines). */
export function alteradoDepois(
  atual: Anuidade[],
  publicado: {
    series: { serie: string; valor_anual_centavos: number; prazo_matricula: string; planos: unknown[] }[];
  },
): boolean {
  // The total is derived from the values (and how it is derived changed with ADR 0094): a year
  // published before that is not 'changed' for it — the public page derives it again.
  const semTotal = (series: { planos: unknown[] }[]) =>
    series.map((serie) => ({
      ...serie,
      planos: serie.planos.map((plano) => {
        if (plano === null || typeof plano !== 'object') return plano;
        return Object.fromEntries(Object.entries(plano).filter(([key]) => key !== 'total_centavos'));
      }),
    }));
  return canonical(semTotal(conteudoSeries(atual))) !== canonical(semTotal(publicado.series));
}

/** JSON with object keys sorted: jsonb gives keys back in its own order, not the one written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function conteudoSeries(lista: Anuidade[]) {
  return lista.map((item) => ({
    serie: item.serie,
    valor_anual_centavos: item.valor_anual_centavos,
    prazo_matricula: item.prazo_matricula,
    planos: item.planos.map((plano) => ({
      nome: plano.nome,
      parcelas: plano.parcelas,
      valor_parcela_centavos: plano.valor_parcela_centavos,
      taxa_matricula_centavos: plano.taxa_matricula_centavos,
      total_centavos: plano.total_centavos,
      padrao: plano.padrao,
    })),
  }));
}

/**
 * `PUT /api/matriculas/anuidades`: saves one série's anuidade of a year with all its plans, refusing
 * what the law does not allow (13 instalments, a plan above the anuidade, unequal standard
 * instalments, a fee above the anuidade). Plans keep their ids; a plan left out is removed.
 */
export async function salvarAnuidade(
  db: DbOrTx,
  input: AnuidadeData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Anuidade> {
  const problemas = problemasDosPlanos(input.valor_anual_centavos, input.planos);
  if (problemas.length > 0)
    throw new AppError(
      'VALIDATION',
      problemas.length === 1
        ? problemas[0]!.message
        : `${String(problemas.length)} problemas nos planos: corrija os campos indicados.`,
      problemas,
    );
  const serie = input.serie.trim();
  const id = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(anuidades)
      .where(and(eq(anuidades.anoLetivo, input.ano_letivo), eq(anuidades.serie, serie)))
      .for('update');
    if (current && expectedVersion !== undefined) assertVersion(expectedVersion, current.version);
    const values = {
      valorAnualCentavos: input.valor_anual_centavos,
      prazoMatricula: input.prazo_matricula,
      updatedAt: clock.now(),
    };
    const [row] = current
      ? await tx
          .update(anuidades)
          .set({ ...values, version: sql`${anuidades.version} + 1` })
          .where(eq(anuidades.id, current.id))
          .returning()
      : await tx
          .insert(anuidades)
          .values({ anoLetivo: input.ano_letivo, serie, ...values })
          .onConflictDoNothing()
          .returning();
    // Two first saves of the same série at once: the second finds the row the first wrote.
    if (!row)
      throw new AppError('CONFLICT', 'Outra pessoa salvou esta série agora: recarregue e tente de novo.');
    const existing = await tx.select().from(planosPagamento).where(eq(planosPagamento.anuidadeId, row.id));
    const keptIds = new Set(existing.map((plano) => plano.id));
    const sentIds = new Set(
      input.planos.flatMap((plano) => (plano.id && keptIds.has(plano.id) ? [plano.id] : [])),
    );
    const removed = existing.filter((plano) => !sentIds.has(plano.id)).map((plano) => plano.id);
    if (removed.length > 0) await tx.delete(planosPagamento).where(inArray(planosPagamento.id, removed));
    for (const [ordem, plano] of input.planos.entries()) {
      const fields = {
        nome: plano.nome.trim(),
        parcelas: plano.parcelas,
        valorParcelaCentavos: plano.valor_parcela_centavos,
        taxaMatriculaCentavos: plano.taxa_matricula_centavos,
        padrao: plano.padrao,
        ordem,
      };
      if (plano.id && sentIds.has(plano.id))
        await tx.update(planosPagamento).set(fields).where(eq(planosPagamento.id, plano.id));
      else await tx.insert(planosPagamento).values({ anuidadeId: row.id, ...fields });
    }
    await recordAudit(tx, actor, {
      action: current ? 'atualizar' : 'criar',
      entity: 'anuidade',
      entityId: row.id,
      details: {
        ano_letivo: input.ano_letivo,
        serie,
        valor_anual_centavos: input.valor_anual_centavos,
        prazo_matricula: input.prazo_matricula,
        planos: input.planos.map(
          (plano) =>
            `${plano.nome.trim()}: ${String(plano.parcelas)}× ${String(plano.valor_parcela_centavos)} + ${String(plano.taxa_matricula_centavos)}`,
        ),
      },
    });
    return row.id;
  });
  return (await anuidadePorId(db, id))!;
}

export async function anuidadePorId(db: DbOrTx, id: string): Promise<Anuidade | null> {
  const [row] = await db.select().from(anuidades).where(eq(anuidades.id, id));
  if (!row) return null;
  const planos = await db
    .select()
    .from(planosPagamento)
    .where(eq(planosPagamento.anuidadeId, id))
    .orderBy(...planOrder);
  return toAnuidade(row, planos);
}

export async function excluirAnuidade(db: DbOrTx, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(anuidades).where(eq(anuidades.id, id)).returning();
    if (!row) throw notFound('Anuidade não encontrada.');
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'anuidade',
      entityId: id,
      details: { ano_letivo: row.anoLetivo, serie: row.serie },
    });
  });
}
