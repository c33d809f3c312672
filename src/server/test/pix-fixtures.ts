import { randomUUID } from 'node:crypto';
import type { PixProvedor, PixProvedorInput } from '../../shared/pix-provedor.schemas.js';
import type { App } from '../app.js';
import { users } from '../db/schema/users.js';
import { createSession } from '../features/auth/sessions.service.js';
import type { SimulatedBank } from '../features/banco-simulado/index.js';
import { provedorDoBancoSimulado } from '../features/pix-simulado/index.js';
import { students } from '../db/schema/students.js';
import { exampleFinanceSettings } from './finance-settings-example.js';
import { insertClass, insertGuardian, insertStudent } from './records-fixtures.js';
import { signedIn, type TestApp } from './test-app.js';

/**
 * Points the app at a simulated bank (issue 33 §5) the way a secretaria would: `PUT
 * /api/financeiro/pix/provedor` as an administrator with the bank's URLs, client credentials, the
 * certificate it issued and its CA. On by default, which registers the webhook at the bank (a bank
 * started without `allowHttpWebhook` refuses the tests' http:// URL: the settings are saved anyway and
 * `webhook.status` says 'erro'). Fails the test unless the settings are saved; returns what GET shows.
 */
export async function connectSimulatedBank(
  target: App | TestApp,
  bank: SimulatedBank,
  options: { ativo?: boolean; validadeAposVencimento?: number; overrides?: Partial<PixProvedorInput> } = {},
): Promise<PixProvedor & { mensagem: string }> {
  // A TestApp is a proxy that only answers reads: tell the two apart by what a Fastify app has.
  const app = 'inject' in target ? target : target.app;
  const [admin] = await app.ctx.db
    .insert(users)
    .values({
      nome: 'Administrador do banco simulado',
      email: `pix-${randomUUID().slice(0, 8)}@escola.test`,
      nivel: 'administrador',
      passwordHash: 'sem-senha (sessão criada pelo teste)',
      primeiroLogin: false,
    })
    .returning({ id: users.id });
  const session = await createSession(app.ctx.db, admin!.id, false, { ip: null, userAgent: null });
  const body: PixProvedorInput = {
    ...provedorDoBancoSimulado(bank, options.validadeAposVencimento),
    ativo: options.ativo ?? true,
    ...options.overrides,
  };
  const response = await app.inject({
    method: 'PUT',
    url: '/api/financeiro/pix/provedor',
    headers: { cookie: `sid=${session.token}`, 'content-type': 'application/json' },
    payload: body,
  });
  if (response.statusCode !== 200)
    throw new Error(`connectSimulatedBank: ${String(response.statusCode)} ${response.body}`);
  const saved = response.json<{ data: PixProvedor; message: string }>();
  return { ...saved.data, mensagem: saved.message };
}

/**
 * A school whose tuition the Pix tests charge: one class of `alunos` children of one guardian (enrolled
 * in January 2026), the finance settings of the examples (R$ 850,00 due on the 10th, multa 2 %, juros
 * 1 % a.m., a static key) saved through the API, and `gerar(mes)` to generate a month of 2026 the way
 * the secretaria does. `call` runs a request as its administrator.
 */
export async function pixSchool(t: TestApp, options: { alunos?: number } = {}) {
  const admin = await signedIn(t, 'administrador');
  const turma = await insertClass(t, null, 200, { anoLetivo: '2026' });
  const guardian = await insertGuardian(t);
  for (let index = 0; index < (options.alunos ?? 1); index++) await insertStudent(t, turma.id, guardian.id);
  await t.database.db.update(students).set({ dataMatricula: '2026-01-05' });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const settings = await call('PUT', '/api/financeiro/configuracoes', exampleFinanceSettings(turma.id));
  if (settings.statusCode !== 200)
    throw new Error(`pixSchool: ${String(settings.statusCode)} ${settings.body}`);
  const gerar = async (mes: number) => {
    const generated = await call('POST', '/api/financeiro/mensalidades/gerar', { ano: 2026, mes });
    if (generated.statusCode !== 201)
      throw new Error(`pixSchool.gerar: ${String(generated.statusCode)} ${generated.body}`);
  };
  return { admin, call, gerar };
}
