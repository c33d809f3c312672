/** The histórico escolar of an Ensino Médio student (ADR 0027): by área, then the itinerário, with carga horária. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuedDocument } from '../../../shared/documents.schemas.js';
import { eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { schoolDocuments } from '../../db/schema/documents.js';
import { dataOf } from '../../test/records-fixtures.js';
import {
  ITINERARIO_CN,
  ITINERARIO_LH,
  LAB,
  OFICINA,
  setupItinerarioChange,
  setupMedioSchool,
} from '../../test/medio-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

/** Issues the student's histórico escolar: the document and its 2026 year as stored. */
async function historico2026(cookie: string, alunoId: string) {
  const response = await send('POST', '/api/documentos', cookie, {
    aluno_id: alunoId,
    tipo: 'historico_escolar',
  });
  expect(response.statusCode, response.body).toBe(201);
  const document = dataOf<IssuedDocument>(response);
  const [row] = await t.database.db.select().from(schoolDocuments).where(eq(schoolDocuments.id, document.id));
  return { document, year: row!.conteudo.historico!.find((item) => item.ano === 2026)! };
}

describe('histórico escolar in Ensino Médio', () => {
  it('prints the formação geral básica by área and the student’s itinerário, with the hours of each', async () => {
    const s = await setupMedioSchool(t);
    const { document, year } = await historico2026(s.admin.cookie, s.a[0].id);
    expect(year.ensino_medio).toBe(true);
    expect(year.disciplinas.find((item) => item.disciplina === LAB)).toMatchObject({
      area: 'Ciências da Natureza',
      itinerario: ITINERARIO_CN,
      carga_horaria: 200,
    });
    expect(year.disciplinas.map((item) => item.disciplina)).not.toContain(OFICINA);
    // 18 lessons of FGB (720 h) and 5 of the itinerário (200 h), in hours of 60 minutes.
    expect(year.carga_horaria_total).toBe(920);

    const pdf = await get(`/api/documentos/${document.id}/pdf`, s.admin.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Linguagens e suas Tecnologias — 200 h');
    expect(text).toContain('Ciências Humanas e Sociais Aplicadas — 160 h');
    expect(text).toContain(`Itinerário formativo: ${ITINERARIO_CN} — 200 h`);
    expect(text.indexOf('Itinerário formativo:')).toBeLessThan(text.indexOf(LAB));
    expect(text).toContain('Carga horária: 920');
  });

  it('keeps the itinerário the student left during the year, with until when and the hours they had', async () => {
    const s = await setupItinerarioChange(t);
    const { document, year } = await historico2026(s.admin.cookie, s.a[0].id);
    expect(year.disciplinas.find((item) => item.disciplina === LAB)).toMatchObject({
      itinerario: ITINERARIO_CN,
      itinerario_trocado_em: '2026-04-01',
      carga_horaria: 2,
      resultado: 'Trocado em 01/04/2026',
    });
    // The itinerário joined on 01/04: the hours of its lessons since (one, of 60 minutes), not the year's 200.
    expect(year.disciplinas.find((item) => item.disciplina === OFICINA)).toMatchObject({
      itinerario: ITINERARIO_LH,
      resultado: 'Cursando',
      carga_horaria: 1,
    });
    // The year's carga horária adds up its lines (ADR 0115): FGB 720 h by the grid, and the lessons the
    // student had in each itinerário — 2 in the one left, 1 in the one joined (60 minutes each).
    expect(year).toMatchObject({
      carga_horaria_total: 723,
      aulas: { total: 723, minutos: 60 },
      horas_cursadas: true,
    });

    const pdf = await get(`/api/documentos/${document.id}/pdf`, s.admin.cookie);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Itinerário anterior: ${ITINERARIO_CN} (trocado em 01/04/2026) — 2 h`);
    expect(text).toContain(`Itinerário formativo: ${ITINERARIO_LH} — 1 h`);
    expect(text.indexOf('Itinerário anterior:')).toBeLessThan(text.indexOf(LAB));
    expect(text).toContain('Carga horária: 723 horas (723 aulas de 60 min)');
    expect(text).toContain('somadas no total do ano');
  });

  it('a histórico issued before ADR 0115 keeps its total and its note (the itinerário left outside it)', async () => {
    const s = await setupItinerarioChange(t);
    const { document, year } = await historico2026(s.admin.cookie, s.a[0].id);
    // As the documents issued before it were stored: no horas_cursadas, the grid's total.
    const older = { ...year, carga_horaria_total: 920, aulas: { total: 920, minutos: 60 } };
    delete (older as { horas_cursadas?: true }).horas_cursadas;
    const [row] = await t.database.db
      .select()
      .from(schoolDocuments)
      .where(eq(schoolDocuments.id, document.id));
    await t.database.db
      .update(schoolDocuments)
      .set({
        conteudo: {
          ...row!.conteudo,
          historico: row!.conteudo.historico!.map((item) => (item.ano === 2026 ? older : item)),
        },
      })
      .where(eq(schoolDocuments.id, document.id));
    const pdf = await get(`/api/documentos/${document.id}/pdf`, s.admin.cookie);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Carga horária: 920 horas (920 aulas de 60 min)');
    expect(text).toContain('que o aluno teve até a troca, fora do total');
    expect(text).not.toContain('somadas no total do ano');
  });
});
