/** Pareceres descritivos of Educação Infantil: write, review, publish, the family's view and the PDF. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Parecer } from '../../../shared/pareceres.schemas.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { auditLog } from '../../db/schema/audit.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  createSchoolYear,
  familyIn,
  setupSchool,
  teacherWithAccount,
  YEAR_2027,
} from '../../test/school-fixtures.js';
import { PRE_II, setupInfantilTest } from './pareceres.test-setup.js';

const { t, send, get } = setupInfantilTest();

/** A Pré II class of 2026 with its teacher, two families with a child in it and a third child. */
async function infantilSchool() {
  const school = await setupSchool(t, { stage: PRE_II });
  const family = await familyIn(t, school.turma.id);
  const other = await familyIn(t, school.turma.id);
  return { ...school, family, other, periodo: school.year!.periodos[0]!.id };
}

const url = (alunoId: string, periodoId: string, step = '') =>
  `/api/pareceres/${alunoId}/${periodoId}${step ? `/${step}` : ''}`;

const BODY = {
  texto: 'Maria chegou à turma tímida e hoje participa das rodas de conversa.',
  campos: {
    'O eu, o outro e o nós': 'Brinca com os colegas e divide os brinquedos.',
    EF: 'Reconta histórias com começo, meio e fim.',
  },
};

describe('pareceres descritivos', () => {
  it('the teacher writes, the coordination reviews and publishes, and only then the family reads it and its PDF', async () => {
    const s = await infantilSchool();
    const child = s.family.child;
    const saved = await send('PUT', url(child.id, s.periodo), s.teacher.cookie, BODY);
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = dataOf<Parecer>(saved);
    expect(draft.status).toBe('rascunho');
    // Campos named by their name or BNCC code are stored by code.
    expect(draft.campos).toEqual({ EO: BODY.campos['O eu, o outro e o nós'], EF: BODY.campos.EF });
    expect(draft.autor?.id).toBe(s.teacher.user.id);
    expect(draft.periodo.nome).toBe('1º bimestre');

    // The school sees the draft; the family sees nothing yet, neither in the list nor as PDF.
    const forSchool = dataOf<Parecer[]>(
      await get(`/api/pareceres?turma_id=${s.turma.id}&periodo_id=${s.periodo}`, s.admin.cookie),
    );
    expect(forSchool.map((item) => [item.aluno_id, item.status])).toEqual([[child.id, 'rascunho']]);
    expect(dataOf<Parecer[]>(await get(`/api/pareceres?aluno_id=${child.id}`, s.family.cookie))).toEqual([]);
    const hidden = await get(
      `/api/alunos/${child.id}/relatorio-desenvolvimento.pdf?periodo_id=${s.periodo}`,
      s.family.cookie,
    );
    expect(hidden.statusCode).toBe(404);

    // Only the coordination (pareceres.review) reviews and publishes.
    expect((await send('POST', url(child.id, s.periodo, 'revisar'), s.teacher.cookie, {})).statusCode).toBe(
      403,
    );
    const early = await send('POST', url(child.id, s.periodo, 'publicar'), s.admin.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('Revise o parecer antes de publicá-lo.');
    const reviewed = await send('POST', url(child.id, s.periodo, 'revisar'), s.admin.cookie, {});
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(dataOf<Parecer>(reviewed)).toMatchObject({ status: 'revisado', revisor: { id: s.admin.user.id } });
    expect(dataOf<Parecer[]>(await get(`/api/pareceres?aluno_id=${child.id}`, s.family.cookie))).toEqual([]);

    // Published while the period is still open (20/03, the 1st bimestre closes on 24/04).
    const published = await send('POST', url(child.id, s.periodo, 'publicar'), s.admin.cookie, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(dataOf<Parecer>(published).status).toBe('publicado');
    expect(messageOf(published)).toBe('Parecer publicado para a família.');
    const forFamily = dataOf<Parecer[]>(
      await get(`/api/pareceres?turma_id=${s.turma.id}&periodo_id=${s.periodo}`, s.family.cookie),
    );
    expect(forFamily.map((item) => [item.aluno_id, item.texto])).toEqual([[child.id, BODY.texto]]);
    const bell = await t.database.db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.usuarioId, s.family.user.id));
    expect(bell.map((item) => item.link)).toEqual([`/dashboard/alunos?aluno=${child.id}`]);

    const pdf = await get(
      `/api/alunos/${child.id}/relatorio-desenvolvimento.pdf?periodo_id=${s.periodo}`,
      s.family.cookie,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('RELATÓRIO DE DESENVOLVIMENTO — 2026');
    expect(text).toContain(child.nome);
    expect(text).toContain('O eu, o outro e o nós');
    expect(text).toContain('Escuta, fala, pensamento e imaginação');
    expect(text).toContain('divide os brinquedos.');
    expect(text).not.toContain('Corpo, gestos e movimentos');

    // Another family reaches neither the list nor the PDF of this child.
    expect(dataOf<Parecer[]>(await get(`/api/pareceres?aluno_id=${child.id}`, s.other.cookie))).toEqual([]);
    const stranger = await get(`/api/alunos/${child.id}/relatorio-desenvolvimento.pdf`, s.other.cookie);
    expect(stranger.statusCode).toBe(404);

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'parecer'));
    expect(actions.map((row) => row.action)).toEqual(['criar', 'revisar_parecer', 'publicar_parecer']);
  });

  it('published for a child whose family does not use the portal, says to hand it over printed', async () => {
    const s = await infantilSchool();
    const child = await insertStudent(t, s.turma.id);
    expect((await send('PUT', url(child.id, s.periodo), s.teacher.cookie, BODY)).statusCode).toBe(200);
    await send('POST', url(child.id, s.periodo, 'revisar'), s.admin.cookie, {});
    const published = await send('POST', url(child.id, s.periodo, 'publicar'), s.admin.cookie, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(messageOf(published)).toBe(
      `Parecer publicado, mas nenhum responsável de ${child.nome} usa o portal: entregue o parecer impresso.`,
    );
  });

  it('a change to a published parecer takes it back to rascunho (the family stops seeing it); a stale version is 412', async () => {
    const s = await infantilSchool();
    const child = s.family.child;
    const first = dataOf<Parecer>(await send('PUT', url(child.id, s.periodo), s.teacher.cookie, BODY));
    await send('POST', url(child.id, s.periodo, 'revisar'), s.admin.cookie, {});
    const published = dataOf<Parecer>(
      await send('POST', url(child.id, s.periodo, 'publicar'), s.admin.cookie, {}),
    );
    // The same text again changes nothing.
    const same = dataOf<Parecer>(
      await send('PUT', url(child.id, s.periodo), s.teacher.cookie, { ...BODY, version: published.version }),
    );
    expect([same.status, same.version]).toEqual(['publicado', published.version]);
    const stale = await send('PUT', url(child.id, s.periodo), s.teacher.cookie, {
      texto: 'Outro texto',
      version: first.version,
    });
    expect(stale.statusCode).toBe(412);
    const edited = await send('PUT', url(child.id, s.periodo), s.teacher.cookie, {
      texto: 'Texto corrigido.',
      version: published.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<Parecer>(edited)).toMatchObject({
      status: 'rascunho',
      revisor: null,
      publicado_em: null,
      // campos not sent are kept.
      campos: { EO: BODY.campos['O eu, o outro e o nós'], EF: BODY.campos.EF },
    });
    expect(dataOf<Parecer[]>(await get(`/api/pareceres?aluno_id=${child.id}`, s.family.cookie))).toEqual([]);
  });

  it('refuses a teacher of another class, a class with grades, a period of another year and an unknown campo', async () => {
    const s = await infantilSchool();
    const child = s.family.child;
    const stranger = await teacherWithAccount(t);
    await insertClass(t, stranger.teacher.id, 25, PRE_II);
    expect((await send('PUT', url(child.id, s.periodo), stranger.cookie, BODY)).statusCode).toBe(404);
    expect((await get(`/api/pareceres?turma_id=${s.turma.id}`, stranger.cookie)).json()).toMatchObject({
      data: [],
    });
    // The family cannot write.
    expect((await send('PUT', url(child.id, s.periodo), s.family.cookie, BODY)).statusCode).toBe(403);

    const fundamental = await insertClass(t, s.teacher.teacher.id);
    const pupil = await insertStudent(t, fundamental.id);
    const refused = await send('PUT', url(pupil.id, s.periodo), s.teacher.cookie, BODY);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toMatch(/^Pareceres descritivos são da Educação Infantil/);

    const unknown = await send('PUT', url(child.id, s.periodo), s.teacher.cookie, {
      texto: 'x',
      campos: { Matemática: 'Conta até 10' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Campo de experiência desconhecido');
    expect((await send('PUT', url(child.id, s.periodo), s.teacher.cookie, {})).statusCode).toBe(400);

    const other = await createSchoolYear(t, s.admin.cookie, { ...YEAR_2027, tipo_periodo: 'semestre' });
    const nextYear = other.periodos[0]!.id;
    const wrongYear = await send('PUT', url(child.id, nextYear), s.teacher.cookie, BODY);
    expect(wrongYear.statusCode).toBe(400);
    expect(messageOf(wrongYear)).toBe('O período não é do ano letivo da turma (2026).');
  });

  it('an empty parecer cannot be reviewed; the coordination lists what waits for review', async () => {
    const s = await infantilSchool();
    await send('PUT', url(s.family.child.id, s.periodo), s.teacher.cookie, { texto: '  ' });
    const empty = await send('POST', url(s.family.child.id, s.periodo, 'revisar'), s.admin.cookie, {});
    expect(empty.statusCode).toBe(409);
    expect(messageOf(empty)).toBe('O parecer está vazio: não há o que revisar.');
    const sent = await send('PUT', url(s.other.child.id, s.periodo), s.teacher.cookie, {
      ...BODY,
      enviar: true,
    });
    expect(dataOf<Parecer>(sent).enviado_em).not.toBeNull();
    const pending = dataOf<Parecer[]>(await get('/api/pareceres?status=rascunho', s.admin.cookie));
    expect(new Map(pending.map((item) => [item.aluno_id, item.enviado_em !== null]))).toEqual(
      new Map([
        [s.family.child.id, false],
        [s.other.child.id, true],
      ]),
    );
  });

  it('declares each route with its permission (the permission matrix walks them: family and teacher refused review)', () => {
    const declared = t.app.routeAccess
      .filter((route) => route.url.includes('pareceres') || route.url.includes('relatorio-desenvolvimento'))
      .map((route) => `${route.method} ${route.url} ${String(route.access)}`)
      .sort();
    expect(declared).toEqual([
      'DELETE /api/pareceres/:aluno_id/:periodo_id/fotos/:foto_id academics.write',
      'GET /api/alunos/:id/relatorio-desenvolvimento.pdf academics.read',
      'GET /api/pareceres academics.read',
      'GET /api/pareceres/:aluno_id/:periodo_id/fotos/:foto_id academics.read',
      'POST /api/pareceres/:aluno_id/:periodo_id/fotos academics.write',
      'POST /api/pareceres/:aluno_id/:periodo_id/publicar pareceres.review',
      'POST /api/pareceres/:aluno_id/:periodo_id/revisar pareceres.review',
      'PUT /api/pareceres/:aluno_id/:periodo_id academics.write',
    ]);
  });

  it('keeps the periods that have pareceres: a year cut from 4 bimestres to 3 trimestres is refused (409) and unchanged', async () => {
    const s = await infantilSchool();
    const year = s.year!;
    const fourth = year.periodos[3]!.id;
    const saved = await send('PUT', url(s.family.child.id, fourth), s.teacher.cookie, BODY);
    expect(saved.statusCode, saved.body).toBe(200);

    const { ano, inicio, fim } = year;
    const cut = await send('PUT', `/api/anos-letivos/${year.id}`, s.admin.cookie, {
      ano,
      inicio,
      fim,
      tipo_periodo: 'trimestre',
    });
    expect(cut.statusCode, cut.body).toBe(409);
    expect(messageOf(cut)).toBe(
      'Há pareceres descritivos nos períodos que seriam removidos: mantenha o número de períodos.',
    );
    const unchanged = dataOf<{ tipo_periodo: string; periodos: { id: string }[] }>(
      await get(`/api/anos-letivos/${year.id}`, s.admin.cookie),
    );
    expect([unchanged.tipo_periodo, unchanged.periodos.map((period) => period.id)]).toEqual([
      'bimestre',
      year.periodos.map((period) => period.id),
    ]);
  });
});
