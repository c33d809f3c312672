/**
 * Configurações → Acadêmico → Regras por etapa: each stage's minimum attendance, Conselho Tutelar
 * line and passing average, followed by the figures, alerts, boletim and reports of the class's stage.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import type { AttendanceAlerts, StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { DashboardEscola } from '../../../shared/dashboard.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { ReportExport } from '../../../shared/reports.schemas.js';
import { pdfText } from '../../test/pdf-text.js';
import { clock } from '../../lib/clock.js';
import {
  dataOf,
  detailsOf,
  insertClass,
  insertRollsWithAbsences,
  insertStudent,
  messageOf,
} from '../../test/records-fixtures.js';
import { setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

const SETTINGS = '/api/configuracoes/academico';

/** The settings as a client of before the stages sends them (no `etapas`, no `updated_at`). */
function withoutStages(settings: AcademicSettings): Record<string, unknown> & { version: number } {
  const body: Record<string, unknown> & { version: number } = { ...settings };
  delete body.etapas;
  delete body.updated_at;
  return body;
}

/** The settings as a PUT takes them, with `etapas` laid over. */
async function putStages(cookie: string, etapas: Record<string, unknown>) {
  const { version, ...values } = withoutStages(dataOf<AcademicSettings>(await get(SETTINGS, cookie)));
  return send('PUT', SETTINGS, cookie, { ...values, etapas, version });
}

const figuresOf = async (alunoId: string, cookie: string) => {
  const attendance = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${alunoId}`, cookie));
  return {
    minima: attendance.frequencia_minima,
    abaixo: attendance.geral.abaixo_minimo,
    conselho: attendance.geral.acima_limite_conselho,
  };
};

describe('rules per stage', () => {
  it("start at the law's: 60 % and 12 % in the pré-escola, none in the creche, 75 % and 7,5 % elsewhere", async () => {
    const s = await setupSchool(t);
    const settings = dataOf<AcademicSettings>(await get(SETTINGS, s.admin.cookie));
    expect(settings.etapas).toEqual({
      creche: {
        avaliacao: 'parecer',
        frequencia_minima: null,
        limite_conselho: null,
        media_aprovacao: null,
        recuperacao: null,
        recuperacao_final: null,
        media_recuperacao_final: null,
        ciclo_sem_reprovacao_ate: null,
      },
      pre_escola: {
        avaliacao: 'parecer',
        frequencia_minima: 60,
        limite_conselho: 12,
        media_aprovacao: null,
        recuperacao: null,
        recuperacao_final: null,
        media_recuperacao_final: null,
        ciclo_sem_reprovacao_ate: null,
      },
      ...Object.fromEntries(
        ['fundamental_1', 'fundamental_2', 'medio'].map((etapa) => [
          etapa,
          {
            avaliacao: 'notas',
            frequencia_minima: 75,
            limite_conselho: 7.5,
            media_aprovacao: null,
            recuperacao: null,
            recuperacao_final: null,
            media_recuperacao_final: null,
            ciclo_sem_reprovacao_ate: null,
          },
        ]),
      ),
    });
  });

  it('a stricter minimum for Fundamental II changes its student’s alert and situação, not Fundamental I’s', async () => {
    const s = await setupSchool(t);
    const sixth = await insertClass(t, s.teacher.teacher.id, 25, {
      nivel: 'Fundamental II',
      serie: '7º ano',
    });
    const older = await insertStudent(t, sixth.id);
    const younger = await insertStudent(t, s.turma.id);
    // 2 absences in every 10 days of 100: 80 %, above the law's 75 %; 20 absences are past the
    // Conselho Tutelar line (more than 7,5 % of the year's planned school days, ADR 0117).
    await insertRollsWithAbsences(t, sixth.id, older.id, 2, 10);
    await insertRollsWithAbsences(t, s.turma.id, younger.id, 2, 10);
    const card = async (id: string) =>
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${id}?ano=2026`, s.admin.cookie));
    expect(await figuresOf(older.id, s.admin.cookie)).toEqual({ minima: 75, abaixo: false, conselho: true });
    expect((await card(older.id)).situacao).not.toBe('abaixo_frequencia');

    const saved = await putStages(s.admin.cookie, {
      fundamental_2: { frequencia_minima: 85, media_aprovacao: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AcademicSettings>(saved).etapas.fundamental_2).toMatchObject({
      frequencia_minima: 85,
      media_aprovacao: 7,
    });
    expect(await figuresOf(older.id, s.admin.cookie)).toEqual({ minima: 85, abaixo: true, conselho: true });
    const olderCard = await card(older.id);
    // The year is still running: below the minimum, not yet failed (ADR 0077).
    expect([olderCard.situacao, olderCard.media_aprovacao]).toEqual(['abaixo_frequencia', 7]);
    const alerts = dataOf<AttendanceAlerts>(
      await get(`/api/frequencia/alertas?ano=2026&turma_id=${sixth.id}`, s.admin.cookie),
    );
    expect([alerts.frequencia_minima, alerts.abaixo_minimo.map((item) => item.aluno.id)]).toEqual([
      85,
      [older.id],
    ]);
    // Fundamental I keeps the law's 75 % and the school's 6.
    expect(await figuresOf(younger.id, s.admin.cookie)).toEqual({
      minima: 75,
      abaixo: false,
      conselho: true,
    });
    const youngerCard = await card(younger.id);
    expect([youngerCard.situacao, youngerCard.media_aprovacao]).toEqual(['cursando', 6]);
    // The school's home colours each class against its stage's minimum.
    const home = dataOf<DashboardEscola>(await get('/api/dashboard/stats', s.admin.cookie));
    expect(
      home.performance_turmas.map((row) => [row.turma, row.frequencia, row.frequencia_minima]).sort(),
    ).toEqual(
      [
        [sixth.nome, 80, 85],
        [s.turma.nome, 80, undefined],
      ].sort(),
    );
    const all = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.admin.cookie));
    expect(all.abaixo_minimo.map((item) => [item.aluno.id, item.frequencia_minima])).toEqual([
      [older.id, 85],
    ]);
  });

  it('hold the pré-escola to 60 % (or the school’s stricter line) and give the creche no alert at all', async () => {
    const s = await setupSchool(t, { stage: { nivel: 'Educação Infantil', serie: 'Pré I' } });
    const creche = await insertClass(t, s.teacher.teacher.id, 25, {
      nivel: 'Educação Infantil',
      serie: 'Berçário',
    });
    const pre = await insertStudent(t, s.turma.id);
    const baby = await insertStudent(t, creche.id);
    // 30 % and 60 % absent, over 100 days: 30 absences pass the pré-escola's line (more than 12 % of the
    // year's planned school days, ADR 0117).
    await insertRollsWithAbsences(t, s.turma.id, pre.id, 3, 10);
    await insertRollsWithAbsences(t, creche.id, baby.id, 6, 10);
    expect(await figuresOf(pre.id, s.admin.cookie)).toEqual({ minima: 60, abaixo: false, conselho: true });
    expect(await figuresOf(baby.id, s.admin.cookie)).toEqual({
      minima: null,
      abaixo: false,
      conselho: false,
    });
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.admin.cookie));
    expect(alerts.conselho_tutelar.map((item) => item.aluno.id)).toEqual([pre.id]);
    expect(alerts.abaixo_minimo).toEqual([]);
    const letter = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: baby.id });
    expect([letter.statusCode, messageOf(letter)]).toEqual([
      409,
      'A etapa do aluno não tem limite de faltas para notificar o Conselho Tutelar (a lei não fixa frequência mínima na creche).',
    ]);
    // The school asks more of the pré-escola: 75 %.
    expect((await putStages(s.admin.cookie, { pre_escola: { frequencia_minima: 75 } })).statusCode).toBe(200);
    expect(await figuresOf(pre.id, s.admin.cookie)).toEqual({ minima: 75, abaixo: true, conselho: true });
    const after = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.admin.cookie));
    expect(after.abaixo_minimo.map((item) => item.aluno.id)).toEqual([pre.id]);
  });

  it('refuse anything looser than the law, in Portuguese, on the field; a PUT without etapas keeps them', async () => {
    const s = await setupSchool(t);
    const refusals = [
      [{ fundamental_2: { frequencia_minima: 70 } }, 'etapas.fundamental_2.frequencia_minima'],
      [{ pre_escola: { frequencia_minima: 50 } }, 'etapas.pre_escola.frequencia_minima'],
      [{ medio: { frequencia_minima: null } }, 'etapas.medio.frequencia_minima'],
      [{ fundamental_1: { limite_conselho: 10 } }, 'etapas.fundamental_1.limite_conselho'],
      [{ creche: { avaliacao: 'notas' } }, 'etapas.creche.avaliacao'],
      [{ pre_escola: { media_aprovacao: 6 } }, 'etapas.pre_escola.media_aprovacao'],
      [{ medio: { media_aprovacao: 11 } }, 'etapas.medio.media_aprovacao'],
    ] as const;
    const answers = [];
    for (const [etapas, path] of refusals) {
      const response = await putStages(s.admin.cookie, etapas);
      answers.push([response.statusCode, detailsOf(response).map((item) => item.path)]);
      expect(detailsOf(response).find((item) => item.path === path)?.message).toMatch(/[ãáéíóúç]|não/);
    }
    expect(answers).toEqual(refusals.map(([, path]) => [400, [path]]));
    const looser = await putStages(s.admin.cookie, { fundamental_2: { frequencia_minima: 70 } });
    expect(messageOf(looser)).toContain(
      'A frequência mínima do Fundamental II não pode ser menor que 75 % (LDB art. 24, VI).',
    );
    const pre = await putStages(s.admin.cookie, { pre_escola: { frequencia_minima: 50 } });
    expect(detailsOf(pre)[0]!.message).toBe(
      'A frequência mínima da pré-escola não pode ser menor que 60 % (LDB art. 31, IV).',
    );
    // Saved, then a client that knows nothing of the stages saves the rest: the stages stay.
    expect((await putStages(s.admin.cookie, { medio: { frequencia_minima: 80 } })).statusCode).toBe(200);
    const { version, ...values } = withoutStages(
      dataOf<AcademicSettings>(await get(SETTINGS, s.admin.cookie)),
    );
    const old = await send('PUT', SETTINGS, s.admin.cookie, { ...values, media_aprovacao: 5, version });
    expect(old.statusCode, old.body).toBe(200);
    expect(dataOf<AcademicSettings>(old).etapas.medio.frequencia_minima).toBe(80);
    // The version guards the stages as it guards the rest.
    const stale = await send('PUT', SETTINGS, s.admin.cookie, {
      ...values,
      etapas: { medio: { frequencia_minima: 90 } },
      version,
    });
    expect(stale.statusCode).toBe(412);
  });

  it('leave Educação Infantil out of the batch boletins (its children have the Relatório de desenvolvimento)', async () => {
    const s = await setupSchool(t);
    const infantil = await insertClass(t, s.teacher.teacher.id, 25, {
      nome: 'Pré II A',
      nivel: 'Educação Infantil',
      serie: 'Pré II',
    });
    const little = await insertStudent(t, infantil.id);
    const pupil = await insertStudent(t, s.turma.id);
    const started = await send('POST', '/api/relatorios/boletins-escola/exportacoes', s.admin.cookie, {
      formato: 'pdf',
      ano: 2026,
    });
    expect(started.statusCode, started.body).toBe(201);
    const url = `/api/relatorios/boletins-escola/exportacoes/${dataOf<ReportExport>(started).id}`;
    let done = dataOf<ReportExport>(await get(url, s.admin.cookie));
    for (let attempt = 0; attempt < 200 && done.status !== 'pronto' && done.status !== 'falhou'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = dataOf<ReportExport>(await get(url, s.admin.cookie));
    }
    // One class walked (the Fundamental one): the Infantil class is not in the file.
    expect(done).toMatchObject({ status: 'pronto', feitos: 1, total: 1 });
    const text = pdfText((await get(done.url!, s.admin.cookie)).rawPayload);
    expect(text).toContain(pupil.nome);
    expect(text).not.toContain(little.nome);
    const one = await get(`/api/relatorios/boletins-turma?turma_id=${infantil.id}`, s.admin.cookie);
    expect([one.statusCode, messageOf(one)]).toEqual([
      409,
      'Turmas de Educação Infantil não têm boletim: use o Relatório de desenvolvimento de cada criança (Pareceres).',
    ]);
  });
});
