import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  cobrancaNaFrase,
  referenciaCobranca,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas.js';
import { type LembreteResult } from '../../../shared/finance.schemas.js';
import {
  contarCobrancas,
  formatContagemCobrancas,
  type ContagemCobrancas,
} from '../../../shared/contagem-cobrancas.js';
import { formatCentavosPlain, formatDate, formatDateTime, formatPhone } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import {
  auditRows,
  enforceWriteLimits,
  lockLimit,
  rateLimited,
  WRITE_LIMITS,
  type LimitedAccount,
} from '../../lib/write-limits.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { notificacaoPreferencias } from '../../db/schema/notificacoes.js';
import { readSystemValues } from '../settings/index.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { mensalidades } from '../../db/schema/finance.js';
import { listMensalidades } from './mensalidades.service.js';
import { claimDay, deliverLembrete, type LembreteMensagem } from './lembretes.job.js';

/** A reminder is the audit trail's entry of it: the report's 'último lembrete' and the daily rule read it. */
export const LEMBRETE_ENTITY = 'responsavel' as const;
export const LEMBRETE_ACTION = 'enviar_lembrete' as const;

/** One reminder per family in this window (a reminder a day is a reminder; more is pressure). */
const FAMILY_WINDOW_HOURS = 24;

/**
 * The reminder's words. Lei 9.870/1999 and CDC art. 42: a family in debt is not exposed to ridicule nor
 * threatened — so the text states what is open and how to pay, in a neutral tone, says nothing of
 * consequences, and allows that it may already be paid. It names only the family's own children, and
 * each charge as what it is: an enrolment fee is a 'taxa de matrícula', not a mensalidade (ADR 0094).
 */
export function lembreteTexts(
  items: readonly Pick<
    Mensalidade,
    'aluno_nome' | 'tipo' | 'mes_referencia' | 'anuidade_ano' | 'data_vencimento' | 'valor_atualizado'
  >[],
  hasPortal: boolean,
): LembreteMensagem {
  const total = items.reduce((sum, item) => sum + item.valor_atualizado, 0);
  const one = items.length === 1 ? items[0] : undefined;
  const contagem = contarCobrancas(items);
  // What the title, the subject and the SMS name: the kind, never the amount (CDC art. 42).
  const tipo =
    contagem.taxas_matricula === 0
      ? 'mensalidade'
      : contagem.mensalidades === 0
        ? 'taxa de matrícula'
        : 'mensalidade e taxa de matrícula';
  const lines = items.map(
    (item) =>
      `- ${item.aluno_nome}, ${referenciaCobranca(item)} (vencimento ${formatDate(item.data_vencimento)}): ${formatCentavosPlain(item.valor_atualizado)}`,
  );
  const how = hasPortal
    ? 'No portal, em Financeiro, você vê os valores e pode pagar com Pix. Se preferir combinar outra forma, fale com a secretaria.'
    : 'Para pagar ou combinar outra forma, fale com a secretaria.';
  return {
    titulo: `Lembrete de ${tipo}`,
    texto: one
      ? `Consta em aberto a ${cobrancaNaFrase(one)} de ${one.aluno_nome} (${formatCentavosPlain(total)} atualizado hoje). Se já pagou, desconsidere.`
      : `Constam em aberto ${formatContagemCobrancas(contagem)} (${formatCentavosPlain(total)} atualizado hoje). Se já pagou, desconsidere.`,
    assunto: `Lembrete de ${tipo} em aberto`,
    email: [
      `Este é um lembrete da secretaria. ${one ? `Consta em aberto a ${tipo} abaixo` : `Constam em aberto ${formatContagemCobrancas(contagem)}`}:`,
      '',
      ...lines,
      '',
      `Total atualizado hoje: ${formatCentavosPlain(total)}.`,
      '',
      how,
      'Se o pagamento já foi feito, por favor desconsidere esta mensagem.',
    ].join('\n'),
    sms: `Lembrete da escola: há ${tipo} em aberto. Veja no portal ou fale com a secretaria.`,
  };
}

/**
 * The refusal when every overdue charge of the family is em negociação, naming what is: 'As mensalidades
 * vencidas …', 'A taxa de matrícula vencida …', 'As mensalidades e a taxa de matrícula vencidas …'.
 */
export function emNegociacaoMessage(contagem: ContagemCobrancas): string {
  const { mensalidades: meses, taxas_matricula: taxas } = contagem;
  const sujeito = [
    ...(meses > 0 || taxas === 0 ? ['as mensalidades'] : []),
    ...(taxas > 0 ? [taxas === 1 ? 'a taxa de matrícula' : 'as taxas de matrícula'] : []),
  ].join(' e ');
  const one = meses === 0 && taxas === 1;
  return `${sujeito.charAt(0).toUpperCase()}${sujeito.slice(1)} ${one ? 'vencida' : 'vencidas'} deste responsável ${one ? 'está' : 'estão'} em negociação: os lembretes param até o acordo terminar.`;
}

/**
 * 'Enviar lembrete' (Relatórios → Inadimplência, per responsável): tells the guardian who answers for
 * the payment — the principal guardian, only — what is overdue, through the bell and e-mail as the
 * school's switches and the guardian's preferences allow (an e-mail only, to the address on file, when
 * they have no portal account). Never the students, never another family. At most one reminder per
 * family in 24 hours (429 saying when the next one may go); the sender's own cap counts too. Audited in
 * the same transaction as the notices it writes.
 */
export async function sendLembrete(
  ctx: AppContext,
  responsavelId: string,
  actor: Actor,
  sender: LimitedAccount,
  today: string,
): Promise<LembreteResult> {
  return ctx.db.transaction(async (tx) => {
    const [guardian] = await tx
      .select({
        id: guardians.id,
        nome: guardians.nome,
        email: guardians.email,
        telefone: guardians.telefone,
        anonimizadoEm: guardians.anonimizadoEm,
        usuarioId: users.id,
        usuarioEmail: users.email,
      })
      .from(guardians)
      .leftJoin(users, and(eq(users.id, guardians.usuarioId), eq(users.status, 'ativo')))
      .where(eq(guardians.id, responsavelId));
    if (!guardian) throw notFound('Responsável não encontrado.');
    if (guardian.anonimizadoEm) throw conflict('Os dados deste responsável foram anonimizados.');

    await enforceWriteLimits(tx, sender, 'lembretes-mensalidade', [
      {
        limit: WRITE_LIMITS.lembretesMensalidade,
        source: auditRows(sender.id, LEMBRETE_ENTITY, [LEMBRETE_ACTION]),
      },
    ]);
    await assertNoRecentReminder(tx, guardian.id, guardian.nome);

    const children = await tx
      .select({ id: studentGuardians.alunoId })
      .from(studentGuardians)
      .where(and(eq(studentGuardians.responsavelId, guardian.id), eq(studentGuardians.ehPrincipal, true)));
    if (children.length === 0)
      throw conflict(
        'Este responsável não é o responsável principal de nenhum aluno: o lembrete vai só a quem responde pelo pagamento.',
      );
    const overdue = await listMensalidades(
      tx,
      { status: 'vencido', sort: 'vencimento', order: 'asc', page: 1, pageSize: 200 },
      { kind: 'responsavel', alunoIds: children.map((child) => child.id) },
      today,
    );
    if (overdue.items.length === 0) throw conflict('Não há mensalidade vencida deste responsável.');
    // A month em negociação is being settled as agreed: no reminder chases it, the secretaria's included.
    // (Read from the rows: the family's view of the list, above, hides the negotiation.)
    const negotiated = new Set(
      (
        await tx
          .select({ id: mensalidades.id })
          .from(mensalidades)
          .where(
            and(
              inArray(
                mensalidades.id,
                overdue.items.map((item) => item.id),
              ),
              isNotNull(mensalidades.negociacaoDesde),
            ),
          )
      ).map((row) => row.id),
    );
    const chased = overdue.items.filter((item) => !negotiated.has(item.id));
    if (chased.length === 0) throw conflict(emNegociacaoMessage(contarCobrancas(overdue.items)));
    // One reminder per tuition per day, whoever sends it (ADR 0043): what the daily job already told
    // the family today is left out; rolled back with the rest if nothing can be sent.
    const items: Mensalidade[] = [];
    for (const item of chased)
      if (await claimDay(tx, item.id, today, 'manual', item.valor_atualizado)) items.push(item);
    if (items.length === 0)
      throw conflict(
        `${guardian.nome} já recebeu hoje o lembrete automático ${contarCobrancas(chased).taxas_matricula > 0 ? 'destas cobranças' : 'destas mensalidades'}. Um novo lembrete pode ir amanhã.`,
      );

    const switches = await readSystemValues(tx);
    if (!guardian.usuarioId && !(guardian.email && switches.notificacoes_email)) {
      const phone = guardian.telefone ? `: ligue para ${formatPhone(guardian.telefone)}` : '';
      throw conflict(
        guardian.email
          ? `O envio de e-mails está desligado (Configurações → Notificações) e este responsável não tem acesso ao portal${phone}.`
          : `Este responsável não tem acesso ao portal nem e-mail cadastrado${phone}.`,
      );
    }
    await deliverLembrete(ctx, tx, guardian, lembreteTexts(items, guardian.usuarioId !== null));
    const canais: LembreteResult['canais'] = [guardian.usuarioId ? 'portal' : 'email'];
    if (guardian.usuarioId) {
      const [preference] = await tx
        .select({ email: notificacaoPreferencias.email })
        .from(notificacaoPreferencias)
        .where(
          and(
            eq(notificacaoPreferencias.usuarioId, guardian.usuarioId),
            eq(notificacaoPreferencias.tipo, 'mensalidade'),
          ),
        );
      if (switches.notificacoes_email && guardian.usuarioEmail && preference?.email !== false)
        canais.push('email');
    }

    const valor = items.reduce((sum, item) => sum + item.valor_atualizado, 0);
    await recordAudit(tx, actor, {
      // Literal, so the audit's wording test finds it (dashboard.describe.test.ts); typed to match the constants.
      action: 'enviar_lembrete' satisfies typeof LEMBRETE_ACTION,
      entity: 'responsavel' satisfies typeof LEMBRETE_ENTITY,
      entityId: guardian.id,
      details: { nome: guardian.nome, mensalidades: items.length, valor, canais },
    });
    return { responsavel_nome: guardian.nome, canais, mensalidades: items.length, valor };
  });
}

/** 429 when the family was reminded in the last 24 hours (audit trail, database clock), saying until when. */
async function assertNoRecentReminder(tx: DbOrTx, responsavelId: string, nome: string): Promise<void> {
  await lockLimit(tx, 'lembrete-familia', responsavelId);
  const result = (await tx.execute(sql`
    select (extract(epoch from max(at)) * 1000)::float8 as last_ms, (extract(epoch from now()) * 1000)::float8 as now_ms
    from audit_log
    where entity = ${LEMBRETE_ENTITY} and action = ${LEMBRETE_ACTION} and entity_id = ${responsavelId}
      and at > now() - make_interval(hours => ${FAMILY_WINDOW_HOURS})`)) as {
    rows: { last_ms: number | string | null; now_ms: number | string }[];
  };
  const row = result.rows[0];
  if (!row || row.last_ms === null) return;
  const last = new Date(Number(row.last_ms));
  const freeAt = new Date(last.getTime() + FAMILY_WINDOW_HOURS * 3_600_000);
  throw rateLimited(
    `Já foi enviado um lembrete a ${nome} em ${formatDateTime(last)}. O próximo pode ser enviado a partir de ${formatDateTime(freeAt)} (um por família a cada 24 horas).`,
    new Date(Number(row.now_ms)),
    freeAt,
  );
}
