/**
 * The printable diário de classe (ADR 0078, 0080): the school's identity, the class, subject, teacher and
 * period; the lessons given with their content; the frequency grid (students × lessons, F marks, totals);
 * the avaliações and grades of the range (a page per subject; none in Educação Infantil). Landscape A4;
 * the lessons and the grids paginate (in blocks of columns, each block in pages of students), and every
 * page carries the diary's name and 'página N de M'.
 */
import { inArray } from 'drizzle-orm';
import { attendancePercent } from '../../../shared/attendance.schemas.js';
import {
  SEM_CONTEUDO,
  type ClassDiary,
  type ClassDiaryQuery,
  type DiaryLesson,
} from '../../../shared/diario.schemas.js';
import { formatDate, formatDateTime, formatPercent } from '../../../shared/format.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { fileNameSlug } from '../../lib/download.js';
import { badRequest } from '../../lib/errors.js';
import { drawLetterheadRule } from '../../lib/pdf-letterhead.js';
import { drawOnEveryPage, renderPdf } from '../../lib/pdf.js';
import { classMembershipsDuring, type Viewer } from '../classes/index.js';
import { itinerariosOfClass, tookSubjectOn } from '../curriculum/index.js';
import { getSchoolIdentity, type StoredSchoolIdentity } from '../settings/index.js';
import { attendanceAbsences } from '../../db/schema/attendance.js';
import { drawGrades } from './class-diary.grades-pdf.js';
import { closeTable, drawHeading, drawNote, drawPagedGrid, pageOf } from './class-diary.pdf-grid.js';
import { rangeText, readClassDiary } from './class-diary.service.js';

/** One student's line of the grid: a mark per lesson ('F', 'A' abonada, '' present, '–' not in the class). */
export interface DiaryGridLine {
  nome: string;
  marcas: string[];
  aulas: number;
  faltas: number;
}

const NOT_IN_CLASS = '–';

/** Students × lessons: who belonged to the class on each lesson's date, and their absences. */
async function gridOf(db: DbOrTx, diary: ClassDiary): Promise<DiaryGridLine[]> {
  const { de, ate } = diary.intervalo;
  const ids = diary.aulas.map((aula) => aula.chamada_id);
  const [members, itinerarios, absences] = await Promise.all([
    classMembershipsDuring(db, diary.turma.id, de, ate),
    itinerariosOfClass(db, diary.turma.id),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            chamadaId: attendanceAbsences.chamadaId,
            alunoId: attendanceAbsences.alunoId,
            abonada: attendanceAbsences.abonada,
          })
          .from(attendanceAbsences)
          .where(inArray(attendanceAbsences.chamadaId, ids)),
  ]);
  const absent = new Map(absences.map((row) => [`${row.alunoId}|${row.chamadaId}`, row.abonada]));
  // A student who left and came back has two memberships: one line, both spans.
  const lines = new Map<string, { nome: string; spans: [string, string | null][] }>();
  // Ensino Médio: an itinerário's lesson is a student's when it was their itinerário that day (one who
  // changed is 'not in the class' on the other days, like one who moved class).
  const theirs = (alunoId: string, data: string) =>
    tookSubjectOn(itinerarios, alunoId, diary.disciplina, data);
  for (const member of members) {
    const listed =
      diary.aulas.length === 0
        ? theirs(member.id, ate)
        : diary.aulas.some((aula) => theirs(member.id, aula.data));
    if (!listed) continue;
    const line = lines.get(member.id) ?? { nome: member.nome, spans: [] };
    line.spans.push([member.inicio, member.fim]);
    lines.set(member.id, line);
  }
  return [...lines.entries()].map(([id, line]) => {
    let aulas = 0;
    let faltas = 0;
    const marcas = diary.aulas.map((aula) => {
      const belongs =
        theirs(id, aula.data) &&
        line.spans.some(([inicio, fim]) => aula.data >= inicio && (fim === null || aula.data <= fim));
      if (!belongs) return NOT_IN_CLASS;
      aulas++;
      const abonada = absent.get(`${id}|${aula.chamada_id}`);
      if (abonada === undefined) return '';
      if (abonada) return 'A';
      faltas++;
      return 'F';
    });
    return { nome: line.nome, marcas, aulas, faltas };
  });
}

/** The school's identity and the diary's facts, on the first page. */
function drawIdentity(
  doc: PDFKit.PDFDocument,
  school: StoredSchoolIdentity,
  diary: ClassDiary,
  lessonName: string,
) {
  const { left, width } = pageOf(doc);
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(school.nome, left, doc.y, { width, align: 'center' });
  const ids = [
    school.cnpj ? `CNPJ ${formatCnpj(school.cnpj)}` : null,
    school.codigo_inep ? `Código INEP ${school.codigo_inep}` : null,
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
  if (ids.length > 0) doc.text(ids.join('  ·  '), { width, align: 'center' });
  if (school.endereco) doc.text(school.endereco, { width, align: 'center' });
  drawLetterheadRule(doc, doc.y + 4);
  doc.y += 10;
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('DIÁRIO DE CLASSE', left, doc.y, { width, align: 'center' });
  doc.moveDown(0.4).fontSize(9);
  const facts: [string, string][] = [
    ['Turma', `${diary.turma.nome} · ${diary.turma.serie} · ${diary.turma.turno}`],
    ['Componente', lessonName],
    [diary.disciplina ? 'Docente' : 'Docente responsável', diary.professor_nome ?? 'Não informado'],
    ['Período', `${diary.intervalo.nome} (${rangeText(diary.intervalo)})`],
    [
      'Aulas dadas',
      `${String(diary.aulas.length)}${diary.sem_conteudo > 0 ? ` (${String(diary.sem_conteudo)} sem conteúdo registrado)` : ''}`,
    ],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, left, doc.y, { continued: true, width });
    doc.font('Helvetica').text(value, { width });
  }
}

const lessonLabel = (aula: DiaryLesson) => (aula.aula > 0 ? `${String(aula.aula)}ª` : 'Dia');

/** The lessons given: nº, date, lesson, content and activities; long content wraps, rows never split. */
function drawLessons(doc: PDFKit.PDFDocument, aulas: readonly DiaryLesson[]) {
  drawHeading(doc, 'Aulas ministradas e conteúdo');
  const { left, width, bottom } = pageOf(doc);
  const widths = [28, 58, 34, (width - 120) * 0.65, (width - 120) * 0.35];
  const labels = ['Nº', 'Data', 'Aula', 'Conteúdo', 'Atividades / tarefa de casa'];
  const padding = 3;
  let y = doc.y;
  const drawHeader = () => {
    doc.rect(left, y, width, 15).fill('#eef2f7');
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8.5);
    let x = left;
    labels.forEach((label, index) => {
      doc.text(label, x + padding, y + 4, { width: widths[index]! - 2 * padding, lineBreak: false });
      x += widths[index]!;
    });
    y += 15;
  };
  drawHeader();
  if (aulas.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('Nenhuma aula registrada neste período.', left + padding, y + 4);
    doc.y = y + 18;
    return;
  }
  aulas.forEach((aula, index) => {
    const cells = [
      String(index + 1),
      formatDate(aula.data),
      lessonLabel(aula),
      aula.conteudo ?? SEM_CONTEUDO,
      aula.atividades ?? '',
    ];
    doc.font('Helvetica').fontSize(8.5);
    const height =
      Math.max(
        ...cells.map((cell, column) => doc.heightOfString(cell, { width: widths[column]! - 2 * padding })),
      ) + 6;
    if (y + height > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHeader();
    }
    if (index % 2 === 1) doc.rect(left, y, width, height).fill('#f6f7f9');
    let x = left;
    cells.forEach((cell, column) => {
      const missing = column === 3 && aula.conteudo === null;
      doc
        .fillColor(missing ? '#9b1c1c' : '#000000')
        .font(missing ? 'Helvetica-Oblique' : 'Helvetica')
        .fontSize(8.5)
        .text(cell, x + padding, y + 3, { width: widths[column]! - 2 * padding });
      x += widths[column]!;
    });
    y += height;
  });
  closeTable(doc, y);
  doc.x = left;
  doc.y = y + 4;
}

/** The frequency grid: students × lessons, F / A marks, and each student's totals over the range. */
function drawAttendance(
  doc: PDFKit.PDFDocument,
  aulas: readonly DiaryLesson[],
  lines: readonly DiaryGridLine[],
) {
  drawHeading(doc, 'Frequência');
  if (lines.length === 0 || aulas.length === 0) {
    drawNote(
      doc,
      lines.length === 0 ? 'Nenhum aluno na turma neste período.' : 'Nenhuma aula registrada neste período.',
    );
    return;
  }
  drawNote(
    doc,
    'F: falta (conta); A: falta abonada (não conta); em branco: presente; –: fora da turma na data. Aulas, faltas e frequência: o período inteiro.',
    7.5,
  );
  drawPagedGrid(doc, {
    // A daily roll's column is its date; a lesson's, its date and which lesson of the day.
    columns: aulas.map((aula) => {
      const top = formatDate(aula.data).slice(0, 5);
      return aula.aula === 0 ? { top } : { top, bottom: lessonLabel(aula) };
    }),
    cellWidth: 21,
    totals: ['Aulas', 'Faltas', 'Freq.'],
    totalWidth: 38,
    lines: lines.map((line) => ({
      nome: line.nome,
      cells: line.marcas,
      totals: [
        String(line.aulas),
        String(line.faltas),
        formatPercent(attendancePercent(line.aulas, line.faltas)),
      ],
    })),
    isAlert: (mark) => mark === 'F',
  });
}

function drawSignatures(doc: PDFKit.PDFDocument) {
  const { left, width, bottom } = pageOf(doc);
  if (doc.y + 60 > bottom) doc.addPage();
  const y = doc.y + 40;
  const slot = width / 2;
  ['Professor', 'Coordenação pedagógica'].forEach((label, index) => {
    const x = left + index * slot;
    doc
      .moveTo(x + 30, y)
      .lineTo(x + slot - 30, y)
      .lineWidth(0.7)
      .strokeColor('#000000')
      .stroke();
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(9)
      .text(label, x + 30, y + 4, { width: slot - 60, align: 'center' });
  });
}

/** GET /api/frequencia/diario/turmas/:id/pdf — one subject's (or the daily roll's) diary in a range. */
export async function buildClassDiaryPdf(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: ClassDiaryQuery,
): Promise<{ body: Buffer; fileName: string }> {
  const { diary } = await readClassDiary(db, viewer, turmaId, query);
  if (diary.turma.frequencia_modo === 'por_aula' && diary.disciplina === null)
    throw badRequest('Escolha a disciplina do diário: o diário de classe é impresso por disciplina.', [
      { path: 'disciplina', message: 'Escolha a disciplina' },
    ]);
  const [school, lines] = await Promise.all([getSchoolIdentity(db), gridOf(db, diary)]);
  const lessonName = diary.disciplina ?? 'Registro diário (chamada por dia)';
  const title = `Diário de classe — ${diary.turma.nome} — ${lessonName} — ${diary.intervalo.nome}`;
  const issuedAt = clock.now().toISOString();
  const body = await renderPdf(
    { layout: 'landscape', margin: 36, bufferPages: true, info: { Title: title, Author: 'Sistema Escolar' } },
    (doc) => {
      drawIdentity(doc, school, diary, lessonName);
      drawLessons(doc, diary.aulas);
      drawAttendance(doc, diary.aulas, lines);
      drawGrades(doc, diary.notas);
      drawSignatures(doc);
      drawOnEveryPage(doc, ({ numero, total, left, width, bottomMargin }) => {
        doc
          .font('Helvetica')
          .fontSize(7.5)
          .fillColor('#555555')
          .text(
            `${title} · emitido em ${formatDateTime(issuedAt)} — página ${String(numero)} de ${String(total)}`,
            left,
            doc.page.height - bottomMargin + 10,
            { width, align: 'center', lineBreak: false },
          );
      });
    },
  );
  const fileName = `diario-${fileNameSlug(`${diary.turma.nome} ${lessonName} ${diary.intervalo.nome}`).slice(0, 80)}.pdf`;
  return { body, fileName };
}
