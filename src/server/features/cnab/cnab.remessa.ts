/**
 * 'Gerar remessa' (issue 36 §1, ADR 0056): every boleto of the configured agreement with a movement to
 * tell the bank (entrada, baixa, alteração de vencimento) goes into one CNAB 240 file, kept with its NSA
 * so it can be downloaded again; the boletos it carried leave the pending list.
 */
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { formatCount, onlyDigits, TIME_ZONE, todayIso } from '../../../shared/format.js';
import { isValidCpf } from '../../../shared/validators.js';
import type { Tx } from '../../db/client.js';
import { boletoConfig, boletos } from '../../db/schema/boletos.js';
import { cnabRemessas, type CnabRemessaRow } from '../../db/schema/cnab.js';
import { mensalidades } from '../../db/schema/finance.js';
import { students } from '../../db/schema/students.js';
import { AppError, conflict } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { encargosDoBoleto, reconciledMovement, RECONCILED_SITUACOES } from '../boleto/index.js';
import { loadSettings, ratesOf, writeTransaction } from '../finance/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import { payersOf, type Payer } from '../students/index.js';
import type { DbOrTx } from '../../db/client.js';
import { agreementKey, cnabBankOf, type Agreement, type CnabBank } from './cnab.bancos.js';
import { buildRemessa, type RemessaItem, type RemessaPagador } from './cnab.remessa-file.js';

const refuse = (message: string) => new AppError('PRECONDITION_FAILED', message);

/** The agreement as configured, with its bank's CNAB reading; refuses when there is none. */
export async function configuredAgreement(
  db: DbOrTx,
  lock = false,
): Promise<{ bank: CnabBank; agreement: Agreement; key: string }> {
  const query = db.select().from(boletoConfig).where(eq(boletoConfig.id, 1));
  const [config] = lock ? await query.for('update') : await query;
  if (!config?.ativo || !config.banco || !config.agencia || !config.conta || !config.convenio)
    throw refuse(
      'Configure o boleto em Configurações → Financeiro → Boleto (banco, agência, conta e convênio).',
    );
  const bank = cnabBankOf(config.banco);
  if (!bank)
    throw refuse(
      `O arquivo CNAB 240 ainda não está disponível para o banco ${config.banco}: hoje há Banco do Brasil (001) e Sicoob (756).`,
    );
  const agreement: Agreement = {
    banco: config.banco,
    agencia: config.agencia,
    conta: config.conta,
    carteira: config.carteira ?? '',
    convenio: config.convenio,
  };
  return { bank, agreement, key: agreementKey(bank, agreement) };
}

/** What a payer lacks for the bank to register a boleto (empty: nothing). */
export function payerProblems(payer: Payer | undefined): string[] {
  if (!payer) return ['sem responsável principal'];
  const problems: string[] = [];
  if (!payer.cpf || !isValidCpf(payer.cpf)) problems.push('CPF');
  const e = payer.endereco;
  if (!e.cep || onlyDigits(e.cep).length !== 8) problems.push('CEP');
  if (!e.logradouro) problems.push('logradouro');
  if (!e.cidade) problems.push('cidade');
  if (!e.uf || !/^[A-Za-z]{2}$/.test(e.uf)) problems.push('UF');
  return problems;
}

function pagadorOf(payer: Payer): RemessaPagador {
  const e = payer.endereco;
  const endereco = [e.logradouro, e.numero, e.complemento].filter(Boolean).join(' ');
  return {
    inscricao: onlyDigits(payer.cpf ?? ''),
    nome: payer.nome,
    endereco,
    bairro: e.bairro ?? '',
    cep: onlyDigits(e.cep ?? ''),
    cidade: e.cidade ?? '',
    uf: (e.uf ?? '').toUpperCase(),
  };
}

/** HHMMSS in São Paulo. */
function horaAgora(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(clock.now());
  return parts.replace(/:/g, '');
}

/**
 * The boletos the next remessa of the agreement carries, with their student and payer: those with a
 * movement pending once in line with their mensalidades (`reconciledMovement`, what 'Gerar remessa'
 * writes first). The panel's 'Próxima remessa' reads this same list, so a cancelled tuition's baixa
 * shows before the remessa is generated, and a boleto paid elsewhere before it was sent does not.
 */
export async function pendingBoletos(db: DbOrTx, agreement: Agreement) {
  const rows = await db
    .select({
      boleto: boletos,
      mensalidade: mensalidades,
      alunoId: mensalidades.alunoId,
      alunoNome: students.nome,
      mesReferencia: mensalidades.mesReferencia,
    })
    .from(boletos)
    .innerJoin(mensalidades, eq(mensalidades.id, boletos.mensalidadeId))
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .where(
      and(
        or(isNotNull(boletos.movimentoPendente), inArray(boletos.situacao, [...RECONCILED_SITUACOES])),
        eq(boletos.banco, agreement.banco),
        eq(boletos.convenio, agreement.convenio),
      ),
    )
    .orderBy(asc(boletos.vencimento), asc(boletos.nossoNumero));
  const pending = rows.flatMap(({ mensalidade, ...row }) => {
    const plan = reconciledMovement(row.boleto, mensalidade);
    return plan.remover || plan.movimento === null
      ? []
      : [{ ...row, movimento: plan.movimento, vencimento: plan.vencimento }];
  });
  const payers = await payersOf(db, [...new Set(pending.map((row) => row.alunoId))]);
  return pending.map((row) => {
    const payer = payers.get(row.alunoId);
    const problems = row.movimento === 'entrada' ? payerProblems(payer) : [];
    return { ...row, payer, problems };
  });
}

export interface RemessaGerada {
  remessa: CnabRemessaRow;
  /** Boletos left for a later remessa because their payer lacks what the bank needs. */
  retidos: number;
}

/**
 * Builds the remessa in one transaction: the agreement row is locked, so two requests at once get two
 * NSAs in order (or the second finds nothing left). Nothing pending is a 409 with the reason.
 */
export async function generateRemessa(
  db: DbOrTx,
  actor: Actor,
  reconcile: (tx: Tx) => Promise<unknown>,
): Promise<RemessaGerada> {
  return writeTransaction(db, async (tx) => {
    const { bank, agreement, key } = await configuredAgreement(tx, true);
    await reconcile(tx);
    const escola = await getSchoolIdentity(tx);
    const cnpj = onlyDigits(escola.cnpj ?? '');
    if (cnpj.length !== 14)
      throw refuse(
        'Informe o CNPJ da escola em Configurações → Escola: o banco identifica a escola por ele.',
      );
    const pending = await pendingBoletos(tx, agreement);
    const ready = pending.filter((row) => row.problems.length === 0);
    if (pending.length === 0)
      throw conflict(
        'Não há boletos a enviar ao banco: nenhuma entrada, baixa ou alteração de vencimento pendente.',
      );
    if (ready.length === 0)
      throw new AppError(
        'UNPROCESSABLE',
        `Nenhum boleto pode ir ao banco ainda: complete o cadastro do responsável (${pending
          .slice(0, 5)
          .map((row) => `${row.payer?.nome ?? row.alunoNome}: ${row.problems.join(', ')}`)
          .join('; ')}).`,
      );
    const rates = ratesOf(await loadSettings(tx));
    const today = clock.today();
    const items: RemessaItem[] = ready.map(({ boleto, movimento, vencimento, payer }) => ({
      movimento,
      nossoNumero: boleto.nossoNumero,
      vencimento,
      valor: boleto.valor,
      emissao: minDay(todayIso(boleto.emitidoEm), today),
      ...encargosDoBoleto(boleto, rates),
      pagador: movimento === 'entrada' && payer ? pagadorOf(payer) : null,
    }));
    const [last] = await tx
      .select({ nsa: cnabRemessas.nsa })
      .from(cnabRemessas)
      .where(and(eq(cnabRemessas.banco, bank.codigo), eq(cnabRemessas.convenio, key)))
      .orderBy(desc(cnabRemessas.nsa))
      .limit(1);
    const nsa = (last?.nsa ?? 0) + 1;
    const file = buildRemessa(
      {
        bank,
        agreement,
        empresa: { cnpj, nome: escola.nome },
        nsa,
        data: today,
        hora: horaAgora(),
      },
      items,
    );
    const [remessa] = await tx
      .insert(cnabRemessas)
      .values({
        banco: bank.codigo,
        convenio: key,
        nsa,
        data: today,
        nomeArquivo: bank.nomeRemessa(agreement, today, nsa),
        conteudo: file.text,
        quantidade: file.quantidade,
        valorTotal: file.valorTotal,
        geradaPor: actor.id,
      })
      .returning();
    for (const [index, { boleto, movimento }] of ready.entries()) {
      // What the entrada told the bank of the pontualidade discount: the retorno checks against it (ADR 0135).
      const desconto = movimento === 'entrada' ? (items[index]?.desconto ?? null) : undefined;
      await tx
        .update(boletos)
        .set({
          movimentoPendente: null,
          movimentoEnviado: movimento,
          remessaId: remessa!.id,
          ...(desconto === undefined
            ? {}
            : { descontoEnviado: desconto?.valor ?? 0, descontoAteEnviado: desconto?.ate ?? null }),
          updatedAt: sql`now()`,
        })
        .where(eq(boletos.mensalidadeId, boleto.mensalidadeId));
    }
    await recordAudit(tx, actor, {
      action: 'gerar_remessa_cnab',
      entity: 'remessa_cnab',
      entityId: remessa!.id,
      details: { banco: bank.codigo, nsa, boletos: file.quantidade, valor_total: file.valorTotal },
    });
    return { remessa: remessa!, retidos: pending.length - ready.length };
  });
}

const minDay = (a: string, b: string) => (a < b ? a : b);

export function remessaMessage(gerada: RemessaGerada): string {
  const base = `Remessa ${gerada.remessa.nsa} com ${formatCount(gerada.remessa.quantidade, 'boleto', 'boletos')}.`;
  return gerada.retidos === 0
    ? base
    : `${base} ${formatCount(gerada.retidos, 'boleto ficou', 'boletos ficaram')} para a próxima: falta CPF ou endereço do responsável.`;
}
