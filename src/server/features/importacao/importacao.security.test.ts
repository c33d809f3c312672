/**
 * Attacker's review (2026-12-07): the import's `mapeamento` multipart field follows the rule every JSON
 * field does (no NUL, no escape codes), raw in the field or escaped inside its JSON. It was read past the
 * check the JSON bodies go through: the column-name messages echoed the control character back, and a
 * mapping naming a header with an escape code imported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../shared/validators.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { newCpf } from '../../test/records-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { sheetOf, uploadTo } from './importacao.test-setup.js';

const t = setupTestApp();
beforeAll(() => clock.pin('2026-03-20T12:00:00-03:00'));
afterAll(() => clock.unpin());

const ESCAPED = 'Aluno(a)\u001b[31m';
const HEADERS = [ESCAPED, 'NASCIMENTO', 'Mãe/Pai', 'Grau', 'Documento do responsável', 'Fone'];
const MAPPING = {
  nome: ESCAPED,
  data_nascimento: 'NASCIMENTO',
  responsavel_nome: 'Mãe/Pai',
  responsavel_parentesco: 'Grau',
  responsavel_cpf: 'Documento do responsável',
  responsavel_telefone: 'Fone',
};

describe('the import’s mapeamento field', () => {
  it.each([
    ['an escape code inside the JSON', JSON.stringify(MAPPING), 'mapeamento.nome'],
    ['a NUL inside the JSON', JSON.stringify({ ...MAPPING, nome: 'Aluno(a)\u0000' }), 'mapeamento.nome'],
    [
      'a NUL in a field name',
      JSON.stringify({ ...MAPPING, nome: 'Aluno(a)', '\u0000x': 'Grau' }),
      expect.stringMatching(/^mapeamento\.\W?x$/) as unknown,
    ],
    [
      'a raw NUL in the field',
      JSON.stringify(MAPPING).replace('NASCIMENTO', 'NASC\u0000IMENTO'),
      'mapeamento',
    ],
  ])('with %s is a 400 on the field, and nothing is imported', async (_label, mapeamento, path) => {
    const admin = await signedIn(t, 'administrador');
    const file = sheetOf(HEADERS, [
      ['Lia Escape', '02/03/2017', 'Rosa Escape', 'mãe', newCpf(), '11912345678'],
    ]);
    for (const simular of [true, false]) {
      const response = await uploadTo(t, admin.cookie, 'alunos', file, { simular, mapeamento });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: CONTROL_CHARACTERS_MESSAGE,
        details: [{ path, message: CONTROL_CHARACTERS_MESSAGE }],
      });
    }
    expect(await t.database.db.select().from(students)).toEqual([]);
  });
});
