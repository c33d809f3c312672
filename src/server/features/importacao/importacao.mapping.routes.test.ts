import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ImportFileColumns, ImportProgress } from '../../../shared/importacao.kinds.js';
import { formatCpf } from '../../../shared/validators.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertGuardian, messageOf, newCpf } from '../../test/records-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { csvOf, imported, importedTo, sheetOf, uploadTo } from './importacao.test-setup.js';

const t = setupTestApp();
beforeAll(() => clock.pin('2026-03-20T12:00:00-03:00'));
afterAll(() => clock.unpin());

/** A school's own spreadsheet: other headers, other order, a column the import does not read. */
const OWN_HEADERS = [
  'Aluno(a)',
  'NASCIMENTO',
  'Mãe/Pai',
  'Grau',
  'Documento do responsável',
  'Fone',
  'Série',
];
function ownSheet(rows: string[][]): Buffer {
  return sheetOf(OWN_HEADERS, rows);
}
const OWN_MAPPING = {
  nome: 'Aluno(a)',
  data_nascimento: 'NASCIMENTO',
  responsavel_nome: 'Mãe/Pai',
  responsavel_parentesco: 'Grau',
  responsavel_cpf: 'Documento do responsável',
  responsavel_telefone: 'Fone',
};

describe('POST /api/importacao/alunos/colunas', () => {
  it("lists the file's columns and suggests fields by name, accents and case aside", async () => {
    const admin = await signedIn(t, 'administrador');
    const file = sheetOf(
      ['NOME DO ALUNO', 'data de nascimento', 'Nome do Responsavel', 'Coluna Estranha'],
      [['Ana', '01/02/2016', 'Bia']],
    );
    const response = await uploadTo(t, admin.cookie, 'alunos/colunas', file);
    expect(response.statusCode, response.body).toBe(200);
    const columns = dataOf<ImportFileColumns>(response);
    expect(columns.colunas).toEqual([
      'NOME DO ALUNO',
      'data de nascimento',
      'Nome do Responsavel',
      'Coluna Estranha',
    ]);
    expect(columns.sugestao).toEqual({
      nome: 'NOME DO ALUNO',
      data_nascimento: 'data de nascimento',
      responsavel_nome: 'Nome do Responsavel',
    });
    expect(columns.reconhecido).toBe(false);
    expect(columns.campos.find((campo) => campo.campo === 'responsavel_cpf')).toMatchObject({
      rotulo: 'CPF do responsável',
      obrigatorio: true,
    });
    const template = await uploadTo(t, admin.cookie, 'alunos/colunas', csvOf([]));
    expect(dataOf<ImportFileColumns>(template).reconhecido).toBe(true);
  });
});

describe('POST /api/importacao/alunos with a column mapping', () => {
  it('reads the columns the mapping names: a dry run, the apply, and the same file again changing nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    const file = ownSheet([
      ['Lia Mapeada', '02/03/2017', 'Rosa Mapeada', 'mãe', newCpf(), '11912345678', '2º ano'],
      ['Téo Mapeado', '04/05/2018', 'Rosa Mapeada', 'Avó', '123', '11912345678', '1º ano'],
    ]);
    const withoutMapping = await uploadTo(t, admin.cookie, 'alunos', file, { simular: true });
    expect(withoutMapping.statusCode).toBe(400);
    const dry = await importedTo(t, admin.cookie, 'alunos', file, { simular: true, mapeamento: OWN_MAPPING });
    expect(dry).toMatchObject({
      criar: 1,
      recusar: [{ linha: 3, motivo: 'CPF do responsável: CPF inválido' }],
    });
    expect(dry.linhas[0]!.aluno).toBe('Lia Mapeada');
    const applied = await importedTo(t, admin.cookie, 'alunos', file, { mapeamento: OWN_MAPPING });
    expect(applied).toMatchObject({ criar: 1, atualizar: 0 });
    const [student] = await t.database.db.select().from(students).where(eq(students.nome, 'Lia Mapeada'));
    expect(student!.dataNascimento).toBe('2017-03-02');
    const again = await importedTo(t, admin.cookie, 'alunos', file, { mapeamento: OWN_MAPPING });
    expect(again).toMatchObject({ criar: 0, atualizar: 0, sem_alteracao: 1 });
  });

  it('refuses, in Portuguese, a required field left unmapped, a column for two fields, an unknown column or field', async () => {
    const admin = await signedIn(t, 'administrador');
    const file = ownSheet([['Rui', '02/03/2017', 'Eva', 'Mãe', newCpf(), '11912345678', '']]);
    const cases: [Record<string, string> | string, string][] = [
      [
        { ...OWN_MAPPING, responsavel_cpf: '' },
        'Escolha a coluna da planilha para o campo obrigatório "CPF do responsável".',
      ],
      [
        { ...OWN_MAPPING, observacoes: 'Aluno(a)' },
        'A coluna "Aluno(a)" foi escolhida para 2 campos (Nome do aluno e Observações): cada coluna vai para um campo só.',
      ],
      [{ ...OWN_MAPPING, turma: 'Turma X' }, 'A coluna "Turma X" não está na primeira linha da planilha.'],
      [{ ...OWN_MAPPING, apelido: 'Série' }, 'Campo desconhecido no mapeamento: "apelido".'],
      ['{nome:', 'Mapeamento inválido: envie um JSON { campo: coluna }.'],
    ];
    for (const [mapeamento, message] of cases) {
      const response = await uploadTo(t, admin.cookie, 'alunos', file, { simular: true, mapeamento });
      expect([response.statusCode, messageOf(response)]).toEqual([400, message]);
    }
    expect(await t.database.db.select().from(students)).toEqual([]);
  });
});

describe('the second guardian (responsável 2)', () => {
  it('links both guardians, finds the second by CPF on a second upload, and a sibling shares them', async () => {
    const admin = await signedIn(t, 'administrador');
    const first = newCpf();
    const second = newCpf();
    const family = (nome: string) => ({
      nome,
      data_nascimento: '10/10/2016',
      responsavel_nome: 'Clara Dupla',
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: first,
      responsavel_telefone: '11912345678',
      responsavel2_nome: 'Davi Dupla',
      responsavel2_parentesco: 'Pai',
      responsavel2_cpf: formatCpf(second),
      responsavel2_telefone: '11987654321',
      responsavel2_email: 'davi.dupla@familia.test',
    });
    const file = csvOf([family('Ivo Dupla'), family('Isa Dupla')]);
    const result = await imported(t, admin.cookie, file);
    expect(result).toMatchObject({ criar: 2, recusar: [], contas_criadas: 1 });
    const links = await t.database.db
      .select({
        cpf: guardians.cpf,
        principal: studentGuardians.ehPrincipal,
        parentesco: studentGuardians.parentesco,
      })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId));
    expect(links).toHaveLength(4);
    expect(links.filter((link) => link.cpf === second)).toEqual([
      { cpf: second, principal: false, parentesco: 'pai' },
      { cpf: second, principal: false, parentesco: 'pai' },
    ]);
    expect(await t.database.db.select().from(guardians)).toHaveLength(2);
    expect(await imported(t, admin.cookie, file)).toMatchObject({ criar: 0, atualizar: 0, sem_alteracao: 2 });
  });

  it('adds a second guardian to a student already imported, and refuses a bad one', async () => {
    const admin = await signedIn(t, 'administrador');
    const cpf = newCpf();
    const kept = await insertGuardian(t);
    const base = {
      nome: 'Olga Depois',
      data_nascimento: '10/10/2016',
      responsavel_nome: 'Paula Depois',
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: cpf,
      responsavel_telefone: '11912345678',
    };
    await imported(t, admin.cookie, csvOf([base]));
    const second = {
      responsavel2_nome: 'Avô Sem CPF',
      responsavel2_parentesco: 'Avô',
      responsavel2_telefone: '11955554444',
    };
    const result = await imported(
      t,
      admin.cookie,
      csvOf([
        { ...base, ...second },
        {
          ...base,
          nome: 'Pia Mesmo CPF',
          responsavel2_nome: 'Igual',
          responsavel2_parentesco: 'Pai',
          responsavel2_cpf: cpf,
          responsavel2_telefone: '11955554444',
        },
        {
          ...base,
          nome: 'Quim Outro Nome',
          responsavel2_nome: 'Não É',
          responsavel2_parentesco: 'Pai',
          responsavel2_cpf: kept.cpf!,
          responsavel2_telefone: '11955554444',
        },
        { ...base, nome: 'Rita Parentesco', ...second, responsavel2_parentesco: 'Padrinho' },
        { ...base, nome: 'Saulo Sem Fone', responsavel2_nome: 'Sem Fone', responsavel2_parentesco: 'Tio' },
      ]),
    );
    expect(result).toMatchObject({ criar: 0, atualizar: 1 });
    expect(result.recusar).toEqual([
      { linha: 3, motivo: 'CPF do responsável 2: é o mesmo do responsável principal' },
      {
        linha: 4,
        motivo: `CPF do responsável 2 ${formatCpf(kept.cpf)} já cadastrado com outro nome (${kept.nome})`,
      },
      { linha: 5, motivo: 'Parentesco do responsável 2: use Mãe, Pai, Avó, Avô, Tia, Tio ou Outro' },
      { linha: 6, motivo: expect.stringMatching(/^Telefone do responsável 2: /) as string },
    ]);
    const [student] = await t.database.db.select().from(students).where(eq(students.nome, 'Olga Depois'));
    const theirs = await t.database.db
      .select({ nome: guardians.nome })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .where(eq(studentGuardians.alunoId, student!.id));
    expect(theirs.map((row) => row.nome).sort()).toEqual(['Avô Sem CPF', 'Paula Depois']);
    // Without a CPF the second guardian is found among the student's by name: nothing doubles.
    expect(await imported(t, admin.cookie, csvOf([{ ...base, ...second }]))).toMatchObject({
      sem_alteracao: 1,
    });
  });
});

describe('GET /api/importacao/progresso/:id', () => {
  it("counts the apply's rows for the account that started it, and no one else", async () => {
    const admin = await signedIn(t, 'administrador');
    const other = await signedIn(t, 'administrador');
    const progresso = randomUUID();
    const rows = ['Um', 'Dois', 'Três'].map((nome) => ({
      nome: `Aluno ${nome}`,
      data_nascimento: '01/01/2016',
      responsavel_nome: `Resp ${nome}`,
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: newCpf(),
      responsavel_telefone: '11912345678',
    }));
    await importedTo(t, admin.cookie, 'alunos', csvOf(rows), { progresso });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/importacao/progresso/${progresso}`,
      headers: { cookie: admin.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(dataOf<ImportProgress>(mine)).toEqual({ feitas: 3, total: 3 });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/importacao/progresso/${progresso}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/importacao/progresso/${randomUUID()}`,
      headers: { cookie: admin.cookie },
    });
    expect([unknown.statusCode, messageOf(unknown)]).toEqual([404, 'Importação não encontrada.']);
  });

  it('answers while the apply runs, with the rows written so far (the apply lets the server breathe)', async () => {
    const admin = await signedIn(t, 'administrador');
    const progresso = randomUUID();
    const rows = Array.from({ length: 40 }, (_, index) => ({
      nome: `Aluno Andamento ${String(index)}`,
      data_nascimento: '01/01/2016',
      responsavel_nome: `Resp Andamento ${String(index)}`,
      responsavel_parentesco: 'Pai',
      responsavel_cpf: newCpf(),
      responsavel_telefone: '11912345678',
    }));
    const state = { finished: false };
    const applying = importedTo(t, admin.cookie, 'alunos', csvOf(rows), { progresso }).finally(() => {
      state.finished = true;
    });
    const seen: number[] = [];
    while (!state.finished) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/importacao/progresso/${progresso}`,
        headers: { cookie: admin.cookie },
      });
      if (response.statusCode === 200) seen.push(dataOf<ImportProgress>(response).feitas);
    }
    expect((await applying).criar).toBe(40);
    expect(seen.some((feitas) => feitas > 0 && feitas < 40)).toBe(true);
  });
});
