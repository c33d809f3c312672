/**
 * Attacker's review (2026-12-07): a month in a query string is a real month within the years every
 * date field accepts (1900–2100). `?mes=0000-01` reached PostgreSQL as the date 0000-01-01, which it
 * refuses (there is no year 0), and answered 500 to the class's teacher; a year like 9999 is a typing
 * mistake the date fields already refuse.
 */
import { describe, expect, it } from 'vitest';
import { get, setupAttendanceTestApp, setupSchool } from '../attendance/attendance.test-setup.js';

setupAttendanceTestApp();

describe('a month in the query string', () => {
  it.each(['0000-01', '9999-12', '1899-12'])(
    'refuses ?mes=%s with a pt-BR 400 on the class month, the diário and its PDF',
    async (mes) => {
      const s = await setupSchool();
      for (const url of [
        `/api/frequencia/turmas/${s.classA.id}/mes?mes=${mes}`,
        `/api/frequencia/diario/turmas/${s.classA.id}?mes=${mes}`,
        `/api/frequencia/diario/turmas/${s.classA.id}/pdf?mes=${mes}&disciplina=Matemática`,
      ]) {
        const answer = await get(url, s.math.cookie);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json<{ message: string }>().message, url).toMatch(/Mês inválido|Dados inválidos/);
      }
    },
  );

  it("refuses the class batch of boletos for a month out of range (the Financeiro's PDF)", async () => {
    const s = await setupSchool();
    const answer = await get(
      `/api/financeiro/boleto/lote.pdf?turma_id=${s.classA.id}&mes_referencia=0000-01`,
      s.admin.cookie,
    );
    expect(answer.statusCode).toBe(400);
  });

  it('still reads a real month', async () => {
    const s = await setupSchool();
    const answer = await get(`/api/frequencia/turmas/${s.classA.id}/mes?mes=2026-03`, s.math.cookie);
    expect(answer.statusCode).toBe(200);
  });
});
