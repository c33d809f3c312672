/**
 * The CNAB tests' school: the finance setup (a class of this year, R$ 850,00 due on the 10th, today
 * 2026-06-15), the school's CNPJ, a boleto agreement, payers with CPF and address, and boletos issued
 * for July (rows as part 1 issues them). The simulated bank holds the same agreement.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { boletoConfig, boletos } from '../../db/schema/boletos.js';
import { guardians } from '../../db/schema/students.js';
import { BancoCnabSimulado } from '../cnab-simulado/index.js';
import { mensalidadeOf, school, thisYear, type setupFinanceTest } from '../finance/finance.test-setup.js';
import { PAULISTA_ADDRESS } from '../../test/records-fixtures.js';

type Harness = ReturnType<typeof setupFinanceTest>;

export const CNPJ = '11222333000181';

export const AGREEMENTS = {
  '001': { agencia: '1234', conta: '56789', carteira: '17', convenio: '1234567' },
  '756': { agencia: '3069', conta: '1234567', carteira: '1', convenio: '123456' },
} as const;

/** Sicoob's nosso número of a sequence (7 digits + DV, weights 3197), as part 1 issues it. */
export function sicoobNossoNumero(sequencia: number): string {
  const { agencia, convenio } = AGREEMENTS['756'];
  const digits = `${agencia.padStart(4, '0')}${convenio.padStart(10, '0')}${String(sequencia).padStart(7, '0')}`;
  const weights = [3, 1, 9, 7];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % 4]!;
  const rest = sum % 11;
  return `${String(sequencia).padStart(7, '0')}${rest <= 1 ? 0 : 11 - rest}`;
}

export function nossoNumeroOf(banco: '001' | '756', sequencia: number): string {
  return banco === '001'
    ? `${AGREEMENTS['001'].convenio}${String(sequencia).padStart(10, '0')}`
    : sicoobNossoNumero(sequencia);
}

export async function cnabSchool({ t, call }: Harness, banco: '001' | '756' = '001') {
  const s = await school({ ano: thisYear });
  const db = t.database.db;
  expect(
    (await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear })).statusCode,
  ).toBe(201);
  const escola = await call('GET', '/api/configuracoes/escola', s.admin);
  const saved = await call('PUT', '/api/configuracoes/escola', s.admin, {
    nome: 'Escola Girassol',
    cnpj: CNPJ,
    version: escola.json().data.version,
  });
  expect(saved.statusCode).toBe(200);
  await db
    .insert(boletoConfig)
    .values({ id: 1, ativo: true, banco, ...AGREEMENTS[banco], proximoNossoNumero: 3 });
  await db
    .update(guardians)
    .set({
      nome: 'Conceição Souza',
      cpf: '52998224725',
      cep: '01310100',
      ...PAULISTA_ADDRESS,
    })
    .where(eq(guardians.id, s.mae.id));
  await db
    .update(guardians)
    .set({
      cpf: '11144477735',
      cep: '20040002',
      logradouro: 'Rua da Assembleia',
      numero: '10',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
    })
    .where(eq(guardians.id, s.pai.id));
  const julhoAna = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
  const julhoBruno = await mensalidadeOf(s.bruno.id, `${thisYear}-07`);
  const issued = [
    { mensalidade: julhoAna, nossoNumero: nossoNumeroOf(banco, 1) },
    { mensalidade: julhoBruno, nossoNumero: nossoNumeroOf(banco, 2) },
  ];
  for (const { mensalidade, nossoNumero } of issued)
    await db.insert(boletos).values({
      mensalidadeId: mensalidade.id,
      banco,
      convenio: AGREEMENTS[banco].convenio,
      carteira: AGREEMENTS[banco].carteira,
      nossoNumero,
      vencimento: mensalidade.dataVencimento,
      valor: mensalidade.valor,
      codigoBarras: '0'.repeat(44),
      linhaDigitavel: '0'.repeat(47),
      // Issued in June, before the remessa the bank confirms on 15/06 and the payments of July.
      emitidoEm: new Date(`${String(thisYear)}-06-01T12:00:00-03:00`),
    });
  const bank = new BancoCnabSimulado({ banco, ...AGREEMENTS[banco], cnpj: CNPJ, tarifaLiquidacao: 190 });
  return { ...s, julhoAna, julhoBruno, nnAna: issued[0]!.nossoNumero, nnBruno: issued[1]!.nossoNumero, bank };
}

export async function boletoOf(t: Harness['t'], mensalidadeId: string) {
  const [row] = await t.database.db.select().from(boletos).where(eq(boletos.mensalidadeId, mensalidadeId));
  return row!;
}

/** Uploads a retorno as the body (text/plain, ISO-8859-1). */
export function uploadRetorno(t: Harness['t'], cookie: string, text: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/financeiro/boleto/retorno',
    headers: { cookie, 'content-type': 'text/plain; charset=ISO-8859-1' },
    payload: Buffer.from(text, 'latin1'),
  });
}

export async function gerarRemessa(t: Harness['t'], cookie: string) {
  return t.app.inject({ method: 'POST', url: '/api/financeiro/boleto/remessa', headers: { cookie } });
}

/** The text at positions start–end (1-based, inclusive), as the FEBRABAN manual numbers them. */
export const at = (line: string, start: number, end: number) => line.slice(start - 1, end);
