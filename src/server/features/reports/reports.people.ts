import { folded } from '../../lib/text-search.js';
import { asc, eq, sql } from 'drizzle-orm';
import { teacherStatusLabels } from '../../../shared/teachers.schemas.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { newResult, yearOf, yearParameter, type HubReport } from './reports.context.js';

/** Pessoas: each teacher with the classes of the year, the subjects and weekly lessons in each. */
const professores: HubReport = {
  id: 'professores',
  grupo: 'pessoas',
  titulo: 'Professores, turmas e aulas',
  descricao: () =>
    'Cada professor com as turmas do ano, as disciplinas e as aulas semanais em cada uma, e o total da semana.',
  access: 'teachers.write',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [yearParameter(context)],
  async run(run) {
    const ano = String(yearOf(run));
    const [people, lessons, responsible] = await Promise.all([
      run.db
        .select({ id: teachers.id, nome: teachers.nome, status: teachers.status })
        .from(teachers)
        .orderBy(folded(teachers.nome), asc(teachers.id)),
      run.db
        .select({
          professorId: classSubjects.professorId,
          turmaId: classes.id,
          turma: classes.nome,
          disciplina: classSubjects.disciplina,
          aulas: classSubjects.aulasSemanais,
        })
        .from(classSubjects)
        .innerJoin(classes, eq(classes.id, classSubjects.turmaId))
        .where(sql`${classes.anoLetivo} = ${ano} and ${classSubjects.professorId} is not null`)
        .orderBy(sql`lower(${classes.nome})`, asc(classSubjects.disciplina)),
      run.db
        .select({ professorId: classes.professorResponsavelId, turmaId: classes.id, turma: classes.nome })
        .from(classes)
        .where(sql`${classes.anoLetivo} = ${ano} and ${classes.professorResponsavelId} is not null`),
    ]);
    const linhas: Record<string, string | number | null>[] = [];
    let total = 0;
    for (const person of people) {
      const perClass = new Map<
        string,
        { turma: string; disciplinas: string[]; aulas: number; responsavel: boolean }
      >();
      for (const row of lessons.filter((item) => item.professorId === person.id)) {
        const entry = perClass.get(row.turmaId) ?? {
          turma: row.turma,
          disciplinas: [],
          aulas: 0,
          responsavel: false,
        };
        entry.disciplinas.push(row.disciplina);
        entry.aulas += row.aulas;
        perClass.set(row.turmaId, entry);
      }
      for (const row of responsible.filter((item) => item.professorId === person.id)) {
        const entry = perClass.get(row.turmaId) ?? {
          turma: row.turma,
          disciplinas: [],
          aulas: 0,
          responsavel: false,
        };
        entry.responsavel = true;
        perClass.set(row.turmaId, entry);
      }
      const week = [...perClass.values()].reduce((sum, entry) => sum + entry.aulas, 0);
      total += week;
      const entries = [...perClass.values()].sort((a, b) =>
        a.turma.localeCompare(b.turma, 'pt-BR', { numeric: true }),
      );
      if (entries.length === 0)
        linhas.push({
          professor: person.nome,
          status: teacherStatusLabels[person.status],
          turma: null,
          responsavel: null,
          disciplinas: null,
          aulas: 0,
          total_semana: 0,
        });
      for (const entry of entries)
        linhas.push({
          professor: person.nome,
          status: teacherStatusLabels[person.status],
          turma: entry.turma,
          responsavel: entry.responsavel ? 'Sim' : 'Não',
          disciplinas: entry.disciplinas.join(', ') || null,
          aulas: entry.aulas,
          total_semana: week,
        });
    }
    return newResult(run, this, {
      subtitulo: `Ano letivo ${ano}`,
      cabecalho: [
        { rotulo: 'Professores', valor: String(people.length) },
        { rotulo: 'Aulas semanais atribuídas', valor: String(total) },
      ],
      colunas: [
        { chave: 'professor', rotulo: 'Docente', tipo: 'texto', peso: 3 },
        { chave: 'status', rotulo: 'Situação', tipo: 'texto', peso: 1.1 },
        { chave: 'turma', rotulo: 'Turma', tipo: 'texto', peso: 1.5 },
        { chave: 'responsavel', rotulo: 'Responsável', tipo: 'texto', peso: 1.1 },
        { chave: 'disciplinas', rotulo: 'Disciplinas', tipo: 'texto', peso: 3 },
        { chave: 'aulas', rotulo: 'Aulas/semana', tipo: 'numero', peso: 1.1 },
        { chave: 'total_semana', rotulo: 'Total/semana', tipo: 'numero', peso: 1.1 },
      ],
      linhas,
      paisagem: true,
    });
  },
};

export const peopleReports: HubReport[] = [professores];
