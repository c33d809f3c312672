/**
 * 'Já paguei' (issue 32, ADR 0035): a guardian sends the comprovante of a tuition; it stays 'em
 * confirmação', its amount frozen as of that day, until the finance staff confirm it (the payment is
 * recorded as a manual one) or refuse it (the tuition is open again, with the reason for the family).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { paths } from '../../../shared/routes.js';
import {
  COMPROVANTE_MAX_BYTES,
  cobrancaNaFrase,
  type Comprovante,
  type ComprovantePendente,
  type ConfirmarComprovanteInput,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas.js';
import { computeAmountDue } from '../../../shared/money.js';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../../lib/http.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { staffHolding } from '../perfis/index.js';
import { readDocumentUpload } from '../media/index.js';
import { fanOut } from '../notificacoes/index.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import {
  comprovantesPagamento,
  mensalidades,
  type ComprovantePagamentoRow,
  type MensalidadeRow,
} from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { writeTransaction } from './finance.shared-reads.js';
import { financeScopeOf } from './finance.scope.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { cobrancaDe, statusOf, statusSql, toMensalidade } from './mensalidades.presenters.js';
import { findMensalidade } from './mensalidades.service.js';
import { applyPayment, assertPlausiblePaymentDate } from './payments.service.js';

const STAFF_LINK = `${paths.finance}?aba=mensalidades`;

/** Why a tuition cannot take a comprovante, or null when it can. */
function refusalToSend(row: MensalidadeRow, today: string): string | null {
  const status = statusOf(row, today);
  if (status === 'cancelado') return 'Esta mensalidade foi cancelada.';
  if (status === 'pago') return 'Esta mensalidade já está paga.';
  if (status === 'em_confirmacao')
    return 'O comprovante desta mensalidade já foi enviado e aguarda a confirmação da escola.';
  return null;
}

/** A PDF (by its header) or an image (re-encoded, metadata dropped), as the notices' attachments. */
const checkedFile = (file: { nome: string; bytes: Buffer }) =>
  readDocumentUpload(file, {
    maxBytes: COMPROVANTE_MAX_BYTES,
    tooLarge: 'O comprovante deve ter no máximo 10 MB.',
    unsupported: 'Envie o comprovante em PDF ou como imagem (foto JPEG, PNG ou WebP).',
    fallbackName: 'comprovante',
  });

/** Every guardian of the student with a portal account. */
function familyOf(alunoId: string) {
  return sql`select distinct g.usuario_id from guardians g
    join student_guardians sg on sg.responsavel_id = g.id
    where sg.aluno_id = ${alunoId} and g.usuario_id is not null`;
}

function toComprovante(row: ComprovantePagamentoRow, enviadoPorNome: string | null): Comprovante {
  return {
    id: row.id,
    mensalidade_id: row.mensalidadeId,
    data_referencia: row.dataReferencia,
    valor_devido: row.valorDevido,
    nome: row.nome,
    tipo: row.mimeType,
    tamanho: row.tamanho,
    situacao: row.situacao,
    resposta: row.resposta,
    enviado_em: row.createdAt.toISOString(),
    enviado_por_nome: enviadoPorNome,
    url: `/api/financeiro/mensalidades/${row.mensalidadeId}/comprovante`,
  };
}

const comprovanteColumns = {
  id: comprovantesPagamento.id,
  mensalidadeId: comprovantesPagamento.mensalidadeId,
  dataReferencia: comprovantesPagamento.dataReferencia,
  valorDevido: comprovantesPagamento.valorDevido,
  nome: comprovantesPagamento.nome,
  mimeType: comprovantesPagamento.mimeType,
  tamanho: comprovantesPagamento.tamanho,
  situacao: comprovantesPagamento.situacao,
  resposta: comprovantesPagamento.resposta,
  createdAt: comprovantesPagamento.createdAt,
  enviadoPorNome: users.nome,
};

/** 'Já paguei': the guardian of the tuition's student sends its comprovante. */
export async function sendComprovante(
  ctx: AppContext,
  user: SignedInUser,
  id: string,
  file: { nome: string; bytes: Buffer },
  actor: Actor,
  today: string,
): Promise<{ mensalidade: Mensalidade; comprovante: Comprovante }> {
  const scope = await financeScopeOf(ctx.db, user);
  const before = await findMensalidade(ctx.db, id, scope);
  if (scope.kind !== 'responsavel')
    throw new AppError('FORBIDDEN', 'O comprovante é enviado pelo responsável, no portal da família.');
  const refused = refusalToSend(before.row, today);
  if (refused) throw conflict(refused);
  const checked = await checkedFile(file);
  return writeTransaction(ctx.db, async (tx) => {
    const found = await findMensalidade(tx, id, scope, true);
    const again = refusalToSend(found.row, today);
    if (again) throw conflict(again);
    const { row } = found;
    const rates = ratesOf(await loadSettings(tx));
    const due = computeAmountDue(row.valor - row.principalPago, row.dataVencimento, today, rates);
    const [saved] = await tx
      .insert(comprovantesPagamento)
      .values({
        mensalidadeId: id,
        dataReferencia: today,
        valorDevido: due.total,
        nome: checked.nome,
        mimeType: checked.mimeType,
        tamanho: checked.bytes.length,
        bytes: checked.bytes,
        enviadoPor: user.id,
        createdAt: clock.now(),
      })
      .returning();
    const [updated] = await tx
      .update(mensalidades)
      .set({ confirmacaoDesde: today, comprovanteRecusa: null, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'enviar_comprovante',
      entity: 'mensalidade',
      entityId: id,
      details: { comprovante_id: saved!.id, valor_devido: due.total, data_referencia: today },
    });
    const cobranca = cobrancaNaFrase(cobrancaDe(row));
    const texto = `${user.nome} enviou o comprovante da ${cobranca} de ${found.aluno_nome} (${formatCentavosPlain(due.total)}). Confira e confirme ou recuse.`;
    await fanOut(ctx, tx, {
      recipients: staffHolding('finance.manage'),
      tipo: 'mensalidade',
      titulo: 'Comprovante de pagamento para confirmar',
      texto,
      link: STAFF_LINK,
      email: { assunto: 'Comprovante de pagamento para confirmar', texto },
      sms: `Comprovante de pagamento de ${found.aluno_nome} para confirmar.`,
    });
    return {
      mensalidade: toMensalidade(updated!, { ...found, comprovante_proprio: true }, rates, today, true),
      comprovante: toComprovante(saved!, user.nome),
    };
  });
}

/** The school's queue: tuition em confirmação with the comprovante awaiting an answer, oldest first. */
export async function listComprovantesPendentes(db: DbOrTx, today: string): Promise<ComprovantePendente[]> {
  const rows = await db
    .select({
      row: mensalidades,
      aluno_nome: students.nome,
      turma_nome: classes.nome,
      comprovante: comprovanteColumns,
    })
    .from(comprovantesPagamento)
    .innerJoin(mensalidades, eq(mensalidades.id, comprovantesPagamento.mensalidadeId))
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
    .leftJoin(users, eq(users.id, comprovantesPagamento.enviadoPor))
    .where(and(eq(comprovantesPagamento.situacao, 'aguardando'), sql`${statusSql(today)} = 'em_confirmacao'`))
    .orderBy(asc(comprovantesPagamento.createdAt))
    .limit(500);
  const rates = ratesOf(await loadSettings(db));
  return rows.map(({ row, comprovante, ...names }) => {
    const { enviadoPorNome, ...rest } = comprovante;
    return {
      mensalidade: toMensalidade(row, names, rates, today),
      comprovante: toComprovante(rest as ComprovantePagamentoRow, enviadoPorNome),
    };
  });
}

/**
 * The file of a tuition's latest comprovante: for the finance staff, and for the guardian who sent it (a
 * child's other guardian reads that it was sent, not the sender's bank and account).
 */
export async function readComprovanteFile(db: DbOrTx, user: SignedInUser, id: string) {
  const scope = await financeScopeOf(db, user);
  await findMensalidade(db, id, scope);
  const mine = scope.kind === 'responsavel' ? eq(comprovantesPagamento.enviadoPor, user.id) : undefined;
  const [file] = await db
    .select({
      nome: comprovantesPagamento.nome,
      mimeType: comprovantesPagamento.mimeType,
      bytes: comprovantesPagamento.bytes,
    })
    .from(comprovantesPagamento)
    .where(and(eq(comprovantesPagamento.mensalidadeId, id), mine))
    .orderBy(desc(comprovantesPagamento.createdAt))
    .limit(1);
  if (!file)
    throw notFound(
      mine
        ? 'Nenhum comprovante desta mensalidade foi enviado por você.'
        : 'Nenhum comprovante foi enviado para esta mensalidade.',
    );
  return file;
}

/** The tuition under lock and its comprovante awaiting an answer, or 409 saying why there is none. */
async function awaitingAnswer(tx: Tx, id: string, today: string) {
  const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
  const status = statusOf(found.row, today);
  if (status === 'cancelado') throw conflict('Esta mensalidade foi cancelada.');
  if (status === 'pago') throw conflict('Esta mensalidade já está paga.');
  const [comprovante] = await tx
    .select()
    .from(comprovantesPagamento)
    .where(
      and(eq(comprovantesPagamento.mensalidadeId, id), eq(comprovantesPagamento.situacao, 'aguardando')),
    );
  if (status !== 'em_confirmacao' || !comprovante)
    throw conflict('Não há comprovante aguardando confirmação nesta mensalidade.');
  return { found, comprovante };
}

/**
 * The school confirms: the payment is recorded as a manual one (by default the amount due on the day the
 * comprovante was sent, on that day, by PIX), and the family is told.
 */
export async function confirmComprovante(
  ctx: AppContext,
  id: string,
  input: ConfirmarComprovanteInput,
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  if (input.data_pagamento && input.data_pagamento > today) {
    const message = 'A data do pagamento não pode estar no futuro.';
    throw badRequest(message, [{ path: 'data_pagamento', message }]);
  }
  return writeTransaction(ctx.db, async (tx) => {
    const { found, comprovante } = await awaitingAnswer(tx, id, today);
    const { row } = found;
    const data = input.data_pagamento ?? comprovante.dataReferencia;
    assertPlausiblePaymentDate(data, row.mesReferencia);
    const rates = ratesOf(await loadSettings(tx));
    const valor =
      input.valor_pago ??
      computeAmountDue(row.valor - row.principalPago, row.dataVencimento, data, rates).total;
    const result = await applyPayment(
      tx,
      found,
      { valor_pago: valor, data_pagamento: data, forma: input.forma ?? 'pix' },
      actor,
      today,
    );
    await recordAudit(tx, actor, {
      action: 'confirmar_comprovante',
      entity: 'mensalidade',
      entityId: id,
      details: { comprovante_id: comprovante.id, valor_pago: valor, data_pagamento: data },
    });
    const cobranca = cobrancaNaFrase(cobrancaDe(row));
    const texto =
      result.mensalidade.status === 'pago'
        ? `A escola confirmou o pagamento da ${cobranca} de ${found.aluno_nome} (${formatCentavosPlain(valor)}, em ${formatDate(data)}).`
        : `A escola confirmou ${formatCentavosPlain(valor)} na ${cobranca} de ${found.aluno_nome}; ainda faltam ${formatCentavosPlain(result.mensalidade.valor_atualizado)}.`;
    await notifyFamily(ctx, tx, row.alunoId, 'Pagamento confirmado', texto);
    return result.mensalidade;
  });
}

/** The school refuses: the tuition is open again (its amounts as of today) with the reason for the family. */
export async function refuseComprovante(
  ctx: AppContext,
  id: string,
  motivo: string,
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return writeTransaction(ctx.db, async (tx) => {
    const { found, comprovante } = await awaitingAnswer(tx, id, today);
    const { row } = found;
    await tx
      .update(comprovantesPagamento)
      .set({ situacao: 'recusado', resposta: motivo, respondidoPor: actor.id, respondidoEm: clock.now() })
      .where(eq(comprovantesPagamento.id, comprovante.id));
    const [updated] = await tx
      .update(mensalidades)
      .set({ confirmacaoDesde: null, comprovanteRecusa: motivo, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'recusar_comprovante',
      entity: 'mensalidade',
      entityId: id,
      details: { comprovante_id: comprovante.id, motivo },
    });
    const cobranca = cobrancaNaFrase(cobrancaDe(row));
    await notifyFamily(
      ctx,
      tx,
      row.alunoId,
      'Comprovante não confirmado',
      `A escola não confirmou o comprovante da ${cobranca} de ${found.aluno_nome}: ${motivo}`,
    );
    return toMensalidade(updated!, found, ratesOf(await loadSettings(tx)), today);
  });
}

/** Tells the student's family (bell, e-mail, SMS) about their tuition. */
export function notifyFamily(ctx: AppContext, tx: Tx, alunoId: string, titulo: string, texto: string) {
  return fanOut(ctx, tx, {
    recipients: familyOf(alunoId),
    tipo: 'mensalidade',
    titulo,
    texto,
    link: paths.finance,
    email: { assunto: titulo, texto },
    sms: titulo,
  });
}
