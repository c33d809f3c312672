// PostgreSQL stage: skipped — input validation and the error envelope are the app's (zod, Fastify), the same on either database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { errorCodes } from '../shared/api.js';
import { niveis, type Nivel } from '../shared/permissions.js';
import { createSession } from './features/auth/sessions.service.js';
import { invalidateSettingsCache } from './features/settings/settings.service.js';
import type { JsonSchema } from './features/docs/docs-page.js';
import { insertClass, insertGuardian, insertStudent, insertTeacher } from './test/records-fixtures.js';
import { createTestApp, createUserRow, type TestApp } from './test/test-app.js';

/**
 * Every route, driven with bodies, query strings and path ids derived from its own OpenAPI schema
 * (the one generated from the zod schemas that validate it): values at and past each boundary, wrong
 * types, control characters, impossible dates, unknown fields. As every role. The promise under
 * test: never a 5xx, and every 4xx is the JSON error envelope (docs/architecture.md, Envelope de resposta).
 *
 * Runs are bounded per route and role (FUZZ_RUNS, default 12 for the administrator, who reaches the
 * handlers, and a third of that for the others, who mostly stop at the access check). A failure
 * prints the seed: FUZZ_SEED=<seed> reproduces it.
 */
const ADMIN_RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const OTHER_RUNS = Math.max(2, Math.ceil(ADMIN_RUNS / 3));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

type Role = 'anonimo' | Nivel;
const roles: Role[] = ['anonimo', 'responsavel', 'professor', 'administrador'];

interface Operation {
  method: string;
  url: string;
  params: Record<string, JsonSchema>;
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  /** Multipart routes also take JSON (a caller without access gets 401/403, not 415). */
  hasSchema: boolean;
}

let t: TestApp;
const sessionUsers = new Map<Nivel, string>();
/** Ids of records that exist, so generated ids reach past "not found" into the handlers. */
const knownIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const nivel of niveis) sessionUsers.set(nivel, (await createUserRow(t.database, nivel)).id);
  const teacher = await insertTeacher(t, sessionUsers.get('professor'));
  const turma = await insertClass(t, teacher.id);
  const guardian = await insertGuardian(t, sessionUsers.get('responsavel'));
  const student = await insertStudent(t, turma.id, guardian.id);
  const other = await createUserRow(t.database, 'professor');
  knownIds.push(teacher.id, turma.id, guardian.id, student.id, other.id);
  const admin = await cookieOf('administrador');
  await t.app.inject({
    method: 'POST',
    url: '/api/financeiro/mensalidades/gerar',
    headers: { cookie: admin },
    payload: { ano: 2026 },
  });
  const rows = await t.database.db.execute(sql`select id from mensalidades limit 2`);
  for (const row of (rows as { rows: { id: string }[] }).rows) knownIds.push(row.id);
});
afterAll(() => t.close());

/** A fresh session per request: logout and password changes end the session they run on. */
async function cookieOf(role: Role): Promise<string | undefined> {
  if (role === 'anonimo') return undefined;
  const session = await createSession(t.database.db, sessionUsers.get(role)!, false, {
    ip: null,
    userAgent: null,
  });
  return `sid=${session.token}`;
}

/* ---------- values derived from a schema ---------- */

const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\u001b[31m',
  'linha\ncom\tquebra\r',
  '\u007f\u0085\u009f',
  '\ud800',
  '😀'.repeat(40),
  "$& $` $' $$ $1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '1990-02-30',
  '0000-01-01',
  '2024-02-29',
  '9999-12-31',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
];

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, '', [], {}),
  fc.constantFrom(...NASTY_STRINGS),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const boundaries = [
    'a'.repeat(min),
    'a'.repeat(Math.max(0, min - 1)),
    'a'.repeat(Math.min(max, 5000)),
    'a'.repeat(Math.min(max + 1, 5001)),
  ];
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: Math.min(max, 60) }),
    fc.constantFrom(...boundaries),
    fc.constantFrom(...NASTY_STRINGS),
  ];
  if (schema.format === 'uuid') options.push(fc.uuid(), fc.constantFrom(...knownIds));
  if (schema.format === 'email') options.push(fc.emailAddress(), fc.constant('a@b'), fc.constant('@x.test'));
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}')) {
    options.push(
      fc
        .record({
          y: fc.integer({ min: 0, max: 9999 }),
          m: fc.integer({ min: 0, max: 13 }),
          d: fc.integer({ min: 0, max: 32 }),
        })
        .map(
          ({ y, m, d }) =>
            `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        ),
    );
  }
  const matching = schema.pattern === undefined ? null : matchingPattern(schema.pattern);
  if (matching) options.push(matching);
  return fc.oneof(...options);
}

/**
 * Strings a schema's pattern matches, built once per pattern: building one costs tens of milliseconds
 * (fast-check tokenises its default strings against every repetition of the regex), and the uuid
 * pattern alone stands in hundreds of routes and roles — half of this file's time when rebuilt for
 * each. An arbitrary holds no state between runs, so sharing it generates exactly the same values.
 */
const patternArbitraries = new Map<string, fc.Arbitrary<string> | null>();
function matchingPattern(pattern: string): fc.Arbitrary<string> | null {
  if (!patternArbitraries.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | null = null;
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern)).filter((value) => value.length < 300);
    } catch {
      // a pattern fast-check cannot generate from: the other options still apply
    }
    patternArbitraries.set(pattern, arbitrary);
  }
  return patternArbitraries.get(pattern) ?? null;
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  const boundaries = [min, max, min - 1, max + 1, 0, -1, 1, 0.5, 2 ** 31, Number.MAX_SAFE_INTEGER + 2];
  return fc.oneof(
    integer
      ? fc.integer({ min: Math.max(min, -2_000_000_000), max: Math.min(max, 2_000_000_000) })
      : fc.double({ min: Math.max(min, -1e12), max: Math.min(max, 1e12), noNaN: true }),
    fc.constantFrom(...boundaries),
  );
}

/** Values shaped by the schema (mostly valid, at and past its limits), with a share of garbage. */
function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: shapedValue(schema, depth) },
    { weight: 1, arbitrary: depth > 3 ? fc.constant(null) : anyJson },
  );
}

function shapedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((option) => shapedValue(option, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) return shapedValue(schema.allOf[0]!, depth + 1);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = [schema.type ?? []].flat();
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : undefined);
  const nullable = types.includes('null');
  let shaped: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      shaped = stringFor(schema);
      break;
    case 'integer':
      shaped = numberFor(schema, true);
      break;
    case 'number':
      shaped = numberFor(schema, false);
      break;
    case 'boolean':
      shaped = fc.boolean();
      break;
    case 'array':
      shaped =
        depth > 4
          ? fc.constant([])
          : fc.array(valueFor(schema.items ?? {}, depth + 1), {
              maxLength: Math.min((schema.maxItems ?? 4) + 1, 6),
            });
      break;
    case 'object':
      shaped = depth > 4 ? fc.constant({}) : objectFor(schema, depth);
      break;
    default:
      shaped = anyJson;
  }
  return nullable ? fc.oneof(shaped, fc.constant(null)) : shaped;
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth + 1)]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [...required] }),
      // Sometimes a required field is missing or an unknown (or control-character) field is added.
      fc.option(fc.constantFrom(...(required.size > 0 ? [...required] : ['_'])), { freq: 5 }),
      fc.option(fc.constantFrom('campo_desconhecido', '__proto__', 'constructor', 'a\u0000b', ''), {
        freq: 6,
      }),
    )
    .map(([record, drop, extra]) => {
      const value: Record<string, unknown> = Object.fromEntries(
        Object.entries(record).filter(([name]) => name !== drop),
      );
      if (extra !== null) Object.defineProperty(value, extra, { value: 1, enumerable: true });
      return value;
    });
}

/** Query values are strings: numbers and booleans as written, objects as JSON. */
function asQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A lone surrogate cannot be percent-encoded (URIError): send the replacement character instead. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

interface GeneratedRequest {
  ifMatch: string | null;
  path: string;
  query: [string, string][];
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | null;
}

function requestFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const paramNames = [...operation.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const paramArbs = paramNames.map((name) => {
    const schema = operation.params[name] ?? { type: 'string' };
    return fc.oneof(
      { weight: 4, arbitrary: shapedValue(schema, 0).map(asQueryValue) },
      { weight: 2, arbitrary: fc.constantFrom(...knownIds) },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    );
  });
  const queryArb = fc
    .tuple(
      ...operation.query.map((parameter) =>
        fc.option(valueFor(parameter.schema).map(asQueryValue), { freq: parameter.required ? 8 : 2 }),
      ),
      fc.option(fc.constantFrom<[string, string]>(['desconhecido', '1'], ['page', '2'], ['q', 'a\u0000']), {
        freq: 5,
      }),
    )
    .map((values) => {
      const extra = values.pop() as [string, string] | null;
      const pairs: [string, string][] = [];
      operation.query.forEach((parameter, index) => {
        const value = values[index] as string | null;
        if (value !== null) pairs.push([parameter.name, value]);
      });
      if (extra) pairs.push(extra);
      return pairs;
    });
  const sendsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const bodyArb: fc.Arbitrary<GeneratedRequest['body']> = !sendsBody
    ? fc.constant(null)
    : fc.oneof(
        {
          weight: 8,
          arbitrary: valueFor(operation.body ?? { type: 'object' }).map((value) => ({
            kind: 'json' as const,
            value,
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{"a":', '[', '"\\u0000"', '{"a":"\\ud800"}', 'null', '', '{"__proto__":{"x":1}}')
            .map((text) => ({ kind: 'raw' as const, text })),
        },
        { weight: 1, arbitrary: fc.constant(null) },
      );
  const ifMatchArb = fc.option(
    fc.oneof(
      fc.constantFrom(
        '"1"',
        '1',
        'W/"2"',
        '*',
        '"0"',
        '"-1"',
        '"2147483648"',
        '"99999999999999999999"',
        'abc',
        '',
      ),
      fc.integer().map((value) => `"${value}"`),
    ),
    { freq: 4 },
  );
  return fc
    .tuple(fc.tuple(...paramArbs), queryArb, bodyArb, ifMatchArb)
    .map(([params, query, body, ifMatch]) => {
      let index = 0;
      const path = operation.url.replace(/:(\w+)/g, () => encodeSegment(params[index++] ?? ''));
      return { path, query, body, ifMatch };
    });
}

/** The body of a streamed answer: read to the end when it is an error, dropped otherwise. */
async function streamedBody(response: { statusCode: number; stream(): NodeJS.ReadableStream }) {
  const stream = response.stream();
  if (response.statusCode < 400) {
    (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    return '';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/* ---------- the routes, from the OpenAPI description and the access table ---------- */

interface OpenApiOperationLike {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function collectOperations(): Operation[] {
  const document = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, OpenApiOperationLike>>;
  };
  const operations = new Map<string, Operation>();
  for (const [openApiPath, item] of Object.entries(document.paths)) {
    const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      operations.set(`${method.toUpperCase()} ${url}`, {
        method: method.toUpperCase(),
        url,
        params: Object.fromEntries(
          parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? { type: 'string' }]),
        ),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        hasSchema: true,
      });
    }
  }
  // Routes the description hides (the description itself) are driven too, with generic input.
  for (const route of t.app.routeAccess) {
    const key = `${route.method} ${route.url.replace(/\/$/, '')}`;
    if (!operations.has(key) && !operations.has(`${route.method} ${route.url}`)) {
      operations.set(key, {
        method: route.method,
        url: route.url,
        params: {},
        query: [],
        body: null,
        hasSchema: false,
      });
    }
  }
  return [...operations.values()];
}

function envelopeProblem(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return null;
  if (!String(contentType).startsWith('application/json')) return `${status} sem JSON (${contentType})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} com corpo que não é JSON`;
  }
  const envelope = parsed as { success?: unknown; message?: unknown; code?: unknown; details?: unknown };
  if (envelope.success !== false) return `${status} sem success:false`;
  if (typeof envelope.message !== 'string' || envelope.message === '') return `${status} sem message`;
  if (!(errorCodes as readonly unknown[]).includes(envelope.code))
    return `${status} com code ${String(envelope.code)}`;
  if (
    envelope.details !== undefined &&
    !(
      Array.isArray(envelope.details) &&
      envelope.details.every(
        (detail: { path?: unknown; message?: unknown }) =>
          typeof detail.path === 'string' && typeof detail.message === 'string',
      )
    )
  ) {
    return `${status} com details fora do formato`;
  }
  return null;
}

/** Puts back what a generated request may have switched on for everyone (maintenance mode). */
async function restoreSharedState() {
  await t.database.db.execute(sql`delete from settings where key = 'sistema'`);
  await invalidateSettingsCache(t.app.ctx);
}

describe('every route, every role, schema-derived input', () => {
  it('covers every route the server registers', () => {
    const operations = collectOperations();
    for (const route of t.app.routeAccess) {
      const found = operations.some(
        (operation) =>
          operation.method === route.method &&
          operation.url.replace(/\/$/, '') === route.url.replace(/\/$/, ''),
      );
      expect(found, `${route.method} ${route.url}`).toBe(true);
    }
    // Non-API routes with a schema (media files) are in the description too.
    expect(operations.some((operation) => operation.url === '/media/:id')).toBe(true);
  });

  // The random bodies above reach 'no body at all' only now and then: a body that is no object (none,
  // null, a list, a string) is sent to every write route, every time, so a refinement that reads the
  // body's fields before checking it is an object shows at once (POST /api/alunos answered 500).
  it(
    'a write without an object body is a 4xx with the envelope, never a 5xx',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const bodies: (string | undefined)[] = [undefined, 'null', '[]', '"x"', '1'];
      for (const operation of collectOperations()) {
        if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method)) continue;
        const url = operation.url.replace(/:(\w+)/g, () => knownIds[3]!);
        for (const role of ['administrador', 'professor', 'responsavel'] as const) {
          const cookie = await cookieOf(role);
          for (const payload of bodies) {
            const response = await t.app.inject({
              method: operation.method as 'POST',
              url,
              headers: {
                ...(cookie ? { cookie } : {}),
                'if-match': '"1"',
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(payload === undefined ? {} : { payload }),
            });
            const problem = envelopeProblem(
              response.statusCode,
              response.headers['content-type'] as string | undefined,
              response.body,
            );
            if (problem)
              failures.push(`${operation.method} ${url} como ${role}, corpo ${String(payload)}: ${problem}`);
          }
        }
        await restoreSharedState();
      }
      expect(failures).toEqual([]);
    },
  );

  it('never answers 5xx, and every 4xx is the JSON error envelope', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const operation of collectOperations()) {
      for (const role of roles) {
        const result = await fc.check(
          fc.asyncProperty(requestFor(operation), async (generated) => {
            const cookie = await cookieOf(role);
            const search = new URLSearchParams(generated.query).toString();
            const headers: Record<string, string> = cookie ? { cookie } : {};
            if (generated.ifMatch !== null) headers['if-match'] = generated.ifMatch;
            let payload: string | undefined;
            if (generated.body?.kind === 'json') {
              payload = JSON.stringify(generated.body.value);
              headers['content-type'] = 'application/json';
            } else if (generated.body?.kind === 'raw') {
              payload = generated.body.text;
              headers['content-type'] = 'application/json';
            }
            // A server-sent events stream never ends: its errors are read whole, a 200 is dropped.
            const streaming = operation.url.endsWith('/stream');
            const response = await t.app.inject({
              method: operation.method as 'GET',
              url: `${generated.path}${search ? `?${search}` : ''}`,
              headers,
              ...(payload === undefined ? {} : { payload }),
              ...(streaming ? { payloadAsStream: true } : {}),
            });
            const problem = envelopeProblem(
              response.statusCode,
              response.headers['content-type'] as string | undefined,
              streaming ? await streamedBody(response) : response.body,
            );
            if (problem) throw new Error(problem);
          }),
          { numRuns: role === 'administrador' ? ADMIN_RUNS : OTHER_RUNS, seed: SEED, endOnFailure: true },
        );
        if (result.failed) {
          const example = JSON.stringify(result.counterexample?.[0]).slice(0, 600);
          const error =
            result.errorInstance instanceof Error
              ? result.errorInstance.message
              : String(result.errorInstance);
          failures.push(`${operation.method} ${operation.url} como ${role}: ${error}\n  entrada: ${example}`);
        }
      }
      await restoreSharedState();
    }
    if (failures.length > 0) console.error(failures.join('\n'));
    expect(failures, `semente ${SEED} (FUZZ_SEED=${SEED} reproduz)`).toEqual([]);
  });
});
