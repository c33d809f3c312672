/**
 * Issue 37's 'Done when': the demo school exports both files with an empty pending list. The demo has
 * the previous year closed (seed-censo-anterior.ts): its Matrícula Inicial and its Situação do Aluno
 * are both ready; this year's Matrícula Inicial too (its Situação do Aluno waits for the year closing).
 */
import { describe, expect, it } from 'vitest';
import type { PendenciasResponse } from '../../../shared/censo.schemas.js';
import { demoAccounts } from '../../demo/seed-demo.js';
import { dataOf } from '../../test/records-fixtures.js';
import { loginAs } from '../../test/test-app.js';
import { setupDemoSchool } from '../../test/demo-fixtures.js';

const t = setupDemoSchool({ today: '2026-11-30', timeoutMs: 180_000 });

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const secretaria = () => loginAs(t.app, demoAccounts[3].email, demoAccounts[3].senha);

describe('the demo school’s census', () => {
  for (const [ano, etapa] of [
    [2025, 'matricula-inicial'],
    [2025, 'situacao-do-aluno'],
    [2026, 'matricula-inicial'],
  ] as const)
    it(`has no pendência and downloads ${etapa} of ${String(ano)}`, async () => {
      const cookie = await secretaria();
      const answer = dataOf<PendenciasResponse>(
        await get(`/api/censo/${String(ano)}/pendencias?etapa=${etapa}`, cookie),
      );
      expect(answer.pendencias.map((p) => `${p.registro} ${p.nome}: ${p.campo} — ${p.mensagem}`)).toEqual([]);
      expect(answer.contagens.alunos).toBeGreaterThan(100);
      const file = await get(`/api/censo/${String(ano)}/${etapa}`, cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('iso-8859-1');
      const lines = file.rawPayload.toString('latin1').split('\n').filter(Boolean);
      expect(lines[0]).toMatch(etapa === 'matricula-inicial' ? /^00\|\d{8}\|/ : /^89\|\d{8}\|/);
      const kinds = new Set(lines.map((line) => line.slice(0, 2)));
      for (const kind of etapa === 'matricula-inicial'
        ? ['00', '10', '20', '30', '40', '50', '60']
        : ['89', '90'])
        expect(kinds, kind).toContain(kind);
      if (etapa === 'situacao-do-aluno') expect(kinds).toContain('91');
    });

  it('waits for this year’s closing before its Situação do Aluno', async () => {
    const cookie = await secretaria();
    const answer = dataOf<PendenciasResponse>(
      await get('/api/censo/2026/pendencias?etapa=situacao-do-aluno', cookie),
    );
    // The IDs of this year's first stage are in (imported in the demo): what is missing is the closing,
    // and the IDs of the students admitted after the reference date (registered in Educacenso later).
    const lines = answer.pendencias.map((p) => `${p.registro} ${p.campo}: ${p.mensagem}`);
    expect(lines).toContain(
      '90 Situação do aluno: O ano letivo ainda não foi encerrado: a situação de cada matrícula sai do encerramento.',
    );
    expect(
      new Set(lines.filter((line) => !line.startsWith('90 Situação')).map((line) => line.slice(0, 24))),
    ).toEqual(new Set(['91 ID do INEP do aluno: ']));
    expect((await get('/api/censo/2026/situacao-do-aluno', cookie)).statusCode).toBe(409);
  });
});
