/** The pareceres' source of the family's feed (issue 32 §1): a parecer once published. */
import { describe, expect, it } from 'vitest';
import { pareceres } from '../../db/schema/pareceres.js';
import { insertClass } from '../../test/records-fixtures.js';
import { feedScopeOf } from '../../test/family-feed-fixtures.js';
import { createSchoolYear, familyIn } from '../../test/school-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { pareceresFeed } from './pareceres.feed.js';

const t = setupTestApp();

describe('pareceresFeed', () => {
  it("gives a child's published parecer, never a draft or a reviewed one, nor another child's", async () => {
    const admin = await signedIn(t, 'administrador');
    const year = await createSchoolYear(t, admin.cookie);
    const turma = await insertClass(t, null, 20, { nivel: 'Educação Infantil', serie: 'Pré II' });
    const family = await familyIn(t, turma.id);
    const other = await familyIn(t, turma.id);
    const [first, second, third] = year.periodos;
    const [published] = await t.database.db
      .insert(pareceres)
      .values([
        {
          alunoId: family.child.id,
          periodoId: first!.id,
          turmaId: turma.id,
          texto: 'Brinca com os colegas.',
          status: 'publicado',
          publicadoEm: new Date('2026-04-28T15:00:00Z'),
        },
        { alunoId: family.child.id, periodoId: second!.id, turmaId: turma.id, status: 'rascunho' },
        { alunoId: family.child.id, periodoId: third!.id, turmaId: turma.id, status: 'revisado' },
        {
          alunoId: other.child.id,
          periodoId: first!.id,
          turmaId: turma.id,
          status: 'publicado',
          publicadoEm: new Date('2026-04-28T15:00:00Z'),
        },
      ])
      .returning();
    const items = await pareceresFeed(t.database.db, feedScopeOf(family, [family.child], '2026-05-04'));
    expect(items).toEqual([
      {
        id: `parecer:${published!.id}`,
        tipo: 'parecer',
        titulo: 'Relatório de desenvolvimento do 1º bimestre',
        resumo: `O parecer descritivo de ${family.child.nome} foi publicado.`,
        data: '2026-04-28T15:00:00.000Z',
        link: `/dashboard/familia/boletim?aluno=${family.child.id}`,
        aluno_id: family.child.id,
        pendente: false,
      },
    ]);
  });
});
