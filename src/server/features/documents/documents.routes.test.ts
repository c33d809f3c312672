import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  CODE_PATTERN,
  initialsOf,
  normalizeCode,
  type IssuedDocument,
  type PriorYear,
  type SchoolDocument,
} from '../../../shared/documents.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf, insertStudent, insertTuition, messageOf } from '../../test/records-fixtures.js';
import { MATH, guardianWithAccount, setupSchool as buildSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { auditLog } from '../../db/schema/audit.js';
import { systemActor } from '../audit/audit.service.js';
import { classes } from '../../db/schema/classes.js';
import { saveSchoolIdentity } from '../settings/school-identity.js';
import { students } from '../../db/schema/students.js';
import { generateVerificationCode } from './documents.code.js';
import { schoolDocuments } from '../../db/schema/documents.js';
import { VALIDATION_RATE_LIMIT } from './validation.page.js';

const t = setupTestApp({ publicUrl: 'https://escola.example.org' });
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

const { send, get } = requestsOf(() => t.app);
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * 2026 with four bimestres; class A (daily roll) with Matemática and Português in its grid; Ana, a
 * guardian's child, missed one of the four days on roll; Bruno is another family's child.
 */
async function setupSchool() {
  const {
    admin,
    teacher,
    turma: classA,
  } = await buildSchool(t, {
    subjects: [MATH, { disciplina: 'Português', aulas_semanais: 4, dias_semana: [2, 4] }],
  });
  const guardian = await guardianWithAccount(t);
  const other = await guardianWithAccount(t);
  const ana = await insertStudent(t, classA.id, guardian.guardian.id, '2026-02-02');
  await t.database.db
    .update(students)
    .set({
      nome: 'Ana Clara de Souza',
      dataNascimento: '2016-04-09',
      matricula: '2026-0042',
      sexo: 'feminino',
    })
    .where(eq(students.id, ana.id));
  const bruno = await insertStudent(t, classA.id, other.guardian.id, '2026-02-02');
  const rolls = await t.database.db
    .insert(attendanceRolls)
    .values(
      ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'].map((data) => ({ turmaId: classA.id, data })),
    )
    .returning();
  await t.database.db.insert(attendanceAbsences).values({ chamadaId: rolls[0]!.id, alunoId: ana.id });
  await saveSchoolIdentity(
    t.database.db,
    {
      nome: 'Escola Girassol',
      cnpj: '12.345.678/0001-95',
      codigo_inep: '35123456',
      endereco: 'Rua das Flores, 100 — São Paulo/SP',
      diretor: 'Marta Ribeiro',
    },
    { actor: systemActor },
  );
  await t.app.ctx.content.refresh();
  return { admin, teacher, guardian, other, classA, ana, bruno };
}

/** A year at a previous school (2º ano in 2025, aprovado), as typed in by the secretary. */
const PRIOR_YEAR_2025 = {
  ano: 2025,
  serie: '2º ano',
  escola: 'EMEF Monteiro Lobato',
  cidade: 'Campinas',
  uf: 'SP',
  resultado: 'aprovado',
};

async function issue(cookie: string, alunoId: string, tipo: string) {
  return send('POST', '/api/documentos', cookie, { aluno_id: alunoId, tipo });
}
async function issued(cookie: string, alunoId: string, tipo: string) {
  const response = await issue(cookie, alunoId, tipo);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<IssuedDocument>(response);
}
async function pdfOf(cookie: string, id: string) {
  const response = await get(`/api/documentos/${id}/pdf`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return flat(pdfText(response.rawPayload));
}
const validar = (codigo: string, remoteAddress = '203.0.113.1') =>
  t.app.inject({ method: 'GET', url: `/validar/${codigo}`, remoteAddress });

describe('verification codes', () => {
  it('are 20 base32 symbols (100 bits) in groups of four, unique and uniformly drawn', () => {
    expect(CODE_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    const codes = Array.from({ length: 4000 }, generateVerificationCode);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    // Each of the 32 symbols appears about 2,500 times in 80,000: far from 0 or twice that.
    const counts = new Map<string, number>();
    for (const code of codes)
      for (const symbol of code.replace(/-/g, '')) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    expect(counts.size).toBe(32);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(2000);
      expect(count).toBeLessThan(3000);
    }
  });

  it('are read forgivingly (case, spaces, O/I/L) and anything else is not a code', () => {
    expect(normalizeCode('abcd efgh jkmn pqrs tvwx')).toBe('ABCD-EFGH-JKMN-PQRS-TVWX');
    expect(normalizeCode('O1IL-0000-0000-0000-0000')).toBe('0111-0000-0000-0000-0000');
    expect(normalizeCode('ABCD-EFGH-JKMN-PQRS-TVW')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKMN-PQRS-TVWU')).toBeNull();
    expect(normalizeCode('<script>')).toBeNull();
    expect(initialsOf('Ana Clara de Souza')).toBe('A. C. S.');
    expect(initialsOf('  Émile  dos Santos Filho 2º ')).toBe('É. S. F.');
  });
});

describe('issuing documents', () => {
  it('names a full-time class’s day as período integral, not as a turno', async () => {
    const s = await setupSchool();
    await t.database.db.update(classes).set({ turno: 'integral' }).where(eq(classes.id, s.classA.id));
    const matricula = await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    expect(await pdfOf(s.admin.cookie, matricula.id)).toContain(
      `turma ${s.classA.nome}, em período integral, no ano letivo`,
    );
  });

  it('issues each type as a PDF with the school, the director, a signature line, the code and the link', async () => {
    const s = await setupSchool();
    const matricula = await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    expect(matricula.codigo).toMatch(CODE_PATTERN);
    expect(matricula.url).toBe(`https://escola.example.org/validar/${matricula.codigo}`);
    const text = await pdfOf(s.admin.cookie, matricula.id);
    for (const expected of [
      'Escola Girassol',
      'CNPJ 12.345.678/0001-95',
      'Código INEP 35123456',
      'Rua das Flores, 100',
      'DECLARAÇÃO DE MATRÍCULA',
      // In the student's gender (issue 29: 'nascido(a)', 'matriculado(a)').
      'Ana Clara de Souza, nascida em 09/04/2016, matrícula nº 2026-0042, está regularmente matriculada',
      `turma ${s.classA.nome}`,
      'Marta Ribeiro',
      'Direção da escola',
      `Código de verificação: ${matricula.codigo}`,
      matricula.url,
      'Emitido em 20 de março de 2026.',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`turma ${s.classA.nome}, turno da noite,`);

    clock.pin('2026-03-20T13:00:00-03:00');
    const frequencia = await issued(s.admin.cookie, s.ana.id, 'declaracao_frequencia');
    const frequenciaText = await pdfOf(s.admin.cookie, frequencia.id);
    expect(frequenciaText).toContain(
      // Class A has one roll a day: the figures are school days, not lessons.
      'teve frequência de 75% dos dias letivos (1 falta não abonada em 4 dias letivos)',
    );
    expect(frequenciaText).toContain(
      '1º bimestre (02/02/2026 a 20/03/2026): 75% — 1 falta em 4 dias letivos',
    );
    clock.pin('2026-03-20T14:00:00-03:00');
    const transferencia = await issued(s.admin.cookie, s.ana.id, 'declaracao_transferencia');
    expect(await pdfOf(s.admin.cookie, transferencia.id)).toContain(
      'lhe foi concedida transferência nesta data',
    );

    const list = dataOf<SchoolDocument[]>(await get(`/api/documentos?aluno_id=${s.ana.id}`, s.admin.cookie));
    expect(list.map((item) => item.tipo)).toEqual([
      'declaracao_transferencia',
      'declaracao_frequencia',
      'declaracao_matricula',
    ]);
    expect(list.every((item) => item.status === 'valido' && item.origem === 'secretaria')).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'documento'), eq(auditLog.action, 'emitir')));
    expect(audits.map((row) => row.entityId).sort()).toEqual(list.map((item) => item.id).sort());
    expect(audits[0]!.actorId).toBe(s.admin.user.id);
    expect(text).not.toMatch(/\p{L}\((a|o|as|os)\)/u);

    // Without the student's sex informed, sentences that need none.
    const neutral = await pdfOf(
      s.admin.cookie,
      (await issued(s.admin.cookie, s.bruno.id, 'declaracao_matricula')).id,
    );
    expect(neutral).toContain(', com data de nascimento em 10/03/2015, matrícula nº');
    expect(neutral).toContain('tem matrícula regular nesta instituição de ensino');
    expect(neutral).toContain('Com matrícula nesta escola desde');
    expect(neutral).not.toMatch(/\p{L}\((a|o|as|os)\)/u);
  });

  it('carries the INEP code and the CNPJ typed only in Configurações → Censo, and the census keeps them', async () => {
    const s = await setupSchool();
    await saveSchoolIdentity(t.database.db, { cnpj: '', codigo_inep: '' }, { actor: systemActor });
    await t.app.ctx.content.refresh();
    const censo = dataOf<{ dados: Record<string, unknown>; version: number }>(
      await get('/api/censo/escola', s.admin.cookie),
    );
    const saveCensus = (version: number) =>
      send('PUT', '/api/censo/escola', s.admin.cookie, {
        ...censo.dados,
        codigo_inep: '35099871',
        cnpj_escola: '11222333000181',
        version,
      });
    const saved = await saveCensus(censo.version);
    expect(saved.statusCode, saved.body).toBe(200);
    // Saved again as it is: still the census's own values (the identity now reads them as fallback).
    const again = await saveCensus(dataOf<{ version: number }>(saved).version);
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<{ dados: Record<string, unknown> }>(again).dados).toMatchObject({
      codigo_inep: '35099871',
      cnpj_escola: '11222333000181',
    });

    const text = await pdfOf(
      s.admin.cookie,
      (await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula')).id,
    );
    expect(text).toContain('Código INEP 35099871');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    // The settings screen shows what it stores itself.
    expect(
      dataOf<{ codigo_inep: string | null }>(await get('/api/configuracoes/escola', s.admin.cookie)),
    ).toMatchObject({
      codigo_inep: null,
      cnpj: null,
    });
  });

  it('the declaração de matrícula says since when the student is at the school, as registered', async () => {
    const s = await setupSchool();
    const registered = await send('POST', '/api/alunos', s.admin.cookie, {
      nome: 'Caio Martins',
      data_nascimento: '2014-08-30',
      matricula: '2019-0007',
      data_matricula: '2019-02-04',
      sexo: 'masculino',
      turma_id: s.classA.id,
      responsavel: { nome: 'Rita Martins', telefone: '11912340000', parentesco: 'mae', eh_principal: false },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const caio = dataOf<{ aluno: { id: string } }>(registered).aluno.id;
    const declaracao = await issued(s.admin.cookie, caio, 'declaracao_matricula');
    const text = await pdfOf(s.admin.cookie, declaracao.id);
    expect(text).toContain('Matriculado nesta escola desde 04/02/2019.');
    expect(text).toContain(`turma ${s.classA.nome}`);
  });

  it('the declaração de frequência counts a school day between two periods in the one before it', async () => {
    // The 2nd bimestre ends on 03/07 and the 3rd starts on 20/07; a roll was taken on 08/07, Ana absent.
    const s = await setupSchool();
    const [roll] = await t.database.db
      .insert(attendanceRolls)
      .values({ turmaId: s.classA.id, data: '2026-07-08' })
      .returning();
    await t.database.db.insert(attendanceAbsences).values({ chamadaId: roll!.id, alunoId: s.ana.id });
    clock.pin('2026-07-09T10:00:00-03:00');
    const frequencia = await issued(s.admin.cookie, s.ana.id, 'declaracao_frequencia');
    expect(await pdfOf(s.admin.cookie, frequencia.id)).toContain(
      // A daily roll: the figure is a school day.
      '2º bimestre (20/04/2026 a 09/07/2026): 0% — 1 falta em 1 dia letivo',
    );
  });

  it('the histórico has this school’s years from the records and the years typed in from previous schools', async () => {
    const s = await setupSchool();
    const prior = await send('POST', `/api/alunos/${s.ana.id}/anos-anteriores`, s.admin.cookie, {
      ...PRIOR_YEAR_2025,
      frequencia: 96.5,
      disciplinas: [
        { disciplina: 'Língua Portuguesa', nota: '8,5', resultado: 'aprovado', carga_horaria: 200 },
        { disciplina: 'Matemática', nota: 'B', resultado: 'aprovado', carga_horaria: 160 },
      ],
    });
    expect(prior.statusCode, prior.body).toBe(201);
    const bad = await send('POST', `/api/alunos/${s.ana.id}/anos-anteriores`, s.admin.cookie, {
      ano: 2025,
      serie: '',
      escola: 'X',
      cidade: 'Y',
      uf: 'XX',
      resultado: 'aprovado',
      disciplinas: [],
    });
    expect(bad.statusCode).toBe(400);
    const historico = await issued(s.admin.cookie, s.ana.id, 'historico_escolar');
    const text = await pdfOf(s.admin.cookie, historico.id);
    expect(text).toContain('2025 — 2º ano — EMEF Monteiro Lobato (Campinas/SP)');
    expect(text).toContain('Língua Portuguesa 8,5 200 Aprovado');
    expect(text).toContain('Carga horária: 360 · Frequência: 96,5% · Resultado final: Aprovado');
    expect(text).toContain(`2026 — 3º ano — Escola Girassol`);
    expect(text).toMatch(/Matemática — \d+ Cursando/);
    expect(text).toContain('Frequência: 75%');
  });

  it('the histórico counts this school’s years in hours of 60 minutes: the grid’s lessons × their length', async () => {
    const s = await setupSchool();
    // Lessons of 45 minutes: Matemática 5 a week and Português 4, over the year's weeks.
    await t.database.db.update(classes).set({ aulaMinutos: 45 }).where(eq(classes.id, s.classA.id));
    const historico = await issued(s.admin.cookie, s.ana.id, 'historico_escolar');
    const [row] = await t.database.db
      .select()
      .from(schoolDocuments)
      .where(eq(schoolDocuments.id, historico.id));
    const year = row!.conteudo.historico!.find((item) => item.ano === 2026)!;
    const weeks = year.aulas!.total / 9;
    expect(Number.isInteger(weeks) && weeks > 30).toBe(true);
    expect(year.aulas).toEqual({ total: 9 * weeks, minutos: 45 });
    const hours = (lessons: number) => Math.round((lessons * weeks * 45) / 60);
    expect(year.disciplinas.map((item) => [item.disciplina, item.carga_horaria])).toEqual([
      ['Matemática', hours(5)],
      ['Português', hours(4)],
    ]);
    expect(year.carga_horaria_total).toBe(hours(9));
    const text = await pdfOf(s.admin.cookie, historico.id);
    expect(text).toContain(
      `Carga horária: ${String(hours(9))} horas (${String(9 * weeks)} aulas de 45 min) · Frequência`,
    );
    expect(text).toContain('C.H.: carga horária anual em horas de 60 minutos');
  });

  it('refuses a declaração de matrícula for a student who left, and a teacher issues nothing', async () => {
    const s = await setupSchool();
    await t.database.db.update(students).set({ status: 'transferido' }).where(eq(students.id, s.bruno.id));
    const refused = await issue(s.admin.cookie, s.bruno.id, 'declaracao_matricula');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toMatch(/só para alunos ativos/);
    expect((await issue(s.admin.cookie, s.bruno.id, 'declaracao_transferencia')).statusCode).toBe(201);
    expect((await issue(s.teacher.cookie, s.ana.id, 'declaracao_matricula')).statusCode).toBe(403);
    expect((await issue(s.admin.cookie, s.ana.id, 'boletim')).statusCode).toBe(400);
  });
});

describe('documents reflect the data at issue time', () => {
  it('a later change of the student, the class, the school or a previous year does not alter an issued document', async () => {
    const s = await setupSchool();
    const declaracao = await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    await send('POST', `/api/alunos/${s.ana.id}/anos-anteriores`, s.admin.cookie, {
      ...PRIOR_YEAR_2025,
      disciplinas: [{ disciplina: 'Artes', nota: '9,0', resultado: 'aprovado' }],
    });
    const historico = await issued(s.admin.cookie, s.ana.id, 'historico_escolar');
    const before = [await pdfOf(s.admin.cookie, declaracao.id), await pdfOf(s.admin.cookie, historico.id)];

    await t.database.db
      .update(students)
      .set({ nome: 'Ana Clara Souza Lima', matricula: '2026-9999' })
      .where(eq(students.id, s.ana.id));
    await t.database.db.update(classes).set({ nome: 'Turma Renomeada' }).where(eq(classes.id, s.classA.id));
    await saveSchoolIdentity(
      t.database.db,
      { nome: 'Colégio Novo Nome', diretor: 'Outra Pessoa' },
      { actor: systemActor },
    );
    const [year] = dataOf<PriorYear[]>(await get(`/api/alunos/${s.ana.id}/anos-anteriores`, s.admin.cookie));
    const edited = await send('PUT', `/api/alunos/${s.ana.id}/anos-anteriores/${year!.id}`, s.admin.cookie, {
      ...PRIOR_YEAR_2025,
      disciplinas: [{ disciplina: 'Artes', nota: '4,0', resultado: 'reprovado' }],
      version: year!.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const after = [await pdfOf(s.admin.cookie, declaracao.id), await pdfOf(s.admin.cookie, historico.id)];
    expect(after).toEqual(before);
    expect(after[0]).toContain('Ana Clara de Souza');
    expect(after[0]).toContain('Escola Girassol');
    expect(after[0]).toContain('Marta Ribeiro');
    expect(after[0]).not.toContain('Turma Renomeada');
    expect(after[1]).toContain('Artes 9,0 — Aprovado');
    // A new issue reads the new data.
    const fresh = await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    const freshText = await pdfOf(s.admin.cookie, fresh.id);
    expect(freshText).toContain('Ana Clara Souza Lima');
    expect(freshText).toContain('Colégio Novo Nome');
  });
});

describe('family self-service', () => {
  it('a guardian issues and downloads their child’s declarations at once, even with an overdue mensalidade', async () => {
    const s = await setupSchool();
    await insertTuition(t, s.ana.id, '2026-02', '2026-02-10', { turmaId: s.classA.id });
    const overdue = await get(
      `/api/financeiro/mensalidades?aluno_id=${s.ana.id}&status=vencido`,
      s.admin.cookie,
    );
    expect(JSON.stringify(overdue.json())).toContain('vencido');

    const matricula = await issued(s.guardian.cookie, s.ana.id, 'declaracao_matricula');
    const frequencia = await issued(s.guardian.cookie, s.ana.id, 'declaracao_frequencia');
    expect(await pdfOf(s.guardian.cookie, matricula.id)).toContain('está regularmente matriculada');
    expect(await pdfOf(s.guardian.cookie, frequencia.id)).toContain('75%');
    const list = dataOf<SchoolDocument[]>(
      await get(`/api/documentos?aluno_id=${s.ana.id}`, s.guardian.cookie),
    );
    expect(list).toHaveLength(2);
    expect(list.every((item) => item.origem === 'portal')).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'documento'), eq(auditLog.actorId, s.guardian.user.id)));
    expect(audits).toHaveLength(2);
    expect((await validar(matricula.codigo)).body).toContain('Documento válido');
  });

  it('the list asks for the student: a missing aluno_id is a required field, a malformed one invalid', async () => {
    const s = await setupSchool();
    const missing = await get('/api/documentos', s.guardian.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Campo obrigatório',
      details: [{ path: 'aluno_id', message: 'Campo obrigatório' }],
    });
    expect((await get('/api/documentos?aluno_id=', s.guardian.cookie)).json()).toMatchObject({
      details: [{ path: 'aluno_id', message: 'Campo obrigatório' }],
    });
    const malformed = await get('/api/documentos?aluno_id=abc', s.guardian.cookie);
    expect(malformed.json()).toMatchObject({
      details: [{ path: 'aluno_id', message: 'Identificador inválido' }],
    });
  });

  it('another family’s child is 404, and the secretaria’s documents are not self-service', async () => {
    const s = await setupSchool();
    expect((await issue(s.guardian.cookie, s.bruno.id, 'declaracao_matricula')).statusCode).toBe(404);
    expect((await get(`/api/documentos?aluno_id=${s.bruno.id}`, s.guardian.cookie)).statusCode).toBe(404);
    const brunos = await issued(s.admin.cookie, s.bruno.id, 'declaracao_matricula');
    expect((await get(`/api/documentos/${brunos.id}/pdf`, s.guardian.cookie)).statusCode).toBe(404);
    expect((await get(`/api/documentos/${brunos.id}/pdf`, s.teacher.cookie)).statusCode).toBe(403);
    const historico = await issue(s.guardian.cookie, s.ana.id, 'historico_escolar');
    expect(historico.statusCode).toBe(403);
    expect(messageOf(historico)).toMatch(/secretaria/);
    expect((await issue(s.guardian.cookie, s.ana.id, 'declaracao_transferencia')).statusCode).toBe(403);
    const own = await issued(s.guardian.cookie, s.ana.id, 'declaracao_matricula');
    expect(
      (
        await send('POST', `/api/documentos/${own.id}/revogar`, s.guardian.cookie, {
          motivo: 'não quero mais',
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(`/api/alunos/${s.ana.id}/anos-anteriores`, s.guardian.cookie)).statusCode).toBe(403);
  });

  it('a staff profile that only issues declarations (Coordenação) issues no histórico nor transfer', async () => {
    const s = await setupSchool();
    const coordenacao = await staffWith(t, 'coordenacao');
    expect((await issue(coordenacao.cookie, s.ana.id, 'declaracao_matricula')).statusCode).toBe(201);
    for (const tipo of ['historico_escolar', 'declaracao_transferencia'] as const) {
      const refused = await issue(coordenacao.cookie, s.ana.id, tipo);
      expect(refused.statusCode, tipo).toBe(403);
      expect(messageOf(refused)).toMatch(/permissão de emitir qualquer documento escolar/);
    }
    const secretaria = await staffWith(t, 'secretaria');
    expect((await issue(secretaria.cookie, s.ana.id, 'historico_escolar')).statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(schoolDocuments)
      .where(eq(schoolDocuments.alunoId, s.ana.id));
    expect(rows.map((row) => row.tipo).sort()).toEqual(['declaracao_matricula', 'historico_escolar']);
  });
});

describe('revocation', () => {
  it('an administrator revokes once with a reason, audited; the public page then says revogado with the date', async () => {
    const s = await setupSchool();
    const doc = await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    const short = await send('POST', `/api/documentos/${doc.id}/revogar`, s.admin.cookie, { motivo: 'x' });
    expect(short.statusCode).toBe(400);
    clock.pin('2026-03-25');
    const revoked = await send('POST', `/api/documentos/${doc.id}/revogar`, s.admin.cookie, {
      motivo: 'Emitida com a turma errada',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(dataOf<SchoolDocument>(revoked)).toMatchObject({
      status: 'revogado',
      motivo_revogacao: 'Emitida com a turma errada',
      revogado_por: s.admin.user.nome,
    });
    const again = await send('POST', `/api/documentos/${doc.id}/revogar`, s.admin.cookie, {
      motivo: 'Emitida com a turma errada',
    });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'documento'), eq(auditLog.action, 'revogar')));
    expect(audit).toMatchObject({ entityId: doc.id, actorId: s.admin.user.id });
    expect(audit!.details).toMatchObject({ motivo: 'Emitida com a turma errada' });

    const page = await validar(doc.codigo);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Documento revogado');
    expect(page.body).toContain('Revogado pela escola em 25/03/2026');
    // The reason is the school's business: the public page does not show it.
    expect(page.body).not.toContain('turma errada');
    expect(page.body).not.toContain('Documento válido');
    const list = dataOf<SchoolDocument[]>(
      await get(`/api/documentos?aluno_id=${s.ana.id}`, s.guardian.cookie),
    );
    expect(list[0]!.status).toBe('revogado');
  });
});

describe('the public page /validar', () => {
  it('shows the type, the issue date, the initials and the status — nothing else', async () => {
    const s = await setupSchool();
    const doc = await issued(s.admin.cookie, s.ana.id, 'declaracao_frequencia');
    const page = await validar(doc.codigo);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const visible = page.body.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ');
    for (const shown of [
      'Documento válido',
      'Declaração de frequência',
      '20/03/2026',
      'A. C. S.',
      doc.codigo,
    ])
      expect(visible).toContain(shown);
    // The code is random letters and digits: it may contain '75' or 'ANA' by chance, so it is left out.
    const rest = visible.replaceAll(doc.codigo, '');
    for (const hidden of [
      'Ana',
      'Souza',
      '2026-0042',
      '09/04/2016',
      s.classA.nome,
      '75',
      s.ana.cpf!,
      'Marta Ribeiro',
      s.admin.user.nome,
    ])
      expect(rest).not.toContain(hidden);
    // No script at all: the page works on any phone and cannot leak through one.
    expect(page.body).not.toMatch(/<script/i);
  });

  it('an unknown or malformed code is a clear 404 page; a code typed loosely lands on its address', async () => {
    const s = await setupSchool();
    const doc = await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    const unknown = await validar('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Documento não encontrado');
    expect((await validar('nada')).statusCode).toBe(404);
    expect((await validar('%3Cscript%3E')).body).not.toContain('<script>');
    const loose = await validar(doc.codigo.toLowerCase().replace(/-/g, ''));
    expect(loose.statusCode).toBe(301);
    expect(loose.headers.location).toBe(`/validar/${doc.codigo}`);
    const form = await t.app.inject({ method: 'GET', url: `/validar?codigo=${doc.codigo.toLowerCase()}` });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/validar/${doc.codigo}`);
    expect((await t.app.inject({ method: 'GET', url: '/validar' })).body).toContain('Código de verificação');
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= VALIDATION_RATE_LIMIT.max; index++)
      statuses.push((await validar('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ', '198.51.100.7')).statusCode);
    expect(statuses.slice(0, VALIDATION_RATE_LIMIT.max).every((status) => status === 404)).toBe(true);
    const limited = await validar('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ', '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.body).toContain('Muitas consultas');
    // Another address is not affected.
    expect((await validar('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ', '198.51.100.8')).statusCode).toBe(404);
  });
});

describe('how many a family issues (ADR 0018)', () => {
  const limit = WRITE_LIMITS.documentos;

  it('a guardian issues up to the cap in 24 h; the next is 429 with Retry-After and the cap; others are not held; a day later it frees', async () => {
    const s = await setupSchool();
    for (let index = 0; index < limit.max; index++)
      await issued(s.guardian.cookie, s.ana.id, index % 2 ? 'declaracao_matricula' : 'declaracao_frequencia');
    const over = await issue(s.guardian.cookie, s.ana.id, 'declaracao_matricula');
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBe(24 * 3600);
    expect(messageOf(over)).toBe(
      `Limite de ${String(limit.max)} declarações emitidas em 24 horas atingido. Você poderá emitir outra a partir de 21/03/2026 12:00.`,
    );
    // Nothing was stored for the refused one.
    const mine = await t.database.db
      .select({ id: schoolDocuments.id })
      .from(schoolDocuments)
      .where(eq(schoolDocuments.emitidoPor, s.guardian.user.id));
    expect(mine).toHaveLength(limit.max);
    // Another family, and the secretaria acting for the school, are not held by this family's count.
    await issued(s.other.cookie, s.bruno.id, 'declaracao_matricula');
    await issued(s.admin.cookie, s.ana.id, 'declaracao_matricula');
    // The oldest leaves the window 24 h after it was issued.
    clock.pin(new Date(clock.now().getTime() + 24 * 3600_000 - 1000));
    expect((await issue(s.guardian.cookie, s.ana.id, 'declaracao_matricula')).statusCode).toBe(429);
    clock.pin(new Date(clock.now().getTime() + 2000));
    await issued(s.guardian.cookie, s.ana.id, 'declaracao_matricula');
  });

  it('requests sent at once cannot pass the cap together', async () => {
    const s = await setupSchool();
    for (let index = 0; index < limit.max - 2; index++)
      await issued(s.guardian.cookie, s.ana.id, 'declaracao_matricula');
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => issue(s.guardian.cookie, s.ana.id, 'declaracao_matricula')),
    );
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(2);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(4);
  });
});
