/**
 * PIX_PROVIDER=simulado (issue 33 §5): the app starts the simulated bank and connects the school to it
 * (settings saved, on, webhook registered); a family's dynamic code links to 'Pagar (simulação)', which
 * shows the amount of the day and, confirmed, pays the tuition through the bank's webhook. Without the
 * setting neither the page nor the link exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MensalidadeDetail, PixCode } from '../../../shared/mensalidades.schemas.js';
import type { PixProvedor } from '../../../shared/pix-provedor.schemas.js';
import type { FinanceSettings } from '../../../shared/finance.schemas.js';
import type { CnabPainel } from '../../../shared/cnab.schemas.js';
import type { DebitoAutomatico, Recorrencia } from '../../../shared/pix-automatico.schemas.js';
import { familyIn } from '../../test/school-fixtures.js';
import { clock } from '../../lib/clock.js';
import { desc, eq } from 'drizzle-orm';
import { classes } from '../../db/schema/classes.js';
import { mensalidades } from '../../db/schema/finance.js';
import { exampleFinanceSettings } from '../../test/finance-settings-example.js';
import { dataOf } from '../../test/records-fixtures.js';
import { pixSchool } from '../../test/pix-fixtures.js';
import { freePort } from '../../test/ports.js';
import { setupTestApp, signedIn, type TestApp } from '../../test/test-app.js';
import { syncCobrancas } from '../pix/index.js';
import { loadSettings } from '../finance/index.js';

// The bank connects while the app starts: its settings must survive from one test to the next.
// It listens, at the PUBLIC_URL the webhook is registered with, so the bank's webhook reaches it.
// A port the system has just handed out, not a random one another process may hold (EADDRINUSE in CI).
const port = await freePort();
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

/** An attribute of the first element that has it, after `before` (an `<a … href>`, a `<form … action>`). */
function attr(body: string, before: string, name: 'href' | 'action'): string {
  const at = body.indexOf(before);
  const value = new RegExp(`${name}="([^"]*)"`).exec(body.slice(at))?.[1];
  expect(at, before).toBeGreaterThanOrEqual(0);
  return value!.replace(/&amp;/g, '&');
}

/** The href of the link named `text` (`<a … href="…">text</a>`). */
function hrefOf(body: string, text: string): string | undefined {
  return new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(body)?.[1]?.replace(/&amp;/g, '&');
}

/** As a browser posts the bank page's form, to the address it names: an empty urlencoded body. */
function postForm(action: string) {
  return demo.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** The Boletos screen's panel, as the school reads it. */
async function boletosPainel(t: TestApp, cookie: string): Promise<CnabPainel> {
  return dataOf<CnabPainel>(
    await t.app.inject({ method: 'GET', url: '/api/financeiro/boleto/cnab', headers: { cookie } }),
  );
}

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
    // The Financeiro's settings name the key, so the fixed code's can be set to it.
    const settings = dataOf<FinanceSettings>(
      await demo.app.inject({
        method: 'GET',
        url: '/api/financeiro/configuracoes',
        headers: { cookie: admin.cookie },
      }),
    );
    expect(settings.pix_automatico_chave).toBe('pix@escola.demo');
    // The Boletos screen links the bank's page that takes the remessa.
    expect((await boletosPainel(demo, admin.cookie)).banco_simulado_url).toBe('/banco-simulado/boletos');
  });

  it('pays a late tuition on the page: amount of the day with multa and juros, then paid by Pix', async () => {
    const { call, id } = await tuition(demo);
    await syncCobrancas(demo.app.ctx);
    const pix = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${id}/pix`));
    expect(pix.dinamico).toBe(true);
    expect(pix.simulacao_url).toBe(`/banco-simulado/pagar?codigo=${encodeURIComponent(pix.copia_e_cola)}`);

    // As the portal opens it: from the screen the family paid on, to come back to.
    const voltar = '/dashboard/financeiro?aba=mensalidades';
    const page = await demo.app.inject({
      method: 'GET',
      url: `${pix.simulacao_url!}&voltar=${encodeURIComponent(voltar)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Its own icon, inline (no request for /favicon.ico, a 404), which the page's CSP lets in.
    expect(page.body).toContain('<link rel="icon" href="data:,">');
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data:/);
    expect(page.body).toContain('Simulação');
    // 850,00 due on 10/03, paid on 20/03: multa 2 % (17,00) and juros 1 % a.m. for 10 days (2,83).
    expect(page.body).toContain(
      `R$&nbsp;${(pix.valor / 100).toFixed(2).replace('.', ',')}`.replace('&nbsp;', '\u00a0'),
    );
    expect(page.body).toContain('Multa');
    expect(page.body).toContain('Juros');
    // The payee the code names (its field 59, the school's Pix settings), not the bank's own account name.
    expect(page.body).toContain('<dt>Para</dt><dd>ESCOLA GIRASSOL</dd>');
    expect(page.body).not.toContain('Escola Simulada');
    // Cancelar closes the bank: back to the portal screen that opened it.
    expect(hrefOf(page.body, 'Cancelar')).toBe(voltar);
    // Never another site (no open redirect), nor a page off the portal: those fall back to the Financeiro.
    for (const outside of [
      '//evil.test/dashboard',
      '/\\evil.test/dashboard',
      '/\t/evil.test/dashboard',
      'https://evil.test/dashboard',
      'javascript:alert(1)',
      'dashboard/financeiro',
      '/login',
      '/api/auth/logout',
      '',
    ]) {
      const refused = await demo.app.inject({
        method: 'GET',
        url: `${pix.simulacao_url!}&voltar=${encodeURIComponent(outside)}`,
      });
      expect(refused.statusCode, outside).toBe(200);
      expect(hrefOf(refused.body, 'Cancelar'), outside).toBe('/dashboard/financeiro');
      expect(refused.body, outside).not.toContain('evil');
      expect(attr(refused.body, '<form method="post"', 'action'), outside).not.toContain('voltar=');
    }
    // Without one (the code pasted in the bank by hand): the Financeiro, where the family pays.
    const plain = await demo.app.inject({ method: 'GET', url: pix.simulacao_url! });
    expect(hrefOf(plain.body, 'Cancelar')).toBe('/dashboard/financeiro');

    // As a browser posts the page's form, to the address it names: an empty urlencoded body.
    const action = attr(page.body, '<form method="post"', 'action');
    expect(action.startsWith(`/banco-simulado/pagar/${pix.txid}?`), action).toBe(true);
    const paid = await postForm(action);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.body).toContain('Pix enviado');
    expect(paid.body).toContain('<p class="rotulo">para ESCOLA GIRASSOL</p>');
    // The receipt's links: back to the same portal screen, and the bank's own form (not 'pagar/pagar').
    expect(hrefOf(paid.body, 'Voltar ao portal da escola')).toBe(voltar);
    expect(hrefOf(paid.body, 'Pagar outro código')).toBe(
      `/banco-simulado/pagar?voltar=${encodeURIComponent(voltar)}`,
    );
    const another = await demo.app.inject({ method: 'GET', url: hrefOf(paid.body, 'Pagar outro código')! });
    expect(another.statusCode).toBe(200);
    expect(another.body).toContain('Pagar com Pix copia e cola');
    expect(another.body).toContain(
      `<input type="hidden" name="voltar" value="${voltar.replace('&', '&amp;')}">`,
    );
    const detail = dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${id}`));
    expect(detail.status).toBe('pago');
    expect(detail.pagamentos.map((p) => p.forma)).toEqual(['pix']);

    const again = await demo.app.inject({ method: 'POST', url: action });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('já foi paga');
    // The form shown at /banco-simulado/pagar/<txid> still goes to the bank's form, not 'pagar/pagar'.
    expect(attr(again.body, '<form class="cartao"', 'action')).toBe('/banco-simulado/pagar');
    expect(hrefOf(again.body, 'Voltar ao portal da escola')).toBe(voltar);
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

    const voltar = '/dashboard/financeiro';
    const page = await demo.app.inject({ method: 'GET', url: `${rec.simulacao_url!}&voltar=${voltar}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Autorizar débito automático (simulação)');
    // The payee its Pix charges name (the school's Pix settings), not the simulated bank's own account.
    const { pixBeneficiario } = await loadSettings(demo.database.db);
    expect(pixBeneficiario).toBe('Escola Girassol');
    expect(page.body).toContain('<dt>Para</dt><dd>ESCOLA GIRASSOL</dd>');
    expect(page.body).not.toContain('Escola Simulada');
    expect(page.body).toContain(`MAT-${family.child.matricula}`);
    expect(page.body).toContain('R$\u00a01.000,00');
    expect(hrefOf(page.body, 'Agora não')).toBe(voltar);
    const action = attr(page.body, '<form method="post"', 'action');
    expect(action).toMatch(/^\/banco-simulado\/pagar\/rec\/[^?]+\?voltar=%2Fdashboard%2Ffinanceiro$/);
    const authorised = await demo.app.inject({ method: 'POST', url: action });
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(authorised.body).toContain('Débito automático autorizado');
    expect(hrefOf(authorised.body, 'Voltar ao portal da escola')).toBe(voltar);
    // Authorised twice (another tab): said as the page says it, with the bank's form at its address.
    const twice = await demo.app.inject({ method: 'POST', url: action });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('Este débito automático já foi autorizado.');
    expect(attr(twice.body, '<form class="cartao"', 'action')).toBe('/banco-simulado/pagar');

    const state = dataOf<DebitoAutomatico>(await demo.app.inject({ method: 'GET', url, headers }));
    expect(state.disponivel).toBe(true);
    expect(state.recorrencia).toMatchObject({ status: 'ativa' });
    expect(state.recorrencia?.simulacao_url).toBeUndefined();
    const again = await demo.app.inject({ method: 'GET', url: rec.simulacao_url! });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('já foi autorizado');
  });

  it('pays the school’s fixed code to its key at the bank: the Pix names its tuition and pays it', async () => {
    const { call, gerar } = await pixSchool(demo);
    const [turma] = await demo.database.db.select().from(classes).orderBy(desc(classes.createdAt)).limit(1);
    const settings = (pix_chave: string) =>
      call('PUT', '/api/financeiro/configuracoes', { ...exampleFinanceSettings(turma!.id), pix_chave });
    expect((await settings('pix@escola.demo')).statusCode).toBe(200);
    await gerar(3);
    const [row] = await demo.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.turmaId, turma!.id));
    // No charge sent to the bank yet: the fixed code, with the amount of the day (late: multa and juros).
    const pix = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${row!.id}/pix`));
    expect(pix).toMatchObject({ dinamico: false, confirmacao_automatica: true });
    expect(pix.simulacao_url).toBe(`/banco-simulado/pagar?codigo=${encodeURIComponent(pix.copia_e_cola)}`);
    const page = await demo.app.inject({ method: 'GET', url: pix.simulacao_url! });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<dt>Chave Pix</dt><dd>pix@escola.demo</dd>');
    expect(page.body).toContain(`<dt>Identificador</dt><dd>${pix.txid}</dd>`);
    const action = attr(page.body, '<form method="post"', 'action');
    expect(action.startsWith('/banco-simulado/pagar/chave?'), action).toBe(true);
    const paid = await postForm(action);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.body).toContain('Pix enviado');
    const detail = dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${row!.id}`));
    expect(detail.status).toBe('pago');
    expect(detail.pagamentos).toEqual([
      expect.objectContaining({ forma: 'pix', origem: 'banco', valor_pago: pix.valor }),
    ]);

    // A key of another bank is not this bank's to pay.
    expect((await settings('outra@escola.test')).statusCode).toBe(200);
    const [april] = await demo.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.turmaId, turma!.id));
    await gerar(4);
    const other = (
      await demo.database.db.select().from(mensalidades).where(eq(mensalidades.turmaId, turma!.id))
    ).find((item) => item.id !== april!.id);
    const foreign = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${other!.id}/pix`));
    // Its payment would not confirm itself, so the portal offers no link; pasted in the bank by hand:
    expect(foreign).toMatchObject({ dinamico: false, confirmacao_automatica: false });
    expect(foreign.simulacao_url).toBeUndefined();
    const refused = await demo.app.inject({
      method: 'GET',
      url: `/banco-simulado/pagar?codigo=${encodeURIComponent(foreign.copia_e_cola)}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Esta chave Pix não é de uma conta do Banco Simulado');
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
    const admin = await signedIn(production, 'administrador');
    expect((await boletosPainel(production, admin.cookie)).banco_simulado_url).toBeUndefined();
  });
});
