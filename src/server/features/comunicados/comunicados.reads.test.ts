/**
 * Notices: reads and cientes, and the delivery switches and preferences.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comunicado, Leituras } from '../../../shared/comunicados.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { deliver, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, postNotice, publishNotice } = setupComunicadosTest();

describe('comunicados: read and ciente', () => {
  it('records read and ciente once, with their first time; the author sees who is pending', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const id = (
      await publishNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] }, { exige_ciente: true })
    ).id;
    await deliver();
    clock.pin(new Date('2026-05-04T10:00:00-03:00'));
    const opened = dataOf<Comunicado>(await get(`/api/comunicados/${id}`, s.a1.cookie));
    expect(opened.recebido?.lido_em).toBe('2026-05-04T13:00:00.000Z');
    // Opening it read the bell's entry too.
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a1.cookie)).nao_lidas).toBe(0);
    const first = await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie);
    expect(dataOf<{ ciente_em: string }>(first).ciente_em).toBe('2026-05-04T13:00:00.000Z');
    clock.pin(new Date('2026-05-06T10:00:00-03:00'));
    const again = await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie);
    expect(dataOf<{ ciente_em: string }>(again).ciente_em).toBe('2026-05-04T13:00:00.000Z');
    expect(dataOf<Comunicado>(await get(`/api/comunicados/${id}`, s.a1.cookie)).recebido?.lido_em).toBe(
      '2026-05-04T13:00:00.000Z',
    );
    // The author opening it records nothing for anyone; the author cannot confirm for a family.
    await get(`/api/comunicados/${id}`, s.admin.cookie);
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.admin.cookie)).statusCode).toBe(404);
    const leituras = dataOf<Leituras>(await get(`/api/comunicados/${id}/leituras`, s.admin.cookie));
    expect(leituras.contagem).toEqual({ destinatarios: 2, lidos: 1, cientes: 1 });

    const pending = dataOf<Leituras>(
      await get(`/api/comunicados/${id}/leituras?situacao=pendentes`, s.admin.cookie),
    );
    expect(pending.itens.map((item) => item.usuario_id)).toEqual([s.a2.user.id]);
    expect(pending.itens[0]!.alunos).toEqual([s.a2.child.nome]);
    // Reminder goes to the pending family only.
    const reminder = dataOf<{ lembrados: number; novos: number }>(
      await send('POST', `/api/comunicados/${id}/lembrete`, s.admin.cookie),
    );
    expect(reminder).toEqual({ lembrados: 1, novos: 0 });
    await deliver();
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).nao_lidas).toBe(2);
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a1.cookie)).nao_lidas).toBe(0);
  });

  it('refuses ciente on a notice that does not ask for it', async () => {
    const s = await school();
    const id = (await publishNotice(s.admin.cookie, { tipo: 'escola' })).id;
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie)).statusCode).toBe(409);
  });
});

describe('comunicados: delivery switches and preferences', () => {
  it('queues e-mail only when the school has it on and the person did not turn it off', async () => {
    const s = await school();
    await send('PUT', '/api/notificacoes/preferencias', s.a1.cookie, {
      itens: [{ tipo: 'comunicado', email: false, sms: true }],
    });
    await postNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    await deliver();
    const mails = await t.database.db.select().from(entregas);
    expect(mails.map((row) => row.destino)).toEqual([s.a2.user.email]);
    expect(mails[0]!.texto).toContain('http://localhost:3000/dashboard/comunicados?id=');
    expect(mails.every((row) => row.canal === 'email')).toBe(true);

    await t.database.db.execute(sql`delete from entregas`);
    const settings = dataOf<Record<string, unknown>>(await get('/api/configuracoes/sistema', s.admin.cookie));
    const values = Object.fromEntries(
      Object.entries(settings).filter(([key]) => key !== 'sms_disponivel' && key !== 'updated_at'),
    );
    const saved = await send('PUT', '/api/configuracoes/sistema', s.admin.cookie, {
      ...values,
      notificacoes_email: false,
    });
    expect(saved.statusCode).toBe(200);
    await postNotice(s.admin.cookie, { tipo: 'escola' });
    await deliver();
    expect(await t.database.db.select().from(entregas)).toEqual([]);
    // The bell still has it.
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.b1.cookie)).nao_lidas).toBe(1);
  });
});
