import { desc, eq, sql } from 'drizzle-orm';
import type {
  ContratosConfiguracao,
  ModeloContrato,
  ModeloVigente,
  contratosConfiguracaoInputSchema,
  modeloContratoInputSchema,
} from '../../../shared/contratos.schemas.js';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { contratos, contratosConfiguracao, modelosContrato } from '../../db/schema/contratos.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { MODELO_PADRAO_CORPO, MODELO_PADRAO_TITULO } from './contratos.default.js';

/**
 * Contract templates (issue 34): each save is a new version, never an edit, because a contract already
 * sent points at the version it was drawn from. Until the school saves one, the default text is in force
 * (and is stored as version 1 the first time a contract needs it).
 */

type ModeloRow = typeof modelosContrato.$inferSelect;

function toModelo(row: ModeloRow, count: number): ModeloContrato {
  return {
    id: row.id,
    versao: row.versao,
    titulo: row.titulo,
    corpo: row.corpo,
    autor: row.autorNome,
    criado_em: row.createdAt.toISOString(),
    contratos: count,
  };
}

export async function listarModelos(db: DbOrTx): Promise<ModeloContrato[]> {
  const rows = await db
    .select({
      row: modelosContrato,
      count:
        sql<number>`(select count(*) from ${contratos} where ${contratos.modeloId} = ${modelosContrato.id})`.mapWith(
          Number,
        ),
    })
    .from(modelosContrato)
    .orderBy(desc(modelosContrato.versao));
  return rows.map(({ row, count }) => toModelo(row, count));
}

async function ultimoModelo(db: DbOrTx): Promise<ModeloRow | null> {
  const [row] = await db.select().from(modelosContrato).orderBy(desc(modelosContrato.versao)).limit(1);
  return row ?? null;
}

/** The template in force, as the public page shows it (the default while the school has saved none). */
export async function lerModeloVigente(db: DbOrTx): Promise<ModeloVigente> {
  const row = await ultimoModelo(db);
  if (!row)
    return { titulo: MODELO_PADRAO_TITULO, corpo: MODELO_PADRAO_CORPO, versao: 0, atualizado_em: null };
  return {
    titulo: row.titulo,
    corpo: row.corpo,
    versao: row.versao,
    atualizado_em: row.createdAt.toISOString(),
  };
}

/** The stored template in force, storing the default as version 1 when there is none (inside `tx`). */
export async function modeloParaContrato(tx: DbOrTx): Promise<ModeloRow> {
  const row = await ultimoModelo(tx);
  if (row) return row;
  const [created] = await tx
    .insert(modelosContrato)
    .values({
      versao: 1,
      titulo: MODELO_PADRAO_TITULO,
      corpo: MODELO_PADRAO_CORPO,
      autorNome: 'Modelo padrão',
    })
    .onConflictDoNothing()
    .returning();
  return created ?? (await ultimoModelo(tx))!;
}

export async function salvarModelo(
  db: DbOrTx,
  actor: Actor,
  input: z.output<typeof modeloContratoInputSchema>,
): Promise<ModeloContrato> {
  return db.transaction(async (tx) => {
    // One writer at a time: two saves at once would both read version N and one would fail the unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('modelos_contrato'))`);
    const current = await ultimoModelo(tx);
    const [row] = await tx
      .insert(modelosContrato)
      .values({
        versao: (current?.versao ?? 0) + 1,
        titulo: input.titulo,
        corpo: input.corpo,
        autorId: actor.id,
        autorNome: actor.nome,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'modelo_contrato',
      entityId: row!.id,
      details: { versao: row!.versao },
    });
    return toModelo(row!, 0);
  });
}

const configuracaoVazia: ContratosConfiguracao = {
  exigir_segundo_responsavel: false,
  representante_nome: null,
  representante_cpf: null,
  representante_email: null,
  version: 0,
};

export async function lerConfiguracao(db: DbOrTx): Promise<ContratosConfiguracao> {
  const [row] = await db.select().from(contratosConfiguracao).where(eq(contratosConfiguracao.id, 1));
  if (!row) return configuracaoVazia;
  return {
    exigir_segundo_responsavel: row.exigirSegundoResponsavel,
    representante_nome: row.representanteNome,
    representante_cpf: row.representanteCpf,
    representante_email: row.representanteEmail,
    version: row.version,
  };
}

export async function salvarConfiguracao(
  db: DbOrTx,
  actor: Actor,
  input: z.output<typeof contratosConfiguracaoInputSchema>,
): Promise<ContratosConfiguracao> {
  return db.transaction(async (tx) => {
    const current = await lerConfiguracao(tx);
    if (input.version !== undefined && input.version !== current.version)
      throw new AppError(
        'PRECONDITION_FAILED',
        'Outra pessoa alterou esta configuração. Recarregue a página e tente de novo.',
      );
    const values = {
      exigirSegundoResponsavel: input.exigir_segundo_responsavel,
      representanteNome: input.representante_nome,
      representanteCpf: input.representante_cpf ?? null,
      representanteEmail: input.representante_email,
    };
    await tx
      .insert(contratosConfiguracao)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: contratosConfiguracao.id,
        set: { ...values, version: sql`${contratosConfiguracao.version} + 1`, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'modelo_contrato',
      entityId: null,
      details: { configuracao: true, exigir_segundo_responsavel: input.exigir_segundo_responsavel },
    });
    return lerConfiguracao(tx);
  });
}
