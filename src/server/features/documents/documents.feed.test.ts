/** The documents' source of the family's feed (issue 32 §1). */
import { describe, expect, it } from 'vitest';
import type { DocumentContent } from '../../../shared/documents.schemas.js';
import { schoolDocuments } from '../../db/schema/documents.js';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { feedScopeOf } from '../../test/family-feed-fixtures.js';
import { familyIn } from '../../test/school-fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { documentsFeed } from './documents.feed.js';

const t = setupTestApp();

let sequence = 0;
async function issued(alunoId: string, fields: Partial<typeof schoolDocuments.$inferInsert> = {}) {
  sequence++;
  const [row] = await t.database.db
    .insert(schoolDocuments)
    .values({
      codigo: `TEST-0000-0000-0000-${String(sequence).padStart(4, '0')}`,
      tipo: 'historico_escolar',
      alunoId,
      iniciais: 'A. B.',
      conteudo: {} as DocumentContent,
      origem: 'secretaria',
      emitidoEm: new Date('2026-05-02T14:00:00Z'),
      ...fields,
    })
    .returning();
  return row!;
}

describe('documentsFeed', () => {
  it("gives what the secretaria issued for the family's children, not what the family issued, a revoked one or another child's", async () => {
    const turma = await insertClass(t, null);
    const family = await familyIn(t, turma.id);
    const sibling = await insertStudent(t, turma.id, family.guardian.id);
    const other = await familyIn(t, turma.id);
    const historico = await issued(family.child.id);
    await issued(family.child.id, { origem: 'portal', tipo: 'declaracao_matricula' });
    await issued(family.child.id, { revogadoEm: new Date('2026-05-03T10:00:00Z') });
    await issued(other.child.id);
    await issued(sibling.id, { emitidoEm: new Date('2026-01-10T10:00:00Z') });

    const items = await documentsFeed(t.database.db, feedScopeOf(family, [family.child, sibling]));
    expect(items).toEqual([
      {
        id: `documento:${historico.id}`,
        tipo: 'documento',
        titulo: 'Histórico escolar disponível',
        resumo: `Documento emitido pela secretaria em 02/05/2026 para ${family.child.nome}: baixe o PDF.`,
        data: '2026-05-02T14:00:00.000Z',
        link: `/dashboard/familia/documentos?aluno=${family.child.id}`,
        aluno_id: family.child.id,
        pendente: false,
      },
    ]);
    // Only the child asked for.
    expect(await documentsFeed(t.database.db, feedScopeOf(family, [sibling]))).toEqual([]);
  });
});
