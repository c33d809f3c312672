import { descricaoDoPlano } from '../../../shared/anuidades.schemas.js';
import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { papelSignatarioLabels, type AssinaturaPublica } from '../../../shared/contratos.schemas.js';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contratoAssinaturas, contratos } from '../../db/schema/contratos.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit, systemActor } from '../audit/index.js';
import { anularContratosDe, contratoAindaVale, mascararEmail, pdfAssinado } from './contratos.service.js';
import { sha256Hex } from './link-token.js';
import { mudarEtapa, registrarEvento } from './funil.service.js';
import { matricularSePronto } from './matricula-automatica.js';

/**
 * The electronic signature (issue 34 §2; MP 2.200-2 art. 10 § 2): a signer opens their link, asks for a
 * one-time code sent to their e-mail, and signs with it. The code is stored hashed, lives 10 minutes and
 * takes 5 wrong tries before it is locked (a new one must be asked). When the last signer signs, the
 * contract is signed: its final PDF gains the manifesto page and the family's enrolment is attempted.
 */

export const CODIGO_VALIDADE_MINUTOS = 10;
export const CODIGO_MAX_TENTATIVAS = 5;
/** A new code only after this many seconds, and at most this many codes per link. */
export const CODIGO_INTERVALO_SEGUNDOS = 60;
export const CODIGO_MAX_ENVIOS = 10;

const LINK_INVALIDO = 'Link de assinatura inválido ou expirado. Peça à escola um novo link.';

/**
 * Once everyone signed, a signer's link still opens the signed contract this many days — to download it
 * from the e-mail — and then closes: the final PDF names every signer with CPF, e-mail and phone, and a
 * forwarded e-mail must not read it forever. The family keeps it in the portal (Documentos).
 */
export const LINK_APOS_ASSINATURA_DIAS = 30;
const LINK_ENCERRADO =
  'Este link de assinatura foi encerrado. O contrato assinado fica no portal da família, em Documentos, ou com a escola.';

/** Whether a signed signer's link has closed (ADR 0083). */
function linkEncerrado(signer: SignerRow, contrato: ContratoRow): boolean {
  if (!signer.assinadoEm || !contrato.assinadoEm) return false;
  const fecha = contrato.assinadoEm.getTime() + LINK_APOS_ASSINATURA_DIAS * 24 * 3600 * 1000;
  return fecha < clock.now().getTime();
}

type SignerRow = typeof contratoAssinaturas.$inferSelect;
type ContratoRow = typeof contratos.$inferSelect;

/** The code's hash, salted with the signer's id (the same 6 digits hash differently for each signer). */
const codigoHash = (signerId: string, codigo: string) => sha256Hex(`${signerId}:${codigo}`);

async function signerOf(db: DbOrTx, token: string, lock = false) {
  const query = db
    .select({ signer: contratoAssinaturas, contrato: contratos })
    .from(contratoAssinaturas)
    .innerJoin(contratos, eq(contratos.id, contratoAssinaturas.contratoId))
    .where(eq(contratoAssinaturas.tokenHash, sha256Hex(token)));
  // Locking the contract's row too serialises its signatures: two last signers at once would each see
  // the other still pending and neither would close the contract.
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LINK_INVALIDO);
  if (linkEncerrado(row.signer, row.contrato)) throw notFound(LINK_ENCERRADO);
  return row;
}

function statusOf(signer: SignerRow, contrato: ContratoRow): AssinaturaPublica['status'] {
  if (contrato.status === 'anulado') return 'anulado';
  if (signer.assinadoEm) return 'assinado';
  if (signer.tokenExpiraEm.getTime() < clock.now().getTime()) return 'expirado';
  return 'pendente';
}

/** What the signer's page shows. */
export async function verAssinatura(db: DbOrTx, token: string): Promise<AssinaturaPublica> {
  const { signer, contrato } = await signerOf(db, token);
  const campos = contrato.campos;
  const signers = await db
    .select({
      papel: contratoAssinaturas.papel,
      nome: contratoAssinaturas.nome,
      assinadoEm: contratoAssinaturas.assinadoEm,
    })
    .from(contratoAssinaturas)
    .where(eq(contratoAssinaturas.contratoId, contrato.id))
    .orderBy(asc(contratoAssinaturas.ordem));
  const status = statusOf(signer, contrato);
  const financeiro = campos.responsaveis.find((item) => item.financeiro);
  return {
    escola: campos.escola.nome,
    aluno: campos.aluno.nome,
    serie: campos.serie,
    ano_letivo: campos.ano_letivo,
    papel: signer.papel,
    signatario: signer.nome,
    status,
    contrato_status: contrato.status,
    email_mascarado: mascararEmail(signer.email),
    codigo_enviado_em: signer.codigoHash ? (signer.codigoEnviadoEm?.toISOString() ?? null) : null,
    assinado_em: signer.assinadoEm?.toISOString() ?? null,
    codigo_validacao: signer.assinadoEm ? contrato.codigoValidacao : null,
    sha256: contrato.sha256,
    resumo: [
      { rotulo: 'Aluno', valor: campos.aluno.nome },
      { rotulo: 'Série e ano letivo', valor: `${campos.serie} — ${String(campos.ano_letivo)}` },
      { rotulo: 'Responsável financeiro', valor: financeiro?.nome ?? '—' },
      { rotulo: 'Anuidade', valor: formatCentavosPlain(campos.valor_anual_centavos) },
      {
        rotulo: 'Plano',
        valor: `${campos.plano.nome}: ${descricaoDoPlano(campos.plano, formatCentavosPlain)}${
          campos.plano.proporcional
            ? ` (proporcional aos ${String(campos.plano.proporcional.meses)} meses letivos restantes)`
            : ''
        }`,
      },
      { rotulo: 'Taxa de matrícula', valor: formatCentavosPlain(campos.plano.taxa_matricula_centavos) },
      { rotulo: 'Vencimento', valor: `todo dia ${String(campos.dia_vencimento)}` },
      {
        rotulo: 'Atraso',
        valor: `multa de ${campos.multa_percentual.replace('.', ',')}% e juros de ${campos.juros_mensal_percentual.replace('.', ',')}% ao mês`,
      },
      { rotulo: 'Enviado em', valor: formatDate(contrato.createdAt) },
    ],
    signatarios: signers.map((item) => ({
      papel: item.papel,
      nome: item.nome,
      assinado: item.assinadoEm !== null,
    })),
  };
}

function assertPodeAssinar(signer: SignerRow, contrato: ContratoRow) {
  const status = statusOf(signer, contrato);
  if (status === 'anulado')
    throw new AppError(
      'CONFLICT',
      'Este contrato foi substituído ou anulado pela escola. Use o link do contrato novo.',
    );
  if (status === 'assinado') throw new AppError('CONFLICT', 'Você já assinou este contrato.');
  if (status === 'expirado') throw new AppError('NOT_FOUND', LINK_INVALIDO);
}

/** Sends the signer a new 6-digit code (the previous one stops working). */
export async function enviarCodigo(
  ctx: AppContext,
  token: string,
): Promise<{ email_mascarado: string; expira_em: string }> {
  const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await ctx.db.transaction(async (tx) => {
    const { signer, contrato } = await signerOf(tx, token, true);
    assertPodeAssinar(signer, contrato);
    const now = clock.now();
    if (
      signer.codigoEnviadoEm &&
      now.getTime() - signer.codigoEnviadoEm.getTime() < CODIGO_INTERVALO_SEGUNDOS * 1000
    )
      throw new AppError(
        'RATE_LIMITED',
        'Um código acabou de ser enviado. Confira o seu e-mail (e a caixa de spam) e aguarde um minuto para pedir outro.',
        undefined,
        { 'retry-after': String(CODIGO_INTERVALO_SEGUNDOS) },
      );
    if (signer.codigosEnviados >= CODIGO_MAX_ENVIOS)
      throw new AppError(
        'RATE_LIMITED',
        'Foram enviados códigos demais para este link. Peça à escola um novo link de assinatura.',
      );
    const expira = new Date(now.getTime() + CODIGO_VALIDADE_MINUTOS * 60_000);
    await tx
      .update(contratoAssinaturas)
      .set({
        codigoHash: codigoHash(signer.id, codigo),
        codigoExpiraEm: expira,
        codigoTentativas: 0,
        codigoEnviadoEm: now,
        codigosEnviados: sql`${contratoAssinaturas.codigosEnviados} + 1`,
      })
      .where(eq(contratoAssinaturas.id, signer.id));
    return { signer, contrato, expira };
  });
  await ctx.mailer
    .send({
      to: sent.signer.email,
      subject: `Código para assinar o contrato: ${codigo}`,
      text:
        `Olá, ${sent.signer.nome}.\n\n` +
        `O seu código para assinar o contrato de matrícula de ${sent.contrato.campos.aluno.nome} é:\n\n` +
        `    ${codigo}\n\n` +
        `Ele vale por ${String(CODIGO_VALIDADE_MINUTOS)} minutos. Não compartilhe este código: ele confirma que é você quem assina.\n` +
        'Se não foi você que pediu, ignore esta mensagem.\n',
    })
    .catch((error: unknown) =>
      ctx.log.warn({ code: (error as { code?: string }).code }, 'falha ao enviar o código de assinatura'),
    );
  return { email_mascarado: mascararEmail(sent.signer.email), expira_em: sent.expira.toISOString() };
}

export interface ClienteAssinatura {
  ip: string;
  userAgent: string | null;
}

type Outcome =
  | { ok: true; contratoId: string; interessadoId: string | null; todos: boolean; codigo: string }
  | { ok: false; error: AppError };

/**
 * Signs with the code. A wrong code counts a try (committed even though the answer is an error); the
 * 5th wrong try locks the code. A contract whose data changed since it was sent is voided instead.
 */
export async function assinar(
  ctx: AppContext,
  token: string,
  codigo: string,
  cliente: ClienteAssinatura,
): Promise<{ contrato_id: string; assinado_por_todos: boolean; codigo_validacao: string }> {
  const outcome: Outcome = await ctx.db.transaction(async (tx) => {
    const { signer, contrato } = await signerOf(tx, token, true);
    assertPodeAssinar(signer, contrato);
    const now = clock.now();
    if (!signer.codigoHash || !signer.codigoExpiraEm)
      return { ok: false, error: new AppError('CONFLICT', 'Peça o código de confirmação antes de assinar.') };
    if (signer.codigoTentativas >= CODIGO_MAX_TENTATIVAS)
      return {
        ok: false,
        error: new AppError('RATE_LIMITED', 'Tentativas demais com este código. Peça um novo código.'),
      };
    if (signer.codigoExpiraEm.getTime() < now.getTime())
      return { ok: false, error: new AppError('VALIDATION', 'Este código expirou. Peça um novo código.') };
    if (codigoHash(signer.id, codigo) !== signer.codigoHash) {
      const tentativas = signer.codigoTentativas + 1;
      await tx
        .update(contratoAssinaturas)
        .set({ codigoTentativas: tentativas })
        .where(eq(contratoAssinaturas.id, signer.id));
      const restantes = CODIGO_MAX_TENTATIVAS - tentativas;
      return {
        ok: false,
        error:
          restantes > 0
            ? new AppError(
                'VALIDATION',
                `Código incorreto. ${restantes === 1 ? 'Resta 1 tentativa' : `Restam ${String(restantes)} tentativas`}.`,
                [{ path: 'codigo', message: 'Código incorreto' }],
              )
            : new AppError('RATE_LIMITED', 'Código incorreto. Tentativas esgotadas: peça um novo código.'),
      };
    }
    if (!(await contratoAindaVale(tx, contrato, signer))) {
      await anularContratosDe(
        tx,
        contrato.interessadoId!,
        'os dados da pré-matrícula, do plano ou da escola mudaram depois do envio',
        systemActor,
      );
      return {
        ok: false,
        error: new AppError(
          'CONFLICT',
          'Os dados deste contrato mudaram depois do envio, e ele foi anulado. A escola enviará um contrato novo.',
        ),
      };
    }
    const signerActor: Actor = { id: null, nome: `${signer.nome} (signatário)`, nivel: null, ip: cliente.ip };
    await tx
      .update(contratoAssinaturas)
      .set({
        assinadoEm: now,
        codigoVerificadoEm: now,
        canal: 'email',
        ip: cliente.ip,
        userAgent: cliente.userAgent?.slice(0, 400) ?? null,
        codigoHash: null,
        codigoExpiraEm: null,
      })
      .where(eq(contratoAssinaturas.id, signer.id));
    await recordAudit(tx, signerActor, {
      action: 'assinar_contrato',
      entity: 'contrato',
      entityId: contrato.id,
      details: { papel: signer.papel, canal: 'email' },
    });
    if (contrato.interessadoId)
      await registrarEvento(
        tx,
        contrato.interessadoId,
        'assinatura',
        `${signer.nome} assinou o contrato (${papelSignatarioLabels[signer.papel].toLowerCase()})`,
        null,
      );
    const [pendente] = await tx
      .select({ id: contratoAssinaturas.id })
      .from(contratoAssinaturas)
      .where(and(eq(contratoAssinaturas.contratoId, contrato.id), isNull(contratoAssinaturas.assinadoEm)))
      .limit(1);
    if (!pendente) {
      const final = await pdfAssinado(ctx, tx, contrato, now);
      await tx
        .update(contratos)
        .set({ status: 'assinado', assinadoEm: now, pdfAssinado: final })
        .where(eq(contratos.id, contrato.id));
      if (contrato.interessadoId)
        await mudarEtapa(tx, contrato.interessadoId, 'contrato_assinado', systemActor, {
          texto: 'Contrato assinado por todos os signatários',
        });
    }
    return {
      ok: true,
      contratoId: contrato.id,
      interessadoId: contrato.interessadoId,
      todos: !pendente,
      codigo: contrato.codigoValidacao,
    };
  });
  if (!outcome.ok) throw outcome.error;
  if (outcome.todos && outcome.interessadoId)
    await matricularSePronto(ctx, outcome.interessadoId, { anotarMotivo: true }).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'matrícula automática falhou após a assinatura'),
    );
  return {
    contrato_id: outcome.contratoId,
    assinado_por_todos: outcome.todos,
    codigo_validacao: outcome.codigo,
  };
}

/** The PDF a signer may download: the signed version once everyone signed, the one sent before that. */
export async function pdfDaAssinatura(db: DbOrTx, token: string) {
  const { signer, contrato } = await signerOf(db, token);
  if (contrato.status === 'anulado')
    throw new AppError('CONFLICT', 'Este contrato foi substituído ou anulado pela escola.');
  // Past the links' validity a contract not signed by everyone can no longer be: its PDF (every signer's
  // CPF, e-mail and phone) stops opening for the signers who did sign too (security review, 2026-12-06).
  if (!contrato.assinadoEm && signer.tokenExpiraEm.getTime() < clock.now().getTime())
    throw notFound(LINK_INVALIDO);
  const signed = contrato.pdfAssinado !== null;
  return {
    body: contrato.pdfAssinado ?? contrato.pdf,
    fileName: `contrato-${contrato.codigoValidacao}${signed ? '-assinado' : ''}.pdf`,
  };
}
