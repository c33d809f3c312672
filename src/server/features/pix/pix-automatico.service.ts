/**
 * Pix Automático, the product's side (issue 33 §3, ADR 0044): the school's settings, a guardian's monthly
 * debit of one child's tuition (the BCB `rec`: asked here, authorised in the guardian's bank app through
 * the QR the PSP returns), and cancelling it from the portal. The month's charges and the PSP's status
 * webhooks are in `pix-automatico.sync.ts`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AutorizarDebitoInput,
  DebitoAutomatico,
  PixAutomaticoConfig,
  PixAutomaticoConfigInput,
  Recorrencia,
} from '../../../shared/pix-automatico.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import {
  pixAutomaticoConfig,
  pixCobrancasRecorrentes,
  pixRecorrencias,
  type PixAutomaticoConfigRow,
  type PixRecorrenciaRow,
} from '../../db/schema/pix-recorrencias.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import type { UserRow } from '../../db/schema/users.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { errorCodeOf } from '../../lib/log.js';
import { recordAudit, type Actor } from '../audit/index.js';
import type { PixApiClient } from './pix-api.client.js';
import { PixApiError } from './pix-api.js';
import {
  PIX_AUTOMATICO_SCOPES,
  pixAutomaticoOf,
  semPixAutomatico,
  type PixAutomaticoApi,
} from './pix-automatico.client.js';
import { loadProvedorRow, pixApiOfRow, webhookSegredoOf, webhookUrlOf } from './pix-provedor.service.js';

const OBJETO = 'Mensalidade escolar';
const alunoNaoEncontrado = () => notFound('Aluno não encontrado.');

function reais(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

// ---------------------------------------------------------------- the PSP, with Pix Automático's scopes

interface Built {
  version: string;
  client: PixApiClient | null;
}
const built = new WeakMap<AppContext, Built>();

export async function loadConfig(db: DbOrTx): Promise<PixAutomaticoConfigRow> {
  const [row] = await db.select().from(pixAutomaticoConfig).where(eq(pixAutomaticoConfig.id, 1));
  if (row) return row;
  await db.insert(pixAutomaticoConfig).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(pixAutomaticoConfig).where(eq(pixAutomaticoConfig.id, 1));
  return created!;
}

/**
 * The PSP's Pix Automático, or null when the school does not offer it: the provider off, Pix Automático
 * off or without the account that receives, or the PSP found without it (404 on /rec).
 */
export async function pixAutomaticoApiOf(
  ctx: AppContext,
): Promise<{ api: PixAutomaticoApi; config: PixAutomaticoConfigRow } | null> {
  const config = await loadConfig(ctx.db);
  if (!config.ativo || config.indisponivelEm !== null || !config.agencia || !config.conta) return null;
  const [head] = await ctx.db
    .select({ version: pixProvedor.version, updatedAt: pixProvedor.updatedAt, ativo: pixProvedor.ativo })
    .from(pixProvedor)
    .where(eq(pixProvedor.id, 1));
  if (!head?.ativo) return null;
  const version = `${String(head.version)}@${String(head.updatedAt.getTime())}`;
  let cached = built.get(ctx);
  if (cached?.version !== version) {
    cached?.client?.close();
    const row = await loadProvedorRow(ctx.db);
    cached = { version, client: row ? pixApiOfRow(ctx, row, PIX_AUTOMATICO_SCOPES) : null };
    built.set(ctx, cached);
  }
  return cached.client ? { api: pixAutomaticoOf(cached.client), config } : null;
}

export function closePixAutomatico(ctx: AppContext): void {
  built.get(ctx)?.client?.close();
  built.delete(ctx);
}

/** The PSP said it has no Pix Automático: the option is hidden until the settings are saved again. */
async function marcarIndisponivel(ctx: AppContext): Promise<void> {
  await ctx.db
    .update(pixAutomaticoConfig)
    .set({ indisponivelEm: clock.today(), updatedAt: clock.now() })
    .where(eq(pixAutomaticoConfig.id, 1));
}

const INDISPONIVEL = 'O banco da escola não oferece Pix Automático. A opção foi ocultada para as famílias.';

// ---------------------------------------------------------------- settings (administrator)

function toConfig(row: PixAutomaticoConfigRow): PixAutomaticoConfig {
  return {
    ativo: row.ativo,
    agencia: row.agencia,
    conta: row.conta,
    tipo_conta: row.tipoConta,
    indisponivel: row.indisponivelEm !== null,
    version: row.version,
  };
}

export async function getPixAutomaticoConfig(ctx: AppContext): Promise<PixAutomaticoConfig> {
  return toConfig(await loadConfig(ctx.db));
}

/** Saves the settings; switched on, registers both webhooks (a 404 there marks the PSP without it). */
export async function updatePixAutomaticoConfig(
  ctx: AppContext,
  input: PixAutomaticoConfigInput,
  actor: Actor,
): Promise<{ config: PixAutomaticoConfig; mensagem: string }> {
  const current = await loadConfig(ctx.db);
  if (input.version !== undefined && input.version !== current.version)
    throw new AppError(
      'PRECONDITION_FAILED',
      'As configurações mudaram desde que você abriu a tela. Recarregue.',
    );
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(pixAutomaticoConfig)
      .set({
        ativo: input.ativo,
        agencia: input.agencia,
        conta: input.conta,
        tipoConta: input.tipo_conta,
        indisponivelEm: null,
        version: current.version + 1,
        updatedAt: clock.now(),
      })
      .where(eq(pixAutomaticoConfig.id, 1));
    await recordAudit(tx, actor, {
      action: 'configurar_pix_automatico',
      entity: 'pix_automatico',
      entityId: '1',
      details: { ativo: input.ativo, tipo_conta: input.tipo_conta },
    });
  });
  let mensagem = input.ativo ? 'Pix Automático ligado.' : 'Pix Automático desligado.';
  const psp = input.ativo ? await pixAutomaticoApiOf(ctx) : null;
  if (input.ativo && !psp)
    mensagem =
      'Configurações salvas. Ligue e configure o banco (Pix automático) para as famílias verem a opção.';
  if (psp) {
    try {
      await psp.api.putWebhooks(webhookUrlOf(ctx, await webhookSegredoOf(ctx)));
    } catch (error) {
      if (semPixAutomatico(error)) {
        await marcarIndisponivel(ctx);
        mensagem = INDISPONIVEL;
      } else
        mensagem = `Configurações salvas, mas o banco recusou o webhook do Pix Automático: ${error instanceof PixApiError ? error.mensagem : 'erro desconhecido'}`;
    }
  }
  return { config: toConfig(await loadConfig(ctx.db)), mensagem };
}

// ---------------------------------------------------------------- the family's monthly debit

/**
 * The recurrence as `viewer` sees it: who asked for it (the guardian whose bank account it debits) and
 * whether that is the viewer — the one guardian who, beside the school, may cancel it.
 */
async function recorrenciaDe(db: DbOrTx, row: PixRecorrenciaRow, viewer: UserRow): Promise<Recorrencia> {
  const [pedidoPor] = await db
    .select({ nome: guardians.nome, usuarioId: guardians.usuarioId })
    .from(guardians)
    .where(eq(guardians.id, row.responsavelId));
  const cobrancas = await db
    .select()
    .from(pixCobrancasRecorrentes)
    .where(eq(pixCobrancasRecorrentes.recorrenciaId, row.id))
    .orderBy(desc(pixCobrancasRecorrentes.dataVencimento));
  return {
    id: row.id,
    status: row.status,
    valor_maximo: row.valorMaximo,
    data_inicial: row.dataInicial,
    contrato: row.contrato,
    copia_e_cola: row.copiaECola,
    encerrada_por: row.encerradaPor,
    pedido_por: pedidoPor?.nome ?? '',
    pedido_por_voce: pedidoPor?.usuarioId === viewer.id,
    cobrancas: cobrancas.map((item) => ({
      mensalidade_id: item.mensalidadeId,
      txid: item.txid,
      status: item.status,
      valor: item.valor,
      data_vencimento: item.dataVencimento,
      erro: item.erro,
    })),
  };
}

/** The guardian's own row linked to the child, or 404 (another family's child does not exist). */
async function guardianOf(db: DbOrTx, user: UserRow, alunoId: string) {
  const [found] = await db
    .select({ guardian: guardians, matricula: students.matricula, alunoStatus: students.status })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(and(eq(studentGuardians.alunoId, alunoId), eq(guardians.usuarioId, user.id)));
  if (!found) throw alunoNaoEncontrado();
  return found;
}

/**
 * The school (an administrator) reaches every student; any other account, only a child it is the
 * guardian of — as finance's scope (`financeScopeOf`): a teacher's account given the Financeiro profile
 * is not the school's finance staff.
 */
async function assertVisible(db: DbOrTx, user: UserRow, alunoId: string): Promise<void> {
  if (user.nivel !== 'administrador') await guardianOf(db, user, alunoId);
  else {
    const [found] = await db.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
    if (!found) throw alunoNaoEncontrado();
  }
}

async function latestOf(db: DbOrTx, alunoId: string): Promise<PixRecorrenciaRow | undefined> {
  const rows = await db
    .select()
    .from(pixRecorrencias)
    .where(eq(pixRecorrencias.alunoId, alunoId))
    .orderBy(desc(pixRecorrencias.createdAt))
    .limit(5);
  return rows.find((row) => row.status === 'aguardando' || row.status === 'ativa') ?? rows[0];
}

export async function getDebitoAutomatico(
  ctx: AppContext,
  user: UserRow,
  alunoId: string,
): Promise<DebitoAutomatico> {
  await assertVisible(ctx.db, user, alunoId);
  const latest = await latestOf(ctx.db, alunoId);
  return {
    disponivel: (await pixAutomaticoApiOf(ctx)) !== null,
    recorrencia: latest ? await recorrenciaDe(ctx.db, latest, user) : null,
  };
}

/**
 * The guardian asks for monthly debit: the school creates the `rec` at its PSP (contract, debtor, object,
 * from the start date, monthly, the ceiling as `valorMinimoRecebedor`, no retries) and shows the QR the
 * PSP returns, to be authorised in the guardian's bank app.
 */
/** Why a second request is refused: the asker's own, or another guardian's — who only may end it. */
async function jaPedido(db: DbOrTx, live: PixRecorrenciaRow, responsavelId: string): Promise<string> {
  const estado = live.status === 'ativa' ? 'ativo' : 'aguardando a autorização no banco';
  if (live.responsavelId === responsavelId)
    return `Você já pediu o débito automático deste aluno (${estado}).`;
  const [other] = await db
    .select({ nome: guardians.nome })
    .from(guardians)
    .where(eq(guardians.id, live.responsavelId));
  return `${other?.nome ?? 'Outro responsável'} já pediu o débito automático deste aluno (${estado}). Só quem pediu, ou a secretaria, pode cancelá-lo; depois disso, você pode pedir na sua conta.`;
}

export async function autorizarDebito(
  ctx: AppContext,
  user: UserRow,
  alunoId: string,
  input: AutorizarDebitoInput,
  actor: Actor,
): Promise<Recorrencia> {
  if (user.nivel !== 'responsavel')
    throw new AppError('FORBIDDEN', 'Só o responsável autoriza o débito automático, no app do banco dele.');
  const { guardian, matricula, alunoStatus } = await guardianOf(ctx.db, user, alunoId);
  // A student who left takes no debit along (pix-automatico.saida.ts): nor may one be asked for after.
  if (alunoStatus !== 'ativo')
    throw conflict(
      'Este aluno não está mais ativo na escola: não há mensalidades para debitar. Fale com a secretaria.',
    );
  if (input.data_inicial < clock.today())
    throw badRequest('A data de início não pode estar no passado.', [
      { path: 'data_inicial', message: 'A data de início não pode estar no passado.' },
    ]);
  if (!guardian.cpf)
    throw badRequest('Seu CPF não está no cadastro da escola. Peça à secretaria para incluí-lo.');
  const live = await latestOf(ctx.db, alunoId);
  if (live && (live.status === 'aguardando' || live.status === 'ativa'))
    throw conflict(await jaPedido(ctx.db, live, guardian.id));
  const psp = await pixAutomaticoApiOf(ctx);
  if (!psp) throw new AppError('CONFLICT', 'A escola não oferece débito automático via Pix.');
  const contrato = `MAT-${matricula}`.slice(0, 35);
  let rec;
  try {
    rec = await psp.api.postRec({
      vinculo: {
        objeto: OBJETO,
        contrato,
        devedor: { cpf: guardian.cpf, nome: guardian.nome.slice(0, 140) },
      },
      calendario: { dataInicial: input.data_inicial, periodicidade: 'MENSAL' },
      valor: { valorMinimoRecebedor: reais(input.valor_maximo) },
      politicaRetentativa: 'NAO_PERMITE',
    });
  } catch (error) {
    if (semPixAutomatico(error)) {
      await marcarIndisponivel(ctx);
      throw new AppError('CONFLICT', INDISPONIVEL);
    }
    if (error instanceof PixApiError) throw new AppError('UNAVAILABLE', error.mensagem);
    throw error;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pixRecorrencias)
        .values({
          alunoId,
          responsavelId: guardian.id,
          idRec: rec.idRec,
          status: 'aguardando',
          valorMaximo: input.valor_maximo,
          dataInicial: input.data_inicial,
          contrato,
          copiaECola: rec.dadosQR?.pixCopiaECola ?? '',
          location: rec.loc?.location ?? '',
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'pedir_debito_automatico',
        entity: 'aluno',
        entityId: alunoId,
        details: { id_rec: rec.idRec, valor_maximo: input.valor_maximo, data_inicial: input.data_inicial },
      });
      return recorrenciaDe(tx, row!, user);
    });
  } catch (error) {
    // Two requests at once (a double tap, both guardians): the other one's recurrence is the child's one
    // live debit; this one's, just created at the PSP, is withdrawn there so no authorisation is left
    // behind that the portal does not know.
    if (!isUniqueViolation(error, 'pix_recorrencias_viva_unique')) throw error;
    await cancelAtPsp(ctx, [rec.idRec]);
    const other = await latestOf(ctx.db, alunoId);
    throw conflict(
      other ? await jaPedido(ctx.db, other, guardian.id) : 'O débito automático deste aluno já foi pedido.',
    );
  }
}

/**
 * The school, or the guardian who asked for it, cancels the live recurrence; the PSP is told first. The
 * child's other guardian sees it but may not end a debit of someone else's bank account (ADR 0044).
 */
export async function cancelarDebito(
  ctx: AppContext,
  user: UserRow,
  alunoId: string,
  actor: Actor,
): Promise<Recorrencia> {
  const guardian = user.nivel === 'administrador' ? null : (await guardianOf(ctx.db, user, alunoId)).guardian;
  if (!guardian) await assertVisible(ctx.db, user, alunoId);
  const live = await latestOf(ctx.db, alunoId);
  if (!live || (live.status !== 'aguardando' && live.status !== 'ativa'))
    throw conflict('Não há débito automático ativo para este aluno.');
  if (guardian && live.responsavelId !== guardian.id)
    throw new AppError(
      'FORBIDDEN',
      'Só quem pediu o débito automático, ou a secretaria da escola, pode cancelá-lo: ele debita a conta de outra pessoa.',
    );
  const psp = await pixAutomaticoApiOf(ctx);
  if (psp) {
    try {
      await psp.api.cancelRec(live.idRec);
    } catch (error) {
      // Already ended at the PSP (the payer cancelled at the same moment): the portal follows it.
      if (!(error instanceof PixApiError && error.kind === 'recusado'))
        throw error instanceof PixApiError ? new AppError('UNAVAILABLE', error.mensagem) : error;
    }
  }
  const encerradaPor = user.nivel === 'administrador' ? 'escola' : 'responsavel';
  return ctx.db.transaction(async (tx) =>
    recorrenciaDe(tx, await encerrarRecorrencia(tx, live, encerradaPor, actor), user),
  );
}

/** Tells the PSP, one recurrence at a time; a refusal (already ended there) or an outage is only logged. */
export async function cancelAtPsp(ctx: AppContext, idRecs: readonly string[]): Promise<void> {
  const psp = await pixAutomaticoApiOf(ctx).catch(() => null);
  for (const idRec of idRecs)
    await psp?.api.cancelRec(idRec).catch((error: unknown) => {
      // The portal sends no further charge either way; the bank's app may show it a while longer.
      ctx.log.warn({ code: errorCodeOf(error) }, 'pix automático: cancelamento no banco não confirmado');
    });
}

/** Ends a recurrence on the portal's side (its charges not yet paid with it) and audits who did. */
export async function encerrarRecorrencia(
  tx: DbOrTx,
  live: PixRecorrenciaRow,
  encerradaPor: 'escola' | 'responsavel',
  actor: Actor,
  motivo?: string,
): Promise<PixRecorrenciaRow> {
  const [row] = await tx
    .update(pixRecorrencias)
    .set({
      status: 'cancelada',
      encerradaPor,
      version: sql`${pixRecorrencias.version} + 1`,
      updatedAt: clock.now(),
    })
    .where(and(eq(pixRecorrencias.id, live.id), inArray(pixRecorrencias.status, ['aguardando', 'ativa'])))
    .returning();
  // Already ended by a request at the same moment: that one audited it.
  if (!row) {
    const [current] = await tx.select().from(pixRecorrencias).where(eq(pixRecorrencias.id, live.id));
    return current ?? live;
  }
  await tx
    .update(pixCobrancasRecorrentes)
    .set({ status: 'cancelada', updatedAt: clock.now() })
    .where(
      and(
        eq(pixCobrancasRecorrentes.recorrenciaId, live.id),
        inArray(pixCobrancasRecorrentes.status, ['ativa']),
      ),
    );
  await recordAudit(tx, actor, {
    action: 'cancelar_debito_automatico',
    entity: 'aluno',
    entityId: live.alunoId,
    details: { id_rec: live.idRec, por: encerradaPor, ...(motivo ? { motivo } : {}) },
  });
  return row;
}
