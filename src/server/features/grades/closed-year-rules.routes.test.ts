/** A closed year keeps the academic rules it was closed with (and migration 0021 for years closed before). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import type { Assessment } from '../../../shared/assessments.schemas.js';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { RematriculaProposal } from '../../../shared/year-end.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  academicSettingsValuesSchema,
  defaultAcademicSettings,
} from '../../../shared/academic-settings.schemas.js';
import { migrationsFolder } from '../../lib/paths.js';
import { clock } from '../../lib/clock.js';
import { settings as settingsTable } from '../../db/schema/settings.js';
import { yearClosures } from '../../db/schema/grades.js';
import {
  closeYear,
  gradedFifthGrade,
  gridUrl,
  settingsBody,
  setupSchool,
  setupGradesTestApp,
} from './grades.test-setup.js';
import { createSchoolYear, YEAR_2027 } from '../../test/school-fixtures.js';

const { t, send, get } = setupGradesTestApp();

describe('a closed year keeps the rules it was closed with', () => {
  it('changing Configurações → Acadêmico afterwards reaches only the open years: the closed year’s boletim (screen and PDF), class PDF, grid, histórico and rematrícula stay as closed', async () => {
    const s = await gradedFifthGrade();
    // a2: Matemática 4,0 with recuperação 7,0 (replaces it: 7,0); Português 6,0 — aprovado with 6,0.
    // On 20/12 every period is closed but the year is not: a histórico states no final result yet.
    clock.pin('2026-12-20');
    const early = await send('POST', '/api/documentos', s.admin.cookie, {
      aluno_id: s.a[1].id,
      tipo: 'historico_escolar',
    });
    expect(early.statusCode, early.body).toBe(201);
    const earlyPdf = pdfText(
      (await get(`/api/documentos/${dataOf<{ id: string }>(early).id}/pdf`, s.admin.cookie)).rawPayload,
    ).replace(/\s+/g, ' ');
    expect(earlyPdf).toContain('Resultado final: Cursando');
    expect(earlyPdf).toMatch(/Matemática — (\d+ )?Cursando/);
    expect(earlyPdf).not.toContain('7,0');
    await closeYear(s.year.id, s.admin.cookie);
    const cardUrl = `/api/boletins/alunos/${s.a[1].id}?ano=2026`;
    const before = dataOf<ReportCard>(await get(cardUrl, s.admin.cookie));
    expect(before).toMatchObject({ media_aprovacao: 6, situacao: 'aprovado', ano_encerrado: true });
    expect(before.disciplinas.map((item) => [item.disciplina, item.media_anual, item.situacao])).toEqual([
      ['Matemática', 7, 'aprovado'],
      ['Português', 6, 'aprovado'],
    ]);
    const destinationOf = async (alunoId: string) =>
      dataOf<RematriculaProposal>(
        await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
      ).alunos.find((item) => item.aluno_id === alunoId)?.destino;
    expect(await destinationOf(s.a[1].id)).toBe('proxima_serie');

    // For the next year the school averages the recuperação with the grade and passes at 6,5: under
    // these rules a2 would fail both subjects.
    const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const changed = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(current),
      recuperacao: 'media',
      media_aprovacao: 6.5,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(dataOf<ReportCard>(await get(cardUrl, s.admin.cookie))).toEqual(before);
    const pdf = pdfText(
      (await get(`/api/boletins/alunos/${s.a[1].id}.pdf?ano=2026`, s.admin.cookie)).rawPayload,
    );
    expect(pdf).toContain('Média para aprovação: 6,0');
    expect(pdf).toContain('Situação final: Aprovado');
    expect(pdf).not.toContain('Reprovado');
    const classPdf = pdfText(
      (await get(`/api/boletins/turmas/${s.classA.id}.pdf`, s.admin.cookie)).rawPayload,
    );
    expect(classPdf).not.toContain('6,5');
    expect(classPdf.match(/Situação final: Aprovado/g)).toHaveLength(2);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    expect(grid.alunos.find((aluno) => aluno.id === s.a[1].id)!.media_texto).toBe('7,0');
    expect(await destinationOf(s.a[1].id)).toBe('proxima_serie');
    const historico = await send('POST', '/api/documentos', s.admin.cookie, {
      aluno_id: s.a[1].id,
      tipo: 'historico_escolar',
    });
    expect(historico.statusCode, historico.body).toBe(201);
    const historicoPdf = pdfText(
      (await get(`/api/documentos/${dataOf<{ id: string }>(historico).id}/pdf`, s.admin.cookie)).rawPayload,
    ).replace(/\s+/g, ' ');
    expect(historicoPdf).toMatch(/Matemática 7,0 (\d+ )?Aprovado/);
    expect(historicoPdf).toContain('Resultado final: Aprovado');
    // The closing recorded the rules it kept.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'encerrar_ano_letivo'));
    expect(audit!.details).toMatchObject({
      regras: { recuperacao: 'substitui_se_maior', media_aprovacao: 6 },
    });

    // A year not closed follows the settings of the day: 2027, with the same grades, averages 5,5.
    const p2027 = (await createSchoolYear(t, s.admin.cookie, YEAR_2027)).periodos[0]!;
    const classB = await insertClass(t, null);
    await t.database.db.update(classes).set({ anoLetivo: '2027' }).where(eq(classes.id, classB.id));
    await send('PUT', `/api/turmas/${classB.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'por_aula',
      disciplinas: [{ disciplina: 'Matemática', professor_id: s.mathTeacher.id, aulas_semanais: 5 }],
    });
    const b = await insertStudent(t, classB.id, undefined, '2027-02-01');
    const columns: Assessment[] = [];
    for (const extra of [
      { nome: 'Prova 1', tipo: 'regular' },
      { nome: 'Recuperação', tipo: 'recuperacao' },
    ]) {
      const created = await send('POST', '/api/avaliacoes', s.math.cookie, {
        turma_id: classB.id,
        disciplina: 'Matemática',
        periodo_id: p2027.id,
        data: p2027.inicio,
        peso: 1,
        ...extra,
      });
      expect(created.statusCode, created.body).toBe(201);
      columns.push(dataOf<Assessment>(created));
    }
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: columns[0]!.id, aluno_id: b.id, valor: 4 },
        { avaliacao_id: columns[1]!.id, aluno_id: b.id, valor: 7 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const open = dataOf<ReportCard>(await get(`/api/boletins/alunos/${b.id}?ano=2027`, s.admin.cookie));
    expect(open.media_aprovacao).toBe(6.5);
    expect(open.disciplinas[0]!.periodos[0]).toMatchObject({ media: 5.5, media_texto: '5,5' });

    // The scale still cannot change once grades were given (those of the closed year count too).
    const rescale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(dataOf<AcademicSettings>(changed)),
      escala: '0-100',
      media_aprovacao: 60,
    });
    expect(rescale.statusCode).toBe(409);
  });
});

describe('migration 0021: years closed before the rules were kept', () => {
  it('get the settings in force (the defaults filling any key the stored document lacks)', async () => {
    const s = await setupSchool();
    const partial: Record<string, unknown> = { ...defaultAcademicSettings, media_aprovacao: 5 };
    delete partial.frequencia_minima;
    await t.database.db.insert(settingsTable).values({ key: 'academico', value: partial });
    await t.database.db.insert(yearClosures).values({ anoLetivoId: s.year.id });
    const migration = readFileSync(path.join(migrationsFolder, '0021_year_rules.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').slice(1))
      await t.database.db.execute(sql.raw(statement));
    const [row] = await t.database.db.select().from(yearClosures);
    expect(academicSettingsValuesSchema.parse(row!.regras)).toEqual({
      ...defaultAcademicSettings,
      media_aprovacao: 5,
    });
  });
});
