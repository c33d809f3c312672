/**
 * PIX_PROVIDER=simulado (issue 33 §5): the app starts the simulated bank and connects the school to it
 * (settings saved, on, webhook registered); a family's dynamic code links to 'Pagar (simulação)', which
 * shows the amount of the day and, confirmed, pays the tuition through the bank's webhook. Without the
 * setting neither the page nor the link exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MensalidadeDetail, PixCode } from '../../../shared/mensalidades.schemas.js';
import type { PixProvedor } from '../../../shared/pix-provedor.schemas.js';
import type { DebitoAutomatico, Recorrencia } from '../../../shared/pix-automatico.schemas.js';
import { familyIn } from '../../test/school-fixtures.js';
import { clock } from '../../lib/clock.js';
import { mensalidades } from '../../db/schema/finance.js';
import { dataOf } from '../../test/records-fixtures.js';
import { pixSchool } from '../../test/pix-fixtures.js';
import { setupTestApp, signedIn, type TestApp } from '../../test/test-app.js';
import { syncCobrancas } from '../pix/index.js';

// The bank connects while the app starts: its settings must survive from one test to the next.
// It listens, at the PUBLIC_URL the webhook is registered with, so the bank's webhook reaches it.
const port = 20_000 + Math.floor(Math.random() * 20_000);
const demo = setupTestApp(
  { pixProvider: 'simulado', publicUrl: `http://127.0.0.1:${String(port)}` },
  { keepData: true },
);
const production = setupTestApp();

beforeAll(async () => {
  clock.pin('2026-03-20');
  await demo.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => clock.unpin());

async function tuition(t: TestApp) {
  const { call, gerar } = await pixSchool(t);
  await gerar(3);
  const [row] = await t.database.db.select().from(mensalidades);
  return { call, id: row!.id };
}

describe('PIX_PROVIDER=simulado', () => {
  it('connects the school to the bank: settings on, secrets kept, webhook registered', async () => {
    const admin = await signedIn(demo, 'administrador');
    const provedor = dataOf<PixProvedor>(
      await demo.app.inject({
        method: 'GET',
        url: '/api/financeiro/pix/provedor',
        headers: { cookie: admin.cookie },
      }),
    );
    expect(provedor).toMatchObject({
      ativo: true,
      tem_segredo: true,
      tem_certificado: true,
      chave_pix: 'pix@escola.demo',
    });
    expect(provedor.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(provedor.webhook.status).toBe('registrado');
  });

  it('pays a late tuition on the page: amount of the day with multa and juros, then paid by Pix', async () => {
    const { call, id } = await tuition(demo);
    await syncCobrancas(demo.app.ctx);
    const pix = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${id}/pix`));
    expect(pix.dinamico).toBe(true);
    expect(pix.simulacao_url).toBe(`/banco-simulado/pagar?codigo=${encodeURIComponent(pix.copia_e_cola)}`);

    const page = await demo.app.inject({ method: 'GET', url: pix.simulacao_url! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Simulação');
    // 850,00 due on 10/03, paid on 20/03: multa 2 % (17,00) and juros 1 % a.m. for 10 days (2,83).
    expect(page.body).toContain(
      `R$&nbsp;${(pix.valor / 100).toFixed(2).replace('.', ',')}`.replace('&nbsp;', '\u00a0'),
    );
    expect(page.body).toContain('Multa');
    expect(page.body).toContain('Juros');

    // As a browser posts the page's form: an empty urlencoded body.
    const paid = await demo.app.inject({
      method: 'POST',
      url: `/banco-simulado/pagar/${pix.txid}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.body).toContain('Pix enviado');
    const detail = dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${id}`));
    expect(detail.status).toBe('pago');
    expect(detail.pagamentos.map((p) => p.forma)).toEqual(['pix']);

    const again = await demo.app.inject({ method: 'POST', url: `/banco-simulado/pagar/${pix.txid}` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('já foi paga');
  });

  it('a guardian authorises the monthly debit on the bank page (Pix Automático): then it is active', async () => {
    const family = await familyIn(demo, null);
    const url = `/api/financeiro/pix/automatico/alunos/${family.child.id}`;
    const headers = { cookie: family.cookie };
    const asked = await demo.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { valor_maximo: 100_000, data_inicial: '2026-03-25' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const rec = dataOf<Recorrencia>(asked);
    expect(rec.simulacao_url).toBe(`/banco-simulado/pagar?codigo=${encodeURIComponent(rec.copia_e_cola)}`);

    const page = await demo.app.inject({ method: 'GET', url: rec.simulacao_url! });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Autorizar débito automático (simulação)');
    expect(page.body).toContain(`MAT-${family.child.matricula}`);
    expect(page.body).toContain('R$\u00a01.000,00');
    const action = /action="pagar\/rec\/([^"]+)"/.exec(page.body)![1]!;
    const authorised = await demo.app.inject({ method: 'POST', url: `/banco-simulado/pagar/rec/${action}` });
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(authorised.body).toContain('Débito automático autorizado');

    const state = dataOf<DebitoAutomatico>(await demo.app.inject({ method: 'GET', url, headers }));
    expect(state.disponivel).toBe(true);
    expect(state.recorrencia).toMatchObject({ status: 'ativa' });
    expect(state.recorrencia?.simulacao_url).toBeUndefined();
    const again = await demo.app.inject({ method: 'GET', url: rec.simulacao_url! });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('já foi autorizado');
  });

  it('refuses a code that is not a Pix BR Code, or whose CRC does not match', async () => {
    const bad = await demo.app.inject({ method: 'GET', url: '/banco-simulado/pagar?codigo=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('não é um código Pix válido');
  });
});

describe('without PIX_PROVIDER', () => {
  it('has no bank page and no link to it', async () => {
    const page = await production.app.inject({ method: 'GET', url: '/banco-simulado/pagar' });
    expect(page.statusCode).toBe(404);
    const { call, id } = await tuition(production);
    const pix = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${id}/pix`));
    expect(pix.simulacao_url).toBeUndefined();
  });
});
