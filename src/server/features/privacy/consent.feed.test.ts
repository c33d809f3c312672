/** The consents' source of the family's feed (issue 32 §1). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConsentPurpose } from '../../../shared/consent.schemas.js';
import { consentPurposes } from '../../db/schema/consent.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { feedScopeOf } from '../../test/family-feed-fixtures.js';
import { familyIn } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { consentFeed } from './consent.feed.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

describe('consentFeed', () => {
  it('asks, per child, for the purposes never answered or answered on an older wording', async () => {
    const turma = await insertClass(t, null);
    const family = await familyIn(t, turma.id);
    const sibling = await insertStudent(t, turma.id, family.guardian.id);
    const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', family.cookie));
    const asked = purposes.filter((purpose) => purpose.chave !== 'portal_aluno');
    const scope = feedScopeOf(family, [family.child, sibling]);

    const before = await consentFeed(t.database.db, scope);
    expect(before.map((item) => [item.id, item.aluno_id, item.pendente, item.link])).toEqual([
      [`consentimento:${family.child.id}`, family.child.id, true, '/dashboard/meus-dados'],
      [`consentimento:${sibling.id}`, sibling.id, true, '/dashboard/meus-dados'],
    ]);
    expect(before[0]!.resumo).toBe(asked.map((purpose) => purpose.titulo).join(' · '));
    expect(before[0]!.resumo).not.toContain('Portal do Aluno');

    // The first child answered everything (a 'não' is an answer too): nothing left for it.
    for (const [index, purpose] of asked.entries()) {
      const answer = await send('POST', `/api/alunos/${family.child.id}/consentimentos`, family.cookie, {
        finalidade_id: purpose.id,
        concedido: index !== 1,
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
    expect((await consentFeed(t.database.db, scope)).map((item) => item.aluno_id)).toEqual([sibling.id]);

    // The school rewrites a purpose the family said 'sim' to: asked again, only that one.
    const reworded = asked[0]!;
    await t.database.db
      .update(consentPurposes)
      .set({ versao: reworded.versao + 1 })
      .where(eq(consentPurposes.id, reworded.id));
    const again = await consentFeed(t.database.db, feedScopeOf(family, [family.child]));
    expect(again.map((item) => item.resumo)).toEqual([reworded.titulo]);
  });

  it('does not ask for the SMS consent while the school sends no SMS (the feed, through its route)', async () => {
    const turma = await insertClass(t, null);
    const family = await familyIn(t, turma.id);
    const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', family.cookie));
    const sms = purposes.find((purpose) => purpose.chave === 'sms')!;
    // Asked by the source when nobody says whether SMS goes out (as before)…
    const unknown = await consentFeed(t.database.db, feedScopeOf(family, [family.child]));
    expect(unknown[0]!.resumo).toContain(sms.titulo);
    // …and left out when the school sends none: this test app has no SMS_URL.
    const feed = dataOf<{ itens: { id: string; resumo: string }[] }>(
      await get('/api/familia/feed', family.cookie),
    );
    const item = feed.itens.find((one) => one.id === `consentimento:${family.child.id}`)!;
    expect(item.resumo).not.toContain(sms.titulo);
    expect(item.resumo).toContain(purposes.find((purpose) => purpose.chave === 'imagem')!.titulo);
  });
});
