import { describe, expect, it } from 'vitest';
import type { MeusDados } from '../../../shared/data-rights.schemas.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { familyRecords } from '../../test/privacy-fixtures.js';
import { idempotencyKeys } from '../../db/schema/idempotencia.js';
import { guardians } from '../../db/schema/students.js';
import { referencesTo } from './data-rights.service.js';
import { TABLE_TITLES, columnLabel, formatValue } from './data-rights.labels.js';
import { TREATMENTS } from './processing-register.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const occurrences = (text: string, part: string) => text.split(part).length - 1;
const formattedCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** A mother with a child, a consent, an acceptance, a request, a paid tuition and a technical record. */
async function family() {
  const parent = await signedIn(t, 'responsavel');
  const guardian = await insertGuardian(t, parent.user.id);
  const child = await insertStudent(t, (await insertClass(t, null)).id, guardian.id);
  const { purposes } = await familyRecords(t, parent.cookie, { paying: child.id, consenting: child.id });
  await t.database.db.insert(idempotencyKeys).values({
    usuarioId: parent.user.id,
    chave: 'chave-de-teste',
    pedidoHash: 'a'.repeat(64),
    status: 201,
    expiraEm: new Date(Date.now() + 86_400_000),
  });
  return { parent, guardian, child, purpose: purposes[0]! };
}

describe("the printed copy of 'Meus dados'", () => {
  it("reads as a statement in Portuguese, by the register's categories, with no codes of the system", async () => {
    const { parent, guardian, child, purpose } = await family();
    const pdf = await get('/api/meus-dados?formato=pdf', parent.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);

    // What the document is, and where the complete copy is.
    expect(text).toContain('dados pessoais');
    expect(text).toContain('Baixar para outro sistema');
    // The sections are the register's categories, each with its purpose.
    const ofGuardians = TREATMENTS.find((entry) => entry.dados.some((dado) => dado.tabela === guardians))!;
    expect(text).toContain(ofGuardians.categoria);
    expect(text).toContain(ofGuardians.finalidade);
    expect(text).toContain(`Dados de ${child.nome}`);
    // The guardian's record once, its CPF as written on a document; labels and values in Portuguese.
    expect(occurrences(text, 'Cadastro de responsável')).toBe(1);
    expect(occurrences(text, formattedCpf(guardian.cpf!))).toBe(1);
    expect(text).not.toContain(guardian.cpf!);
    expect(text).toContain('Telefone: ');
    expect(text).toContain('(11) 91234-5678');
    expect(text).toContain('R$ 850,00');
    expect(text).toContain('09/03/2026');
    expect(text).toContain('Forma de pagamento: ');
    // The payment names its charge as every other text does, not by a code of the month.
    expect(text).toContain('mensalidade de março de 2026');
    // An id is printed as what it names: the consent's purpose, not its UUID.
    expect(text).toContain(purpose.titulo);
    expect(text).toContain('Consentimento dado: ');
    expect(text).toContain('Sim');
    // Technical records are counted, not listed.
    expect(text).toContain('1 registro técnico');
    expect(text).not.toContain('chave-de-teste');
    for (const internal of [
      'idempotency_keys',
      'guardians',
      'createdAt',
      'created_at',
      'finalidade_id',
      'usuario_id',
      'anonimizadoEm',
    ])
      expect(text, internal).not.toContain(internal);
    expect(text.match(UUID)).toBeNull();
  });

  it('names every table that refers to a guardian, an account or a student', async () => {
    for (const target of ['guardians', 'users', 'students'])
      for (const ref of await referencesTo(t.database.db, target))
        expect(TABLE_TITLES[ref.tbl], `${ref.tbl} needs a title in data-rights.labels.ts`).toBeDefined();
  });
});

describe('labels and values on paper', () => {
  const reading = {
    nomes: new Map([['6f1e0b6a-4a8e-4c39-9a55-0d6c5f1d2e3a', 'Uso de imagem']]),
    proprios: new Set<string>(),
  };

  it('reads a column it does not know as words', () => {
    expect(columnLabel('mensalidades', 'data_vencimento')).toBe('Data de vencimento');
    expect(columnLabel('push_assinaturas', 'ultimoEnvioEm')).toBe('Último envio em');
    expect(columnLabel('school_documents', 'revogado_por_nome')).toBe('Revogado por');
    expect(columnLabel('grades', 'valor')).toBe('Nota');
    expect(columnLabel('mensalidades', 'valor')).toBe('Valor');
  });

  it('writes dates, money, CPF, yes/no and JSON as a family reads them, and drops ids', () => {
    expect(formatValue('consents', 'registrado_em', '2026-05-18 15:00:00+00', reading)).toBe(
      '18/05/2026 12:00',
    );
    expect(formatValue('x', 'em', '2026-05-18T15:00:00.000Z', reading)).toBe('18/05/2026 12:00');
    expect(formatValue('students', 'data_nascimento', '2015-03-10', reading)).toBe('10/03/2015');
    expect(formatValue('mensalidades', 'mes_referencia', '2026-03', reading)).toBe('03/2026');
    expect(formatValue('mensalidades', 'valor', 85000, reading)).toBe('R$ 850,00');
    expect(formatValue('grades', 'valor', '7.5', reading)).toBe('7,5');
    expect(formatValue('guardians', 'cpf', '30000000035', reading)).toBe('300.000.000-35');
    expect(formatValue('consents', 'concedido', false, reading)).toBe('Não');
    expect(formatValue('student_guardians', 'parentesco', 'mae', reading)).toBe('Mãe');
    expect(formatValue('consents', 'finalidade_id', '6f1e0b6a-4a8e-4c39-9a55-0d6c5f1d2e3a', reading)).toBe(
      'Uso de imagem',
    );
    expect(formatValue('consents', 'aluno_id', '0b6a6f1e-4a8e-4c39-9a55-0d6c5f1d2e3a', reading)).toBeNull();
    expect(formatValue('x', 'complemento', null, reading)).toBeNull();
    expect(
      formatValue(
        'school_documents',
        'conteudo',
        { data: '2026-06-17', aluno: { nome: 'Ana', ano: 2026 } },
        reading,
      ),
    ).toBe('Data: 17/06/2026; Aluno: (Nome: Ana; Ano: 2026)');
  });
});

describe("the JSON copy of 'Meus dados'", () => {
  it("lists the guardian's own record once, with the stored column names", async () => {
    const { parent, guardian } = await family();
    const dados = dataOf<MeusDados>(await get('/api/meus-dados?formato=json', parent.cookie));
    expect(dados.responsavel.guardians).toHaveLength(1);
    expect(dados.responsavel.guardians![0]).toMatchObject({ id: guardian.id, usuario_id: parent.user.id });
    expect(dados.responsavel.guardians![0]).not.toHaveProperty('usuarioId');
    // Each row once in every table (a request names both the guardian and the account).
    for (const [table, rows] of Object.entries(dados.responsavel)) {
      const keys = rows.map((row) => JSON.stringify(row));
      expect(new Set(keys).size, table).toBe(keys.length);
    }
  });
});
