/**
 * The family's home feed (issue 32 §1): GET /api/familia/feed — who gets it, the order (what needs
 * doing first — by kind, then oldest first; then the rest newest first), one child or all, and the pages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { feedSchema, type Feed, type FeedItem } from '../../../shared/familia.schemas.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { clock } from '../../lib/clock.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { familyIn, guardianWithAccount } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { FEED_PAGE_SIZE, getFamilyFeed } from './familia.service.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
afterEach(() => clock.unpin());

/** A mother of two children in two classes, an administrator, and another family in the first class. */
async function twoChildren() {
  const admin = await signedIn(t, 'administrador');
  const classA = await insertClass(t, null);
  const classB = await insertClass(t, null);
  const mother = await guardianWithAccount(t);
  const older = await insertStudent(t, classA.id, mother.guardian.id);
  const younger = await insertStudent(t, classB.id, mother.guardian.id);
  const other = await familyIn(t, classA.id);
  return { admin, classA, classB, mother, older, younger, other };
}

async function publish(cookie: string, turmaId: string, titulo: string, exigeCiente: boolean, at: string) {
  clock.pin(new Date(at));
  const response = await send('POST', '/api/comunicados', cookie, {
    titulo,
    corpo: `Texto de ${titulo}.`,
    publico: { tipo: 'turmas', turmas: [turmaId] },
    exige_ciente: exigeCiente,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ id: string }>(response).id;
}

async function feedOf(cookie: string, query = ''): Promise<Feed> {
  const response = await get(`/api/familia/feed${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return feedSchema.parse(dataOf(response));
}

const notices = (feed: Feed) =>
  feed.itens.filter((item) => item.tipo === 'comunicado').map((item) => [item.titulo, item.pendente]);

describe('GET /api/familia/feed', () => {
  it('puts the notices awaiting ciente first, oldest first, then the rest newest first', async () => {
    const s = await twoChildren();
    await publish(s.admin.cookie, s.classA.id, 'Autorização do passeio', true, '2026-05-04T09:00:00-03:00');
    await publish(s.admin.cookie, s.classA.id, 'Cardápio de maio', false, '2026-05-05T09:00:00-03:00');
    await publish(s.admin.cookie, s.classB.id, 'Reunião de pais', true, '2026-05-06T09:00:00-03:00');
    await publish(s.admin.cookie, s.classB.id, 'Festa junina', false, '2026-05-07T09:00:00-03:00');
    clock.pin(new Date('2026-05-08T10:00:00-03:00'));
    const feed = await feedOf(s.mother.cookie);
    expect(notices(feed)).toEqual([
      ['Autorização do passeio', true],
      ['Reunião de pais', true],
      ['Festa junina', false],
      ['Cardápio de maio', false],
    ]);
    // Every pending item (the consents to answer too) comes before every other one.
    const firstNews = feed.itens.findIndex((item) => !item.pendente);
    expect(feed.itens.slice(firstNews).every((item) => !item.pendente)).toBe(true);
    const passeio = feed.itens.find((item) => item.titulo === 'Autorização do passeio')!;
    expect(passeio).toMatchObject({
      aluno_id: s.older.id,
      link: expect.stringMatching(/^\/dashboard\/comunicados\?id=/),
    });
    expect(feed.proximo).toBeNull();

    // Once acknowledged, the notice is news among the others, by its date.
    const id = passeio.id.replace('comunicado:', '');
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.mother.cookie)).statusCode).toBe(200);
    expect(notices(await feedOf(s.mother.cookie))).toEqual([
      ['Reunião de pais', true],
      ['Festa junina', false],
      ['Cardápio de maio', false],
      ['Autorização do passeio', false],
    ]);
  });

  it("orders an absence by its day in São Paulo against notices' moments: 'Falta em 30/10' above one of the 29th at 22:00", async () => {
    const s = await twoChildren();
    // A notice of 29/10 at 22:00 in São Paulo (30/10 01:00 UTC), and an absence on 30/10.
    await publish(s.admin.cookie, s.classA.id, 'Feira de Ciências', false, '2026-10-29T22:00:00-03:00');
    await publish(s.admin.cookie, s.classA.id, 'Reunião de pais', false, '2026-10-30T10:00:00-03:00');
    const [roll] = await t.database.db
      .insert(attendanceRolls)
      .values({ turmaId: s.classA.id, data: '2026-10-30' })
      .returning();
    await t.database.db.insert(attendanceAbsences).values({ chamadaId: roll!.id, alunoId: s.older.id });
    // Five weeks later: past the 30 days to justify it, the absence is news like the notices.
    clock.pin(new Date('2026-12-04T10:00:00-03:00'));
    const feed = await feedOf(s.mother.cookie);
    const news = feed.itens
      .filter((item) => !item.pendente && (item.tipo === 'falta' || item.tipo === 'comunicado'))
      .map((item) => item.titulo);
    expect(news).toEqual(['Reunião de pais', 'Falta em 30/10', 'Feira de Ciências']);
  });

  it('shows one child with aluno_id, and answers 404 for another family’s child or an unknown id', async () => {
    const s = await twoChildren();
    await publish(s.admin.cookie, s.classA.id, 'Prova de ciências', false, '2026-05-04T09:00:00-03:00');
    await publish(s.admin.cookie, s.classB.id, 'Aula de música', false, '2026-05-05T09:00:00-03:00');
    clock.pin(new Date('2026-05-06T10:00:00-03:00'));
    expect(notices(await feedOf(s.mother.cookie, `?aluno_id=${s.older.id}`))).toEqual([
      ['Prova de ciências', false],
    ]);
    const younger = await feedOf(s.mother.cookie, `?aluno_id=${s.younger.id}`);
    expect(notices(younger)).toEqual([['Aula de música', false]]);
    expect(younger.itens.every((item) => item.aluno_id === null || item.aluno_id === s.younger.id)).toBe(
      true,
    );
    // The other family of the first class sees its notice, never the second class's.
    expect(notices(await feedOf(s.other.cookie))).toEqual([['Prova de ciências', false]]);

    for (const alunoId of [s.other.child.id, '5d0c8f0e-0000-4000-8000-000000000000']) {
      const refused = await get(`/api/familia/feed?aluno_id=${alunoId}`, s.mother.cookie);
      expect(refused.statusCode).toBe(404);
      expect(messageOf(refused)).toBe('Aluno não encontrado.');
    }
    const bad = await get('/api/familia/feed?aluno_id=nao-e-id', s.mother.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('pages with an opaque cursor: every item once, in order, proximo null at the end', async () => {
    const s = await twoChildren();
    for (let day = 1; day <= FEED_PAGE_SIZE + 3; day++) {
      const dd = String(day).padStart(2, '0');
      await publish(
        s.admin.cookie,
        s.classA.id,
        `Aviso ${dd}`,
        day % 5 === 0,
        `2026-05-${dd}T09:00:00-03:00`,
      );
    }
    clock.pin(new Date('2026-05-25T10:00:00-03:00'));
    const first = await feedOf(s.mother.cookie);
    expect(first.itens).toHaveLength(FEED_PAGE_SIZE);
    expect(first.proximo).not.toBeNull();
    // A notice arriving between two pages goes to the top of the next reload, and moves nothing after.
    await publish(s.admin.cookie, s.classA.id, 'Aviso novo', false, '2026-05-25T11:00:00-03:00');
    const pages: FeedItem[][] = [first.itens];
    let cursor = first.proximo;
    while (cursor) {
      const page = await feedOf(s.mother.cookie, `?cursor=${encodeURIComponent(cursor)}`);
      pages.push(page.itens);
      cursor = page.proximo;
    }
    const titles = pages
      .flat()
      .filter((item) => item.tipo === 'comunicado')
      .map((item) => item.titulo);
    expect(titles).toEqual([
      'Aviso 05',
      'Aviso 10',
      'Aviso 15',
      'Aviso 20',
      ...[
        '23',
        '22',
        '21',
        '19',
        '18',
        '17',
        '16',
        '14',
        '13',
        '12',
        '11',
        '09',
        '08',
        '07',
        '06',
        '04',
        '03',
        '02',
        '01',
      ].map((dd) => `Aviso ${dd}`),
    ]);
    expect(new Set(pages.flat().map((item) => item.id)).size).toBe(pages.flat().length);

    const broken = await get('/api/familia/feed?cursor=nao-e-cursor', s.mother.cookie);
    expect(broken.statusCode).toBe(400);
  });

  it('gives a staff account holding the permission an empty feed, and refuses a teacher', async () => {
    const s = await twoChildren();
    await publish(s.admin.cookie, s.classA.id, 'Prova de ciências', false, '2026-05-04T09:00:00-03:00');
    expect(await feedOf(s.admin.cookie)).toEqual({ itens: [], proximo: null });
    expect((await get(`/api/familia/feed?aluno_id=${s.older.id}`, s.admin.cookie)).statusCode).toBe(404);
    const teacher = await signedIn(t, 'professor');
    expect((await get('/api/familia/feed', teacher.cookie)).statusCode).toBe(403);
    expect((await get('/api/familia/feed')).statusCode).toBe(401);
  });

  it('merges what every source gives, drops a child outside the scope, and keeps pages stable', async () => {
    const s = await twoChildren();
    clock.pin(new Date('2026-05-25T10:00:00-03:00'));
    const at = (day: number) => `2026-05-${String(day).padStart(2, '0')}T12:00:00.000Z`;
    const item = (id: string, day: number, pendente: boolean, alunoId: string | null): FeedItem => ({
      id,
      tipo: 'evento',
      titulo: id,
      resumo: null,
      data: at(day),
      link: '/dashboard',
      aluno_id: alunoId,
      pendente,
    });
    // What the family must do comes first by kind (a notice awaiting ciente before an older absence).
    const falta = { ...item('falta:x:2026-05-01', 1, true, s.older.id), tipo: 'falta' as const };
    const ciente = { ...item('comunicado:y', 9, true, s.older.id), tipo: 'comunicado' as const };
    const ranked = await getFamilyFeed(
      t.database.db,
      { id: s.mother.user.id, nivel: 'responsavel' as const },
      {},
      { sources: [async () => [falta, item('e', 2, true, null), ciente]] },
    );
    expect(ranked.itens.map((entry) => entry.id)).toEqual(['comunicado:y', 'falta:x:2026-05-01', 'e']);
    const one: FamilyFeedSource = async () => [
      item('a', 3, false, s.older.id),
      item('b', 3, false, s.younger.id),
      item('c', 9, true, null),
      item('intruso', 20, true, s.other.child.id),
    ];
    const two: FamilyFeedSource = async () => [
      item('d', 1, true, s.older.id),
      item('a', 3, false, s.older.id),
    ];
    const viewer = { id: s.mother.user.id, nivel: 'responsavel' as const };
    const feed = await getFamilyFeed(t.database.db, viewer, {}, { sources: [one, two] });
    expect(feed.itens.map((entry) => entry.id)).toEqual(['d', 'c', 'a', 'b']);
    const younger = await getFamilyFeed(
      t.database.db,
      viewer,
      { aluno_id: s.younger.id },
      {
        sources: [
          async (_db, scope) => {
            expect(scope.alunos.map((aluno) => aluno.id)).toEqual([s.younger.id]);
            expect(scope.today).toBe('2026-05-25');
            expect(scope.until > scope.today).toBe(true);
            return [item('b', 3, false, s.younger.id)];
          },
        ],
      },
    );
    expect(younger.itens.map((entry) => entry.id)).toEqual(['b']);
  });
});
