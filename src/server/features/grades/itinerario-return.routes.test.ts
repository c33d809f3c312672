/**
 * Ensino Médio, a student whose itinerário changes more than once (ADR 0115): one who goes back to an
 * itinerário left (A → B → A) has two spans in it, and one who clears the choice and makes it again later
 * has a gap — the Notas grid, the rolls, the boletim and the histórico count only the days it was theirs.
 *
 * `setupItinerarioChange`: the first student is in the Laboratório's itinerário until 01/04/2026 (a 9,5 in
 * its Prova 1 of 10/03, its lessons of 09/03 — absent — and 10/03), then in the Oficina's (absent on 01/04).
 * Here they also have the Oficina's lesson of 06/04 and go back to the Laboratório's on 08/04.
 */
import { describe, expect, it } from 'vitest';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { Roll } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, detailsOf } from '../../test/records-fixtures.js';
import {
  ITINERARIO_CN,
  ITINERARIO_LH,
  LAB,
  OFICINA,
  labAssessment,
  setupItinerarioChange,
} from '../../test/medio-fixtures.js';
import { issuedHistoricoYear, setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

type School = Awaited<ReturnType<typeof setupItinerarioChange>>;

const gridOf = async (s: School, disciplina: string, cookie: string) =>
  dataOf<GradesGrid>(
    await get(
      `/api/notas/turmas/${s.turma.id}?disciplina=${encodeURIComponent(disciplina)}&periodo_id=${s.year!.periodos[0]!.id}`,
      cookie,
    ),
  );

async function roll(s: School, cookie: string, data: string, disciplina: string, faltas: string[]) {
  const response = await send('PUT', `/api/frequencia/turmas/${s.turma.id}`, cookie, {
    data,
    disciplina,
    aula: 1,
    faltas: faltas.map((aluno_id) => ({ aluno_id })),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const rollOf = async (s: School, data: string, disciplina: string) =>
  dataOf<Roll>(
    await get(
      `/api/frequencia/turmas/${s.turma.id}?data=${data}&disciplina=${encodeURIComponent(disciplina)}&aula=1`,
      s.admin.cookie,
    ),
  ).alunos.map((item) => item.id);

async function choose(s: School, alunoId: string, itinerario: string | null) {
  const response = await send('PUT', `/api/turmas/${s.turma.id}/itinerarios`, s.admin.cookie, {
    escolhas: [{ aluno_id: alunoId, itinerario_id: itinerario === null ? null : s.itinerarioId(itinerario) }],
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The first student back in the Laboratório's itinerário on 08/04, with lessons of each on 06/04 and 08/04. */
async function setupReturn() {
  const s = await setupItinerarioChange(t);
  const aluno = s.a[0].id;
  clock.pin('2026-04-06');
  await roll(s, s.cn.cookie, '2026-04-06', LAB, []);
  await roll(s, s.lh.cookie, '2026-04-06', OFICINA, []);
  clock.pin('2026-04-08');
  await choose(s, aluno, ITINERARIO_CN);
  await roll(s, s.cn.cookie, '2026-04-08', LAB, [aluno]);
  await roll(s, s.lh.cookie, '2026-04-08', OFICINA, []);
  return s;
}

describe('Ensino Médio: a student back in an itinerário they left', () => {
  it('the Notas grid takes the assessments of both spans, not those of the other itinerário’s days', async () => {
    const s = await setupReturn();
    const aluno = s.a[0].id;
    const during = await labAssessment(t, s, 'Prova 2', '2026-04-06');
    const back = await labAssessment(t, s, 'Prova 3', '2026-04-15');
    const lab = (await gridOf(s, LAB, s.cn.cookie)).alunos.find((item) => item.id === aluno);
    // A current student of the Laboratório again, whose spans say which assessments are theirs.
    expect(lab).toMatchObject({
      itinerario_periodos: [
        { desde: null, ate: '2026-04-01' },
        { desde: '2026-04-08', ate: null },
      ],
    });
    expect(lab!.itinerario_trocado_em).toBeUndefined();
    const refused = await send('PUT', '/api/notas', s.cn.cookie, {
      notas: [{ avaliacao_id: during.id, aluno_id: aluno, valor: 7 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([
      {
        path: 'notas.0.aluno_id',
        message:
          'O aluno saiu deste itinerário em 01/04/2026 e voltou em 08/04/2026: esta avaliação é desse intervalo.',
      },
    ]);
    const graded = await send('PUT', '/api/notas', s.cn.cookie, {
      notas: [{ avaliacao_id: back.id, aluno_id: aluno, valor: 6 }],
    });
    expect(graded.statusCode, graded.body).toBe(200);
    // The Oficina's grid: the one week it was theirs, left on 08/04.
    const oficina = (await gridOf(s, OFICINA, s.lh.cookie)).alunos.find((item) => item.id === aluno);
    expect(oficina).toMatchObject({
      itinerario_trocado_em: '2026-04-08',
      itinerario_periodos: [{ desde: '2026-04-01', ate: '2026-04-08' }],
    });
  });

  it('the rolls and the boletim count each itinerário on its days; its hours are those had', async () => {
    const s = await setupReturn();
    const aluno = s.a[0].id;
    expect(await rollOf(s, '2026-04-06', LAB)).not.toContain(aluno);
    expect(await rollOf(s, '2026-04-08', LAB)).toContain(aluno);
    expect(await rollOf(s, '2026-04-06', OFICINA)).toContain(aluno);
    expect(await rollOf(s, '2026-04-08', OFICINA)).not.toContain(aluno);

    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${aluno}?ano=2026`, s.admin.cookie));
    expect(card.itinerario).toEqual({ nome: ITINERARIO_CN, tecnico: false });
    // The Laboratório: 09/03 (absent), 10/03 and 08/04 (absent) — 3 lessons of 60 minutes had, 3 h (the
    // year's grid says 200 h); its Prova 1 is theirs, and it is their current itinerário (a result).
    const lab = card.disciplinas.find((item) => item.disciplina === LAB);
    expect(lab).toMatchObject({
      itinerario: ITINERARIO_CN,
      faltas: 2,
      aulas_cursadas: 3,
      carga_horaria: 3,
      itinerario_iniciado: { em: '2026-04-08', carga_horaria: 3 },
    });
    expect(lab!.itinerario_trocado_em).toBeUndefined();
    expect(lab!.periodos[0]!.media).toBe(9.5);
    // The Oficina: 01/04 (absent) and 06/04, left on 08/04.
    expect(card.disciplinas.find((item) => item.disciplina === OFICINA)).toMatchObject({
      itinerario: ITINERARIO_LH,
      itinerario_trocado_em: '2026-04-08',
      aulas_cursadas: 2,
      carga_horaria: 2,
      faltas: 1,
      situacao: 'cursando',
    });
    expect(card.frequencia).toMatchObject({ aulas_dadas: 5, faltas: 3 });
  });

  it('the histórico’s year adds the hours had in each itinerário to the grid’s formação geral básica', async () => {
    const s = await setupReturn();
    const year = await issuedHistoricoYear(s.admin.cookie, s.a[0].id);
    expect(year.disciplinas.find((item) => item.disciplina === LAB)?.carga_horaria).toBe(3);
    expect(year.disciplinas.find((item) => item.disciplina === OFICINA)?.carga_horaria).toBe(2);
    // FGB 18 weekly lessons × 40 weeks (720 h) + 3 + 2 lessons had, of 60 minutes.
    expect(year).toMatchObject({
      carga_horaria_total: 725,
      aulas: { total: 725, minutos: 60 },
      horas_cursadas: true,
    });
  });
});

describe('Ensino Médio: a choice cleared and made again later', () => {
  it('leaves the days without an itinerário out of its lessons, also after leaving it', async () => {
    const s = await setupItinerarioChange(t);
    const aluno = s.a[1].id;
    // In the Oficina's itinerário since 02/03 (its lessons of 10/03 and 01/04); none from 02/04 to 08/04.
    clock.pin('2026-04-02');
    await choose(s, aluno, null);
    clock.pin('2026-04-06');
    await roll(s, s.lh.cookie, '2026-04-06', OFICINA, []);
    clock.pin('2026-04-08');
    await choose(s, aluno, ITINERARIO_LH);
    await roll(s, s.lh.cookie, '2026-04-08', OFICINA, []);
    const during = await send('POST', '/api/avaliacoes', s.lh.cookie, {
      turma_id: s.turma.id,
      disciplina: OFICINA,
      periodo_id: s.year!.periodos[0]!.id,
      nome: 'Redação',
      data: '2026-04-06',
      peso: 1,
    });
    expect(during.statusCode, during.body).toBe(201);

    expect(await rollOf(s, '2026-04-06', OFICINA)).not.toContain(aluno);
    const line = (await gridOf(s, OFICINA, s.lh.cookie)).alunos.find((item) => item.id === aluno);
    expect(line?.itinerario_periodos).toEqual([
      { desde: null, ate: '2026-04-02' },
      { desde: '2026-04-08', ate: null },
    ]);
    const card = async () =>
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${aluno}?ano=2026`, s.admin.cookie));
    expect((await card()).disciplinas.find((item) => item.disciplina === OFICINA)).toMatchObject({
      aulas_cursadas: 3,
      itinerario_iniciado: { em: '2026-04-08', carga_horaria: 3 },
    });

    // Left on 13/04: the stint that began on 08/04 keeps its start (the day it was chosen, kept with it).
    clock.pin('2026-04-13');
    await choose(s, aluno, ITINERARIO_CN);
    expect(await rollOf(s, '2026-04-06', OFICINA)).not.toContain(aluno);
    expect((await card()).disciplinas.find((item) => item.disciplina === OFICINA)).toMatchObject({
      itinerario_trocado_em: '2026-04-13',
      aulas_cursadas: 3,
    });
  });
});
