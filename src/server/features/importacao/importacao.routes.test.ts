import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { completeCpf } from '../../../shared/validators.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { clock } from '../../lib/clock.js';
import {
  insertClass,
  insertGuardian,
  insertStudent,
  messageOf,
  newCpf,
} from '../../test/records-fixtures.js';
import { pngDeclaring } from '../../test/image-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { csvOf, imported, upload } from './importacao.test-setup.js';
import { STUDENT_SHEET_HEADERS } from '../../test/import-sheet.js';

const t = setupTestApp();
beforeAll(() => clock.pin('2026-03-20T12:00:00-03:00'));
afterAll(() => clock.unpin());

async function tableCount(
  table: typeof students | typeof guardians | typeof studentGuardians | typeof users,
) {
  const [row] = await t.database.db.select({ total: count() }).from(table);
  return row!.total;
}

/** A family row of the spreadsheet: the student and the principal guardian. */
function family(nome: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    nome,
    data_nascimento: '14/03/2017',
    responsavel_nome: `Mãe de ${nome}`,
    responsavel_parentesco: 'Mãe',
    responsavel_cpf: newCpf(),
    responsavel_telefone: '(11) 91234-5678',
    ...overrides,
  };
}

describe('POST /api/importacao/alunos?simular=1', () => {
  it('reports per row what would be created and refuses each kind of bad row, writing nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 1, { nome: '3º Ano A', anoLetivo: '2026' });
    const kept = await insertGuardian(t);
    const before = await tableCount(students);
    const result = await imported(
      t,
      admin.cookie,
      csvOf([
        family('Ana Clara Dias', { matricula: 'IMP-1', turma: '3º ano a', ano_letivo: '2026' }),
        family('Bruno CPF Errado', { cpf: '123.456.789-00' }),
        family('Caio Sem Turma', { turma: '9º Ano Z', ano_letivo: '2026' }),
        family('Davi Outro Nome', { responsavel_cpf: kept.cpf!, responsavel_nome: 'Outra Pessoa' }),
        family('Eva Sem Nascimento', { data_nascimento: '' }),
        family('Ana Clara Dias', { matricula: 'IMP-1' }),
        family('Fábio Turma Cheia', { turma: '3º Ano A', ano_letivo: '2026' }),
        family('Gil Parentesco', { responsavel_parentesco: 'Vizinho' }),
        // Two things wrong: both are said at once, not the class after the CPF is mended.
        family('Hugo Dois Erros', { cpf: '123.456.789-00', turma: '9º Ano Z', ano_letivo: '2026' }),
      ]),
      { simular: true },
    );
    expect(result).toMatchObject({ criar: 1, atualizar: 0, sem_alteracao: 0, simulacao: true });
    expect(result.recusar).toEqual([
      { linha: 3, motivo: 'CPF do aluno: CPF inválido' },
      { linha: 4, motivo: 'Turma "9º Ano Z" não encontrada no ano letivo 2026' },
      {
        linha: 5,
        motivo: expect.stringMatching(
          /^CPF do responsável .+ já cadastrado com outro nome \(Resp /,
        ) as string,
      },
      { linha: 6, motivo: 'Data de nascimento é obrigatória' },
      { linha: 7, motivo: 'Aluno repetido: é o mesmo da linha 2' },
      { linha: 8, motivo: `Turma "${turma.nome}" lotada (1 vaga)` },
      { linha: 9, motivo: 'Parentesco: use Mãe, Pai, Avó, Avô, Tia, Tio ou Outro' },
      {
        linha: 10,
        motivo: 'CPF do aluno: CPF inválido; Turma "9º Ano Z" não encontrada no ano letivo 2026',
      },
    ]);
    expect(result.linhas[0]).toEqual({
      linha: 2,
      aluno: 'Ana Clara Dias',
      matricula: 'IMP-1',
      acao: 'criar',
      motivo: null,
    });
    expect(await tableCount(students)).toBe(before);
  });

  it('without the Ano letivo column, takes this year’s class over a past one, and asks for it beside next year’s', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertClass(t, null, 30, { nome: '1º A', anoLetivo: '2025' });
    await insertClass(t, null, 30, { nome: '1º A', anoLetivo: '2026' });
    await insertClass(t, null, 30, { nome: '2º A', anoLetivo: '2026' });
    await insertClass(t, null, 30, { nome: '2º A', anoLetivo: '2027' });
    const result = await imported(
      t,
      admin.cookie,
      csvOf([family('Lara Ano Atual', { turma: '1º A' }), family('Miguel Dois Anos', { turma: '2º A' })]),
      { simular: true },
    );
    expect(result.criar).toBe(1);
    expect(result.recusar).toEqual([
      {
        linha: 3,
        motivo: 'Há mais de uma turma "2º A" (2026 e 2027): informe o ano letivo na coluna "Ano letivo"',
      },
    ]);
  });

  it('refuses a guardian whose CPF two rows give under different names, and a student CPF already kept', async () => {
    const admin = await signedIn(t, 'administrador');
    const existing = await insertStudent(t, null);
    const cpf = newCpf();
    const result = await imported(
      t,
      admin.cookie,
      csvOf([
        family('Helena Primeira', { responsavel_cpf: cpf, responsavel_nome: 'Joana Prado' }),
        family('Igor Segundo', { responsavel_cpf: cpf, responsavel_nome: 'JOANA  PRADO' }),
        family('Júlia Terceira', { responsavel_cpf: cpf, responsavel_nome: 'Joana Souza' }),
        family('Kauã CPF Repetido', { matricula: 'NOVA-1', cpf: existing.cpf! }),
      ]),
      { simular: true },
    );
    expect(result.criar).toBe(2);
    expect(result.recusar.map((row) => row.linha)).toEqual([4, 5]);
    expect(result.recusar[0]!.motivo).toContain('já cadastrado com outro nome (Joana Prado)');
    expect(result.recusar[1]!.motivo).toBe(
      `CPF do aluno já cadastrado para ${existing.nome} (matrícula ${existing.matricula})`,
    );
  });
});

describe("another family's guardian named by e-mail", () => {
  it('refuses the row (first or second guardian) whose e-mail is a portal account of another name or CPF; her own name links her, audited', async () => {
    const admin = await signedIn(t, 'administrador');
    const juliana = await signedIn(t, 'responsavel', { nome: 'Juliana Martins Souza' });
    const [guardian] = await t.database.db
      .insert(guardians)
      .values({
        nome: 'Juliana Martins Souza',
        telefone: '11911112222',
        cpf: newCpf(),
        usuarioId: juliana.user.id,
      })
      .returning();
    const email = juliana.user.email;
    const file = csvOf([
      family('Criança Intrusa', {
        responsavel2_nome: 'Beltrana Qualquer',
        responsavel2_parentesco: 'Tia',
        responsavel2_telefone: '(11) 95555-4444',
        responsavel2_email: email,
      }),
      family('Outra Intrusa', { responsavel_nome: 'Fulana Nova', responsavel_email: email }),
      family('Irmão de Verdade', {
        responsavel2_nome: 'JULIANA MARTINS SOUZA',
        responsavel2_parentesco: 'Mãe',
        responsavel2_telefone: '(11) 91111-2222',
        responsavel2_email: email,
      }),
    ]);
    const simulated = await imported(t, admin.cookie, file, { simular: true });
    expect(simulated.recusar).toEqual([
      {
        linha: 2,
        motivo:
          'E-mail do responsável 2 já é de Juliana Martins Souza no cadastro: confira o e-mail ou escreva o nome como no cadastro',
      },
      {
        linha: 3,
        motivo:
          'E-mail do responsável já é de Juliana Martins Souza no cadastro: confira o e-mail ou escreva o nome como no cadastro',
      },
    ]);
    // The row that does link her says so before anything is written.
    expect(simulated.linhas.find((row) => row.linha === 4)).toMatchObject({
      acao: 'criar',
      motivo: 'Vincula como responsável: Juliana Martins Souza (já no cadastro)',
    });
    const applied = await imported(t, admin.cookie, file);
    expect(applied.criar).toBe(1);
    const links = await t.database.db
      .select({ alunoId: studentGuardians.alunoId })
      .from(studentGuardians)
      .where(eq(studentGuardians.responsavelId, guardian!.id));
    expect(links).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vincular_responsavel'), eq(auditLog.entityId, links[0]!.alunoId)));
    expect(audit?.details).toMatchObject({ responsavel_id: guardian!.id, origem: 'importacao' });
  });
});

describe('POST /api/importacao/alunos (apply)', () => {
  it('applies the valid rows in one go, and a second upload of the same file changes nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertClass(t, null, 30, { nome: '5º Ano B', anoLetivo: '2026' });
    const guardianCpf = newCpf();
    const file = csvOf([
      family('Lara Matos', {
        turma: '5º Ano B',
        responsavel_cpf: guardianCpf,
        responsavel_email: 'rosa.matos@familia.test',
        responsavel_nome: 'Rosa Matos',
      }),
      family('Leo Matos', {
        turma: '5º Ano B',
        responsavel_cpf: guardianCpf,
        responsavel_nome: 'Rosa Matos',
        data_nascimento: '02/08/2019',
      }),
      family('Mia Com CPF', { cpf: completeCpf('123123123'), matricula: '' }),
      family('Nina Ruim', { cpf: '111.111.111-11' }),
    ]);
    // The dry run already counts the account the import gives Rosa (once, for her two children).
    expect(await imported(t, admin.cookie, file, { simular: true })).toMatchObject({
      criar: 3,
      contas_criadas: 1,
      contas: [],
    });
    const first = await imported(t, admin.cookie, file, { name: 'escola-antiga.csv' });
    expect(first).toMatchObject({
      criar: 3,
      atualizar: 0,
      sem_alteracao: 0,
      simulacao: false,
      contas_criadas: 1,
    });
    expect(first.recusar).toEqual([{ linha: 5, motivo: 'CPF do aluno: CPF inválido' }]);
    // Blank matrículas numbered by the default pattern, {ano}{sequencial:4}.
    expect(first.linhas.slice(0, 3).map((row) => row.matricula)).toEqual([
      '20260001',
      '20260002',
      '20260003',
    ]);
    const siblings = await t.database.db
      .select({ nome: students.nome })
      .from(studentGuardians)
      .innerJoin(students, eq(students.id, studentGuardians.alunoId))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .where(eq(guardians.cpf, guardianCpf));
    expect(siblings.map((row) => row.nome).sort()).toEqual(['Lara Matos', 'Leo Matos']);
    expect(t.mailer.sent.filter((mail) => mail.to === 'rosa.matos@familia.test')).toHaveLength(1);
    const counts = [
      await tableCount(students),
      await tableCount(guardians),
      await tableCount(studentGuardians),
      await tableCount(users),
    ];

    expect(await imported(t, admin.cookie, file, { simular: true })).toMatchObject({ contas_criadas: 0 });
    const second = await imported(t, admin.cookie, file);
    expect(second).toMatchObject({ criar: 0, atualizar: 0, sem_alteracao: 3, contas_criadas: 0 });
    expect([
      await tableCount(students),
      await tableCount(guardians),
      await tableCount(studentGuardians),
      await tableCount(users),
    ]).toEqual(counts);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'importar'));
    expect(audits.map((entry) => entry.details)).toEqual([
      {
        arquivo: 'escola-antiga.csv',
        linhas: 4,
        criar: 3,
        atualizar: 0,
        sem_alteracao: 0,
        recusar: 1,
        contas_criadas: 1,
      },
      {
        arquivo: 'alunos.csv',
        linhas: 4,
        criar: 0,
        atualizar: 0,
        sem_alteracao: 3,
        recusar: 1,
        contas_criadas: 0,
      },
    ]);
  });

  it('says whether each new account got its password by e-mail, and carries the password only where it did not', async () => {
    const admin = await signedIn(t, 'administrador');
    const mailed = await imported(
      t,
      admin.cookie,
      csvOf([family('Otávio Com SMTP', { responsavel_email: 'mae.otavio@familia.test' })]),
    );
    expect(mailed.contas).toEqual([
      { nome: 'Mãe de Otávio Com SMTP', email: 'mae.otavio@familia.test', envio_email: 'enviado' },
    ]);
    try {
      // Without SMTP_URL the message is only an .eml in DATA_DIR/outbox: the screen must hand the password over.
      t.mailer.delivery = 'arquivo';
      const outbox = await imported(
        t,
        admin.cookie,
        csvOf([family('Paula Sem SMTP', { responsavel_email: 'mae.paula@familia.test' })]),
      );
      expect(outbox.contas_criadas).toBe(1);
      const [conta] = outbox.contas;
      expect(conta).toMatchObject({
        nome: 'Mãe de Paula Sem SMTP',
        email: 'mae.paula@familia.test',
        envio_email: 'caixa_de_saida',
      });
      // The password shown is the one the account has (the one the .eml carries).
      expect(t.mailer.last()!.text).toContain(`Senha provisória: ${conta!.senha!}`);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'mae.paula@familia.test', password: conta!.senha },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      t.mailer.delivery = 'smtp';
    }
  });

  it("numbers a December row for next year's class with the year the student enters (ADR 0074)", async () => {
    clock.pin('2026-12-02');
    try {
      const admin = await signedIn(t, 'administrador');
      await insertClass(t, null, 30, { nome: '1º Ano A', anoLetivo: '2027' });
      const file = csvOf([
        family('Alice Nova', { turma: '1º Ano A' }),
        family('Bruno Novo', { turma: '1º Ano A', ano_letivo: '2027', data_matricula: '01/12/2026' }),
        family('Caio Sem Turma'),
        family('Davi Antigo', { turma: '1º Ano A', data_matricula: '04/02/2019' }),
      ]);
      const numbers = ['20270001', '20270002', '20260001', '20190001'];
      const dry = await imported(t, admin.cookie, file, { simular: true });
      expect(dry.linhas.map((row) => row.matricula)).toEqual(numbers);
      const applied = await imported(t, admin.cookie, file);
      expect(applied.linhas.map((row) => row.matricula)).toEqual(numbers);
      const kept = await t.database.db
        .select({ matricula: students.matricula, dataMatricula: students.dataMatricula })
        .from(students)
        .where(eq(students.nome, 'Alice Nova'));
      expect(kept).toEqual([{ matricula: '20270001', dataMatricula: '2026-12-02' }]);
    } finally {
      clock.pin('2026-03-20T12:00:00-03:00');
    }
  });

  it('says in the dry run who a row links to a student already on file (a new guardian gets the child in the portal)', async () => {
    const admin = await signedIn(t, 'administrador');
    const pedro = await insertStudent(t, null, (await insertGuardian(t)).id);
    const result = await imported(
      t,
      admin.cookie,
      csvOf([
        family(pedro.nome, {
          matricula: pedro.matricula,
          data_nascimento: '10/03/2015',
          responsavel_nome: 'Estranho Total',
          responsavel_email: 'estranho@exemplo.test',
        }),
      ]),
      { simular: true },
    );
    expect(result.linhas).toEqual([
      {
        linha: 2,
        aluno: pedro.nome,
        matricula: pedro.matricula,
        acao: 'atualizar',
        motivo: 'Vincula como responsável: Estranho Total (novo)',
      },
    ]);
  });

  it('updates the student with the matrícula given: what the file gives replaces, blanks keep', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 30, { nome: '6º Ano A', anoLetivo: '2026' });
    const guardian = await insertGuardian(t);
    const student = await insertStudent(t, null, guardian.id);
    const result = await imported(
      t,
      admin.cookie,
      csvOf([
        {
          matricula: student.matricula,
          nome: student.nome,
          data_nascimento: '10/03/2015',
          telefone: '(21) 99876-5432',
          turma: '6º Ano A',
          responsavel_nome: guardian.nome,
          responsavel_parentesco: 'Mãe',
          responsavel_cpf: guardian.cpf!,
          responsavel_telefone: '11912345678',
        },
      ]),
    );
    expect(result).toMatchObject({ criar: 0, atualizar: 1, recusar: [] });
    const [row] = await t.database.db.select().from(students).where(eq(students.id, student.id));
    expect(row).toMatchObject({
      telefone: '21998765432',
      turmaId: turma.id,
      cpf: student.cpf,
      matricula: student.matricula,
    });
    expect(await tableCount(students)).toBe(1);
  });

  it('finds the same student without matrícula or CPF by name, birth date and the guardian CPF', async () => {
    const admin = await signedIn(t, 'administrador');
    const file = csvOf([family('Otávio Sem Documento', { responsavel_cpf: completeCpf('987654321') })]);
    expect((await imported(t, admin.cookie, file)).criar).toBe(1);
    expect(await imported(t, admin.cookie, file)).toMatchObject({ criar: 0, sem_alteracao: 1 });
  });
});

describe('the file', () => {
  it('reads a comma CSV with a BOM, quoted fields and a line break inside quotes', async () => {
    const admin = await signedIn(t, 'administrador');
    const text = `\uFEFF${csvOf([family('Paula Vírgula', { endereco: 'Rua A, 10', observacoes: 'Alergia:\namendoim' })], ',').toString()}`;
    const result = await imported(t, admin.cookie, Buffer.from(text, 'utf8'), { simular: true });
    expect(result).toMatchObject({ criar: 1, recusar: [] });
    expect(result.linhas[0]!.aluno).toBe('Paula Vírgula');
  });

  it('reads a Windows-1252 CSV as Excel pt-BR saves it, and headers with other accents and case', async () => {
    const admin = await signedIn(t, 'administrador');
    const text =
      'NOME DO ALUNO;data de nascimento;Nome do Responsavel;parentesco;cpf do responsavel;Telefone do responsavel\r\n' +
      `João Ãngelo;01/02/2016;Márcia;mãe;${newCpf()};11912345678\r\n`;
    const result = await imported(t, admin.cookie, Buffer.from(text, 'latin1'), { simular: true });
    expect(result).toMatchObject({ criar: 1, recusar: [] });
    expect(result.linhas[0]!.aluno).toBe('João Ãngelo');
  });

  it('reads Windows-1252’s own characters (’ – “ ”), which Excel writes for an apostrophe or a dash', async () => {
    const admin = await signedIn(t, 'administrador');
    // Latin-1 for the rest (what a CP1252 file has there), the two Windows-1252 bytes put back.
    const cp1252 = (text: string) =>
      Buffer.from(text.replaceAll('’', '\x92').replaceAll('–', '\x96'), 'latin1');
    const text =
      'Nome do aluno;Data de nascimento;Nome do responsável;Parentesco;CPF do responsável;Telefone do responsável\r\n' +
      `Maria Luísa D’Ávila;01/02/2016;Inês Sant’Anna – avó;Avó;${newCpf()};11912345678\r\n`;
    const result = await imported(t, admin.cookie, cp1252(text), { simular: true });
    expect(result).toMatchObject({ criar: 1, recusar: [] });
    expect(result.linhas[0]!.aluno).toBe('Maria Luísa D’Ávila');
  });

  it('imports an XLSX (dates as date cells, a CPF typed as a number)', async () => {
    const admin = await signedIn(t, 'administrador');
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('Alunos');
    sheet.addRow(STUDENT_SHEET_HEADERS);
    sheet.addRow([
      'Quésia Planilha',
      new Date(Date.UTC(2016, 4, 20)),
      'Rui Planilha',
      'Pai',
      Number(completeCpf('012345678')),
      11912345678,
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await imported(t, admin.cookie, bytes, {
      name: 'alunos.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(result).toMatchObject({ criar: 1, recusar: [] });
    const [guardian] = await t.database.db.select().from(guardians);
    expect(guardian!.cpf).toBe(completeCpf('012345678'));
    const [student] = await t.database.db.select().from(students);
    expect(student!.dataNascimento).toBe('2016-05-20');
  });

  it('refuses an empty file, a file that is no spreadsheet, missing columns and no file, in Portuguese', async () => {
    const admin = await signedIn(t, 'administrador');
    const empty = await upload(t, admin.cookie, Buffer.alloc(0), { simular: true });
    expect([empty.statusCode, messageOf(empty)]).toEqual([400, 'O arquivo está vazio.']);
    const image = await upload(t, admin.cookie, pngDeclaring(10, 10), {
      name: 'foto.png',
      type: 'image/png',
    });
    expect(image.statusCode).toBe(415);
    expect(messageOf(image)).toMatch(/CSV ou XLSX/);
    const headerOnly = await upload(
      t,
      admin.cookie,
      Buffer.from(
        'Nome do aluno;Data de nascimento;Nome do responsável;Parentesco;CPF do responsável;Telefone do responsável\r\n',
      ),
    );
    expect([headerOnly.statusCode, messageOf(headerOnly)]).toEqual([
      400,
      'A planilha só tem o cabeçalho: nenhum aluno para importar.',
    ]);
    const missing = await upload(t, admin.cookie, Buffer.from('Nome;Nascimento\r\nAna;01/01/2016\r\n'));
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(
      'Faltam as colunas obrigatórias "Nome do responsável", "Parentesco", "CPF do responsável", "Telefone do responsável" na primeira linha da planilha.',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/importacao/alunos',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect(await tableCount(students)).toBe(0);
  });

  it('refuses a zip bomb (an XLSX whose sheet unpacks to hundreds of MB) with 413, before exceljs unpacks it', async () => {
    const admin = await signedIn(t, 'administrador');
    const { default: Excel } = await import('exceljs');
    const { unzipSync, zipSync } = await import('fflate');
    const workbook = new Excel.Workbook();
    workbook.addWorksheet('Alunos').addRow(['Nome do aluno']);
    const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
    // A valid workbook whose one sheet is 200 MB of rows: about 200 KB once zipped.
    const row = Buffer.from(`<row>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(50)}</row>`);
    const sheet = Buffer.alloc(200 * 1024 * 1024);
    const head = sheet.write(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    const tail = '</sheetData></worksheet>';
    let end = head;
    while (end + row.length + tail.length <= sheet.length) end += row.copy(sheet, end);
    end += sheet.write(tail, end);
    parts['xl/worksheets/sheet1.xml'] = sheet.subarray(0, end);
    const bomb = Buffer.from(zipSync(parts, { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const response = await upload(t, admin.cookie, bomb, {
      simular: true,
      name: 'alunos.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect([response.statusCode, messageOf(response)]).toEqual([
      413,
      'A planilha XLSX descompactada passa de 32 MB: salve só a aba com os dados ou envie como CSV.',
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 60_000);

  it('refuses more rows than the limit', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = csvOf([family('X')])
      .toString()
      .split('\r\n')[1]!;
    const text = `${csvOf([]).toString()}\r\n${Array.from({ length: 5001 }, () => row).join('\r\n')}`;
    const response = await upload(t, admin.cookie, Buffer.from(text), { simular: true });
    expect(response.statusCode).toBe(413);
    expect(messageOf(response)).toBe('A planilha tem 5.001 linhas; importe no máximo 5.000 alunos por vez.');
  });
});

describe('GET /api/importacao/alunos/modelo', () => {
  it('offers a CSV and an XLSX template whose example rows import as they are', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertClass(t, null, 30, { nome: '1º Ano A', anoLetivo: '2026' });
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await t.app.inject({
        method: 'GET',
        url: `/api/importacao/alunos/modelo?format=${format}`,
        headers: { cookie: admin.cookie },
      });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-disposition']).toContain(`modelo-importacao-alunos.${format}`);
      const result = await imported(t, admin.cookie, template.rawPayload, {
        simular: true,
        name: `modelo.${format}`,
      });
      expect(result).toMatchObject({ criar: 2, recusar: [] });
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/importacao/alunos/modelo',
      headers: { cookie: admin.cookie },
    });
    const applied = await imported(t, admin.cookie, csv.rawPayload);
    expect(applied.criar).toBe(2);
    const rows = await t.database.db.select({ turmaId: students.turmaId }).from(students);
    expect(rows.every((row) => row.turmaId !== null)).toBe(true);
  });

  it("puts the example children (9 and 7 years old) in a Fundamental I class, never in the first name's Ensino Médio", async () => {
    const admin = await signedIn(t, 'administrador');
    // 'ª' sorts before 'º': by name alone, the school's 1ª série (Ensino Médio) came first.
    await insertClass(t, null, 30, {
      nome: '1ª Série Exemplo',
      nivel: 'Ensino Médio',
      serie: '1ª série',
      anoLetivo: '2026',
    });
    const fundamental = await insertClass(t, null, 30, { nome: '4º Ano Exemplo', anoLetivo: '2026' });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/importacao/alunos/modelo',
      headers: { cookie: admin.cookie },
    });
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const turma = header!.split(';').indexOf('Turma');
    const turmas = rows.map((row) => row.split(';')[turma]);
    expect(turmas).toHaveLength(2);
    for (const nome of turmas) expect(nome).not.toBe('1ª Série Exemplo');
    const [chosen] = await t.database.db
      .select({ nivel: classes.nivel })
      .from(classes)
      .where(and(eq(classes.nome, turmas[0]!), eq(classes.anoLetivo, '2026')));
    expect(chosen?.nivel).toBe(fundamental.nivel);
  });

  it("reads the payer's address in parts (a CEP that lost its leading zero too) and refuses half an address", async () => {
    const admin = await signedIn(t, 'administrador');
    const cpf = newCpf();
    const parts = {
      responsavel_cep: '1310100',
      responsavel_logradouro: 'Avenida Paulista',
      responsavel_numero: 's/n',
      responsavel_bairro: 'Bela Vista',
      responsavel_cidade: 'São Paulo',
      responsavel_uf: 'sp',
    };
    const result = await imported(
      t,
      admin.cookie,
      csvOf([
        family('Sofia Endereço', { responsavel_cpf: cpf, ...parts }),
        family('Tomás Meio Endereço', { responsavel_cep: '01310-100', responsavel_uf: 'SP' }),
      ]),
    );
    expect(result.criar).toBe(1);
    expect(result.recusar).toEqual([
      {
        linha: 3,
        motivo:
          'Rua do responsável: Informe a rua (logradouro); Número do responsável: Informe o número ou s/n; Bairro do responsável: Informe o bairro; Cidade do responsável: Informe a cidade',
      },
    ]);
    const [guardian] = await t.database.db.select().from(guardians).where(eq(guardians.cpf, cpf));
    expect(guardian).toMatchObject({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: 'S/N',
      complemento: null,
      uf: 'SP',
      endereco: 'Avenida Paulista, S/N - Bela Vista - São Paulo/SP - CEP 01310-100',
    });
  });

  it('is for who may register students: a teacher gets 403', async () => {
    const teacher = await signedIn(t, 'professor');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/importacao/alunos/modelo',
      headers: { cookie: teacher.cookie },
    });
    expect(response.statusCode).toBe(403);
    const post = await upload(t, teacher.cookie, csvOf([family('Y')]), { simular: true });
    expect(post.statusCode).toBe(403);
  });
});

describe("the demo school's spreadsheet (src/server/demo/importacao-exemplo.csv)", () => {
  it('creates seven students in the demo classes and refuses the three bad rows, then changes nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    for (const nome of ['1º Ano A', '5º Ano B', '6º Ano A', '9º Ano B'])
      await insertClass(t, null, 30, { nome, anoLetivo: '2026' });
    const file = readFileSync(new URL('../../demo/importacao-exemplo.csv', import.meta.url));
    expect(await imported(t, admin.cookie, file, { simular: true })).toMatchObject({ contas_criadas: 3 });
    const first = await imported(t, admin.cookie, file, { name: 'importacao-exemplo.csv' });
    expect(first).toMatchObject({ criar: 7, atualizar: 0, contas_criadas: 3 });
    expect(first.recusar).toEqual([
      { linha: 8, motivo: 'CPF do responsável: CPF inválido' },
      { linha: 9, motivo: 'Aluno repetido: é o mesmo da linha 2' },
      { linha: 11, motivo: 'Turma "Turma C" não encontrada' },
    ]);
    expect(await imported(t, admin.cookie, file)).toMatchObject({ criar: 0, atualizar: 0, sem_alteracao: 7 });
  });
});
