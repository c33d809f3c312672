import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../shared/api.js';
import { DATE_RANGE_MESSAGE, isCalendarDate, isoDateSchema } from '../shared/validators.js';
import { serializeError } from './lib/log.js';
import { MemoryLog, signedIn, setupTestApp } from './test/test-app.js';

/**
 * What a caller and the log see when something goes wrong: bad dates are a 400, and the log of a
 * 500 holds none of the values that were sent (no personal data in logs: docs/architecture.md, Segurança).
 */
const log = new MemoryLog();
const t = setupTestApp(
  { logLevel: 'info' },
  {
    logStream: log,
    beforeReady: async (app) => {
      // A route that fails the way a programming mistake does, after reading personal data.
      app.post('/api/teste/falha', { config: { access: 'public' } }, async (request) => {
        const body = request.body as { nome: string; endereco?: { rua: string } };
        const missing = body.endereco as unknown as { rua: { numero: string } };
        return { numero: missing.rua.numero, nome: body.nome };
      });
    },
  },
);
beforeEach(() => {
  log.lines.length = 0;
});

const PERSONAL = {
  nome: 'Maria Sigilosa Quaresma',
  email: 'maria.sigilosa@exemplo.test',
  telefone: '(11) 98765-4321',
  endereco: 'Rua dos Segredos, 777, Vila Discreta',
  senha: 'Cacto-Roxo-Secreto-91',
};

function expectNoPersonalData(text: string) {
  for (const value of [...Object.values(PERSONAL), '98765', '987654321', 'Sigilosa', '$argon2']) {
    expect(text).not.toContain(value);
  }
}

describe('calendar dates', () => {
  it('accepts real days and refuses impossible ones by round trip', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('1990-12-31')).toBe(true);
    for (const bad of ['1990-02-30', '2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    // Year 0000 does not exist for PostgreSQL; other shapes are not YYYY-MM-DD.
    for (const bad of ['0000-01-01', '24-01-01', '2024-1-01', ' 2024-01-01x']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    // Real days outside the accepted years are typing mistakes, with a message of their own.
    expect(isoDateSchema.safeParse('1899-12-31').error?.issues.map((issue) => issue.message)).toEqual([
      DATE_RANGE_MESSAGE,
    ]);
    expect(isoDateSchema.safeParse('2101-01-01').success).toBe(false);
    expect(isoDateSchema.safeParse('1990-02-30').error?.issues.map((issue) => issue.message)).toEqual([
      'Data inválida',
    ]);
  });

  it('answers 400 (not 500) for an impossible date in every date field of the API', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const attempts = [
      {
        method: 'POST',
        url: '/api/users',
        field: 'data_nascimento',
        payload: { ...userPayload(), data_nascimento: '1990-02-30' },
      },
      {
        method: 'POST',
        url: '/api/professores',
        field: 'data_contratacao',
        payload: {
          nome: 'Prof. Data',
          email: 'prof.data@escola.test',
          disciplinas: ['Matemática'],
          data_contratacao: '2023-02-29',
        },
      },
      {
        method: 'POST',
        url: '/api/financeiro/transacoes',
        field: 'data',
        payload: { tipo: 'despesa', descricao: 'Luz', categoria: 'Contas', valor: 1000, data: '2025-04-31' },
      },
      { method: 'GET', url: '/api/auditoria?de=2024-02-30', field: 'de' },
      { method: 'GET', url: '/api/financeiro/mensalidades?mes=0000-01', field: 'mes' },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { cookie },
        ...('payload' in attempt ? { payload: attempt.payload } : {}),
      });
      expect(response.statusCode, `${attempt.url}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(attempt.field);
    }
    const student = await t.app.inject({
      method: 'POST',
      url: '/api/alunos',
      headers: { cookie },
      payload: {
        nome: 'Aluno Data',
        data_nascimento: '1990-02-30',
        matricula: 'D-1',
        responsavel: { nome: 'Resp', telefone: '11987654321', parentesco: 'mae', eh_principal: false },
      },
    });
    expect(student.statusCode).toBe(400);
    expect(student.json().details[0]).toEqual({ path: 'data_nascimento', message: 'Data inválida' });
  });
});

function userPayload() {
  return { ...PERSONAL, data_nascimento: '1990-05-17', tipo: 'professor' };
}

describe('errors in the log', () => {
  it('a database error answers 500 and its log holds none of the values sent', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    // PostgreSQL then refuses the insert; its error carries the failing row (detail), and Drizzle's
    // carries the statement's parameters: every value sent, the password hash included.
    await t.database.db.execute(
      sql.raw(`alter table users add constraint zz_recusa check (email <> '${PERSONAL.email}') not valid`),
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie },
        payload: userPayload(),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, message: messages.internal, code: 'INTERNAL' });
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint zz_recusa`);
    }
    const failure = log.entries().find((entry) => entry.msg === 'erro interno');
    expect(failure).toBeDefined();
    expect(failure!.level).toBe(50);
    // Enough to find the fault: the request, the SQLSTATE and the constraint's name.
    expect(JSON.stringify(failure)).toContain('/api/users');
    expect(JSON.stringify(failure)).toContain('23514');
    expect(JSON.stringify(failure)).toContain('zz_recusa');
    expectNoPersonalData(log.text());
  });

  it('an unexpected exception answers 500 with no detail and logs it without personal data', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/teste/falha?email=maria.sigilosa@exemplo.test',
      payload: PERSONAL,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: messages.internal, code: 'INTERNAL' });
    expect(response.body).not.toMatch(/TypeError|at |\.ts|rua|numero/);
    const failure = log.entries().find((entry) => entry.msg === 'erro interno') as
      { err: { type: string; stack: string }; reqId: string } | undefined;
    expect(failure?.err.type).toBe('TypeError');
    expect(failure?.err.stack).toMatch(/error-handling\.test\.ts/);
    // The log line carries the id the answer's X-Request-Id header gives (a UUID when no proxy sent one).
    expect(failure?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(response.headers['x-request-id']).toBe(failure?.reqId);
    expectNoPersonalData(log.text());
  });

  it('the error serializer writes an allow-list, whatever an error carries', () => {
    const cause = Object.assign(new Error(`value too long: "${PERSONAL.nome}"`), {
      code: '22001',
      severity: 'ERROR',
      detail: `Failing row contains (${PERSONAL.email})`,
      table: 'users',
      column: 'nome',
    });
    const error = Object.assign(new Error(`Failed query: insert ...\nparams: ${PERSONAL.email}`), {
      name: 'DrizzleQueryError',
      query: 'insert into users ...',
      params: [PERSONAL.email, PERSONAL.endereco],
      body: PERSONAL,
      cause,
    });
    const serialized = serializeError(error);
    expectNoPersonalData(JSON.stringify(serialized));
    expect(serialized.cause).toMatchObject({ code: '22001', table: 'users', column: 'nome' });
    // A plain error keeps its message, without the quoted values.
    expect(
      serializeError(new SyntaxError(`Unexpected token, "${PERSONAL.email}" is not valid JSON`)),
    ).toMatchObject({ type: 'SyntaxError', message: 'Unexpected token, "…" is not valid JSON' });
  });
});
