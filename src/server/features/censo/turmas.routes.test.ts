import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CensoTurma } from '../../../shared/censo.schemas.js';
import { CENSO_TURMA_MANHA } from '../../../shared/censo.testing.js';
import type { CensoDisciplina, CensoTurmasResponse } from '../../../shared/censo-turmas.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

const body = (overrides: Record<string, unknown> = {}) => ({
  inep_id: '12345678',
  ...CENSO_TURMA_MANHA,
  ...overrides,
});

describe('GET|PUT /api/censo/turmas/:id', () => {
  it('only census managers reach a class census data; a teacher and a guardian get 403', async () => {
    const turma = await insertClass(t, null);
    for (const nivel of ['professor', 'responsavel'] as const) {
      const { cookie } = await signedIn(t, nivel);
      expect((await get(`/api/censo/turmas/${turma.id}`, cookie)).statusCode).toBe(403);
      expect((await send('PUT', `/api/censo/turmas/${turma.id}`, cookie, body())).statusCode).toBe(403);
      expect((await get('/api/censo/turmas?ano=2026', cookie)).statusCode).toBe(403);
      expect((await get('/api/censo/disciplinas', cookie)).statusCode).toBe(403);
    }
    expect((await get(`/api/censo/turmas/${turma.id}`)).statusCode).toBe(401);
  });

  it('suggests presencial, escolarização, the horário from the turno and the grade, and the grade days', async () => {
    const admin = await signedIn(t, 'administrador');
    const manha = await insertClass(t, null, 25, { turno: 'manha', serie: '5º ano', aulaMinutos: 50 });
    await t.database.db.insert(classSubjects).values([
      { turmaId: manha.id, disciplina: 'Matemática', aulasSemanais: 15, diasSemana: [1, 2, 3, 4, 5] },
      { turmaId: manha.id, disciplina: 'Português', aulasSemanais: 10, diasSemana: [1, 2, 3, 4, 5] },
    ]);
    const sugerido = dataOf<CensoTurma>(await get(`/api/censo/turmas/${manha.id}`, admin.cookie));
    // 25 lessons over 5 days = 5 a day × 50 min + a 20 min break from 07:00.
    expect(sugerido).toMatchObject({
      turma_id: manha.id,
      tipo_mediacao: '1',
      tipo_atendimento: 'escolarizacao',
      hora_inicio: '07:00',
      hora_fim: '11:30',
      dias: ['seg', 'ter', 'qua', 'qui', 'sex'],
      etapa: null,
      etapa_da_serie: '18',
      local_diferenciado: '0',
      version: 0,
    });
    const noite = await insertClass(t, null, 25, { turno: 'noite', serie: 'Turma livre' });
    expect(dataOf<CensoTurma>(await get(`/api/censo/turmas/${noite.id}`, admin.cookie))).toMatchObject({
      hora_inicio: '19:00',
      hora_fim: '22:30',
      dias: ['seg', 'ter', 'qua', 'qui', 'sex'],
      etapa_da_serie: null,
    });
    // A full-time class's day is longer than its lessons (meals, rest): 07:00 to 17:00, grade or not.
    const integral = await insertClass(t, null, 25, { turno: 'integral', serie: '5º ano', aulaMinutos: 50 });
    await t.database.db.insert(classSubjects).values({
      turmaId: integral.id,
      disciplina: 'Matemática',
      aulasSemanais: 25,
      diasSemana: [1, 2, 3, 4, 5],
    });
    expect(dataOf<CensoTurma>(await get(`/api/censo/turmas/${integral.id}`, admin.cookie))).toMatchObject({
      hora_inicio: '07:00',
      hora_fim: '17:00',
    });
  });

  it('saves, bumps the version, audits, and answers 412 to a stale version', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const first = await send(
      'PUT',
      `/api/censo/turmas/${turma.id}`,
      admin.cookie,
      body({ dias: ['sex', 'seg'] }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf<CensoTurma>(first)).toMatchObject({
      version: 1,
      dias: ['seg', 'sex'],
      inep_id: '12345678',
    });
    const second = await send(
      'PUT',
      `/api/censo/turmas/${turma.id}`,
      admin.cookie,
      body({ hora_fim: '12:00', dias: ['sex', 'seg'], version: 1 }),
    );
    expect(dataOf<CensoTurma>(second)).toMatchObject({ version: 2, hora_fim: '12:00' });
    const stale = await send('PUT', `/api/censo/turmas/${turma.id}`, admin.cookie, body({ version: 1 }));
    expect(stale.statusCode).toBe(412);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'turma'), eq(auditLog.entityId, turma.id)));
    expect(audits.map((row) => row.action)).toEqual(['criar', 'atualizar']);
    expect(audits[1]!.details).toEqual({ censo: true, campos: ['hora_fim'] });
  });

  it('refuses bad input with 400 and contradictions with 422, in Portuguese', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 25, { nivel: 'Fundamental I', serie: '3º ano' });
    const url = `/api/censo/turmas/${turma.id}`;
    const hora = await send('PUT', url, admin.cookie, body({ hora_inicio: '7h' }));
    expect(hora.statusCode).toBe(400);
    expect(hora.body).toContain('Use o formato HH:MM');
    const codigo = await send('PUT', url, admin.cookie, body({ tipo_mediacao: '9' }));
    expect(codigo.statusCode).toBe(400);
    expect(codigo.body).toContain('Tipo de mediação: opção inválida');
    const antes = await send('PUT', url, admin.cookie, body({ hora_inicio: '12:00', hora_fim: '07:00' }));
    expect(antes.statusCode).toBe(422);
    expect(messageOf(antes)).toBe('O horário de término deve ser depois do horário de início');
    const cinco = await send('PUT', url, admin.cookie, body({ hora_inicio: '07:03' }));
    expect(cinco.statusCode).toBe(422);
    expect(messageOf(cinco)).toContain('intervalos de 5 minutos');
    const etapa = await send('PUT', url, admin.cookie, body({ etapa: '25' }));
    expect(etapa.statusCode).toBe(422);
    expect(messageOf(etapa)).toBe('Esta etapa não é do nível da turma (Fundamental I)');
    expect(
      (await send('PUT', `/api/censo/turmas/${crypto.randomUUID()}`, admin.cookie, body())).statusCode,
    ).toBe(404);
  });

  it('answers 409 when another class of the year already has the INEP code', async () => {
    const admin = await signedIn(t, 'administrador');
    const a = await insertClass(t, null, 25, { nome: '3º Ano A' });
    const b = await insertClass(t, null, 25, { nome: '3º Ano B' });
    const outroAno = await insertClass(t, null, 25, { anoLetivo: '2025' });
    expect((await send('PUT', `/api/censo/turmas/${a.id}`, admin.cookie, body())).statusCode).toBe(200);
    const conflict = await send('PUT', `/api/censo/turmas/${b.id}`, admin.cookie, body());
    expect(conflict.statusCode).toBe(409);
    expect(messageOf(conflict)).toBe('O código INEP 12345678 já é da turma 3º Ano A');
    expect((await send('PUT', `/api/censo/turmas/${outroAno.id}`, admin.cookie, body())).statusCode).toBe(
      200,
    );
  });

  it('lists the classes of the year with their census state and students on the reference date', async () => {
    const admin = await signedIn(t, 'administrador');
    const a = await insertClass(t, null, 25, { nome: 'A', serie: '1º ano' });
    const b = await insertClass(t, null, 25, { nome: 'B', serie: 'Turma livre' });
    await insertClass(t, null, 25, { nome: 'C', anoLetivo: '2025' });
    await insertStudent(t, a.id, undefined, '2026-02-01');
    await insertStudent(t, a.id, undefined, '2026-06-01');
    await send('PUT', `/api/censo/turmas/${b.id}`, admin.cookie, body({ etapa: '22', inep_id: null }));
    const list = dataOf<CensoTurmasResponse>(await get('/api/censo/turmas?ano=2026', admin.cookie));
    expect(list.data_referencia).toBe('2026-05-27');
    expect(list.turmas).toEqual([
      expect.objectContaining({
        nome: 'A',
        etapa: '14',
        salvo: false,
        horario_definido: false,
        alunos_na_data: 1,
      }),
      expect.objectContaining({
        nome: 'B',
        etapa: '22',
        etapa_da_serie: null,
        salvo: true,
        horario_definido: true,
      }),
    ]);
    expect((await get('/api/censo/turmas?ano=abc', admin.cookie)).statusCode).toBe(400);
  });
});

describe('/api/censo/disciplinas', () => {
  it('lists each subject with its effective componente and saves an own code, audited', async () => {
    const admin = await signedIn(t, 'administrador');
    const list = dataOf<CensoDisciplina[]>(await get('/api/censo/disciplinas', admin.cookie));
    const matematica = list.find((item) => item.nome === 'Matemática')!;
    expect(matematica).toMatchObject({ codigo_inep: null, componente_efetivo: '3' });
    const [semBncc] = await t.database.db
      .insert(disciplinas)
      .values({ nome: 'Robótica', area: 'Parte diversificada', ordem: 99 })
      .returning();
    expect(
      dataOf<CensoDisciplina[]>(await get('/api/censo/disciplinas', admin.cookie)).find(
        (item) => item.id === semBncc!.id,
      ),
    ).toMatchObject({ componente_efetivo: null });
    const saved = await send('PUT', `/api/censo/disciplinas/${semBncc!.id}`, admin.cookie, {
      codigo_inep: '16',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<CensoDisciplina>(saved)).toMatchObject({
      codigo_inep: '16',
      componente_efetivo: '16',
      version: 2,
    });
    const stale = await send('PUT', `/api/censo/disciplinas/${semBncc!.id}`, admin.cookie, {
      codigo_inep: '99',
      version: 1,
    });
    expect(stale.statusCode).toBe(412);
    const invalid = await send('PUT', `/api/censo/disciplinas/${semBncc!.id}`, admin.cookie, {
      codigo_inep: '15',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Componente do INEP: opção inválida');
    const back = await send('PUT', `/api/censo/disciplinas/${matematica.id}`, admin.cookie, {
      codigo_inep: null,
    });
    expect(dataOf<CensoDisciplina>(back)).toMatchObject({ codigo_inep: null, componente_efetivo: '3' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'disciplina'), eq(auditLog.entityId, semBncc!.id)));
    expect(audit!.details).toMatchObject({ censo: true, de: null, para: '16' });
  });
});
