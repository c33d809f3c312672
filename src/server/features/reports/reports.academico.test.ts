/**
 * Reports hub: the academic and people reports.
 */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { displayReportCell } from '../../../shared/reports.schemas.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import {
  column,
  cookies,
  get,
  ids,
  portugueseCookie,
  report,
  send,
  setupReportsTest,
  t,
  teacherCookie,
} from './reports.test-setup.js';

setupReportsTest();

describe('Acadêmico and Pessoas', () => {
  it('mapa-notas: student × subject with the annual average, frequency and situation, ready to sign', async () => {
    const result = await report('mapa-notas', { turma_id: ids.a5 });
    const subjects = result.colunas
      .filter((item) => item.chave.startsWith('disciplina_'))
      .map((item) => item.rotulo);
    expect(subjects).toEqual(['Matemática', 'Português']);
    expect(
      result.linhas.map((line) => [
        line.nome,
        line.disciplina_0,
        line.disciplina_1,
        line.faltas,
        line.frequencia,
      ]),
    ).toEqual([
      ['Ana Ribeiro', 4, 9, 1, 75],
      ['Bruno Dias', 8, 9, 0, 100],
      ['Carla Nunes', 7, 9, 3, 25],
    ]);
    // The boletim's situations: Carla's overall 25 % is below the minimum (she fails by it only once the
    // year is closed, ADR 0077).
    expect(column(result, 'situacao')).toEqual(['Em recuperação', 'Cursando', 'Frequência abaixo do mínimo']);
    expect(result.assinaturas).toHaveLength(3);
    // The grades read as the boletim writes them ('4,0', not '4'): on screen, on paper and in the CSV.
    const math = result.colunas.find((item) => item.rotulo === 'Matemática')!;
    expect(math.tipo).toBe('nota');
    expect(result.linhas.map((line) => displayReportCell(math, line.disciplina_0 ?? null))).toEqual([
      '4,0',
      '8,0',
      '7,0',
    ]);
    const csv = await get(
      `/api/relatorios/mapa-notas?turma_id=${ids.a5}&formato=csv`,
      cookies.get('administrador'),
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\r\n')[1]).toMatch(/^1;Ana Ribeiro;[^;]*;4,0;9,0;1;75;/);
    expect(
      pdfText(
        (await get(`/api/relatorios/mapa-notas?turma_id=${ids.a5}&formato=pdf`, cookies.get('administrador')))
          .rawPayload,
      ),
    ).toContain('8,0');
    // A subject teacher sees only their subject's column.
    const paulo = await report('mapa-notas', { turma_id: ids.a5 }, portugueseCookie);
    expect(
      paulo.colunas.filter((item) => item.chave.startsWith('disciplina_')).map((item) => item.rotulo),
    ).toEqual(['Português']);
  });

  it('alunos-em-risco: below the passing mark or under 75 % in a subject', async () => {
    const result = await report('alunos-em-risco', { turma_id: ids.a5 });
    expect(result.linhas.map((line) => [line.nome, line.disciplina, line.motivo])).toEqual([
      ['Ana Ribeiro', 'Matemática', 'Média abaixo de 6,0'],
      // The year's figure, the one the LDB retains by, before the subject's.
      ['Carla Nunes', 'Frequência geral', 'Frequência geral abaixo de 75 % (3 faltas em 4 aulas)'],
      ['Carla Nunes', 'Matemática', 'Frequência abaixo de 75 %'],
    ]);
    expect(result.cabecalho[0]!.valor).toBe('2 de 3');
    const teacher = await report('alunos-em-risco', { turma_id: ids.a5 }, teacherCookie);
    expect(teacher.linhas).toEqual(result.linhas);
    // The Português teacher: no risk in Português, but the year's attendance is the class's, theirs too.
    expect(
      (await report('alunos-em-risco', { turma_id: ids.a5 }, portugueseCookie)).linhas.map((line) => [
        line.nome,
        line.disciplina,
      ]),
    ).toEqual([['Carla Nunes', 'Frequência geral']]);
  });

  it('alunos-em-risco: in a class with a daily roll, the days missed', async () => {
    expect((await report('alunos-em-risco', { turma_id: ids.b5 })).linhas).toEqual([]);
    for (const [data, faltas] of [
      ['2026-03-02', ['Eduardo Melo']],
      ['2026-03-03', ['Eduardo Melo']],
      ['2026-03-04', []],
    ] as const) {
      const roll = await send('PUT', `/api/frequencia/turmas/${ids.b5}`, cookies.get('administrador')!, {
        data,
        faltas: faltas.map((nome) => ({ aluno_id: ids[nome] })),
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    const result = await report('alunos-em-risco', { turma_id: ids.b5 });
    expect(result.linhas).toEqual([
      {
        nome: 'Eduardo Melo',
        matricula: expect.any(String),
        disciplina: 'Frequência diária',
        media: '—',
        frequencia: 33.3,
        motivo: 'Frequência geral abaixo de 75 % (2 faltas em 3 dias letivos)',
      },
    ]);
    expect(result.cabecalho[0]!.valor).toBe('1 de 1');
  });

  it('frequencia-mensal: lessons, absences and % of each student in the month', async () => {
    const result = await report('frequencia-mensal', { turma_id: ids.a5, mes: '2026-03' });
    expect(result.linhas.map((line) => [line.nome, line.aulas, line.faltas, line.frequencia])).toEqual([
      ['Ana Ribeiro', 4, 1, 75],
      ['Bruno Dias', 4, 0, 100],
      ['Carla Nunes', 4, 3, 25],
    ]);
    expect(result.cabecalho[1]).toEqual({ rotulo: 'Chamadas registradas', valor: '4' });
  });

  it('boletins-turma: the situation on screen and every student’s boletim in one PDF', async () => {
    const result = await report('boletins-turma', { turma_id: ids.a5 });
    expect(column(result, 'nome')).toEqual(['Ana Ribeiro', 'Bruno Dias', 'Carla Nunes', 'Dora Reis']);
    const pdf = await get(`/api/relatorios/boletins-turma?turma_id=${ids.a5}&formato=pdf`, teacherCookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('BOLETIM ESCOLAR');
    expect(text).toContain('Carla Nunes');
    // The teacher reaches the students in the class now: Dora left before.
    expect(text).not.toContain('Dora Reis');
  });

  it('professores: each teacher with classes, subjects and weekly lessons', async () => {
    const result = await report('professores', { ano: '2026' });
    expect(
      result.linhas.map((line) => [
        line.professor,
        line.turma,
        line.responsavel,
        line.disciplinas,
        line.aulas,
        line.total_semana,
      ]),
    ).toEqual([
      ['Marta Souza', '5º A', 'Sim', 'Matemática', 5, 5],
      ['Paulo Lima', '5º A', 'Não', 'Português', 4, 4],
      ['Rita Alves', '5º B', 'Sim', null, 0, 6],
      ['Rita Alves', '6º A', 'Sim', 'Matemática', 6, 6],
    ]);
  });
});

describe('the ata of a year that is over', () => {
  // Last in the file: it adds a past year and a 2026 place to the shared school.
  it('lists who finished the year in the class, though they are in next year’s classes now; not who left it during the year', async () => {
    const admin = cookies.get('administrador')!;
    const year = await send('POST', '/api/anos-letivos', admin, {
      ano: 2025,
      inicio: '2025-02-03',
      fim: '2025-12-12',
      tipo_periodo: 'bimestre',
    });
    expect(year.statusCode, year.body).toBe(201);
    const [a4, b4] = await t.database.db
      .insert(classes)
      .values(
        ['4º A', '4º B'].map((nome) => ({
          nome,
          nivel: 'Fundamental I' as const,
          serie: '4º ano',
          turno: 'manha' as const,
          anoLetivo: '2025',
        })),
      )
      .returning();
    const pupils = await t.database.db
      .insert(students)
      .values(
        ['Lia Prado', 'Davi Rocha', 'Téo Lima', 'Bia Costa'].map((nome, index) => ({
          nome,
          dataNascimento: '2016-04-01',
          matricula: `P-${String(index)}`,
          dataMatricula: '2025-01-10',
          turmaId: index === 0 ? ids.b5 : null,
          status: index === 2 ? ('transferido' as const) : ('ativo' as const),
        })),
      )
      .returning();
    const [lia, davi, teo, bia] = pupils.map((row) => row.id);
    await t.database.db.insert(classMemberships).values([
      // Moved on to 2026's 5º B by the year-end move.
      { alunoId: lia!, turmaId: a4!.id, inicio: '2025-02-03', fim: '2026-02-01' },
      { alunoId: lia!, turmaId: ids.b5, inicio: '2026-02-02' },
      // In the class to the year's last day.
      { alunoId: davi!, turmaId: a4!.id, inicio: '2025-02-03', fim: '2025-12-12' },
      // Transferred out in June; moved to 4º B in May.
      { alunoId: teo!, turmaId: a4!.id, inicio: '2025-02-03', fim: '2025-06-09' },
      { alunoId: bia!, turmaId: a4!.id, inicio: '2025-02-03', fim: '2025-04-30' },
      { alunoId: bia!, turmaId: b4!.id, inicio: '2025-05-01', fim: '2025-12-12' },
    ]);
    expect((await report('mapa-notas', { turma_id: a4!.id })).linhas.map((line) => line.nome)).toEqual([
      'Davi Rocha',
      'Lia Prado',
    ]);
    expect((await report('mapa-notas', { turma_id: b4!.id })).linhas.map((line) => line.nome)).toEqual([
      'Bia Costa',
    ]);
  });
});
