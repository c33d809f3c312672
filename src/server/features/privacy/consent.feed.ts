/**
 * The consents' part of the family's feed (issue 32 §1): a child with a purpose the family has never
 * answered, or answered 'sim' on an earlier wording (the school changed the text), has a consent to
 * answer — something to do, one item per child naming the purposes. The Portal do Aluno's consent is
 * asked when the school creates the account, not here. The privacy notice and terms need no item: the
 * portal does not open until the guardian accepts them (PrivacyGate). The SMS purpose is not asked while
 * the school sends no SMS.
 */
import { inArray } from 'drizzle-orm';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { paths } from '../../../shared/routes.js';
import { schoolReadsOf, type FamilyFeedSource } from '../../lib/family-feed.js';
import { consentPurposes } from '../../db/schema/consent.js';
import { latestConsents, listPurposes } from './consent.service.js';

export const consentFeed: FamilyFeedSource = async (db, scope) => {
  const ids = scope.alunos.map((aluno) => aluno.id);
  if (ids.length === 0) return [];
  // The purposes and their dates are the school's, the same for every family (lib/school-cache.ts).
  const { purposes, dates } = await schoolReadsOf(scope).get('consent-purposes', async () => {
    const active = (await listPurposes(db, true)).filter((purpose) => purpose.chave !== 'portal_aluno');
    if (active.length === 0) return { purposes: active, dates: [] };
    const written = await db
      .select({ id: consentPurposes.id, em: consentPurposes.updatedAt })
      .from(consentPurposes)
      .where(
        inArray(
          consentPurposes.id,
          active.map((purpose) => purpose.id),
        ),
      );
    return { purposes: active, dates: written };
  });
  if (purposes.length === 0) return [];
  const latest = await latestConsents(db, ids);
  const items: FeedItem[] = [];
  for (const aluno of scope.alunos) {
    const open = purposes.filter((purpose) => {
      // A school that sends no SMS has nothing to ask about it (My data says 'A escola não envia SMS').
      if (purpose.chave === 'sms' && scope.sendsSms === false) return false;
      const answer = latest.find((row) => row.alunoId === aluno.id && row.finalidadeId === purpose.id);
      return !answer || (answer.concedido && answer.versao < purpose.versao);
    });
    if (open.length === 0) continue;
    const since = Math.max(
      ...open.map((purpose) => dates.find((row) => row.id === purpose.id)?.em.getTime() ?? 0),
    );
    items.push({
      id: `consentimento:${aluno.id}`,
      tipo: 'consentimento',
      titulo: `Autorizações de ${aluno.nome.split(' ')[0]!} para responder`,
      resumo: open.map((purpose) => purpose.titulo).join(' · '),
      data: new Date(since).toISOString(),
      link: paths.myData,
      aluno_id: aluno.id,
      pendente: true,
    });
  }
  return items;
};
