/**
 * 'Já paguei' (issue 32, ADR 0035): the family sends a comprovante, the tuition is em confirmação with
 * its amount frozen, the school confirms (a manual payment) or refuses (open again, with the reason).
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { clock } from '../../lib/clock.js';
import { auditLog } from '../../db/schema/audit.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { mensalidades } from '../../db/schema/finance.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest, thisYear, today } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function send(id: string, cookie: string, bytes = PDF, nome = 'comprovante.pdf', field = 'arquivo') {
  const body = multipartFile(bytes, nome, 'application/octet-stream', field);
  return t.app.inject({
    method: 'POST',
    url: `/api/financeiro/mensalidades/${id}/comprovante`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A school with last year's tuition generated: all of it is overdue on `today` (2026-06-15). */
async function withTuition() {
  const s = await school();
  await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
  const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
  return { ...s, march };
}

describe("'Já paguei'", () => {
  it('the guardian sends a comprovante: em confirmação, amount frozen, the staff told, audited', async () => {
    const s = await withTuition();
    const before = (await call('GET', `/api/financeiro/mensalidades/${s.march.id}`, s.guardian)).json().data;
    expect(before.status).toBe('vencido');

    const sent = await send(s.march.id, s.guardian);
    expect(sent.statusCode).toBe(201);
    const { mensalidade, comprovante } = sent.json().data;
    expect(mensalidade).toMatchObject({
      status: 'em_confirmacao',
      em_confirmacao_desde: today,
      valor_atualizado: before.valor_atualizado,
      juros: before.juros,
    });
    expect(comprovante).toMatchObject({
      situacao: 'aguardando',
      data_referencia: today,
      valor_devido: before.valor_atualizado,
      tipo: 'application/pdf',
      nome: 'comprovante.pdf',
    });

    // Days later the amount has not grown (juros would add to an open one), and the list filters by it.
    clock.pin('2026-07-20');
    try {
      const later = (await call('GET', `/api/financeiro/mensalidades/${s.march.id}`, s.guardian)).json().data;
      expect(later).toMatchObject({ status: 'em_confirmacao', valor_atualizado: before.valor_atualizado });
      const queue = await call('GET', '/api/financeiro/comprovantes', s.admin);
      expect(queue.json().data.map((item: { mensalidade: { id: string } }) => item.mensalidade.id)).toEqual([
        s.march.id,
      ]);
      expect(queue.json().data[0].mensalidade.valor_atualizado).toBe(before.valor_atualizado);
      const filtered = await call('GET', '/api/financeiro/mensalidades?status=em_confirmacao', s.admin);
      expect(filtered.json().data.total).toBe(1);
      // Not 'vencido' for the family any more: the overdue list leaves it out.
      const overdue = await call(
        'GET',
        '/api/financeiro/mensalidades?status=vencido&pageSize=100',
        s.guardian,
      );
      expect(overdue.json().data.items.map((item: { id: string }) => item.id)).not.toContain(s.march.id);
    } finally {
      clock.pin(today);
    }

    // The file opens for the family and the school.
    const file = await call('GET', `/api/financeiro/mensalidades/${s.march.id}/comprovante`, s.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A family's upload is never run as a page of the portal's origin (a PDF can carry script).
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const db = t.database.db;
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.march.id), eq(auditLog.action, 'enviar_comprovante')));
    expect(audit?.details).toMatchObject({ valor_devido: before.valor_atualizado });
    const staffBell = await call('GET', '/api/notificacoes', s.admin);
    expect(staffBell.json().data.items[0]).toMatchObject({
      titulo: 'Comprovante de pagamento para confirmar',
      link: '/dashboard/financeiro?aba=mensalidades',
    });
  });

  it('the school confirms: paid with the frozen amount, on the day sent, by PIX; the family is told', async () => {
    const s = await withTuition();
    const sent = (await send(s.march.id, s.guardian)).json().data;
    clock.pin('2026-06-25');
    try {
      const confirmed = await call(
        'POST',
        `/api/financeiro/mensalidades/${s.march.id}/comprovante/confirmar`,
        s.admin,
        {},
      );
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().data).toMatchObject({
        status: 'pago',
        valor_pago: sent.comprovante.valor_devido,
        data_pagamento: today,
        em_confirmacao_desde: null,
      });
    } finally {
      clock.pin(today);
    }
    const detail = (await call('GET', `/api/financeiro/mensalidades/${s.march.id}`, s.admin)).json().data;
    expect(detail.pagamentos).toEqual([
      expect.objectContaining({
        valor_pago: sent.comprovante.valor_devido,
        forma: 'pix',
        data_pagamento: today,
      }),
    ]);
    const receitas = await call('GET', '/api/financeiro/transacoes?tipo=receita', s.admin);
    expect(receitas.json().data.items[0]).toMatchObject({ valor: sent.comprovante.valor_devido });
    const db = t.database.db;
    const actions = await db.select().from(auditLog).where(eq(auditLog.entityId, s.march.id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'confirmar_comprovante',
      'enviar_comprovante',
      'registrar_pagamento',
    ]);
    const [mae] = await db.select().from(guardians).where(eq(guardians.id, s.mae.id));
    const bell = await db.select().from(notificacoes).where(eq(notificacoes.usuarioId, mae!.usuarioId!));
    expect(bell.map((row) => row.titulo)).toContain('Pagamento confirmado');

    // Answered: a second answer or a new comprovante is 409.
    const again = await call(
      'POST',
      `/api/financeiro/mensalidades/${s.march.id}/comprovante/confirmar`,
      s.admin,
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta mensalidade já está paga.');
    const resend = await send(s.march.id, s.guardian);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('Esta mensalidade já está paga.');
  });

  it('the school may record what was really paid instead', async () => {
    const s = await withTuition();
    await send(s.march.id, s.guardian);
    const confirmed = await call(
      'POST',
      `/api/financeiro/mensalidades/${s.march.id}/comprovante/confirmar`,
      s.admin,
      { valor_pago: 85_000, data_pagamento: `${lastYear}-03-10`, forma: 'transferencia' },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'pago', valor_pago: 85_000, multa: 0, juros: 0 });
    const future = await call(
      'POST',
      `/api/financeiro/mensalidades/${(await mensalidadeOf(s.ana.id, `${lastYear}-04`)).id}/comprovante/confirmar`,
      s.admin,
      { data_pagamento: '2026-12-01' },
    );
    expect(future.statusCode).toBe(400);
  });

  it('the school refuses: open again with juros as of today, the reason shown; the family may send again', async () => {
    const s = await withTuition();
    const before = (await send(s.march.id, s.guardian)).json().data.mensalidade;
    const empty = await call(
      'POST',
      `/api/financeiro/mensalidades/${s.march.id}/comprovante/recusar`,
      s.admin,
      { motivo: '' },
    );
    expect(empty.statusCode).toBe(400);
    clock.pin('2026-06-25');
    try {
      const refused = await call(
        'POST',
        `/api/financeiro/mensalidades/${s.march.id}/comprovante/recusar`,
        s.admin,
        { motivo: 'O valor do comprovante é de outra mensalidade.' },
      );
      expect(refused.statusCode).toBe(200);
      const open = refused.json().data;
      expect(open).toMatchObject({
        status: 'vencido',
        em_confirmacao_desde: null,
        comprovante_recusa: 'O valor do comprovante é de outra mensalidade.',
      });
      expect(open.valor_atualizado).toBeGreaterThan(before.valor_atualizado);
      const family = (await call('GET', `/api/financeiro/mensalidades/${s.march.id}`, s.guardian)).json()
        .data;
      expect(family.comprovante_recusa).toBe('O valor do comprovante é de outra mensalidade.');
      const twice = await call(
        'POST',
        `/api/financeiro/mensalidades/${s.march.id}/comprovante/recusar`,
        s.admin,
        { motivo: 'De novo' },
      );
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Não há comprovante aguardando confirmação nesta mensalidade.');
      const resent = await send(s.march.id, s.guardian);
      expect(resent.statusCode).toBe(201);
      expect(resent.json().data.mensalidade).toMatchObject({
        status: 'em_confirmacao',
        comprovante_recusa: null,
        em_confirmacao_desde: '2026-06-25',
      });
    } finally {
      clock.pin(today);
    }
    const db = t.database.db;
    const [mae] = await db.select().from(guardians).where(eq(guardians.id, s.mae.id));
    const bell = await db.select().from(notificacoes).where(eq(notificacoes.usuarioId, mae!.usuarioId!));
    expect(bell.map((row) => row.texto)).toContain(
      `A escola não confirmou o comprovante da mensalidade de março de ${lastYear} de Ana Souza: O valor do comprovante é de outra mensalidade.`,
    );
  });

  it('names the enrolment fee as the fee to the staff and to the family (ADR 0094)', async () => {
    const s = await withTuition();
    const fee = `taxa de matrícula ${String(thisYear)}`;
    await t.database.db
      .update(mensalidades)
      .set({ tipo: 'taxa_matricula', anuidadeAno: thisYear })
      .where(eq(mensalidades.id, s.march.id));
    expect((await send(s.march.id, s.guardian)).statusCode).toBe(201);
    const staffBell = (await call('GET', '/api/notificacoes', s.admin)).json().data.items;
    expect(staffBell[0].texto).toMatch(new RegExp(`enviou o comprovante da ${fee} de Ana Souza `));
    const refused = await call(
      'POST',
      `/api/financeiro/mensalidades/${s.march.id}/comprovante/recusar`,
      s.admin,
      {
        motivo: 'Ilegível.',
      },
    );
    expect(refused.statusCode).toBe(200);
    const db = t.database.db;
    const [mae] = await db.select().from(guardians).where(eq(guardians.id, s.mae.id));
    const bell = await db.select().from(notificacoes).where(eq(notificacoes.usuarioId, mae!.usuarioId!));
    expect(bell.map((row) => row.texto)).toContain(
      `A escola não confirmou o comprovante da ${fee} de Ana Souza: Ilegível.`,
    );
    expect(bell.map((row) => row.texto).join('\n')).not.toContain('mensalidade de março');
  });

  it("the child's other guardian sees it em confirmação but opens only a comprovante they sent", async () => {
    const s = await withTuition();
    // Diego, Bruno's father, is Ana's guardian too (not the one who pays).
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: s.ana.id, responsavelId: s.pai.id, parentesco: 'pai', ehPrincipal: false });
    expect((await send(s.march.id, s.guardian)).statusCode).toBe(201);

    const visible = async (cookie: string) => {
      const list = await call('GET', '/api/financeiro/mensalidades?status=em_confirmacao', cookie);
      const items: { id: string; comprovante_visivel: boolean }[] = list.json().data.items;
      return items.find((item) => item.id === s.march.id)?.comprovante_visivel;
    };
    expect(await visible(s.guardian)).toBe(true);
    expect(await visible(s.admin)).toBe(true);
    expect(await visible(s.otherGuardian)).toBe(false);

    const url = `/api/financeiro/mensalidades/${s.march.id}/comprovante`;
    expect((await call('GET', url, s.guardian)).statusCode).toBe(200);
    const other = await call('GET', url, s.otherGuardian);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Nenhum comprovante desta mensalidade foi enviado por você.');
    expect(other.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
  });

  it('409 when already em confirmação, paid or cancelled; 404 for another family; 415 and 400 for a bad file', async () => {
    const s = await withTuition();
    const april = await mensalidadeOf(s.ana.id, `${lastYear}-04`);
    const may = await mensalidadeOf(s.ana.id, `${lastYear}-05`);
    const brunoCharge = await mensalidadeOf(s.bruno.id, `${lastYear}-09`);

    // Another family's tuition, and a made-up one: 404 (its existence is not told).
    expect((await send(brunoCharge.id, s.guardian)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/financeiro/mensalidades/${brunoCharge.id}/comprovante`, s.guardian))
        .statusCode,
    ).toBe(404);
    // Staff do not send it; the teacher has no finance access at all.
    expect((await send(april.id, s.admin)).statusCode).toBe(403);
    expect((await send(april.id, s.teacher)).statusCode).toBe(403);
    // Only the family and the finance staff answer or see the queue.
    expect((await call('GET', '/api/financeiro/comprovantes', s.guardian)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/financeiro/mensalidades/${april.id}/comprovante/confirmar`, s.guardian, {}))
        .statusCode,
    ).toBe(403);

    // Not a PDF nor an image (by content, whatever the name says): 415. No file field: 400.
    const text = await send(april.id, s.guardian, Buffer.from('<html>oi</html>'), 'comprovante.pdf');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Envie o comprovante em PDF ou como imagem (foto JPEG, PNG ou WebP).');
    expect((await send(april.id, s.guardian, PDF, 'c.pdf', 'file')).statusCode).toBe(400);
    const tooBig = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await send(april.id, s.guardian, tooBig)).statusCode).toBe(413);
    expect((await mensalidadeOf(s.ana.id, `${lastYear}-04`)).confirmacaoDesde).toBeNull();

    // A photo from the phone is re-encoded and accepted.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#22AA55' } })
      .jpeg()
      .toBuffer();
    const sent = await send(april.id, s.guardian, photo, 'IMG_0001.HEIC.jpg');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.comprovante.tipo).toBe('image/jpeg');
    const again = await send(april.id, s.guardian);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'O comprovante desta mensalidade já foi enviado e aguarda a confirmação da escola.',
    );

    await call('POST', `/api/financeiro/mensalidades/${may.id}/cancelar`, s.admin, { motivo: 'Transferido' });
    const cancelled = await send(may.id, s.guardian);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('Esta mensalidade foi cancelada.');
  });
});
