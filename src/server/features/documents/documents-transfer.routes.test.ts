import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuedDocument } from '../../../shared/documents.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { clock } from '../../lib/clock.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { MATH, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

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
});
