/**
 * Undoing the school's own mistakes on a tuition: reversing a payment it registered (estorno) and
 * reactivating a tuition it cancelled. The bank's payments are the Pix tests' (pix-a-conciliar).
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { insertIssuedNfse } from '../../test/fiscal-fixtures.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

const base = (id: string) => `/api/financeiro/mensalidades/${id}`;

async function pay(cookie: string, id: string, valor_pago: number, data_pagamento: string) {
  const paid = await call('POST', `${base(id)}/pagamento`, cookie, {
    valor_pago,
    data_pagamento,
    forma: 'dinheiro',
  });
  expect(paid.statusCode).toBe(201);
  return paid.json().data.pagamento.id as string;
}

const estornar = (cookie: string, id: string, pagamentoId: string, motivo = 'Lançado no irmão errado') =>
  call('POST', `${base(id)}/pagamentos/${pagamentoId}/estorno`, cookie, { motivo });

describe('estorno de pagamento', () => {
  it('reverses a payment typed on the wrong month: open again with today’s encargos, receita gone, family told, audited', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const first = await pay(s.admin, march.id, 40_000, `${lastYear}-03-05`);
    const second = await pay(s.admin, march.id, 45_000, `${lastYear}-03-08`);
    expect((await call('GET', base(march.id), s.admin)).json().data.status).toBe('pago');

    const reversed = await estornar(s.admin, march.id, second);
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().message).toBe('Pagamento estornado; a mensalidade está em aberto de novo.');
    expect(reversed.json().data).toMatchObject({
      pix_a_conciliar: false,
      mensalidade: { status: 'vencido', principal_pago: 40_000, data_pagamento: `${lastYear}-03-05` },
    });
    const detail = (await call('GET', base(march.id), s.admin)).json().data;
    expect(detail.pagamentos).toEqual([expect.objectContaining({ id: first, origem: 'escola' })]);
    // The open R$ 450,00 owes multa and juros since March again.
    expect(detail.valor_atualizado).toBeGreaterThan(45_000);
    const receitas = (await call('GET', '/api/financeiro/transacoes?tipo=receita', s.admin)).json().data
      .items;
    expect(receitas.map((row: { valor: number }) => row.valor)).toEqual([40_000]);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'estornar_pagamento'), eq(auditLog.entityId, march.id)));
    expect(audit!.details).toMatchObject({
      pagamento_id: second,
      valor_pago: 45_000,
      forma: 'dinheiro',
      data_pagamento: `${lastYear}-03-08`,
      motivo: 'Lançado no irmão errado',
    });
    const bell = await t.database.db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.titulo, 'Pagamento estornado'));
    expect(bell).toHaveLength(1);
    expect(bell[0]!.texto).toBe(
      `O pagamento de R$ 450,00 registrado em 08/03/${lastYear} na mensalidade de março de ${lastYear} de Ana Souza foi estornado pela escola. Em caso de dúvida, fale com a secretaria.`,
    );

    const again = await estornar(s.admin, march.id, second);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Pagamento não encontrado nesta mensalidade.');
    // Another tuition's payment through this one's address is not found either.
    const april = await mensalidadeOf(s.ana.id, `${lastYear}-04`);
    expect((await estornar(s.admin, april.id, first)).statusCode).toBe(404);
  });

  it('asks for a reason, is the school’s only, and waits for a live NFS-e to be cancelled', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const id = await pay(s.admin, march.id, 86_983, `${lastYear}-03-20`);

    const noReason = await estornar(s.admin, march.id, id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Informe o motivo');
    expect((await estornar(s.guardian, march.id, id)).statusCode).toBe(403);
    expect((await estornar(s.teacher, march.id, id)).statusCode).toBe(403);

    await insertIssuedNfse(t, {
      mensalidadeId: march.id,
      alunoId: s.ana.id,
      competencia: `${lastYear}-03`,
      tomadorNome: 'Carla Souza',
    });
    const withNote = await estornar(s.admin, march.id, id);
    expect(withNote.statusCode).toBe(409);
    expect(withNote.json().message).toMatch(/^Há uma NFS-e emitida para esta mensalidade/);
    expect((await call('GET', base(march.id), s.admin)).json().data.status).toBe('pago');
  });
});

describe('reativar mensalidade', () => {
  it('brings back a tuition cancelled by mistake, audited; refuses an open one and one undone with its batch', async () => {
    const s = await school();
    const generated = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    await call('POST', `${base(march.id)}/cancelar`, s.admin, { motivo: 'Bolsa' });

    const back = await call('POST', `${base(march.id)}/reativar`, s.admin, {
      motivo: 'Cancelada por engano',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('Mensalidade reativada: está em aberto de novo.');
    expect(back.json().data).toMatchObject({ status: 'vencido', valor: 85_000 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reativar'), eq(auditLog.entityId, march.id)));
    expect(audit!.details).toEqual({ motivo: 'Cancelada por engano', motivo_cancelamento: 'Bolsa' });

    const open = await call('POST', `${base(march.id)}/reativar`, s.admin, { motivo: 'De novo' });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('Esta mensalidade não está cancelada.');
    expect((await call('POST', `${base(march.id)}/reativar`, s.guardian, { motivo: 'Eu' })).statusCode).toBe(
      403,
    );

    const lote = generated.json().data.lote_id as string;
    await call('POST', `/api/financeiro/mensalidades/lotes/${lote}/cancelar`, s.admin, {
      motivo: 'Valor errado',
    });
    const april = await mensalidadeOf(s.ana.id, `${lastYear}-04`);
    const undone = await call('POST', `${base(april.id)}/reativar`, s.admin, { motivo: 'Volta' });
    expect(undone.statusCode).toBe(409);
    expect(undone.json().message).toMatch(/^Esta mensalidade saiu com o desfazer da sua geração/);
  });
});
