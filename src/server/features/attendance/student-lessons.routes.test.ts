/**
 * The lessons' content and homework as a family and a student read them (docs/familia.md, 'Tarefas e
 * conteúdos'): only their own child's (or own) lessons, only while the child was in the class, nothing of
 * the roll but the two texts, and today's homework on the family's home.
 */
import { describe, expect, it } from 'vitest';
import type { Feed } from '../../../shared/familia.schemas.js';
import type { StudentLessons } from '../../../shared/tarefas.schemas.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';
import { dataOf, detailsOf } from '../../test/records-fixtures.js';
import { familyIn } from '../../test/school-fixtures.js';
import { signedIn } from '../../test/test-app.js';
import { get, mathRoll, send, setupAttendanceTestApp, setupSchool, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

const put = (turmaId: string, cookie: string, body: object) =>
  send('PUT', `/api/frequencia/turmas/${turmaId}`, cookie, body);

const lessonsOf = (alunoId: string, cookie: string, query = '') =>
  get(`/api/frequencia/alunos/${alunoId}/tarefas${query}`, cookie);

/** Today is Friday 20/03/2026: Matemática on 16 (with an absence of a classmate), 18 (no content) and 20. */
async function schoolWithLessons() {
  const s = await setupSchool();
  // Joined class A on Wednesday 18/03: the lessons before are not his.
  const late = await familyIn(t, s.classA.id, '2026-03-18');
  const saves = [
    put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[1].id, justificativa: 'Consulta médica' }]),
      conteudo: 'Frações equivalentes',
      atividades: 'Exercícios 1 a 5, página 42',
    }),
    put(s.classA.id, s.portuguese.cookie, {
      data: '2026-03-17',
      disciplina: 'Português',
      aula: 1,
      faltas: [],
      conteudo: 'Substantivos próprios e comuns',
    }),
    put(s.classA.id, s.math.cookie, mathRoll('2026-03-18', [])),
    put(s.classA.id, s.math.cookie, { ...mathRoll('2026-03-20', []), atividades: 'Lista 3 de frações' }),
    put(s.classB.id, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [],
      conteudo: 'Roda de conversa: as estações do ano',
    }),
  ];
  for (const save of saves) expect((await save).statusCode).toBe(200);
  return { ...s, late };
}

describe('GET /api/frequencia/alunos/:id/tarefas', () => {
  it("gives the family their child's lessons with content or homework, newest first, and nothing else of the roll", async () => {
    const s = await schoolWithLessons();
    const response = await lessonsOf(s.a[0].id, s.guardian.cookie);
    expect(response.statusCode).toBe(200);
    const body = dataOf<StudentLessons>(response);
    // The last 14 days up to today by default.
    expect(body).toMatchObject({ aluno: { id: s.a[0].id }, de: '2026-03-07', ate: '2026-03-20' });
    expect(
      body.aulas.map((aula) => [
        aula.data,
        aula.disciplina,
        aula.professor_nome,
        aula.conteudo,
        aula.atividades,
      ]),
    ).toEqual([
      ['2026-03-20', 'Matemática', s.math.teacher.nome, null, 'Lista 3 de frações'],
      ['2026-03-17', 'Português', s.portuguese.teacher.nome, 'Substantivos próprios e comuns', null],
      [
        '2026-03-16',
        'Matemática',
        s.math.teacher.nome,
        'Frações equivalentes',
        'Exercícios 1 a 5, página 42',
      ],
    ]);
    expect(body.aulas[0]).toEqual({
      id: expect.any(String),
      data: '2026-03-20',
      turma_nome: s.classA.nome,
      disciplina: 'Matemática',
      aula: 1,
      professor_nome: s.math.teacher.nome,
      conteudo: null,
      atividades: 'Lista 3 de frações',
    });
    // A classmate's absence (and its justification) never leaves the staff's diary.
    expect(response.body).not.toContain(s.a[1].id);
    expect(response.body).not.toContain('Consulta médica');
    expect(response.body).not.toContain('falta');

    // The family's other child, in a daily-roll class: the day's content, by the class's teacher.
    const daily = dataOf<StudentLessons>(await lessonsOf(s.b[0].id, s.guardian.cookie));
    expect(daily.aulas.map((aula) => [aula.data, aula.disciplina, aula.aula, aula.professor_nome])).toEqual([
      ['2026-03-16', null, 0, s.tutor.teacher.nome],
    ]);
  });

  it('refuses another family’s child (404), and shows a child who joined late only the lessons since', async () => {
    const s = await schoolWithLessons();
    // The attacker is a guardian of the school, with a child in the same class.
    const attacker = await lessonsOf(s.a[0].id, s.late.cookie);
    expect(attacker.statusCode).toBe(404);
    expect(attacker.body).not.toContain('Frações');
    const stranger = await familyIn(t, s.classB.id);
    expect((await lessonsOf(s.a[0].id, stranger.cookie)).statusCode).toBe(404);

    const late = dataOf<StudentLessons>(await lessonsOf(s.late.child.id, s.late.cookie));
    expect(late.aulas.map((aula) => aula.data)).toEqual(['2026-03-20']);
    // Asked for the weeks before he joined: nothing.
    const before = dataOf<StudentLessons>(
      await lessonsOf(s.late.child.id, s.late.cookie, '?de=2026-03-01&ate=2026-03-17'),
    );
    expect(before.aulas).toEqual([]);
  });

  it('lets a student read only their own, and a teacher only the lessons they teach', async () => {
    const s = await schoolWithLessons();
    const student = await signedIn(t, 'aluno');
    await t.database.db.insert(studentAccounts).values({
      alunoId: s.a[0].id,
      usuarioId: student.user.id,
      consentimentoResponsavelNome: 'Responsável',
      consentimentoMeio: 'termo_assinado',
      consentimentoEm: new Date(),
    });
    const own = dataOf<StudentLessons>(await lessonsOf(s.a[0].id, student.cookie));
    expect(own.aulas).toHaveLength(3);
    expect((await lessonsOf(s.a[1].id, student.cookie)).statusCode).toBe(404);

    const portuguese = dataOf<StudentLessons>(await lessonsOf(s.a[0].id, s.portuguese.cookie));
    expect(portuguese.aulas.map((aula) => aula.disciplina)).toEqual(['Português']);
    expect((await lessonsOf(s.b[0].id, s.math.cookie)).statusCode).toBe(404);
    expect(dataOf<StudentLessons>(await lessonsOf(s.a[0].id, s.admin.cookie)).aulas).toHaveLength(3);
  });

  it('takes a range and answers a wrong one with 400 in Portuguese', async () => {
    const s = await schoolWithLessons();
    const one = dataOf<StudentLessons>(
      await lessonsOf(s.a[0].id, s.guardian.cookie, '?de=2026-03-17&ate=2026-03-17'),
    );
    expect(one.aulas.map((aula) => aula.disciplina)).toEqual(['Português']);
    // One bound: 14 days from it.
    const from = dataOf<StudentLessons>(await lessonsOf(s.a[0].id, s.guardian.cookie, '?de=2026-03-17'));
    expect(from).toMatchObject({ de: '2026-03-17', ate: '2026-03-30' });
    expect(from.aulas).toHaveLength(2);

    for (const [query, message] of [
      ['?de=2026-03-20&ate=2026-03-01', 'A data final é anterior à inicial'],
      ['?de=2026-01-01&ate=2026-06-30', 'Consulte no máximo 92 dias por vez'],
      ['?de=20/03/2026', 'Data inválida'],
    ] as const) {
      const refused = await lessonsOf(s.a[0].id, s.guardian.cookie, query);
      expect(refused.statusCode, query).toBe(400);
      expect(JSON.stringify(detailsOf(refused)), query).toContain(message);
    }
    expect((await lessonsOf(s.a[0].id, s.guardian.cookie, '?disciplina=Matemática')).statusCode).toBe(400);
    expect((await lessonsOf('nao-e-um-id', s.guardian.cookie)).statusCode).toBe(400);
  });
});

describe('the family’s home', () => {
  it('shows today’s homework once per child, opening the family’s Tarefas', async () => {
    const s = await schoolWithLessons();
    const feed = dataOf<Feed>(await get('/api/familia/feed', s.guardian.cookie));
    const homework = feed.itens.filter((item) => item.tipo === 'tarefa');
    expect(homework).toEqual([
      {
        id: `tarefa:${s.a[0].id}:2026-03-20`,
        tipo: 'tarefa',
        titulo: 'Tarefa de casa de hoje — Matemática',
        resumo: 'Lista 3 de frações',
        data: '2026-03-20',
        link: `/dashboard/familia/tarefas?aluno=${s.a[0].id}`,
        aluno_id: s.a[0].id,
        pendente: false,
      },
    ]);
    // Another family of the class (the child joined on 18/03) has it too; a family of class B does not.
    const late = dataOf<Feed>(await get('/api/familia/feed', s.late.cookie));
    expect(late.itens.filter((item) => item.tipo === 'tarefa').map((item) => item.aluno_id)).toEqual([
      s.late.child.id,
    ]);
    const stranger = await familyIn(t, s.classB.id);
    const none = dataOf<Feed>(await get('/api/familia/feed', stranger.cookie));
    expect(none.itens.filter((item) => item.tipo === 'tarefa')).toEqual([]);
  });
});
