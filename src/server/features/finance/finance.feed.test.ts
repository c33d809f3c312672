/**
 * The finance source of the family's feed: overdue or due within 7 days is pending; em confirmação is
 * not; a refused comprovante makes it pending again; paid, cancelled and later months stay out.
 */
import { describe, expect, it } from 'vitest';
import { pixCobrancasRecorrentes, pixRecorrencias } from '../../db/schema/pix-recorrencias.js';
import { clock } from '../../lib/clock.js';
import type { FamilyFeedScope } from '../../lib/family-feed.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { financeFeed } from './index.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear, today } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

function sendComprovante(id: string, cookie: string) {
  const body = multipartFile(PDF, 'comprovante.pdf', 'application/pdf', 'arquivo');
  return t.app.inject({
    method: 'POST',
    url: `/api/financeiro/mensalidades/${id}/comprovante`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('financeFeed', () => {
  it('pending: overdue and due within 7 days; em confirmação is not; refused is again', async () => {
    // This year's class: on 2026-06-15 the months up to June are overdue (due on the 10th), July is ahead.
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const may = await mensalidadeOf(s.ana.id, `${thisYear}-05`);
    const june = await mensalidadeOf(s.ana.id, `${thisYear}-06`);
    const july = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
    // Everything before May paid, and one month cancelled: neither is in the feed.
    for (const mes of ['01', '02', '03']) {
      const row = await mensalidadeOf(s.ana.id, `${thisYear}-${mes}`);
      await call('POST', `/api/financeiro/mensalidades/${row.id}/pagamento`, s.admin, {
        valor_pago: 85_000,
        data_pagamento: `${thisYear}-${mes}-05`,
        forma: 'pix',
      });
    }
    const april = await mensalidadeOf(s.ana.id, `${thisYear}-04`);
    await call('POST', `/api/financeiro/mensalidades/${april.id}/cancelar`, s.admin, { motivo: 'Erro' });

    const scope = (day: string): FamilyFeedScope => ({
      userId: 'x',
      guardianId: s.mae.id,
      alunos: [{ id: s.ana.id, nome: s.ana.nome }],
      today: day,
      since: new Date(`${thisYear}-01-01T00:00:00Z`),
      until: day,
    });
    const feed = async (day = today) =>
      (await financeFeed(t.database.db, scope(day))).sort((a, b) => a.data.localeCompare(b.data));

    expect(await feed()).toEqual([
      {
        id: `mensalidade:${may.id}`,
        tipo: 'mensalidade',
        titulo: 'Mensalidade de maio em atraso',
        resumo: expect.stringMatching(/^Ana Souza · R\$\s877,20 · pague com Pix$/),
        data: `${thisYear}-05-10`,
        link: '/dashboard/financeiro',
        aluno_id: s.ana.id,
        pendente: true,
      },
      expect.objectContaining({
        id: `mensalidade:${june.id}`,
        titulo: 'Mensalidade de junho em atraso',
        pendente: true,
      }),
    ]);
    // Seven days before July's due date it is pending, with its date; eight days before it is not there.
    expect((await feed(`${thisYear}-07-03`)).map((item) => item.titulo)).toContain(
      'Mensalidade de julho vence em 10/07',
    );
    expect((await feed(`${thisYear}-07-02`)).map((item) => item.id)).not.toContain(`mensalidade:${july.id}`);
    // October's is due on Saturday 10/10 and Monday 12/10 is a holiday: on the Monday it is not late yet.
    expect((await feed(`${thisYear}-10-12`)).map((item) => item.titulo)).toContain(
      'Mensalidade de outubro: pague até 13/10 sem multa',
    );

    // 'Já paguei' on May: no longer pending, shown as em confirmação.
    expect((await sendComprovante(may.id, s.guardian)).statusCode).toBe(201);
    const sent = (await feed()).find((item) => item.id === `mensalidade:${may.id}`);
    expect(sent).toMatchObject({
      titulo: 'Mensalidade de maio em confirmação',
      pendente: false,
      data: today,
    });

    // Refused: pending again, with the school's reason.
    clock.pin('2026-06-16');
    try {
      const refused = await call(
        'POST',
        `/api/financeiro/mensalidades/${may.id}/comprovante/recusar`,
        s.admin,
        {
          motivo: 'Comprovante ilegível',
        },
      );
      expect(refused.statusCode).toBe(200);
    } finally {
      clock.pin(today);
    }
    const again = (await feed()).find((item) => item.id === `mensalidade:${may.id}`);
    expect(again).toMatchObject({ titulo: 'Mensalidade de maio em atraso', pendente: true });
    expect(again?.resumo).toContain('comprovante não confirmado: Comprovante ilegível');

    // Another family's child is not asked for: nothing of Bruno's appears.
    expect((await feed()).every((item) => item.aluno_id === s.ana.id)).toBe(true);
    expect(await financeFeed(t.database.db, { ...scope(today), alunos: [] })).toEqual([]);
  });

  it('a month whose Pix Automático debit is scheduled is news, not a to-do: it is not paid twice', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const july = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
    const [rec] = await t.database.db
      .insert(pixRecorrencias)
      .values({
        alunoId: s.ana.id,
        responsavelId: s.mae.id,
        idRec: 'RN9999900820260601abcdefghijk',
        status: 'ativa',
        valorMaximo: 100_000,
        dataInicial: `${thisYear}-07-01`,
        contrato: 'MAT-1',
        copiaECola: '',
        location: '',
      })
      .returning();
    await t.database.db.insert(pixCobrancasRecorrentes).values({
      recorrenciaId: rec!.id,
      mensalidadeId: july.id,
      txid: `r${july.id.replaceAll('-', '')}`,
      status: 'ativa',
      valor: july.valor,
      dataVencimento: july.dataVencimento,
    });
    const items = await financeFeed(t.database.db, {
      userId: 'x',
      guardianId: s.mae.id,
      alunos: [{ id: s.ana.id, nome: s.ana.nome }],
      today: `${thisYear}-07-03`,
      since: new Date(`${thisYear}-01-01T00:00:00Z`),
      until: `${thisYear}-07-03`,
    });
    expect(items.find((item) => item.id === `mensalidade:${july.id}`)).toMatchObject({
      titulo: 'Mensalidade de julho: débito automático em 10/07',
      resumo: expect.stringContaining('não é preciso pagar pelo Pix'),
      pendente: false,
    });
    // The months before it, overdue and not in the debit, are still to pay.
    expect(items.filter((item) => item.pendente).length).toBeGreaterThan(0);
  });
});
