import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { insertClass, insertGuardian, insertStudent, newCpf } from '../../test/records-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { csvOf, imported } from './importacao.test-setup.js';

const t = setupTestApp();
beforeAll(() => clock.pin('2026-03-20T12:00:00-03:00'));
afterAll(() => clock.unpin());

const tooYoung =
  '1º ano: idade de 6 anos em 31/03/2026; pela data de nascimento, 3 anos nessa data. Confira a data de nascimento e a turma.';

// ADR 0134: the student form warns when a birth date does not go with the class's série; the import
// places as many children as the form, and says the same in its preview — a warning, never a refusal.
describe('POST /api/importacao/alunos: a birth date that does not go with the class’s série', () => {
  it('is said in the preview beside the row, and the row is imported all the same', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertClass(t, null, 30, { nome: '1º Ano A', serie: '1º ano', anoLetivo: '2026' });
    const row = (nome: string, nascimento: string) => ({
      nome,
      data_nascimento: nascimento,
      turma: '1º Ano A',
      ano_letivo: '2026',
      responsavel_nome: `Mãe de ${nome}`,
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: newCpf(),
      responsavel_telefone: '(11) 91234-5678',
    });
    const file = csvOf([row('Lia Nascida em 2022', '10/05/2022'), row('Téo da Idade Certa', '15/02/2020')]);
    const preview = await imported(t, admin.cookie, file, { simular: true });
    expect(preview.linhas.map(({ aluno, acao, motivo }) => ({ aluno, acao, motivo }))).toEqual([
      { aluno: 'Lia Nascida em 2022', acao: 'criar', motivo: tooYoung },
      { aluno: 'Téo da Idade Certa', acao: 'criar', motivo: null },
    ]);
    expect(await imported(t, admin.cookie, file)).toMatchObject({ criar: 2, recusar: [] });
  });

  it('is said when a row moves a student into the class or changes the birth date, not for a phone changed', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 30, { nome: '1º Ano B', serie: '1º ano', anoLetivo: '2026' });
    const guardian = await insertGuardian(t);
    // insertStudent's children were born on 10/03/2015: 11 years old, far past the 1º ano's 6.
    const inClass = await insertStudent(t, turma.id, guardian.id);
    const retyped = await insertStudent(t, turma.id, guardian.id);
    const elsewhere = await insertStudent(t, null, guardian.id);
    const line = (student: typeof inClass, extra: Record<string, string>) => ({
      matricula: student.matricula,
      nome: student.nome,
      data_nascimento: '10/03/2015',
      turma: '1º Ano B',
      ano_letivo: '2026',
      responsavel_nome: guardian.nome,
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: guardian.cpf!,
      responsavel_telefone: '11912345678',
      ...extra,
    });
    const preview = await imported(
      t,
      admin.cookie,
      csvOf([
        line(inClass, { telefone: '(21) 99876-5432' }),
        line(retyped, { data_nascimento: '10/05/2022' }),
        line(elsewhere, {}),
      ]),
      { simular: true },
    );
    expect(preview.linhas.map(({ acao, motivo }) => ({ acao, motivo }))).toEqual([
      { acao: 'atualizar', motivo: null },
      { acao: 'atualizar', motivo: tooYoung },
      {
        acao: 'atualizar',
        motivo:
          '1º ano: idade de 6 anos em 31/03/2026; pela data de nascimento, 11 anos nessa data (distorção idade-série). Confira a data de nascimento e a turma.',
      },
    ]);
  });
});
