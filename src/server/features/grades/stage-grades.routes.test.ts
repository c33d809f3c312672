/**
 * The stage's passing average and recuperação (Configurações → Acadêmico → Regras por etapa) decide a
 * class's period averages and situações; a closed year keeps the stage rules it was closed with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import {
  closeYear,
  gradedFifthGrade,
  gridUrl,
  settingsBody,
  setupGradesTestApp,
} from './grades.test-setup.js';

const { send, get } = setupGradesTestApp();
afterEach(() => clock.unpin());

type School = Awaited<ReturnType<typeof gradedFifthGrade>>;

/** Fundamental I (class A, the 5º ano) passes at 6,5 and averages the recuperação with the grade. */
async function stricterFundamentalI(s: School) {
  const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
  const saved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
    ...settingsBody(current),
    etapas: { fundamental_1: { media_aprovacao: '6,5', recuperacao: 'media' } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return dataOf<AcademicSettings>(saved);
}

const subjectsOf = (card: ReportCard) =>
  card.disciplinas.map((item) => [item.disciplina, item.media_anual, item.situacao]);

describe("the stage's grades rules", () => {
  it('an open year follows the stage’s média and recuperação: grid, boletim and its situação', async () => {
    const s = await gradedFifthGrade();
    // a2: Matemática 4,0 with recuperação 7,0 (the school's rule: it replaces, 7,0); Português 6,0.
    const cardUrl = `/api/boletins/alunos/${s.a[1].id}?ano=2026`;
    const before = dataOf<ReportCard>(await get(cardUrl, s.admin.cookie));
    expect(before.media_aprovacao).toBe(6);
    expect(subjectsOf(before)).toEqual([
      ['Matemática', 7, 'cursando'],
      ['Português', 6, 'cursando'],
    ]);
    const settings = await stricterFundamentalI(s);
    // The school's own values stay; only the stage has its own.
    expect([settings.media_aprovacao, settings.recuperacao]).toEqual([6, 'substitui_se_maior']);
    const after = dataOf<ReportCard>(await get(cardUrl, s.admin.cookie));
    expect(after.media_aprovacao).toBe(6.5);
    expect(subjectsOf(after)).toEqual([
      ['Matemática', 5.5, 'em_recuperacao'],
      ['Português', 6, 'em_recuperacao'],
    ]);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.alunos.find((row) => row.id === s.a[1].id)?.media).toBe(5.5);
  });

  it('a closed year keeps the stage rules it was closed with', async () => {
    const s = await gradedFifthGrade();
    await closeYear(s.year.id, s.admin.cookie);
    const cardUrl = `/api/boletins/alunos/${s.a[1].id}?ano=2026`;
    const before = dataOf<ReportCard>(await get(cardUrl, s.admin.cookie));
    expect([before.media_aprovacao, before.situacao]).toEqual([6, 'aprovado']);
    await stricterFundamentalI(s);
    expect(dataOf<ReportCard>(await get(cardUrl, s.admin.cookie))).toEqual(before);
  });
});
