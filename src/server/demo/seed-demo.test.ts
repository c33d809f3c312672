import { describe, expect, it } from 'vitest';
import type { AttendanceAlerts, Roll, StudentAttendance } from '../../shared/attendance.schemas.js';
import type { Curriculum } from '../../shared/curriculum.schemas.js';
import type { DestinosOpcoes } from '../../shared/mensagens.schemas.js';
import { ageSerieWarning, type SchoolClass } from '../../shared/classes.schemas.js';
import type { Parecer } from '../../shared/pareceres.schemas.js';
import type { CalendarView, SchoolYear } from '../../shared/calendar.schemas.js';
import { loginAs } from '../test/test-app.js';
import { setupDemoSchool } from '../test/demo-fixtures.js';
import { dataOf } from '../test/records-fixtures.js';
import { addressPartsOf } from '../features/students/students.presenter.js';
import type { Assessment } from '../../shared/assessments.schemas.js';
import type { ReportCard } from '../../shared/report-card.schemas.js';
import type { Page } from '../../shared/api.js';
import type { Student } from '../../shared/students.schemas.js';
import { asc, eq, sql } from 'drizzle-orm';
import { todayIso } from '../../shared/format.js';
import { schoolPeriods } from '../db/schema/calendar.js';
import { censoAlunos } from '../db/schema/censo.js';
import { assessments, councilDecisions, gradeChanges, grades } from '../db/schema/grades.js';
import { schoolDocuments } from '../db/schema/documents.js';
import { guardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import { guardianInputSchema } from '../../shared/students.schemas.js';
import { demoAccounts } from './seed-demo.js';
import { DEMO_AGENDA_CLASS } from './seed-agenda.js';
import type { AgendaAluno, AgendaDiaTurma } from '../../shared/agenda.schemas.js';
import { eventKinds } from '../../shared/calendar.js';
import { agendaDias } from '../db/schema/agenda.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../db/schema/attendance.js';
import { calendarEntries } from '../db/schema/calendar.js';
import { comunicados } from '../db/schema/comunicados.js';
import { classifyRange } from '../features/calendar/index.js';
import { YEAR_END } from './seed-calendar.js';
import { getSchoolIdentity } from '../features/settings/index.js';
import { contratosConfiguracao } from '../db/schema/contratos.js';
import { interessados } from '../db/schema/matriculas.js';
import { isValidCpf } from '../../shared/validators.js';

const t = setupDemoSchool();

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('demo school year', () => {
  it('has each student at the age of the class’s série on 31 March (no warning on the student’s form)', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const classes = new Map(
      dataOf<SchoolClass[]>(await get('/api/turmas', admin)).map((turma) => [turma.id, turma]),
    );
    const placed = (await t.database.db.select().from(students)).flatMap((student) => {
      const turma = student.turmaId ? classes.get(student.turmaId) : undefined;
      return turma ? [{ turma, student }] : [];
    });
    expect(placed.length).toBeGreaterThan(100);
    const warnings = placed.flatMap(({ turma, student }) => {
      const warning = ageSerieWarning(student.dataNascimento, turma.serie, turma.ano_letivo);
      return warning ? [`${student.nome} (${turma.nome}): ${warning}`] : [];
    });
    expect(warnings).toEqual([]);
  });

  it('has each family of the funnel with a child of the série’s age (no warning in the secretaria’s review)', async () => {
    const families = await t.database.db.select().from(interessados);
    expect(families.length).toBeGreaterThan(10);
    const warnings = families.flatMap((familia) => {
      const warning = ageSerieWarning(familia.alunoNascimento, familia.serie, String(familia.anoLetivo));
      return warning ? [`${familia.alunoNome}: ${warning}`] : [];
    });
    expect(warnings).toEqual([]);
  });

  it('has the year’s calendar, a grid per class and the roll of every school day up to yesterday', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    // The current year (the demo also has the previous one, closed: the census's, issue 37).
    const years = dataOf<SchoolYear[]>(await get('/api/anos-letivos', admin));
    expect(years.map((item) => item.ano)).toEqual([2025, 2026]);
    const year = years.find((item) => item.ano === 2026);
    expect(year).toMatchObject({ ano: 2026, aviso: null });
    expect(year!.dias_letivos).toBeGreaterThanOrEqual(200);
    const june = dataOf<CalendarView>(await get('/api/calendario?de=2026-06-01&ate=2026-06-30', admin));
    expect(june.eventos.map((entry) => entry.tipo)).toContain('festa');
    expect(june.feriados.map((holiday) => holiday.data)).toEqual(['2026-06-04']);

    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', admin));
    // Educação Infantil (the Pré II) has no subject grid of its own: no grades (seed-pareceres.ts).
    for (const turma of classes.filter((item) => item.nivel !== 'Educação Infantil')) {
      const grade = dataOf<Curriculum>(await get(`/api/turmas/${turma.id}/disciplinas`, admin));
      expect(grade.disciplinas.length).toBeGreaterThanOrEqual(8);
      expect(grade.frequencia_modo).toBe(turma.nivel === 'Fundamental I' ? 'diaria' : 'por_aula');
    }
    const first = classes.find((turma) => turma.nivel === 'Fundamental I')!;
    const yesterday = dataOf<Roll>(await get(`/api/frequencia/turmas/${first.id}?data=2026-06-16`, admin));
    expect(yesterday.chamada).not.toBeNull();
    // Saved that day by the class's teacher, as a real diary reads; not on the day the demo was built.
    expect(yesterday.chamada!.registrada_em.slice(0, 10)).toBe('2026-06-16');
    expect(yesterday.chamada!.registrada_por).toBe(first.professor_responsavel!.nome);
    const today = dataOf<Roll>(await get(`/api/frequencia/turmas/${first.id}?data=2026-06-17`, admin));
    expect(today.chamada).toBeNull();

    // Registration agrees with the diary: nobody registered after joining their class (a family must
    // not read 'Matriculado em 28/09' above absences from March).
    const enrolled = await t.database.db.select().from(students);
    const withClass = enrolled.filter((student) => student.turmaId && student.status === 'ativo');
    expect(withClass.length).toBeGreaterThan(100);
    for (const student of withClass) expect(student.dataMatricula <= student.dataEnturmacao!).toBe(true);
    expect(withClass.some((student) => student.dataMatricula > '2026-02-02')).toBe(true);

    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', admin));
    expect(alerts.abaixo_minimo.length).toBeGreaterThanOrEqual(3);
    expect(alerts.abaixo_minimo.length).toBeLessThan(20);
  });

  it('has the rolls of the Ensino Médio class too, each itinerário’s lesson with its own students', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', admin));
    const medio = classes.find((turma) => turma.nivel === 'Ensino Médio')!;
    const rollOf = async (disciplina: string) =>
      dataOf<Roll>(
        await get(
          `/api/frequencia/turmas/${medio.id}?data=2026-06-16&disciplina=${encodeURIComponent(disciplina)}&aula=1`,
          admin,
        ),
      );
    // 16/06/2026 is a Tuesday: Português and the Laboratório de Ciências (the first itinerário's) both meet.
    const portugues = await rollOf('Português');
    expect(portugues.chamada).not.toBeNull();
    expect(portugues.alunos).toHaveLength(10);
    const lab = await rollOf('Laboratório de Ciências');
    expect(lab.chamada).not.toBeNull();
    expect(lab.alunos).toHaveLength(6);
    const figures = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${portugues.alunos[0]!.id}`, admin),
    );
    expect(figures.geral.aulas_dadas).toBeGreaterThan(300);
    expect(figures.geral.frequencia).toBeGreaterThan(80);
  });

  it('has a Pré II class of the demo teacher with pareceres published, reviewed and waiting for review', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const teacher = await loginAs(t.app, demoAccounts[1].email, demoAccounts[1].senha);
    const preII = dataOf<SchoolClass[]>(await get('/api/turmas', teacher)).find(
      (turma) => turma.nivel === 'Educação Infantil',
    );
    expect(preII).toMatchObject({ nome: 'Pré II A', serie: 'Pré II', alunos_count: 12 });
    const list = dataOf<Parecer[]>(await get(`/api/pareceres?turma_id=${preII!.id}`, admin));
    expect(list.map((item) => item.status).sort()).toEqual([
      ...Array<string>(6).fill('publicado'),
      ...Array<string>(2).fill('rascunho'),
      ...Array<string>(2).fill('revisado'),
    ]);
    const pdf = await get(`/api/alunos/${list[0]!.aluno_id}/relatorio-desenvolvimento.pdf`, admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('has the previous year closed: its classes one série below, the students who were there approved, their census IDs', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const turmas = dataOf<SchoolClass[]>(await get('/api/turmas', admin));
    const previous = turmas.filter((turma) => turma.ano_letivo === '2025');
    expect(previous.map((turma) => turma.nome)).toEqual(
      expect.arrayContaining(['Pré II A', '4º Ano A', '8º Ano B']),
    );
    expect(previous.every((turma) => turma.status === 'concluido')).toBe(true);
    const [member] = await t.database.db
      .select({ alunoId: classMemberships.alunoId })
      .from(classMemberships)
      .where(eq(classMemberships.turmaId, previous.find((turma) => turma.nome === '4º Ano A')!.id))
      .limit(1);
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${member!.alunoId}?ano=2025`, admin));
    expect(card.situacao).toBe('aprovado');
    const [ids] = await t.database.db
      .select()
      .from(censoAlunos)
      .where(eq(censoAlunos.alunoId, member!.alunoId));
    expect(ids?.inepId).toMatch(/^\d{12}$/);
  });

  it('gives the demo teacher the classes of their grid as well as their own, never two at once', async () => {
    const teacher = await loginAs(t.app, demoAccounts[1].email, demoAccounts[1].senha);
    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', teacher)).filter(
      (turma) => turma.ano_letivo === '2026',
    );
    // His own 1º Ano A in the morning and Pré II A in the afternoon, Matemática in the 7º Ano B at night.
    expect(classes.map((turma) => [turma.nome, turma.turno])).toEqual([
      ['Pré II A', 'tarde'],
      ['1º Ano A', 'manha'],
      ['7º Ano B', 'noite'],
    ]);
  });

  it('has grades for the closed periods with recuperações, the period in course begun, no conselho decision before the year ends; the 1st bimestre is published', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    // This year's (the previous year's closed classes have theirs: seed-censo-anterior.ts).
    const thisYear = new Set(
      dataOf<SchoolClass[]>(await get('/api/turmas', admin))
        .filter((turma) => turma.ano_letivo === '2026')
        .map((turma) => turma.id),
    );
    const assessments = dataOf<Assessment[]>(await get('/api/avaliacoes', admin)).filter((item) =>
      thisYear.has(item.turma_id),
    );
    expect(assessments.length).toBeGreaterThan(50);
    expect(assessments.some((item) => item.tipo === 'recuperacao')).toBe(true);
    // The closed 1st bimestre, and the 2nd in course (17/06): its trabalho given on 11/06 and typed, its
    // prova scheduled in the Semana de provas (22 to 26/06), no recuperação yet.
    expect(new Set(assessments.map((item) => item.periodo_nome))).toEqual(
      new Set(['1º bimestre', '2º bimestre']),
    );
    const inCourse = assessments.filter((item) => item.periodo_nome === '2º bimestre');
    expect(new Set(inCourse.map((item) => item.nome))).toEqual(new Set(['Trabalho', 'Prova bimestral']));
    for (const item of inCourse)
      if (item.nome === 'Trabalho') expect(item.data < '2026-06-17' && item.notas_lancadas > 0).toBe(true);
      else expect([item.data > '2026-06-17', item.notas_lancadas]).toEqual([true, 0]);
    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const children = dataOf<Page<Student>>(await get('/api/alunos', guardian));
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${children.items[0]!.id}`, guardian));
    expect(card.periodos.map((period) => period.publicado)).toEqual([true, false, false, false]);
    expect(card.disciplinas.length).toBeGreaterThanOrEqual(8);
    expect(card.disciplinas.every((subject) => subject.periodos[0]!.media !== null)).toBe(true);
    // Three bimestres still open: the conselho de classe has no final result to record yet.
    expect(await t.database.db.select().from(councilDecisions)).toEqual([]);
  });

  it('stamps each grade in its history when a teacher would have typed it, not on the day the demo was built', async () => {
    const rows = await t.database.db
      .select({
        em: gradeChanges.em,
        updatedAt: grades.updatedAt,
        data: assessments.data,
        fechamento: schoolPeriods.dataFechamento,
      })
      .from(gradeChanges)
      .innerJoin(grades, eq(grades.id, gradeChanges.notaId))
      .innerJoin(assessments, eq(assessments.id, grades.avaliacaoId))
      .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId));
    expect(rows.length).toBeGreaterThan(1000);
    for (const row of rows) {
      const day = todayIso(row.em);
      // After the assessment was given, by the period's closing, in the evening (São Paulo).
      expect(day > row.data && day <= row.fechamento && day < '2026-06-17', `${day} ${row.data}`).toBe(true);
      const hour = Number(
        new Intl.DateTimeFormat('pt-BR', {
          hour: '2-digit',
          hourCycle: 'h23',
          timeZone: 'America/Sao_Paulo',
        }).format(row.em),
      );
      expect(hour >= 19 && hour <= 22).toBe(true);
      expect(row.updatedAt.getTime()).toBe(row.em.getTime());
    }
    expect(new Set(rows.map((row) => todayIso(row.em))).size).toBeGreaterThan(3);
  });

  it('has a dozen notices over the year, conversations and the demo guardian’s bell', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const sent = dataOf<Page<{ id: string; exige_ciente: boolean; titulo: string; publicado_em: string }>>(
      await get('/api/comunicados?caixa=enviados&pageSize=50', admin),
    );
    expect(sent.total).toBe(12);
    // Each notice is news of its own season: on 17/06 the newest is June's festa, not July's recess.
    const newest = sent.items[0]!;
    expect(newest.titulo).toBe('Festa Junina: convite e regras');
    expect(newest.publicado_em.slice(0, 10)).toBe('2026-06-01');
    const withCiente = sent.items.filter((item) => item.exige_ciente);
    expect(withCiente.length).toBeGreaterThanOrEqual(3);
    const leituras = dataOf<{ contagem: { destinatarios: number; lidos: number; cientes: number } }>(
      await get(`/api/comunicados/${withCiente[0]!.id}/leituras`, admin),
    );
    expect(leituras.contagem.destinatarios).toBeGreaterThan(10);
    expect(leituras.contagem.cientes).toBeGreaterThan(0);
    expect(leituras.contagem.cientes).toBeLessThan(leituras.contagem.destinatarios);

    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const bell = dataOf<{ items: { tipo: string; texto: string; link: string }[]; nao_lidas: number }>(
      await get('/api/notificacoes?pageSize=50', guardian),
    );
    expect(new Set(bell.items.map((item) => item.tipo))).toEqual(
      new Set(['comunicado', 'mensagem', 'boletim', 'falta', 'mensalidade', 'seguranca']),
    );
    expect(bell.nao_lidas).toBeGreaterThan(0);
    // The absence it tells of is one the child's record shows, on the day it names.
    const falta = bell.items.find((item) => item.tipo === 'falta')!;
    const [, alunoId, dia] = /aluno=([^&]+)&falta=(\d{4}-\d{2}-\d{2})/.exec(falta.link)!;
    const record = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${alunoId!}`, guardian));
    expect(record.faltas.map((absence) => absence.data)).toContain(dia);
    expect(falta.texto).toContain(`em ${dia!.split('-').reverse().join('/')}`);
    const conversations = dataOf<{ items: unknown[] }>(await get('/api/mensagens', guardian));
    expect(conversations.items).toHaveLength(2);
    // The student's own account reads what is for students too (dates, events), not the parents' meetings.
    const student = await loginAs(t.app, 'aluno@demo.escola', 'Demo-Alun-2026');
    const received = dataOf<Page<{ titulo: string }>>(await get('/api/comunicados?pageSize=50', student));
    const titles = received.items.map((item) => item.titulo);
    expect(titles).toEqual(
      expect.arrayContaining(['Boas-vindas ao ano letivo', 'Festa Junina: convite e regras']),
    );
    expect(titles).not.toContain('Reunião de pais do 1º bimestre');
    // The secretaria sees both families' conversations with it, not the one with the teacher.
    const secretaria = dataOf<{ items: unknown[]; nao_lidas: number }>(await get('/api/mensagens', admin));
    expect(secretaria.items).toHaveLength(2);
    expect(secretaria.nao_lidas).toBeGreaterThan(0);
  });

  it('gives the demo mother a recent absence of her daughter to justify', async () => {
    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const children = dataOf<Page<Student>>(await get('/api/alunos', guardian)).items;
    const daughter = children.find((child) => child.turma?.nome === '4º Ano A')!;
    // A whole day missed three school days back (12/06; 17/06 is a Wednesday), not justified: within the
    // 30 days a family justifies (ADR 0034), so the feed asks for it and Frequência offers 'Justificar'.
    const record = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${daughter.id}`, guardian));
    expect(record.faltas.find((falta) => falta.data === '2026-06-12')).toMatchObject({
      disciplina: null,
      justificativa: null,
      situacao: 'injustificada',
    });
    const feed = dataOf<{ itens: { titulo: string; link: string; pendente: boolean }[] }>(
      await get(`/api/familia/feed?aluno_id=${daughter.id}`, guardian),
    );
    expect(feed.itens.find((item) => item.titulo === 'Falta em 12/06 — Justificar')).toMatchObject({
      pendente: true,
      link: `/dashboard/familia/frequencia?aluno=${daughter.id}&justificar=2026-06-12`,
    });
  });

  it('lets the demo mother write to each child’s class teacher (Mensagens → Professor)', async () => {
    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const children = dataOf<Page<Student>>(await get('/api/alunos', guardian)).items;
    // Only a teacher with a portal account is offered: the classes' teachers have one.
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', admin));
    const destinos = dataOf<DestinosOpcoes>(await get('/api/mensagens/destinos', guardian));
    expect(destinos).toHaveLength(2);
    for (const child of children) {
      const turma = classes.find((item) => item.id === child.turma!.id)!;
      const teachers = destinos.find((item) => item.aluno.id === child.id)!.professores;
      expect(teachers.map((teacher) => teacher.nome)).toContain(turma.professor_responsavel!.nome);
    }
  });

  it('has the agenda of today and yesterday of the demo mother’s younger child, with her own exceptions', async () => {
    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const children = dataOf<Page<Student>>(await get('/api/alunos', guardian)).items;
    // The younger of her two children is in the 1º ano, a class with an agenda by default.
    const younger = children.find((child) => child.turma?.nome === DEMO_AGENDA_CLASS)!;
    expect(younger).toBeDefined();
    const feed = dataOf<{ itens: { tipo: string; titulo: string; link: string; pendente: boolean }[] }>(
      await get(`/api/familia/feed?aluno_id=${younger.id}`, guardian),
    );
    const agenda = feed.itens.filter((item) => item.tipo === 'agenda');
    const first = younger.nome.split(' ')[0]!;
    expect(agenda.map((item) => item.titulo)).toEqual([
      `Agenda de hoje: ${first}`,
      `Agenda de 16/06/2026: ${first}`,
    ]);
    // Today asks for a change of clothes: something to do first.
    expect(agenda[0]).toMatchObject({
      pendente: true,
      link: `/dashboard/familia/agenda?aluno=${younger.id}&data=2026-06-17`,
    });
    const today = dataOf<AgendaAluno>(
      await get(`/api/agenda/alunos/${younger.id}?data=2026-06-17`, guardian),
    );
    expect(today.tem_agenda).toBe(true);
    expect(today.dia!.itens.precisa_trazer).toEqual(['Roupa']);
    expect(today.dia!.autor).toBe('Carlos Eduardo Lima');
    const yesterday = dataOf<AgendaAluno>(
      await get(`/api/agenda/alunos/${younger.id}?data=2026-06-16`, guardian),
    );
    expect(yesterday.dia!.itens.refeicoes.find((meal) => meal.refeicao === 'Almoço')?.avaliacao).toBe(
      'comeu_pouco',
    );
    expect(yesterday.dia!.itens.precisa_trazer).toEqual([]);

    // The teacher sees who read yesterday's: the demo mother; one child did not come.
    const teacher = await loginAs(t.app, demoAccounts[1].email, demoAccounts[1].senha);
    const day = dataOf<AgendaDiaTurma>(
      await get(`/api/agenda/turmas/${younger.turma!.id}/2026-06-16`, teacher),
    );
    expect(day).toMatchObject({ publicada: true, editavel: false });
    expect(day.alunos.find((one) => one.id === younger.id)!.leituras.map((one) => one.responsavel)).toEqual([
      demoAccounts[2].nome,
    ]);
    expect(day.excecoes.filter((one) => one.ausente)).toHaveLength(1);
    const todays = dataOf<AgendaDiaTurma>(
      await get(`/api/agenda/turmas/${younger.turma!.id}/2026-06-17`, teacher),
    );
    expect(todays).toMatchObject({ publicada: true, editavel: true, foto: null });
  });

  it('has documents to validate: the demo child’s two, and one revoked and issued again', async () => {
    const rows = await t.database.db.select().from(schoolDocuments).orderBy(asc(schoolDocuments.emitidoEm));
    expect(rows.map((row) => [row.tipo, row.origem, row.revogadoEm !== null])).toEqual(
      expect.arrayContaining([
        ['declaracao_matricula', 'secretaria', false],
        ['declaracao_frequencia', 'portal', false],
        ['declaracao_matricula', 'secretaria', true],
      ]),
    );
    expect(rows).toHaveLength(4);
    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const child = rows.find((row) => row.origem === 'portal')!.alunoId;
    const own = dataOf<{ codigo: string }[]>(await get(`/api/documentos?aluno_id=${child}`, guardian));
    expect(own).toHaveLength(2);
    for (const row of rows) {
      const page = await t.app.inject({ method: 'GET', url: `/validar/${row.codigo}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(row.revogadoEm ? 'Documento revogado' : 'Documento válido');
    }
  });

  it('names who signs for the school: the direction under the documents and as the contract’s party, so the secretaria can send a contract', async () => {
    const escola = await getSchoolIdentity(t.database.db);
    expect(escola.diretor).toBe(demoAccounts[0].nome);
    const [config] = await t.database.db.select().from(contratosConfiguracao);
    expect(config).toMatchObject({
      representanteNome: demoAccounts[0].nome,
      representanteEmail: demoAccounts[0].email,
    });
    expect(isValidCpf(config!.representanteCpf!)).toBe(true);
  });

  it("gives every demo guardian a complete address in parts that the guardian form accepts (the boleto's payer)", async () => {
    const rows = await t.database.db.select().from(guardians);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const parsed = guardianInputSchema.safeParse({
        nome: row.nome,
        telefone: row.telefone,
        parentesco: 'mae',
        ...addressPartsOf(row),
      });
      expect(parsed.success, `${row.nome}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(row.cep).toMatch(/^\d{8}$/);
      expect(row.endereco).toContain(`CEP ${row.cep!.slice(0, 5)}-${row.cep!.slice(5)}`);
    }
  });

  it("names no one with the same surname twice in a row ('Ana Alves Alves' reads as made up)", async () => {
    const names = [
      ...(await t.database.db.select({ nome: guardians.nome }).from(guardians)),
      ...(await t.database.db.select({ nome: students.nome }).from(students)),
      ...(await t.database.db.select({ nome: teachers.nome }).from(teachers)),
    ].map((row) => row.nome);
    expect(names.length).toBeGreaterThan(300);
    expect(names.filter((nome) => /(\S+) \1(\s|$)/u.test(nome))).toEqual([]);
  });

  it('has an account per profile; the coordenação reviews pareceres and grades but not money or backups', async () => {
    const coordenacao = demoAccounts.find((account) => account.perfil === 'coordenacao')!;
    expect(coordenacao).toMatchObject({ email: 'coordenacao@demo.escola', senha: 'Demo-Coord-2026' });
    const cookie = await loginAs(t.app, coordenacao.email, coordenacao.senha);
    const me = dataOf<{ user: { perfis: string[] } }>(await get('/api/auth/me', cookie));
    expect(me.user.perfis).toEqual(['Coordenação pedagógica']);
    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', cookie));
    const pre = classes.find((turma) => turma.nivel === 'Educação Infantil')!;
    const [period] = await t.database.db.select().from(schoolPeriods).orderBy(asc(schoolPeriods.inicio));
    const pareceres = await get(`/api/pareceres?turma_id=${pre.id}&periodo_id=${period!.id}`, cookie);
    expect(pareceres.statusCode).toBe(200);
    const fundamental = classes.find((turma) => turma.nivel === 'Fundamental II')!;
    expect((await get(`/api/notas/turmas/${fundamental.id}`, cookie)).statusCode).not.toBe(403);
    for (const url of ['/api/financeiro/stats', '/api/configuracoes/backups', '/api/users'])
      expect((await get(url, cookie)).statusCode, url).toBe(403);
    for (const account of demoAccounts)
      expect(await loginAs(t.app, account.email, account.senha), account.email).toMatch(/sid=/);
  });
});

describe('demo calendar, rolls and notices agree', () => {
  const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

  it('has the year’s closing dates after its last day, and every date a notice names is in the calendar', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const years = dataOf<SchoolYear[]>(await get('/api/anos-letivos', admin));
    const entries = await t.database.db.select().from(calendarEntries);
    for (const year of years) {
      const of = (titulo: string) =>
        entries.find((entry) => entry.titulo === titulo && entry.inicio.startsWith(`${String(year.ano)}-`))!;
      const recuperacao = of(YEAR_END.recuperacao);
      expect([of(YEAR_END.ultimoDia).tipo, recuperacao.tipo, of(YEAR_END.conselho).tipo]).toEqual([
        'evento',
        'prova',
        'conselho_classe',
      ]);
      // The last day of classes is the year's; the recuperação after it, before the 4th bimestre closes
      // and its conselho; the results after the conselho, all within the year.
      const fechamento = year.periodos.at(-1)!.data_fechamento;
      expect(of(YEAR_END.ultimoDia).inicio).toBe(year.fim);
      expect(recuperacao.inicio > year.fim && recuperacao.fim < fechamento).toBe(true);
      expect(of(YEAR_END.conselho).inicio).toBe(fechamento);
      expect(of(YEAR_END.resultado).inicio > fechamento).toBe(true);
      expect(of(YEAR_END.resultado).inicio.slice(0, 4)).toBe(String(year.ano));
    }
    const notices = await t.database.db.select().from(comunicados);
    const recuperacaoNotice = notices.find((notice) => notice.titulo === 'Calendário da recuperação final')!;
    const ano = todayIso(recuperacaoNotice.publicadoEm!).slice(0, 4);
    const recuperacao = entries.find(
      (entry) => entry.titulo === YEAR_END.recuperacao && entry.inicio.startsWith(ano),
    )!;
    expect(recuperacaoNotice.corpo).toContain(
      `${dayMonth(recuperacao.inicio)} a ${dayMonth(recuperacao.fim)}`,
    );
    for (const notice of notices) {
      const year = todayIso(notice.publicadoEm!).slice(0, 4);
      for (const [, day, month] of notice.corpo.matchAll(/\b(\d{2})\/(\d{2})\b/g)) {
        const date = `${year}-${month!}-${day!}`;
        expect(
          entries.some((entry) => entry.inicio <= date && entry.fim >= date),
          `${notice.titulo}: ${date}`,
        ).toBe(true);
      }
    }
    // The family finds them where the notice says: in the portal's Calendário.
    const guardian = await loginAs(t.app, demoAccounts[2].email, demoAccounts[2].senha);
    const december = dataOf<CalendarView>(
      await get(`/api/calendario?de=${ano}-12-01&ate=${ano}-12-31`, guardian),
    );
    expect(december.eventos.map((entry) => entry.titulo)).toEqual(
      expect.arrayContaining([YEAR_END.ultimoDia, YEAR_END.recuperacao, YEAR_END.resultado]),
    );
  });

  it('puts no event on a holiday or recess, and no roll, agenda or assessment on a day without classes', async () => {
    const days = new Map(
      (await classifyRange(t.database.db, '2026-01-01', '2026-12-31')).map((day) => [day.data, day]),
    );
    const closed = new Set([
      'feriado_nacional',
      'ponto_facultativo',
      'feriado_estadual',
      'feriado_municipal',
      'recesso',
    ]);
    const entries = await t.database.db.select().from(calendarEntries);
    const events = entries.filter((entry) => (eventKinds as readonly string[]).includes(entry.tipo));
    expect(events.length).toBeGreaterThan(5);
    for (const event of events)
      for (const [data, day] of days)
        if (data >= event.inicio && data <= event.fim)
          expect(closed.has(day.tipo), `${event.titulo} em ${data}: ${day.tipo}`).toBe(false);
    const rolled = await t.database.db.selectDistinct({ data: attendanceRolls.data }).from(attendanceRolls);
    const agenda = await t.database.db.select({ data: agendaDias.data }).from(agendaDias);
    const given = await t.database.db.selectDistinct({ data: assessments.data }).from(assessments);
    for (const { data } of [...rolled, ...agenda, ...given])
      if (data.startsWith('2026-')) expect(days.get(data)!.letivo, data).toBe(true);
    // Each bimestre's prova in the calendar's Semana de provas of that bimestre (the 1st's, closed, and
    // the 2nd's, scheduled).
    const provas = await t.database.db
      .select({ data: assessments.data, numero: schoolPeriods.numero })
      .from(assessments)
      .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId))
      .where(sql`${assessments.nome} = 'Prova bimestral' and ${schoolPeriods.inicio} >= '2026-01-01'`);
    expect(provas.length).toBeGreaterThan(100);
    expect(new Set(provas.map((prova) => prova.numero))).toEqual(new Set([1, 2]));
    for (const { data, numero } of provas) {
      const week = entries.find(
        (entry) => entry.titulo === `Semana de provas — ${String(numero)}º bimestre`,
      )!;
      expect(data >= week.inicio && data <= week.fim, data).toBe(true);
    }
  });

  it('gives every class its rolls: the Pré II’s daily, like the 1º ano’s', async () => {
    const admin = await loginAs(t.app, demoAccounts[0].email, demoAccounts[0].senha);
    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', admin)).filter(
      (turma) => turma.ano_letivo === '2026',
    );
    const counts = await t.database.db
      .select({ turmaId: attendanceRolls.turmaId, total: sql<number>`count(*)::int` })
      .from(attendanceRolls)
      .groupBy(attendanceRolls.turmaId);
    const countOf = (id: string) => counts.find((row) => row.turmaId === id)?.total ?? 0;
    for (const turma of classes) expect(countOf(turma.id), turma.nome).toBeGreaterThan(50);
    const pre = classes.find((turma) => turma.nivel === 'Educação Infantil')!;
    const first = classes.find((turma) => turma.nome === '1º Ano A')!;
    expect(countOf(pre.id)).toBe(countOf(first.id));
    const roll = dataOf<Roll>(await get(`/api/frequencia/turmas/${pre.id}?data=2026-06-16`, admin));
    expect(roll.chamada!.registrada_por).toBe('Carlos Eduardo Lima');
  });

  it('justifies a day of absence, never one lesson of it', async () => {
    const days = await t.database.db
      .select({
        lessons: sql<number>`count(*)::int`,
        reasons: sql<number>`count(distinct coalesce(${attendanceAbsences.justificativa}, '-'))::int`,
        excused: sql<number>`count(distinct ${attendanceAbsences.abonada})::int`,
        justified: sql<boolean>`bool_or(${attendanceAbsences.justificativa} is not null)`,
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .groupBy(attendanceAbsences.alunoId, attendanceRolls.data);
    expect(days.filter((day) => day.justified && day.lessons > 1).length).toBeGreaterThan(10);
    for (const day of days) expect([day.reasons, day.excused]).toEqual([1, 1]);
  });
});

describe('demo student account', () => {
  it('signs a Fundamental II student in to their own boletim, and nobody else’s', async () => {
    const student = await loginAs(t.app, 'aluno@demo.escola', 'Demo-Alun-2026');
    const home = dataOf<{ aluno: { id: string }; turma: { nivel: string } }>(
      await get('/api/portal-aluno', student),
    );
    expect(home.turma.nivel).toBe('Fundamental II');
    expect((await get(`/api/boletins/alunos/${home.aluno.id}`, student)).statusCode).toBe(200);
    const [other] = await t.database.db.select({ id: students.id }).from(students).limit(2);
    const otherId =
      other!.id === home.aluno.id ? (await t.database.db.select().from(students))[1]!.id : other!.id;
    expect((await get(`/api/boletins/alunos/${otherId}`, student)).statusCode).toBe(404);
    expect((await get('/api/financeiro/mensalidades', student)).statusCode).toBe(403);
  });
});
