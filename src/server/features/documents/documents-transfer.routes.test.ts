import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuedDocument } from '../../../shared/documents.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { clock } from '../../lib/clock.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { MATH, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';

const t = setupTestApp();
beforeEach(() => clock.pin('2026-08-20'));
afterEach(() => clock.unpin());

const { send, get } = requestsOf(() => t.app);

async function pdfOf(cookie: string, alunoId: string, tipo: string) {
  const issued = await send('POST', '/api/documentos', cookie, { aluno_id: alunoId, tipo });
  expect(issued.statusCode, issued.body).toBe(201);
  const response = await get(`/api/documentos/${dataOf<IssuedDocument>(issued).id}/pdf`, cookie);
  return pdfText(response.rawPayload).replace(/\s+/g, ' ');
}

describe('a transferred student’s documents', () => {
  it('say the day and the destination of the transfer; the histórico and the boletim close the year with it', async () => {
    const { admin, turma } = await setupSchool(t, { subjects: [MATH] });
    const student = await insertStudent(t, turma.id, undefined, '2026-02-02');
    const before = await pdfOf(admin.cookie, student.id, 'declaracao_transferencia');
    expect(before).toContain('lhe foi concedida transferência nesta data');

    const transfer = await send('PATCH', `/api/alunos/${student.id}/status`, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-08-14',
      destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);

    expect(await pdfOf(admin.cookie, student.id, 'declaracao_transferencia')).toContain(
      'lhe foi concedida transferência em 14/08/2026, para a escola EE Jorge Amado, em Campinas/SP.',
    );
    const historico = await pdfOf(admin.cookie, student.id, 'historico_escolar');
    expect(historico).toContain('Resultado final: Transferido em 14/08/2026');
    expect(historico).toMatch(/Matemática — \d+ —/);
    expect(historico).not.toContain('Cursando');
    // The boletim of that year says it too; the family sees the same card.
    const boletim = await get(`/api/boletins/alunos/${student.id}?ano=2026`, admin.cookie);
    expect(dataOf<ReportCard>(boletim).transferido_em).toBe('2026-08-14');
  });

  it('count a daily roll in dias letivos up to the exit, not the issue date, and name the destination once', async () => {
    const { admin, turma } = await setupSchool(t, { subjects: [MATH] });
    const student = await insertStudent(t, turma.id, undefined, '2026-02-02');
    const rolls = await t.database.db
      .insert(attendanceRolls)
      .values(
        ['2026-08-10', '2026-08-11', '2026-08-12', '2026-08-13'].map((data) => ({ turmaId: turma.id, data })),
      )
      .returning();
    await t.database.db.insert(attendanceAbsences).values({ chamadaId: rolls[0]!.id, alunoId: student.id });
    const transfer = await send('PATCH', `/api/alunos/${student.id}/status`, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-08-14',
      destino: { escola: 'Escola Estadual Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);

    // Issued on the 20th: the attendance runs to the exit on the 14th, and counts days (one roll a day).
    const text = await pdfOf(admin.cookie, student.id, 'declaracao_transferencia');
    expect(text).toContain(
      'lhe foi concedida transferência em 14/08/2026, para a Escola Estadual Jorge Amado, em Campinas/SP.',
    );
    expect(text).not.toContain('a escola Escola');
    expect(text).toContain(
      'até a saída, em 14/08/2026, teve frequência de 75% dos dias letivos (1 falta não abonada em 4 dias letivos).',
    );
    expect(text).not.toContain('20/08/2026, teve');
  });
});
