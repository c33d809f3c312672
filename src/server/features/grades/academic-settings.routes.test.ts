/** Configurações → Acadêmico: the settings and the period weights of the annual average. */
import { describe, expect, it } from 'vitest';
import {
  defaultAcademicSettings,
  REPROVACAO_POR_FALTA_OBRIGATORIA,
  type AcademicSettings,
} from '../../../shared/academic-settings.schemas.js';
import { settings } from '../../db/schema/settings.js';
import { dataOf, detailsOf, messageOf } from '../../test/records-fixtures.js';
import { createAssessment, settingsBody, setupSchool, setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

describe('academic settings', () => {
  it('has the defaults, is saved with a version by an administrator only, and checks the scale', async () => {
    const s = await setupSchool();
    const initial = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.math.cookie));
    expect(initial).toMatchObject({
      escala: '0-10',
      media_aprovacao: 6,
      recuperacao: 'substitui_se_maior',
      version: 0,
    });
    const body = {
      ...initial,
      version: undefined,
      updated_at: undefined,
      recuperacao: 'media',
      media_aprovacao: '5,5',
    };
    delete body.version;
    delete body.updated_at;
    expect((await send('PUT', '/api/configuracoes/academico', s.math.cookie, body)).statusCode).toBe(403);
    const saved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...body, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AcademicSettings>(saved)).toMatchObject({
      recuperacao: 'media',
      media_aprovacao: 5.5,
      version: 1,
    });
    const stale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...body, version: 0 });
    expect(stale.statusCode).toBe(412);
    const outOfScale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      media_aprovacao: 11,
    });
    expect(outOfScale.statusCode).toBe(400);
    expect(detailsOf(outOfScale).map((item) => item.path)).toContain('media_aprovacao');
    // Once a grade is entered, the scale no longer changes.
    const column = await createAssessment(s, s.math.cookie);
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 7 }],
    });
    const rescale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      escala: '0-100',
      media_aprovacao: 60,
    });
    expect(rescale.statusCode).toBe(409);
  });
});

describe('failing by absence (LDB art. 24, VI)', () => {
  it('cannot be switched off: false is refused on its field, and a document saved off before reads as on', async () => {
    const s = await setupSchool();
    const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    expect(current.frequencia_minima).toBe(true);
    const off = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(current),
      frequencia_minima: false,
    });
    expect(off.statusCode).toBe(400);
    expect(detailsOf(off)).toEqual([
      { path: 'frequencia_minima', message: REPROVACAO_POR_FALTA_OBRIGATORIA },
    ]);
    // A school that switched it off before this rule: its open years follow the law again.
    await t.database.db
      .insert(settings)
      .values({ key: 'academico', value: { ...defaultAcademicSettings, frequencia_minima: false } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...defaultAcademicSettings, frequencia_minima: false } },
      });
    const read = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    expect(read.frequencia_minima).toBe(true);
    const resaved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, settingsBody(read));
    expect(resaved.statusCode, resaved.body).toBe(200);
  });
});

describe('period weights of the annual average', () => {
  it('need one weight for each period of the year: 2 weights for 4 bimestres are refused on that field', async () => {
    const s = await setupSchool();
    const initial = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const body = { ...settingsBody(initial), media_anual: 'pesos' };
    const short = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      pesos_periodos: [2, 3],
    });
    expect(short.statusCode).toBe(400);
    const message = 'Informe um peso para cada um dos 4 bimestres de 2026: foram informados 2.';
    expect(messageOf(short)).toBe(message);
    expect(detailsOf(short)).toEqual([{ path: 'pesos_periodos', message }]);
    const saved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      pesos_periodos: [2, 2, 3, 3],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AcademicSettings>(saved).pesos_periodos).toEqual([2, 2, 3, 3]);
    // A next year in trimestres, open at the same time: one list of weights cannot serve both. The
    // calendar refuses it while the weights are in force (calendar.routes.test.ts); created under the
    // average of the periods, the weights are then refused here.
    const nextYear = {
      ano: 2027,
      inicio: '2027-02-01',
      fim: '2027-12-10',
      tipo_periodo: 'trimestre',
    };
    expect((await send('POST', '/api/anos-letivos', s.admin.cookie, nextYear)).statusCode).toBe(409);
    const plain = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(initial),
      version: 1,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await send('POST', '/api/anos-letivos', s.admin.cookie, nextYear)).statusCode).toBe(201);
    const mixed = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      pesos_periodos: [2, 2, 3, 3],
      version: 2,
    });
    expect(mixed.statusCode).toBe(400);
    expect(detailsOf(mixed)[0]).toEqual({
      path: 'pesos_periodos',
      message: expect.stringContaining('2026: 4 bimestres; 2027: 3 trimestres'),
    });
  });
});
