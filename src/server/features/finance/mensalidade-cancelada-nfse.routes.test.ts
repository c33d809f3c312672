/**
 * A tuition cancelled after its NFS-e was issued: the note stays 'emitida' (only the Direção cancels a
 * fiscal document), so the cancellation's answer says so and Notas fiscais marks the note.
 */
import { describe, expect, it } from 'vitest';
import { insertIssuedNfse } from '../../test/fiscal-fixtures.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

describe('cancelling a tuition with an issued NFS-e', () => {
  it('says the note stays issued for the Direção to cancel, and Notas fiscais marks it', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const julho = await mensalidadeOf(s.ana.id, `${String(thisYear)}-07`);
    const julhoBruno = await mensalidadeOf(s.bruno.id, `${String(thisYear)}-07`);
    for (const [index, mensalidade] of [julho, julhoBruno].entries())
      await insertIssuedNfse(
        t,
        {
          mensalidadeId: mensalidade.id,
          alunoId: mensalidade.alunoId,
          competencia: `${String(thisYear)}-07`,
          tomadorNome: 'Carla Souza',
        },
        { numeroDps: index + 1, numero: String(101 + index), idDps: `DPS${String(index)}`.padEnd(45, '0') },
      );

    const cancelled = await call('POST', `/api/financeiro/mensalidades/${julho.id}/cancelar`, s.admin, {
      motivo: 'Transferido em 04/07',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(
      'Mensalidade cancelada. A NFS-e nº 101 desta mensalidade continua emitida: a Direção deve cancelá-la em Financeiro → Notas fiscais.',
    );

    const list = await call('GET', `/api/fiscal/nfse?competencia=${String(thisYear)}-07`, s.admin);
    expect(list.statusCode).toBe(200);
    const notas = list.json().data as { numero: string; status: string; mensalidade_cancelada: boolean }[];
    expect(
      notas.map(({ numero, status, mensalidade_cancelada }) => [numero, status, mensalidade_cancelada]),
    ).toEqual([
      ['101', 'emitida', true],
      ['102', 'emitida', false],
    ]);

    // Without an issued note the answer is the plain one.
    const setembro = await mensalidadeOf(s.ana.id, `${String(thisYear)}-09`);
    const plain = await call('POST', `/api/financeiro/mensalidades/${setembro.id}/cancelar`, s.admin, {
      motivo: 'Transferido',
    });
    expect(plain.json().message).toBe('Mensalidade cancelada.');
  });

  it('the departure that cancels the months after it says which NFS-e stay issued', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const julho = await mensalidadeOf(s.ana.id, `${String(thisYear)}-07`);
    await insertIssuedNfse(
      t,
      {
        mensalidadeId: julho.id,
        alunoId: s.ana.id,
        competencia: `${String(thisYear)}-07`,
        tomadorNome: 'Carla Souza',
      },
      { numero: '101' },
    );
    const transfer = await t.app.inject({
      method: 'PATCH',
      url: `/api/alunos/${s.ana.id}/status`,
      headers: { cookie: s.admin, 'content-type': 'application/json' },
      payload: { status: 'transferido', data_saida: '2026-06-15', cancelar_mensalidades: true },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json().message).toMatch(
      / mensalidades canceladas \(vencimento depois de 15\/06\/2026\)\. A NFS-e emitida de uma delas continua válida: a Direção deve cancelá-la em Notas fiscais\.$/,
    );
  });
});
