import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.js';

// The CEP lookup (ADR 0010): off by default; when the school turns it on, the server asks the CEP
// service (here a local server that answers in ViaCEP's format, since tests never leave the machine).
let service: Server;
let asked: string[] = [];
let t: TestApp;

beforeAll(async () => {
  service = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    if (request.url === '/ws/01001000/json/') {
      response.end(
        JSON.stringify({
          cep: '01001-000',
          logradouro: 'Praça da Sé',
          bairro: 'Sé',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    } else if (request.url === '/ws/80000000/json/') {
      // The service itself failing (ViaCEP behind a proxy that times out, a deploy).
      response.statusCode = 502;
      response.end('<html>Bad Gateway</html>');
    } else if (request.url === '/ws/80000001/json/') {
      // A 200 that is not the service's JSON (a captive portal, a maintenance page).
      response.setHeader('content-type', 'text/html');
      response.end('<html>Em manutenção</html>');
    } else response.end(JSON.stringify({ erro: 'true' }));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as AddressInfo;
  t = await createTestApp({ cepServiceUrl: `http://127.0.0.1:${port}/ws` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => service.close(resolve));
});
beforeEach(async () => {
  asked = [];
  await t.reset();
});

async function turnLookup(cookie: string, on: boolean) {
  const current = await t.app.inject({
    method: 'GET',
    url: '/api/configuracoes/sistema',
    headers: { cookie },
  });
  const { version, ...values } = current.json().data;
  delete values.updated_at;
  delete values.sms_disponivel;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/configuracoes/sistema',
    headers: { cookie },
    payload: { ...values, consulta_cep: on, version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('GET /api/cep/:cep', () => {
  it('is off by default and asks no one', async () => {
    const { cookie } = await signedIn(t, 'responsavel');
    const response = await t.app.inject({ method: 'GET', url: '/api/cep/01001-000', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('A consulta de CEP está desativada nas configurações.');
    expect(asked).toEqual([]);
    const publico = await t.app.inject({ method: 'GET', url: '/api/configuracoes/publico' });
    expect(publico.json().data.consulta_cep).toBe(false);
  });

  it('once turned on, answers the address of a CEP and 404 for an unknown one', async () => {
    const { cookie: admin } = await signedIn(t, 'administrador');
    await turnLookup(admin, true);
    const publico = await t.app.inject({ method: 'GET', url: '/api/configuracoes/publico' });
    expect(publico.json().data.consulta_cep).toBe(true);

    const { cookie } = await signedIn(t, 'responsavel');
    const found = await t.app.inject({ method: 'GET', url: '/api/cep/01001-000', headers: { cookie } });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual({
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(asked).toEqual(['/ws/01001000/json/']);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/cep/99999999', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('CEP não encontrado.');
  });

  it('answers 503 when the CEP service fails: the CEP may exist, the lookup is what failed', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await turnLookup(cookie, true);
    for (const cep of ['80000000', '80000001']) {
      const failed = await t.app.inject({ method: 'GET', url: `/api/cep/${cep}`, headers: { cookie } });
      expect(failed.statusCode, cep).toBe(503);
      expect(failed.json()).toMatchObject({
        success: false,
        code: 'UNAVAILABLE',
        message: 'O serviço de consulta de CEP não respondeu. Tente de novo em alguns minutos.',
      });
    }
    expect(asked).toEqual(['/ws/80000000/json/', '/ws/80000001/json/']);
    // A CEP the service answers it does not know stays a 404.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/cep/99999999', headers: { cookie } });
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'CEP não encontrado.' });
  });

  it('refuses what is not a CEP before asking, and anonymous callers', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await turnLookup(cookie, true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/cep/123', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].message).toBe('CEP inválido: use 8 dígitos');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/cep/01001000' });
    expect(anonymous.statusCode).toBe(401);
    expect(asked).toEqual([]);
  });
});
