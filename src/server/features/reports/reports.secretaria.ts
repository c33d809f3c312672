import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { classNiveis, compareSeries, turnoLabels, turnos } from '../../../shared/classes.schemas.js';
import { formatPhone } from '../../../shared/format.js';
import type { ReportCell } from '../../../shared/reports.schemas.js';
import { parentescoLabels } from '../../../shared/students.schemas.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { studentsInScope } from '../students/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { folded } from '../../lib/text-search.js';
import {
  ageOn,
  classOf,
  classTitle,
  monthParameter,
  newResult,
  plural,
  turmaParameter,
  yearOf,
  yearParameter,
  type HubReport,
  type ReportRun,
} from './reports.context.js';
import { movimentacao } from './reports.secretaria-movimentacao.js';

/** Educação Infantil, Fundamental I and II, Ensino Médio: the stages in school order. */
const nivelOrder = (nivel: string) => classNiveis.indexOf(nivel as (typeof classNiveis)[number]);

/** Secretaria: class lists, the Censo Escolar's counts, birthdays, contacts and student movement. */

/** The class's teachers: the responsible one and each subject's, as a class list prints them. */
async function teachersOf(run: ReportRun, turmaId: string, responsavelId: string | null) {
  const rows = await run.db
    .select({ disciplina: classSubjects.disciplina, nome: teachers.nome })
    .from(classSubjects)
    .innerJoin(teachers, eq(teachers.id, classSubjects.professorId))
    .where(eq(classSubjects.turmaId, turmaId))
    .orderBy(asc(folded(teachers.nome)), asc(classSubjects.disciplina));
  const [responsible] = responsavelId
    ? await run.db.select({ nome: teachers.nome }).from(teachers).where(eq(teachers.id, responsavelId))
    : [];
  const bySubject = new Map<string, string[]>();
  for (const row of rows) bySubject.set(row.nome, [...(bySubject.get(row.nome) ?? []), row.disciplina]);
  return {
    responsavel: responsible?.nome ?? 'Não atribuído',
    professores: [...bySubject].map(([nome, subjects]) => `${nome} (${subjects.join(', ')})`).join('; '),
  };
}

const listaTurma: HubReport = {
  id: 'lista-turma',
  grupo: 'secretaria',
  titulo: 'Lista da turma',
  descricao: (nivel) =>
    nivel === 'professor'
      ? 'Os alunos de uma das suas turmas, com os professores e uma coluna para assinatura.'
      : 'Os alunos de uma turma, com os professores e uma coluna para assinatura — pronta para imprimir.',
  access: 'reports.secretaria',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [turmaParameter(context)],
  async run(run) {
    const turma = await classOf(run);
    const [people, rows] = await Promise.all([
      teachersOf(run, turma.id, turma.professorResponsavelId),
      run.db
        .select({
          nome: students.nome,
          matricula: students.matricula,
          nascimento: students.dataNascimento,
        })
        .from(students)
        .where(and(eq(students.turmaId, turma.id), eq(students.status, 'ativo')))
        .orderBy(folded(students.nome), asc(students.matricula)),
    ]);
    return newResult(run, this, {
      subtitulo: classTitle(turma),
      cabecalho: [
        { rotulo: 'Docente responsável', valor: people.responsavel },
        ...(people.professores ? [{ rotulo: 'Professores', valor: people.professores }] : []),
        { rotulo: 'Alunos', valor: plural(rows.length, 'aluno ativo', 'alunos ativos') },
      ],
      colunas: [
        { chave: 'numero', rotulo: 'Nº', tipo: 'numero', peso: 0.5 },
        { chave: 'nome', rotulo: 'Nome', tipo: 'texto', peso: 4 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.4 },
        { chave: 'nascimento', rotulo: 'Nascimento', tipo: 'data', peso: 1.3 },
        { chave: 'assinatura', rotulo: 'Assinatura', tipo: 'assinatura', peso: 3.5 },
      ],
      linhas: rows.map((row, index) => ({ numero: index + 1, ...row, assinatura: null })),
    });
  },
};

/** The Censo Escolar's reference date: the last Wednesday of May of the year. */
export function censusDate(year: number): string {
  const day = new Date(Date.UTC(year, 4, 31));
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const porSerie: HubReport = {
  id: 'alunos-por-serie',
  grupo: 'secretaria',
  titulo: 'Alunos por série, turno e idade',
  descricao: () =>
    'As contagens que o Censo Escolar pede: alunos ativos enturmados por série e turno, e por idade na data de referência do Censo.',
  access: 'classes.write',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [
    yearParameter(context),
    {
      nome: 'turno',
      rotulo: 'Turno',
      tipo: 'selecao',
      obrigatorio: false,
      padrao: '',
      vazio: 'Todos os turnos',
      opcoes: turnos.map((turno) => ({ valor: turno, rotulo: turnoLabels[turno] })),
    },
  ],
  async run(run) {
    const ano = yearOf(run);
    const reference = censusDate(ano);
    // A literal, not a parameter: GROUP BY must see the same expression as the select list.
    const age = sql<number>`extract(year from age(${sql.raw(`'${reference}'`)}::date, ${students.dataNascimento}))::int`;
    const rows = await run.db
      .select({
        serie: classes.serie,
        nivel: classes.nivel,
        turno: classes.turno,
        idade: age.mapWith(Number),
        total: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.turmaId))
      .where(
        and(
          eq(students.status, 'ativo'),
          eq(classes.anoLetivo, String(ano)),
          run.filters.turno ? eq(classes.turno, run.filters.turno) : undefined,
        ),
      )
      .groupBy(classes.serie, classes.nivel, classes.turno, age);
    const ages = [...new Set(rows.map((row) => row.idade))].sort((a, b) => a - b);
    // Manhã, tarde and noite always; Integral where the school has a full-time class.
    const shown = turnos.filter((turno) => turno !== 'integral' || rows.some((row) => row.turno === turno));
    const series = new Map<string, Record<string, ReportCell> & { nivel: string }>();
    for (const row of rows) {
      const line = series.get(row.serie) ?? {
        serie: row.serie,
        nivel: row.nivel,
        ...Object.fromEntries(shown.map((turno) => [turno, 0])),
        total: 0,
        ...Object.fromEntries(ages.map((age) => [`idade_${String(age)}`, 0])),
      };
      line[row.turno] = (line[row.turno] as number) + row.total;
      line.total = (line.total as number) + row.total;
      const key = `idade_${String(row.idade)}`;
      line[key] = (line[key] as number) + row.total;
      series.set(row.serie, line);
    }
    const linhas = [...series.values()].sort(
      (a, b) => nivelOrder(a.nivel) - nivelOrder(b.nivel) || compareSeries(String(a.serie), String(b.serie)),
    );
    const total = linhas.reduce((sum, line) => sum + (line.total as number), 0);
    const totals: Record<string, ReportCell> = { serie: 'Total', nivel: '' };
    for (const key of [...shown, 'total', ...ages.map((age) => `idade_${String(age)}`)])
      totals[key] = linhas.reduce((sum, line) => sum + (line[key] as number), 0);
    return newResult(run, this, {
      subtitulo: `Ano letivo ${String(ano)}${run.filters.turno ? ` · ${turnoLabels[run.filters.turno]}` : ''}`,
      cabecalho: [
        { rotulo: 'Alunos ativos enturmados', valor: total.toLocaleString('pt-BR') },
        {
          rotulo: 'Idade em',
          valor: `${reference.split('-').reverse().join('/')} (data de referência do Censo)`,
        },
      ],
      colunas: [
        { chave: 'serie', rotulo: 'Série', tipo: 'texto', peso: 2 },
        { chave: 'nivel', rotulo: 'Etapa', tipo: 'texto', peso: 2 },
        ...shown.map((turno) => ({ chave: turno, rotulo: turnoLabels[turno], tipo: 'numero' as const })),
        { chave: 'total', rotulo: 'Total', tipo: 'numero' },
        ...ages.map((age) => ({
          chave: `idade_${String(age)}`,
          rotulo: `${String(age)} anos`,
          tipo: 'numero' as const,
        })),
      ],
      linhas: linhas.length > 0 ? [...linhas, totals] : [],
      grafico:
        linhas.length > 0
          ? {
              titulo: 'Alunos por série e turno',
              rotulo: 'serie',
              series: shown
                .filter((turno) => !run.filters.turno || turno === run.filters.turno)
                .map((turno) => ({ chave: turno, rotulo: turnoLabels[turno] })),
            }
          : null,
      paisagem: ages.length > 6,
    });
  },
};

const aniversariantes: HubReport = {
  id: 'aniversariantes',
  grupo: 'secretaria',
  titulo: 'Aniversariantes do mês',
  descricao: (nivel) =>
    nivel === 'professor'
      ? 'Os alunos das suas turmas que fazem aniversário no mês, dia a dia.'
      : 'Os alunos ativos que fazem aniversário no mês, dia a dia, com a turma.',
  access: 'reports.secretaria',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [monthParameter(context), turmaParameter(context, false)],
  async run(run) {
    const mes = run.filters.mes ?? run.today.slice(0, 7);
    const month = Number(mes.slice(5));
    if (run.filters.turma_id) await classOf(run);
    const rows = await run.db
      .select({
        nome: students.nome,
        nascimento: students.dataNascimento,
        turma: classes.nome,
      })
      .from(students)
      .leftJoin(classes, eq(classes.id, students.turmaId))
      .where(
        and(
          eq(students.status, 'ativo'),
          sql`extract(month from ${students.dataNascimento}) = ${month}`,
          run.filters.turma_id ? eq(students.turmaId, run.filters.turma_id) : undefined,
          studentsInScope(run.scope),
        ),
      )
      .orderBy(sql`extract(day from ${students.dataNascimento})`, folded(students.nome));
    const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${mes}-01T12:00:00Z`),
    );
    return newResult(run, this, {
      subtitulo: `${monthName[0]!.toUpperCase()}${monthName.slice(1)} de ${mes.slice(0, 4)}`,
      cabecalho: [{ rotulo: 'Aniversariantes', valor: String(rows.length) }],
      colunas: [
        { chave: 'dia', rotulo: 'Dia', tipo: 'numero', peso: 0.6 },
        { chave: 'nome', rotulo: 'Nome', tipo: 'texto', peso: 4 },
        { chave: 'nascimento', rotulo: 'Nascimento', tipo: 'data', peso: 1.4 },
        { chave: 'idade', rotulo: 'Completa (anos)', tipo: 'numero', peso: 1.2 },
        { chave: 'turma', rotulo: 'Turma', tipo: 'texto', peso: 2 },
      ],
      linhas: rows.map((row) => ({
        dia: Number(row.nascimento.slice(8)),
        nome: row.nome,
        nascimento: row.nascimento,
        idade: Number(mes.slice(0, 4)) - Number(row.nascimento.slice(0, 4)),
        turma: row.turma ?? 'Sem turma',
      })),
    });
  },
};

const contatos: HubReport = {
  id: 'contatos-responsaveis',
  grupo: 'secretaria',
  titulo: 'Contatos dos responsáveis',
  descricao: (nivel) =>
    nivel === 'administrador'
      ? 'Os responsáveis de cada aluno de uma turma, com parentesco, telefone e e-mail.'
      : 'Os responsáveis de cada aluno de uma das suas turmas, com parentesco e telefone.',
  access: 'reports.secretaria',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [turmaParameter(context)],
  async run(run) {
    const turma = await classOf(run);
    // A teacher sees guardians' names and phones, never their e-mails (students.presenter.ts).
    const withEmail = run.scope.kind === 'all';
    const rows = await run.db
      .select({
        aluno: students.nome,
        responsavel: guardians.nome,
        parentesco: studentGuardians.parentesco,
        principal: studentGuardians.ehPrincipal,
        telefone: guardians.telefone,
        email: guardians.email,
      })
      .from(students)
      .leftJoin(studentGuardians, eq(studentGuardians.alunoId, students.id))
      .leftJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .where(and(eq(students.turmaId, turma.id), eq(students.status, 'ativo')))
      .orderBy(
        folded(students.nome),
        students.id,
        sql`${studentGuardians.ehPrincipal} desc`,
        asc(folded(guardians.nome)),
      );
    return newResult(run, this, {
      subtitulo: classTitle(turma),
      cabecalho: [
        {
          rotulo: 'Alunos',
          valor: String(new Set(rows.map((row) => row.aluno)).size),
        },
      ],
      colunas: [
        { chave: 'aluno', rotulo: 'Aluno', tipo: 'texto', peso: 3 },
        { chave: 'responsavel', rotulo: 'Responsável', tipo: 'texto', peso: 3 },
        { chave: 'parentesco', rotulo: 'Parentesco', tipo: 'texto', peso: 1.2 },
        { chave: 'principal', rotulo: 'Principal', tipo: 'texto', peso: 0.9 },
        { chave: 'telefone', rotulo: 'Telefone', tipo: 'texto', peso: 1.8 },
        ...(withEmail ? [{ chave: 'email', rotulo: 'E-mail', tipo: 'texto' as const, peso: 3 }] : []),
      ],
      linhas: rows.map((row) => ({
        aluno: row.aluno,
        responsavel: row.responsavel ?? 'Sem responsável cadastrado',
        parentesco: row.parentesco ? parentescoLabels[row.parentesco] : null,
        principal: row.responsavel ? (row.principal ? 'Sim' : 'Não') : null,
        telefone: row.telefone ? formatPhone(row.telefone) : null,
        ...(withEmail ? { email: row.email } : {}),
      })),
      paisagem: true,
    });
  },
};

const semTurma: HubReport = {
  id: 'alunos-sem-turma',
  grupo: 'secretaria',
  titulo: 'Alunos sem turma',
  descricao: () => 'Alunos ativos que ainda não foram enturmados, com o responsável principal.',
  access: 'classes.write',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: () => [],
  async run(run) {
    const rows = await run.db
      .select({
        nome: students.nome,
        matricula: students.matricula,
        nascimento: students.dataNascimento,
        data_matricula: students.dataMatricula,
        responsavel: guardians.nome,
        telefone: guardians.telefone,
      })
      .from(students)
      .leftJoin(
        studentGuardians,
        and(eq(studentGuardians.alunoId, students.id), eq(studentGuardians.ehPrincipal, true)),
      )
      .leftJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .where(and(eq(students.status, 'ativo'), isNull(students.turmaId)))
      .orderBy(folded(students.nome), asc(students.matricula));
    return newResult(run, this, {
      cabecalho: [{ rotulo: 'Alunos sem turma', valor: String(rows.length) }],
      colunas: [
        { chave: 'nome', rotulo: 'Nome', tipo: 'texto', peso: 3 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.3 },
        { chave: 'nascimento', rotulo: 'Nascimento', tipo: 'data', peso: 1.2 },
        { chave: 'idade', rotulo: 'Idade', tipo: 'numero', peso: 0.7 },
        { chave: 'data_matricula', rotulo: 'Matriculado em', tipo: 'data', peso: 1.3 },
        { chave: 'responsavel', rotulo: 'Responsável principal', tipo: 'texto', peso: 3 },
        { chave: 'telefone', rotulo: 'Telefone', tipo: 'texto', peso: 1.7 },
      ],
      linhas: rows.map((row) => ({
        ...row,
        idade: ageOn(row.nascimento, run.today),
        telefone: row.telefone ? formatPhone(row.telefone) : null,
      })),
      paisagem: true,
    });
  },
};

export const secretariaReports: HubReport[] = [
  listaTurma,
  porSerie,
  aniversariantes,
  contatos,
  semTurma,
  movimentacao,
];
