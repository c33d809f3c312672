import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStudent } from '../../../shared/students.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, messageOf, validStudentBody } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeAll(() => clock.pin('2026-03-20T12:00:00-03:00'));
afterAll(() => clock.unpin());

// Each enrolment is another child: the same name and birth date would be refused as typed twice.
let enrolled = 0;
async function enrol(cookie: string, overrides: Record<string, unknown> = {}) {
  enrolled += 1;
  const response = await send(
    'POST',
    '/api/alunos',
    cookie,
    validStudentBody({ nome: `Aluno Numerado ${String(enrolled)}`, matricula: '', ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<CreatedStudent>(response).aluno.matricula;
}

describe('a matrícula left blank in the student form', () => {
  it('is numbered by the default pattern {ano}{sequencial:4}, after the highest one already given', async () => {
    const admin = await signedIn(t, 'administrador');
    expect(await enrol(admin.cookie)).toBe('20260001');
    await enrol(admin.cookie, { matricula: '20260041' });
    expect(await enrol(admin.cookie)).toBe('20260042');
    // The year is the data da matrícula's.
    expect(await enrol(admin.cookie, { data_matricula: '2025-11-03' })).toBe('20250001');
  });

  it('signed in December for a class of next year, carries the year the student enters (ADR 0074)', async () => {
    clock.pin('2026-12-02');
    try {
      const admin = await signedIn(t, 'administrador');
      const turma2027 = await insertClass(t, null, 30, { nome: '1º Ano A', anoLetivo: '2027' });
      const turma2026 = await insertClass(t, null, 30, { nome: '5º Ano A', anoLetivo: '2026' });
      // Signed today (the data da matrícula stays today) for the 2027 class: a 2027 number.
      expect(await enrol(admin.cookie, { turma_id: turma2027.id })).toBe('20270001');
      expect(await enrol(admin.cookie, { turma_id: turma2027.id })).toBe('20270002');
      // Without a class, or in this year's class, the year of the data da matrícula.
      expect(await enrol(admin.cookie, {})).toMatch(/^2026\d{4}$/);
      expect(await enrol(admin.cookie, { turma_id: turma2026.id })).toMatch(/^2026\d{4}$/);
      // A student of the school since 2019 placed in next year's class keeps the year they entered.
      expect(await enrol(admin.cookie, { turma_id: turma2027.id, data_matricula: '2019-02-04' })).toBe(
        '20190001',
      );
    } finally {
      clock.pin('2026-03-20T12:00:00-03:00');
    }
  });

  it("follows the school's pattern from Configurações → Escola, and refuses a pattern without a sequence", async () => {
    const admin = await signedIn(t, 'administrador');
    const current = dataOf<{ version: number; padrao_matricula: string }>(
      await get('/api/configuracoes/escola', admin.cookie),
    );
    expect(current.padrao_matricula).toBe('{ano}{sequencial:4}');
    const bad = await send('PUT', '/api/configuracoes/escola', admin.cookie, {
      nome: 'Escola Ipê',
      padrao_matricula: 'MAT-{ano}',
      version: current.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe('O padrão precisa de exatamente um {sequencial:N}, ex.: {ano}{sequencial:4}');
    const saved = await send('PUT', '/api/configuracoes/escola', admin.cookie, {
      nome: 'Escola Ipê',
      padrao_matricula: 'IPE-{ano}-{sequencial:3}',
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await enrol(admin.cookie)).toBe('IPE-2026-001');
    expect(await enrol(admin.cookie)).toBe('IPE-2026-002');
  });
});
