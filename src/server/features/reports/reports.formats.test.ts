/**
 * Reports hub: the formats a report is exported in.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportDownloadUrl } from '../../../shared/reports.schemas.js';
import { pdfText } from '../../test/pdf-text.js';
import { auditLog } from '../../db/schema/audit.js';
import { catalogueOf, cookies, get, ids, setupReportsTest, t, teacherCookie } from './reports.test-setup.js';

setupReportsTest();

describe('formats', () => {
  it('CSV: BOM, semicolons, dates in pt-BR, and a formula-looking value neutralised', async () => {
    const response = await get(
      `/api/relatorios/lista-turma?turma_id=${ids.a5}&formato=csv`,
      cookies.get('administrador'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="lista-turma-turma-5-a/);
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Nº;Nome;Matrícula;Nascimento');
    expect(lines[1]).toBe('1;Ana Ribeiro;M-Ana Ribeiro;05/03/2015');
    expect(lines[3]).toBe("3;Carla Nunes;'=1+2;25/03/2014");
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'relatorio'));
    expect(audit.some((row) => (row.details as { relatorio?: string }).relatorio === 'lista-turma')).toBe(
      true,
    );
  });

  it('XLSX: numbers are numbers, dates are dates, percentages are fractions', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const lista = await get(
      `/api/relatorios/lista-turma?turma_id=${ids.a5}&formato=xlsx`,
      cookies.get('administrador'),
    );
    expect(lista.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(lista.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nº', 'Nome', 'Matrícula', 'Nascimento']);
    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('D2').value).toEqual(new Date(Date.UTC(2015, 2, 5)));
    expect(sheet.getCell('C4').value).toBe('=1+2');
    expect(sheet.getCell('C4').formula).toBeUndefined();
    const freq = await get(
      `/api/relatorios/frequencia-mensal?turma_id=${ids.a5}&mes=2026-03&formato=xlsx`,
      cookies.get('administrador'),
    );
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(freq.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.getCell('E4').value).toBe(0.25);
    expect(book2.worksheets[0]!.getCell('E4').numFmt).toBe('0.0%');
  });

  it('PDF: text a reader can search, with the teachers and the signature header', async () => {
    const response = await get(
      `/api/relatorios/lista-turma?turma_id=${ids.a5}&formato=pdf`,
      cookies.get('administrador'),
    );
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'LISTA DA TURMA',
      'Marta Souza',
      'Paulo Lima',
      'Ana Ribeiro',
      'Assinatura',
      '05/03/2015',
    ])
      expect(text).toContain(expected);
  });

  it('a format the report does not have is 400', async () => {
    const response = await get(
      `/api/relatorios/boletins-turma?turma_id=${ids.a5}&formato=csv`,
      cookies.get('administrador'),
    );
    expect(response.statusCode).toBe(400);
    expect(
      (await get('/api/relatorios/lista-turma?formato=doc', cookies.get('administrador'))).statusCode,
    ).toBe(400);
  });

  it('every hub report of each role’s catalogue answers on screen and in each format it lists', async () => {
    for (const cookie of [cookies.get('administrador')!, teacherCookie]) {
      for (const entry of await catalogueOf(cookie)) {
        if (!entry.url.startsWith('/api/relatorios/') || entry.exportacao) continue;
        const values = Object.fromEntries(
          entry.parametros.map((parameter) => [
            parameter.nome,
            parameter.tipo === 'turma' ? parameter.opcoes![0]!.valor : parameter.padrao,
          ]),
        );
        for (const formato of entry.formatos) {
          const response = await get(reportDownloadUrl(entry, formato, values), cookie);
          expect(response.statusCode, `${entry.id} ${formato}: ${response.body.slice(0, 200)}`).toBe(200);
        }
      }
    }
  });
});
