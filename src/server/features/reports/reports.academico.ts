import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { minimaText } from '../../../shared/stage-rules.js';
import { isInfantil } from '../../../shared/classes.schemas.js';
import { formatGradeNumber, situacaoLabels, situacoes } from '../../../shared/averages.js';
import { absencesText, failingByAbsenceFits, type ReportCard } from '../../../shared/report-card.schemas.js';
import type { ReportCell } from '../../../shared/reports.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { getClassMonth } from '../attendance/index.js';
import { resolveYear, rulesForClass } from '../calendar/index.js';
import { conflict } from '../../lib/errors.js';
import { folded } from '../../lib/text-search.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { drawCard } from '../grades/index.js';
import { buildReportCards } from '../grades/index.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { getSchoolIdentity } from '../settings/index.js';
import { students } from '../../db/schema/students.js';
import {
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
import { renderPdfDocument } from './reports.render.js';

/** Acadêmico: boletins, the ata de resultados finais, monthly attendance and students at risk. */

/**
 * Everyone whose boletim belongs to the class: its members during its year (an administrator), or the
 * active students in it now (a teacher reaches a student through the class they are in; the ata and
 * the risk list are about who is in the class).
 */
async function membersOf(run: Pick<ReportRun, 'db' | 'scope'>, turma: ClassRow, current = false) {
  if (run.scope.kind !== 'all' || current)
    return run.db
      .select({ id: students.id, nome: students.nome })
      .from(students)
      .where(and(eq(students.turmaId, turma.id), eq(students.status, 'ativo')))
      .orderBy(folded(students.nome), asc(students.id));
  const year = await resolveYear(run.db, Number(turma.anoLetivo) || undefined);
  const de = year?.inicio ?? `${turma.anoLetivo}-01-01`;
  const ate = year?.fim ?? `${turma.anoLetivo}-12-31`;
  return placesIn(
    run,
    turma,
    and(lte(classMemberships.inicio, ate), or(isNull(classMemberships.fim), gte(classMemberships.fim, de))),
  );
}

/** The students whose place in the class (`class_memberships`) meets `which`, by name. */
function placesIn(run: Pick<ReportRun, 'db'>, turma: ClassRow, which: SQL | undefined) {
  return run.db
    .selectDistinct({ id: students.id, nome: students.nome, chave: folded(students.nome) })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .where(and(eq(classMemberships.turmaId, turma.id), which))
    .orderBy(folded(students.nome), asc(students.id));
}

/**
 * Who finished the year in the class, for its ata: while the year runs, its active students now (as
 * `membersOf`); once the year is over, those whose place in the class reached the year's last day or
 * ended only when they moved on to a class of another year (the year-end move). Before, a past year's
 * ata read the classes' students of today and came out empty.
 */
async function finishedTheYear(run: ReportRun, turma: ClassRow) {
  const year = await resolveYear(run.db, Number(turma.anoLetivo) || undefined);
  if (run.scope.kind !== 'all' || !year || year.fim >= run.today) return membersOf(run, turma, true);
  return placesIn(
    run,
    turma,
    and(
      lte(classMemberships.inicio, year.fim),
      or(
        isNull(classMemberships.fim),
        gte(classMemberships.fim, year.fim),
        sql`exists (select 1 from class_memberships later join classes c on c.id = later.turma_id
          where later.aluno_id = ${classMemberships.alunoId} and later.inicio > ${classMemberships.fim}
            and c.ano_letivo <> ${turma.anoLetivo})`,
      ),
    ),
  );
}

/** The boletim of every student of a class, the same figures as each student's boletim. */
async function classCards(run: ReportRun, turma: ClassRow, current = false): Promise<ReportCard[]> {
  const members = await membersOf(run, turma, current);
  const ids = members.map((member) => member.id);
  return buildReportCards(run.db, run.viewer, ids, { ano: Number(turma.anoLetivo) });
}

/** The class's passing mark as the boletim writes it ('6,0'), for a report's header. */
const passingMarkCell = (cards: readonly ReportCard[]) => ({
  rotulo: 'Média para aprovação',
  valor: cards[0] ? formatGradeNumber(cards[0].media_aprovacao) : '—',
});

const boletinsTurma: HubReport = {
  id: 'boletins-turma',
  grupo: 'academico',
  titulo: 'Boletins da turma',
  descricao: () =>
    'O boletim de cada aluno da turma num só PDF, uma página por aluno; na tela, a situação de cada um.',
  access: 'reports.academico',
  formatos: ['pdf'],
  parametros: (context) => [turmaParameter(context)],
  async run(run) {
    const turma = refuseInfantilClass(await classOf(run));
    const cards = await classCards(run, turma);
    return newResult(run, this, {
      subtitulo: classTitle(turma),
      cabecalho: [{ rotulo: 'Boletins', valor: String(cards.length) }],
      colunas: [
        { chave: 'nome', rotulo: 'Aluno', tipo: 'texto', peso: 3 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.3 },
        { chave: 'frequencia', rotulo: 'Frequência', tipo: 'percentual' },
        { chave: 'situacao', rotulo: 'Situação', tipo: 'texto', peso: 1.8 },
      ],
      linhas: cards.map((card) => ({
        nome: card.aluno.nome,
        matricula: card.aluno.matricula,
        frequencia: card.frequencia.frequencia,
        situacao: situacaoLabels[card.situacao],
      })),
    });
  },
  async file(run) {
    const turma = refuseInfantilClass(await classOf(run));
    const cards = await classCards(run, turma);
    const school = await getSchoolIdentity(run.db);
    const body = await renderPdfDocument(
      `Boletins ${turma.nome}`,
      true,
      (doc) => {
        if (cards.length === 0)
          doc.addPage().fontSize(12).text(`A turma ${turma.nome} não tem alunos no ano letivo.`);
        // drawCard opens the student's page itself.
        for (const card of cards) drawCard(doc, school, card);
      },
      { autoFirstPage: false, bufferPages: false },
    );
    return {
      body,
      fileName: `boletins-${turma.nome.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}-${turma.anoLetivo}.pdf`,
    };
  },
};

/**
 * The classes of a year with boletins, in name order: the school's boletins export walks them one by
 * one. Educação Infantil has none (LDB art. 31): its children have the Relatório de desenvolvimento.
 */
async function classesOfYear(db: DbOrTx, ano: number) {
  const rows = await db
    .select()
    .from(classes)
    .where(eq(classes.anoLetivo, String(ano)))
    .orderBy(sql`lower(${classes.nome})`);
  return rows.filter((row) => !isInfantil(row.nivel));
}

/** An Infantil class has no boletins: its children have the Relatório de desenvolvimento (pareceres). */
function refuseInfantilClass(turma: ClassRow): ClassRow {
  if (isInfantil(turma.nivel))
    throw conflict(
      'Turmas de Educação Infantil não têm boletim: use o Relatório de desenvolvimento de cada criança (Pareceres).',
    );
  return turma;
}

const boletinsEscola: HubReport = {
  id: 'boletins-escola',
  grupo: 'academico',
  titulo: 'Boletins de toda a escola',
  descricao: () =>
    'Os boletins de todas as turmas do ano num só PDF, com um marcador por turma. Gerado em segundo plano, com barra de progresso.',
  access: 'academics.manage',
  formatos: ['pdf'],
  exportacao: true,
  somenteExportacao: true,
  parametros: (context) => [yearParameter(context)],
  async run(run) {
    const ano = yearOf(run);
    const rows = await classesOfYear(run.db, ano);
    return newResult(run, this, {
      subtitulo: `Ano letivo ${String(ano)}`,
      cabecalho: [{ rotulo: 'Turmas', valor: String(rows.length) }],
      colunas: [{ chave: 'turma', rotulo: 'Turma', tipo: 'texto' }],
      linhas: rows.map((row) => ({ turma: row.nome })),
    });
  },
  async file(run) {
    const ano = yearOf(run);
    const rows = await classesOfYear(run.db, ano);
    const school = await getSchoolIdentity(run.db);
    let pages = 0;
    const body = await renderPdfDocument(
      `Boletins ${String(ano)}`,
      true,
      async (doc) => {
        for (const [index, turma] of rows.entries()) {
          const members = await membersOf(run, turma);
          const ids = members.map((member) => member.id);
          // Each call reads the rules of the year (a closed year keeps those it was closed with).
          const cards = await buildReportCards(run.db, run.viewer, ids, { ano });
          for (const card of cards) {
            drawCard(doc, school, card);
            if (card === cards[0]) doc.outline.addItem(`${turma.nome} (${String(cards.length)})`);
            pages++;
            await yieldToEventLoop();
          }
          await run.progress?.(index + 1, rows.length);
        }
        if (pages === 0)
          doc
            .addPage()
            .fontSize(12)
            .text(`Nenhum aluno nas turmas de ${String(ano)}.`);
      },
      { autoFirstPage: false, bufferPages: false },
    );
    return { body, fileName: `boletins-${String(ano)}.pdf` };
  },
};

const mapaNotas: HubReport = {
  id: 'mapa-notas',
  grupo: 'academico',
  titulo: 'Mapa de notas / ata de resultados finais',
  descricao: (nivel) =>
    nivel === 'professor'
      ? 'Cada aluno × disciplina da turma com a média anual e a situação final (as disciplinas que você vê).'
      : 'Cada aluno × disciplina da turma com a média anual, a frequência e a situação final, pronta para assinar.',
  access: 'reports.academico',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [turmaParameter(context)],
  async run(run) {
    const turma = await classOf(run);
    const members = await finishedTheYear(run, turma);
    const cards = await buildReportCards(
      run.db,
      run.viewer,
      members.map((member) => member.id),
      { ano: Number(turma.anoLetivo) },
    );
    const subjects: string[] = [];
    for (const card of cards)
      for (const subject of card.disciplinas)
        if (!subjects.includes(subject.disciplina)) subjects.push(subject.disciplina);
    const numeric = cards[0]?.escala !== 'conceitos';
    const keyOf = (index: number) => `disciplina_${String(index)}`;
    const linhas = cards.map((card, index) => {
      const line: Record<string, ReportCell> = {
        numero: index + 1,
        nome: card.aluno.nome,
        matricula: card.aluno.matricula,
      };
      subjects.forEach((name, subjectIndex) => {
        const subject = card.disciplinas.find((item) => item.disciplina === name);
        // After a recuperação final, the average that decided the subject (the boletim's média final).
        line[keyOf(subjectIndex)] = numeric
          ? (subject?.media_final ?? subject?.media_anual ?? null)
          : (subject?.media_final_texto ?? subject?.media_anual_texto ?? null);
      });
      line.faltas = card.frequencia.faltas;
      line.frequencia = card.frequencia.frequencia;
      line.situacao = `${situacaoLabels[card.situacao]}${card.conselho ? ' *' : ''}`;
      return line;
    });
    const counts = situacoes
      .map((situacao) => ({ situacao, total: cards.filter((card) => card.situacao === situacao).length }))
      .filter((item) => item.total > 0)
      .map((item) => `${situacaoLabels[item.situacao]}: ${String(item.total)}`)
      .join(' · ');
    const school = await getSchoolIdentity(run.db);
    return newResult(run, this, {
      subtitulo: classTitle(turma),
      cabecalho: [
        { rotulo: 'Alunos', valor: String(cards.length) },
        passingMarkCell(cards),
        ...(counts ? [{ rotulo: 'Resultados', valor: counts }] : []),
        ...(cards.some((card) => card.conselho)
          ? [{ rotulo: '*', valor: 'situação final por decisão do conselho de classe' }]
          : []),
        ...finalRecoveryCells(cards),
      ],
      colunas: [
        { chave: 'numero', rotulo: 'Nº', tipo: 'numero', peso: 0.5 },
        { chave: 'nome', rotulo: 'Aluno', tipo: 'texto', peso: 3.5 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.3 },
        ...subjects.map((name, index) => ({
          chave: keyOf(index),
          rotulo: name,
          // The boletim's '8,0' (a number the spreadsheet can average); concepts as their letters.
          tipo: numeric ? ('nota' as const) : ('texto' as const),
        })),
        { chave: 'faltas', rotulo: 'Faltas', tipo: 'numero', peso: 0.8 },
        { chave: 'frequencia', rotulo: 'Freq.', tipo: 'percentual' },
        { chave: 'situacao', rotulo: 'Situação final', tipo: 'texto', peso: 2 },
      ],
      linhas,
      assinaturas: [
        'Docente responsável',
        'Secretaria escolar',
        school.diretor ? `${school.diretor} — Direção` : 'Direção',
      ],
      paisagem: true,
    });
  },
};

const frequenciaMensal: HubReport = {
  id: 'frequencia-mensal',
  grupo: 'academico',
  titulo: 'Frequência da turma no mês',
  descricao: () => 'Aulas dadas, faltas e frequência de cada aluno da turma num mês.',
  access: 'reports.academico',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [turmaParameter(context), monthParameter(context)],
  async run(run) {
    const turma = await classOf(run);
    const month = await getClassMonth(run.db, run.viewer, turma.id, {
      mes: run.filters.mes ?? run.today.slice(0, 7),
    });
    const schoolDays = month.dias.filter((day) => day.letivo).length;
    const rolls = month.dias.reduce((sum, day) => sum + day.chamadas, 0);
    // The class's stage's minimum (Configurações → Acadêmico); the creche has none.
    const { minima } = await rulesForClass(run.db, turma);
    const below = month.alunos.filter(
      (student) => student.frequencia !== null && minima !== null && student.frequencia < minima,
    ).length;
    return newResult(run, this, {
      subtitulo: `${classTitle(turma)} · ${month.mes.split('-').reverse().join('/')}`,
      cabecalho: [
        { rotulo: 'Dias letivos no mês', valor: String(schoolDays) },
        { rotulo: 'Chamadas registradas', valor: String(rolls) },
        minima === null
          ? { rotulo: 'Frequência mínima', valor: 'Sem mínimo (creche)' }
          : { rotulo: `Abaixo de ${minimaText(minima)}`, valor: plural(below, 'aluno', 'alunos') },
      ],
      colunas: [
        { chave: 'nome', rotulo: 'Aluno', tipo: 'texto', peso: 3.5 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.3 },
        { chave: 'aulas', rotulo: 'Aulas dadas', tipo: 'numero' },
        { chave: 'faltas', rotulo: 'Faltas', tipo: 'numero' },
        { chave: 'frequencia', rotulo: 'Frequência', tipo: 'percentual' },
      ],
      linhas: month.alunos.map((student) => ({
        nome: student.nome,
        matricula: student.matricula,
        aulas: student.aulas_dadas,
        faltas: student.total_faltas,
        frequencia: student.frequencia,
      })),
    });
  },
};

/**
 * The ata's line on the recuperação final (ADR 0097): whose subject's grade is the final average, with the
 * annual average and the exam's grade it came from.
 */
function finalRecoveryCells(cards: readonly ReportCard[]): { rotulo: string; valor: string }[] {
  const items = cards.flatMap((card) =>
    card.disciplinas
      .filter((subject) => subject.recuperacao_final_texto !== null)
      .map(
        (subject) =>
          `${card.aluno.nome} — ${subject.disciplina}: média anual ${subject.media_anual_texto ?? '—'}, recuperação final ${subject.recuperacao_final_texto!}, média final ${subject.media_final_texto ?? '—'}`,
      ),
  );
  return items.length === 0 ? [] : [{ rotulo: 'Recuperação final', valor: items.join('; ') }];
}

const emRisco: HubReport = {
  id: 'alunos-em-risco',
  grupo: 'academico',
  titulo: 'Alunos em risco',
  descricao: () =>
    'Os alunos da turma com frequência abaixo do mínimo da etapa (no ano ou numa disciplina) ou média abaixo da média para aprovação.',
  access: 'reports.academico',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [turmaParameter(context)],
  async run(run) {
    const turma = await classOf(run);
    const cards = await classCards(run, turma, true);
    const { minima } = await rulesForClass(run.db, turma);
    const linhas: Record<string, ReportCell>[] = [];
    for (const card of cards) {
      const passing = card.media_aprovacao;
      // The minimum the LDB counts (art. 24, VI) is over the whole year, not a subject: in a class with a
      // daily roll it is the only attendance figure there is.
      if (failingByAbsenceFits(card))
        linhas.push({
          nome: card.aluno.nome,
          matricula: card.aluno.matricula,
          disciplina: card.frequencia.por_dia ? 'Frequência diária' : 'Frequência geral',
          media: '—',
          frequencia: card.frequencia.frequencia,
          motivo: `Frequência geral abaixo de ${minimaText(card.frequencia.minima)} (${absencesText(card.frequencia)})`,
        });
      for (const subject of card.disciplinas) {
        // A subject of an itinerário or a class left during the year has no result to risk (ADR 0136).
        if (subject.itinerario_trocado_em || subject.turma_deixada_em) continue;
        const reasons: string[] = [];
        // A recuperação final that brought the subject up leaves it out of risk (ADR 0097).
        const decided = subject.media_final ?? subject.media_anual;
        if (
          decided !== null &&
          decided < (subject.media_final === null ? passing : card.media_recuperacao_final)
        )
          reasons.push(
            subject.media_final === null
              ? `média abaixo de ${formatGradeNumber(passing)}`
              : `média final abaixo de ${formatGradeNumber(card.media_recuperacao_final)} depois da recuperação final`,
          );
        if (subject.frequencia !== null && minima !== null && subject.frequencia < minima)
          reasons.push(`frequência abaixo de ${minimaText(minima)}`);
        if (reasons.length === 0) continue;
        linhas.push({
          nome: card.aluno.nome,
          matricula: card.aluno.matricula,
          disciplina: subject.disciplina,
          media: subject.media_final_texto ?? subject.media_anual_texto,
          frequencia: subject.frequencia,
          motivo: `${reasons.join(' e ')[0]!.toUpperCase()}${reasons.join(' e ').slice(1)}`,
        });
      }
    }
    const students = new Set(linhas.map((line) => line.matricula)).size;
    return newResult(run, this, {
      subtitulo: classTitle(turma),
      cabecalho: [
        { rotulo: 'Alunos em risco', valor: `${String(students)} de ${String(cards.length)}` },
        passingMarkCell(cards),
      ],
      colunas: [
        { chave: 'nome', rotulo: 'Aluno', tipo: 'texto', peso: 3 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.3 },
        { chave: 'disciplina', rotulo: 'Disciplina', tipo: 'texto', peso: 1.8 },
        { chave: 'media', rotulo: 'Média', tipo: 'texto', peso: 0.8 },
        { chave: 'frequencia', rotulo: 'Frequência', tipo: 'percentual' },
        { chave: 'motivo', rotulo: 'Motivo', tipo: 'texto', peso: 3.5 },
      ],
      linhas,
      paisagem: true,
    });
  },
};

export const academicReports: HubReport[] = [
  boletinsTurma,
  boletinsEscola,
  mapaNotas,
  frequenciaMensal,
  emRisco,
];
