import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { formatGradeNumber, situacaoLabels } from '../../../shared/averages.js';
import { formatDate, formatPercent } from '../../../shared/format.js';
import {
  absencesText,
  annualAverageLabel,
  type ReportCard,
  type ReportCardSubject,
} from '../../../shared/report-card.schemas.js';
import { cargaHorariaText, formatHours, groupByArea } from '../../../shared/ensino-medio.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { folded } from '../../lib/text-search.js';
import { conflict, notFound } from '../../lib/errors.js';
import { INFANTIL_SEM_NOTAS, isInfantil } from '../../../shared/classes.schemas.js';
import { fileNameSlug } from '../../lib/download.js';
import { drawPdfTable, type PdfRow } from '../../lib/pdf-table.js';
import { classMemberships } from '../../db/schema/attendance.js';
import type { Viewer } from '../classes/index.js';
import { resolveYear } from '../calendar/index.js';
import { classes } from '../../db/schema/classes.js';
import { getSchoolIdentity, type StoredSchoolIdentity } from '../settings/index.js';
import { students } from '../../db/schema/students.js';
import { buildReportCard, buildReportCards } from './report-card.service.js';
import { renderPdf } from '../../lib/pdf.js';

/** The boletim as a PDF (A4 landscape, one page per student): the same figures as the JSON. */

const boletimPdf = (title: string, draw: (doc: PDFKit.PDFDocument) => void) =>
  renderPdf(
    {
      layout: 'landscape',
      margin: 36,
      autoFirstPage: false,
      info: { Title: title, Author: 'Sistema Escolar' },
    },
    draw,
  );

export function drawCard(doc: PDFKit.PDFDocument, school: StoredSchoolIdentity, card: ReportCard): void {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fillColor('#000000').fontSize(14).font('Helvetica-Bold').text(school.nome, { align: 'center' });
  doc.fontSize(11).text(`BOLETIM ESCOLAR — ${String(card.ano)}`, { align: 'center' });
  doc.moveDown(0.5).fontSize(10).font('Helvetica');
  doc.text(
    `Estudante: ${card.aluno.nome}   ·   Matrícula: ${card.aluno.matricula}   ·   Turma: ${card.turma ? `${card.turma.nome} (${card.turma.serie})` : '—'}`,
  );
  if (card.somente_publicados)
    doc.fontSize(8).fillColor('#555555').text('Somente os períodos publicados pela escola.');
  doc.fillColor('#000000').moveDown(0.5);

  const periodCols = card.periodos.length;
  const columns = [
    { label: 'Disciplina', width: 150 },
    ...card.periodos.map((period) => ({ label: period.nome, width: 0 })),
    ...(card.ensino_medio ? [{ label: 'C.H. anual', width: 52 }] : []),
    { label: annualAverageLabel(card, card.disciplinas), width: 62 },
    { label: 'Faltas', width: 42 },
    { label: 'Freq.', width: 46 },
    { label: 'Situação', width: 120 },
  ];
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const periodWidth = periodCols > 0 ? (width - fixed) / periodCols : 0;
  for (const column of columns) if (column.width === 0) column.width = periodWidth;
  const groups = card.ensino_medio ? groupByArea(card.disciplinas) : [];
  const cellsOf = (subject: ReportCardSubject): string[] => [
    subject.disciplina,
    ...subject.periodos.map((period) => {
      if (card.somente_publicados && !period.publicado) return '·';
      const text = period.media_texto ?? '—';
      return period.recuperacao_texto ? `${text} (rec. ${period.recuperacao_texto})` : text;
    }),
    ...(card.ensino_medio ? [subject.carga_horaria === null ? '—' : formatHours(subject.carga_horaria)] : []),
    subject.recuperacao_final_texto === null
      ? (subject.media_anual_texto ?? '—')
      : `${subject.media_anual_texto ?? '—'} (RF ${subject.recuperacao_final_texto})`,
    subject.faltas === null ? '—' : String(subject.faltas),
    subject.frequencia === null ? '—' : formatPercent(subject.frequencia),
    subject.itinerario_trocado_em
      ? 'Itinerário anterior'
      : subject.turma_deixada_em
        ? 'Turma anterior'
        : `${situacaoLabels[subject.situacao]}${subject.conselho ? ' *' : ''}`,
  ];
  const rowHeight = 16;
  const y = drawPdfTable(doc, {
    left,
    top: doc.y,
    columns,
    rowHeight,
    padding: 3,
    rows: card.ensino_medio
      ? groups.flatMap((group, index): PdfRow[] => [
          ...(index === 0 && group.parte === 'formacao_geral_basica'
            ? [{ heading: 'Formação geral básica' }]
            : []),
          { heading: `${group.titulo} — ${formatHours(group.carga_horaria)}` },
          ...group.itens.map(cellsOf),
        ])
      : card.disciplinas.map(cellsOf),
  });
  doc.x = left;
  doc.y = y + 10;
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  if (card.ensino_medio) doc.text(cargaHorariaText(groups));
  doc.text(
    `Frequência geral: ${formatPercent(card.frequencia.frequencia)} (${absencesText(card.frequencia)})   ·   Média para aprovação: ${formatGradeNumber(card.media_aprovacao)}`,
  );
  if (card.frequencia.por_dia)
    doc
      .fontSize(8.5)
      .text('Chamada diária: as faltas são contadas por dia letivo, não por disciplina (— na coluna Faltas).')
      .fontSize(10);
  doc
    .font('Helvetica-Bold')
    .text(
      `Situação final: ${situacaoLabels[card.situacao]}${card.conselho ? ' (decisão do conselho de classe)' : ''}`,
    );
  const notes = [
    // The recuperação final (ADR 0097): its grade is in the column (RF), the final average it gave here.
    ...card.disciplinas
      .filter((subject) => subject.recuperacao_final_texto !== null)
      .map(
        (subject) =>
          `RF ${subject.disciplina}: recuperação final ${subject.recuperacao_final_texto!}, média final ${subject.media_final_texto ?? '—'} (mínimo ${formatGradeNumber(card.media_recuperacao_final)}).`,
      ),
    ...card.disciplinas
      .filter((subject) => subject.conselho)
      .map(
        (subject) =>
          `* ${subject.disciplina}: ${situacaoLabels[subject.situacao]} por decisão do conselho de classe — ${subject.conselho!.motivo}`,
      ),
    ...(card.conselho ? [`Situação final por decisão do conselho de classe — ${card.conselho.motivo}`] : []),
  ];
  doc.font('Helvetica').fontSize(8.5);
  for (const note of notes) doc.text(note, { width });
  doc.moveDown(1).fontSize(8).fillColor('#555555');
  doc.text(`${formatDate(clock.today())} — documento gerado pelo Sistema Escolar.`, { align: 'center' });
}

/** GET /api/boletins/alunos/:id.pdf */
export async function buildReportCardPdf(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: { ano?: number | undefined },
) {
  const card = await buildReportCard(db, viewer, alunoId, query);
  // A year in Educação Infantil (a child now in the 1º ano asking for 2025) has pareceres, no boletim.
  if (card.educacao_infantil) throw conflict(INFANTIL_SEM_NOTAS);
  const school = await getSchoolIdentity(db);
  const body = await boletimPdf(`Boletim ${String(card.ano)} — ${card.aluno.nome}`, (doc) =>
    drawCard(doc, school, card),
  );
  return { body, fileName: `boletim-${String(card.ano)}-${fileNameSlug(card.aluno.matricula)}.pdf` };
}

/** GET /api/boletins/turmas/:id.pdf — every student who belonged to the class in its year, one page each. */
export async function buildClassReportCardsPdf(db: DbOrTx, viewer: Viewer, turmaId: string) {
  const [turma] = await db.select().from(classes).where(eq(classes.id, turmaId));
  if (!turma) throw notFound('Turma não encontrada.');
  if (isInfantil(turma.nivel)) throw conflict(INFANTIL_SEM_NOTAS);
  const ano = Number(turma.anoLetivo);
  const year = await resolveYear(db, Number.isInteger(ano) ? ano : undefined);
  const de = year?.inicio ?? `${turma.anoLetivo}-01-01`;
  const ate = year?.fim ?? `${turma.anoLetivo}-12-31`;
  const members = await db
    // SELECT DISTINCT orders only by what it selects: the folded name is selected for the order.
    .selectDistinct({ id: students.id, nome: students.nome, ordem: folded(students.nome) })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .where(
      and(
        eq(classMemberships.turmaId, turmaId),
        lte(classMemberships.inicio, ate),
        or(isNull(classMemberships.fim), gte(classMemberships.fim, de)),
      ),
    )
    .orderBy(folded(students.nome));
  const cards = await buildReportCards(
    db,
    viewer,
    members.map((member) => member.id),
    { ano: year?.ano ?? ano },
  );
  const school = await getSchoolIdentity(db);
  const body = await boletimPdf(`Boletins ${turma.nome}`, (doc) => {
    if (cards.length === 0) {
      doc.addPage().fontSize(12).text(`A turma ${turma.nome} não tem alunos no ano letivo.`);
      return;
    }
    for (const card of cards) drawCard(doc, school, card);
  });
  return { body, fileName: `boletins-${fileNameSlug(turma.nome)}-${turma.anoLetivo}.pdf` };
}
