/**
 * The remessa CNAB 240: every line 240 characters, the fields at their FEBRABAN positions (checked by
 * position, not through the school's own reader), counts and sums in the trailers, the bank's file name,
 * ISO-8859-1 with CRLF, NSA per agreement, and nothing pending is a 409.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guardians } from '../../db/schema/students.js';
import { FEBRABAN_240, layoutProblems, withOverrides } from './cnab.layout.js';
import { CNAB_BANKS } from './cnab.bancos.js';
import { setupFinanceTest } from '../finance/finance.test-setup.js';
import {
  AGREEMENTS,
  at,
  boletoOf,
  cnabSchool,
  CNPJ,
  gerarRemessa,
  nossoNumeroOf,
  uploadRetorno,
} from './cnab.test-setup.js';
import { mensalidadeOf } from '../finance/finance.test-setup.js';
import { BancoCnabSimulado } from '../cnab-simulado/index.js';
import { boletos } from '../../db/schema/boletos.js';
import { mensalidades } from '../../db/schema/finance.js';

const harness = setupFinanceTest();
const { t, call } = harness;

/** The Financeiro cancels Bruno's July (he was transferred): the bank may hold its boleto. */
async function cancelJulyOfBruno(s: { julhoBruno: { id: string }; admin: string }) {
  const cancelled = await call('POST', `/api/financeiro/mensalidades/${s.julhoBruno.id}/cancelar`, s.admin, {
    motivo: 'Transferido',
  });
  expect(cancelled.statusCode).toBe(200);
}

describe('layouts', () => {
  it('every record of every bank covers positions 1–240 exactly once', () => {
    for (const bank of Object.values(CNAB_BANKS))
      for (const [key, layout] of Object.entries(FEBRABAN_240))
        expect([
          bank.codigo,
          key,
          layoutProblems(withOverrides(layout, bank.overrides[key as keyof typeof FEBRABAN_240])),
        ]).toEqual([bank.codigo, key, []]);
  });
});

describe('POST /api/financeiro/boleto/remessa', () => {
  it('writes a Banco do Brasil remessa with P, Q and R at their positions and the trailers’ counts', async () => {
    const s = await cnabSchool(harness, '001');
    const response = await gerarRemessa(t, s.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=ISO-8859-1');
    expect(response.headers['content-disposition']).toBe('attachment; filename="CBR2401234567150626001.REM"');
    const text = response.rawPayload.toString('latin1');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.every((line) => line.length === 240)).toBe(true);
    // header + lote header + 2 × (P, Q, R) + lote trailer + file trailer
    expect(lines).toHaveLength(10);
    const [header, lote, p, q, r] = lines as [string, string, string, string, string];
    expect(at(header, 1, 8)).toBe('00100000');
    expect(at(header, 18, 32)).toBe(`2${CNPJ}`);
    expect(at(header, 33, 52)).toBe('001234567001417019  ');
    expect(at(header, 53, 72)).toBe(`01234${at(header, 58, 58)}000000056789${at(header, 71, 71)} `);
    expect(at(header, 73, 102)).toBe('ESCOLA GIRASSOL'.padEnd(30));
    expect(at(header, 143, 151)).toBe('115062026');
    expect(at(header, 158, 166)).toBe('000001083');
    expect(at(lote, 8, 16)).toBe('1R01  042');
    expect(at(lote, 184, 191)).toBe('00000001');

    expect(at(p, 8, 17)).toBe('300001P 01');
    expect(at(p, 38, 57)).toBe(`${s.nnAna}   `);
    expect(at(p, 58, 58)).toBe('7');
    expect(at(p, 78, 85)).toBe('10072026');
    expect(at(p, 86, 100)).toBe('000000000085000');
    expect(at(p, 107, 109)).toBe('21N'); // espécie ME, não aceite
    // juros: código 1 (valor por dia) from the day after the due date, R$ 850,00 × 1 % / 30 = R$ 0,28
    expect(at(p, 118, 141)).toBe('111072026000000000000028');
    expect(at(p, 228, 229)).toBe('09');

    expect(at(q, 8, 17)).toBe('300002Q 01');
    expect(at(q, 18, 33)).toBe('1000052998224725');
    expect(at(q, 34, 73)).toBe('CONCEICAO SOUZA'.padEnd(40));
    expect(at(q, 74, 113)).toBe('AVENIDA PAULISTA 1000 AP 12'.padEnd(40));
    expect(at(q, 114, 128)).toBe('BELA VISTA'.padEnd(15));
    expect(at(q, 129, 136)).toBe('01310100');
    expect(at(q, 137, 153)).toBe(`${'SAO PAULO'.padEnd(15)}SP`);

    expect(at(r, 8, 17)).toBe('300003R 01');
    expect(at(r, 66, 89)).toBe('211072026000000000000200'); // multa 2,00 % from 11/07
    const trailerLote = lines[8]!;
    const trailer = lines[9]!;
    expect(at(trailerLote, 8, 8)).toBe('5');
    expect(at(trailerLote, 18, 23)).toBe('000008');
    expect(at(trailerLote, 24, 46)).toBe('000002' + '00000000000170000');
    expect(at(trailer, 1, 8)).toBe('00199999');
    expect(at(trailer, 18, 29)).toBe('000001000010');

    const boleto = await boletoOf(t, s.julhoAna.id);
    expect(boleto.movimentoPendente).toBeNull();
    expect(boleto.remessaId).not.toBeNull();

    const again = await gerarRemessa(t, s.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Não há boletos a enviar/);

    const painel = (await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data;
    expect(painel.pendentes).toEqual([]);
    expect(painel.remessas).toHaveLength(1);
    const download = await t.app.inject({
      url: `/api/financeiro/boleto/remessa/${painel.remessas[0].id}`,
      headers: { cookie: s.admin },
    });
    expect(download.rawPayload.toString('latin1')).toBe(text);
  });

  it('writes Sicoob’s nosso número area and numbers the next file of the agreement 2', async () => {
    const s = await cnabSchool(harness, '756');
    const first = await gerarRemessa(t, s.admin);
    expect(first.statusCode).toBe(200);
    const lines = first.rawPayload.toString('latin1').split('\r\n');
    const [header, , p] = lines as [string, string, string];
    expect(at(header, 33, 52)).toBe(' '.repeat(20));
    expect(at(header, 164, 166)).toBe('081');
    expect(at(p, 38, 57)).toBe(`00${s.nnAna}01014     `);
    // The bank takes it: nosso número DV, CPF, CEP, sequence.
    const retorno = s.bank.receberRemessa(first.rawPayload.toString('latin1'), '2026-06-15');
    expect(
      retorno
        .split('\r\n')
        .filter((line) => line[13] === 'T')
        .map((line) => line.slice(15, 17)),
    ).toEqual(['02', '02']);
    // A baixa goes in the next file, NSA 2: July's tuition of Bruno is cancelled (an open one keeps its boleto).
    await cancelJulyOfBruno(s);
    const second = await gerarRemessa(t, s.admin);
    expect(second.statusCode).toBe(200);
    const next = second.rawPayload.toString('latin1').split('\r\n');
    expect(at(next[0]!, 158, 163)).toBe('000002');
    expect(next.filter((line) => line[13] === 'P').map((line) => at(line, 16, 17))).toEqual(['02']);
    expect(next.some((line) => line[13] === 'Q')).toBe(false);
  });

  it('holds back a boleto whose payer has no CPF or address, and says so', async () => {
    const s = await cnabSchool(harness, '001');
    await t.database.db.update(guardians).set({ cpf: null }).where(eq(guardians.id, s.pai.id));
    const response = await gerarRemessa(t, s.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-boletos-retidos']).toBe('1');
    const painel = (await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data;
    expect(painel.pendentes).toEqual([
      expect.objectContaining({
        aluno_nome: 'Bruno Lima',
        problema: 'Falta no cadastro do responsável: CPF.',
      }),
    ]);
  });

  it('lists on the panel what the remessa sends: a cancelled registered boleto’s baixa, not a boleto paid before it left', async () => {
    const s = await cnabSchool(harness, '001');
    const db = t.database.db;
    const first = await gerarRemessa(t, s.admin);
    expect(first.statusCode).toBe(200);
    const retorno = s.bank.receberRemessa(first.rawPayload.toString('latin1'), '2026-06-15');
    expect((await uploadRetorno(t, s.admin, retorno)).statusCode).toBe(200);
    expect((await boletoOf(t, s.julhoBruno.id)).situacao).toBe('registrado');
    // The Financeiro cancels Bruno's July: the bank still holds its boleto, to be written off.
    await cancelJulyOfBruno(s);
    // Ana's August boleto was issued but never sent, and August was then paid at the secretaria.
    const agostoAna = await mensalidadeOf(s.ana.id, '2026-08');
    await db.insert(boletos).values({
      mensalidadeId: agostoAna.id,
      banco: '001',
      convenio: AGREEMENTS['001'].convenio,
      carteira: AGREEMENTS['001'].carteira,
      nossoNumero: nossoNumeroOf('001', 3),
      vencimento: agostoAna.dataVencimento,
      valor: agostoAna.valor,
      codigoBarras: '0'.repeat(44),
      linhaDigitavel: '0'.repeat(47),
    });
    await db
      .update(mensalidades)
      .set({ principalPago: agostoAna.valor })
      .where(eq(mensalidades.id, agostoAna.id));

    const painel = (await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data;
    expect(painel.pendentes).toEqual([
      expect.objectContaining({ aluno_nome: 'Bruno Lima', nosso_numero: s.nnBruno, movimento: 'baixa' }),
    ]);
    const second = await gerarRemessa(t, s.admin);
    expect(second.statusCode).toBe(200);
    const lines = second.rawPayload.toString('latin1').split('\r\n');
    // One P segment, the baixa (movement 02): as many as the panel listed.
    expect(lines.filter((line) => line[13] === 'P').map((line) => at(line, 16, 17))).toEqual(['02']);
    // The bank confirms the baixa in its retorno: nothing is left for the next remessa.
    const baixa = s.bank.receberRemessa(second.rawPayload.toString('latin1'), '2026-06-16');
    expect((await uploadRetorno(t, s.admin, baixa)).statusCode).toBe(200);
    expect((await boletoOf(t, s.julhoBruno.id)).situacao).toBe('baixado');
    expect((await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data.pendentes).toEqual([]);
  });

  it('sends a baixa once: awaiting the retorno it is not pending, and pending again if the bank rejects it', async () => {
    const s = await cnabSchool(harness, '001');
    const first = await gerarRemessa(t, s.admin);
    const retorno = s.bank.receberRemessa(first.rawPayload.toString('latin1'), '2026-06-15');
    expect((await uploadRetorno(t, s.admin, retorno)).statusCode).toBe(200);
    await cancelJulyOfBruno(s);
    const second = await gerarRemessa(t, s.admin);
    expect(second.statusCode).toBe(200);
    const painel = async () =>
      (await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json<{ data: { pendentes: unknown[] } }>()
        .data;
    // Sent, the bank's answer not back yet: neither listed nor sent again, as an entrada awaiting it.
    expect((await painel()).pendentes).toEqual([]);
    expect((await gerarRemessa(t, s.admin)).statusCode).toBe(409);
    expect(await boletoOf(t, s.julhoBruno.id)).toMatchObject({
      situacao: 'registrado',
      movimentoPendente: null,
    });

    // A bank that does not hold the title rejects the baixa (26, 'Instrução rejeitada'): pending again.
    const other = new BancoCnabSimulado({ banco: '001', ...AGREEMENTS['001'], cnpj: CNPJ });
    const rejected = other.receberRemessa(second.rawPayload.toString('latin1'), '2026-06-16');
    expect((await uploadRetorno(t, s.admin, rejected)).statusCode).toBe(200);
    expect((await painel()).pendentes).toEqual([
      expect.objectContaining({ nosso_numero: s.nnBruno, movimento: 'baixa' }),
    ]);
    const third = await gerarRemessa(t, s.admin);
    expect(third.statusCode).toBe(200);
    const lines = third.rawPayload.toString('latin1').split('\r\n');
    expect(lines.filter((line) => line[13] === 'P').map((line) => at(line, 16, 17))).toEqual(['02']);
    // This time the bank holds it and confirms: written off, nothing left.
    const confirmed = s.bank.receberRemessa(third.rawPayload.toString('latin1'), '2026-06-17');
    expect((await uploadRetorno(t, s.admin, confirmed)).statusCode).toBe(200);
    expect((await boletoOf(t, s.julhoBruno.id)).situacao).toBe('baixado');
    expect((await painel()).pendentes).toEqual([]);
  });

  it('is refused to a family and to a teacher', async () => {
    const s = await cnabSchool(harness, '001');
    expect((await gerarRemessa(t, s.guardian)).statusCode).toBe(403);
    expect((await gerarRemessa(t, s.teacher)).statusCode).toBe(403);
  });
});
