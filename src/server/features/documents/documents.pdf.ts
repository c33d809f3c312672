import {
  documentoTipoLabels,
  type DocumentContent,
  type DocumentoTipo,
  type HistoryYear,
} from '../../../shared/documents.schemas.js';
import { formatCount, formatDate, formatPhone } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { drawPdfTable, type PdfRow } from '../../lib/pdf-table.js';
import { formatHours, groupByArea } from '../../../shared/ensino-medio.js';
import { findMedia, MEDIA_LIMITS } from '../media/index.js';
import { drawOnEveryPage, renderPdf } from '../../lib/pdf.js';
import { drawLetterheadRule } from '../../lib/pdf-letterhead.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import { isInfantilSerie, turnoLabels } from '../../../shared/classes.schemas.js';

/**
 * An issued document as a PDF (A4 portrait), drawn only from its stored content, so the same document
 * prints the same words every time. Standard PDF fonts keep the text searchable and copyable; the
 * footer carries the verification code and a QR code of the public page that checks it.
 */

export interface PrintableDocument {
  tipo: DocumentoTipo;
  codigo: string;
  conteudo: DocumentContent;
  emitidoEm: Date;
  /** `{public origin}/validar/{codigo}`. */
  url: string;
}

const longDate = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const spelled = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));
const percent = (value: number | null) => (value === null ? '—' : `${String(value).replace('.', ',')}%`);

/** The school's logo from the media store: JPEG as is, WebP re-encoded (PDF takes JPEG and PNG). */
async function logoOf(db: DbOrTx, logo: string | null): Promise<Buffer | null> {
  const id = /^\/media\/([0-9a-f-]{36})$/i.exec(logo ?? '')?.[1];
  if (!id) return null;
  const found = await findMedia(db, id).catch(() => null);
  if (!found) return null;
  if (found.mimeType === 'image/jpeg' || found.mimeType === 'image/png') return found.bytes;
  // Stored media were re-encoded within 1920×1080 on upload: the pixel limit is only a fence here.
  const { default: sharp } = await import('sharp');
  return sharp(found.bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels }).png().toBuffer();
}

function drawHeader(doc: PDFKit.PDFDocument, school: DocumentContent['escola'], logo: Buffer | null) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  if (logo) {
    try {
      doc.image(logo, left, top, { fit: [64, 64] });
    } catch {
      // A logo pdfkit cannot read is left out; the document is still valid without it.
    }
  }
  const textLeft = left + 76;
  const textWidth = width - 152;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(13);
  doc.text(school.nome, textLeft, top, { width: textWidth, align: 'center' });
  doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
  const ids = [
    school.cnpj ? `CNPJ ${formatCnpj(school.cnpj)}` : null,
    school.codigo_inep ? `Código INEP ${school.codigo_inep}` : null,
  ].filter(Boolean);
  if (ids.length > 0) doc.text(ids.join('  ·  '), textLeft, doc.y, { width: textWidth, align: 'center' });
  if (school.endereco) doc.text(school.endereco, textLeft, doc.y, { width: textWidth, align: 'center' });
  const contact = [school.telefone ? formatPhone(school.telefone) : null, school.email].filter(Boolean);
  if (contact.length > 0)
    doc.text(contact.join('  ·  '), textLeft, doc.y, { width: textWidth, align: 'center' });
  const bottom = Math.max(doc.y, top + (logo ? 64 : 0)) + 10;
  drawLetterheadRule(doc, bottom);
  doc.x = left;
  doc.y = bottom + 24;
  doc.fillColor('#000000');
}

/**
 * The words about the student in the student's gender; when it is not informed, sentences that need
 * none (never 'nascido(a)': issue 29).
 */
function wordsOf(content: DocumentContent) {
  const sexo = content.aluno.sexo ?? null;
  const gendered = (feminino: string, masculino: string, neutral: string) =>
    sexo === 'feminino' ? feminino : sexo === 'masculino' ? masculino : neutral;
  return {
    born: gendered('nascida em', 'nascido em', 'com data de nascimento em'),
    enrolled: gendered(
      'está regularmente matriculada',
      'está regularmente matriculado',
      'tem matrícula regular',
    ),
    since: gendered(
      'Matriculada nesta escola desde',
      'Matriculado nesta escola desde',
      'Com matrícula nesta escola desde',
    ),
    student: gendered('é aluna', 'é aluno', 'estuda'),
    was: gendered('esteve matriculada', 'esteve matriculado', 'teve matrícula'),
  };
}

function studentLine(content: DocumentContent): string {
  return `${content.aluno.nome}, ${wordsOf(content).born} ${formatDate(content.aluno.data_nascimento)}, matrícula nº ${content.aluno.matricula}`;
}

function classLine(content: DocumentContent): string {
  const turma = content.turma;
  if (!turma) return '';
  return ` no ${turma.serie} do Ensino ${turma.nivel}, turma ${turma.nome}, ${turma.turno === turnoLabels.integral ? 'em período integral' : `turno da ${turma.turno.toLowerCase()}`}, no ano letivo de ${turma.ano_letivo}`;
}

/**
 * The destination after 'para': a name that already says what it is ('Escola Estadual X', 'Colégio Y')
 * takes only its article, so the line never reads 'para a escola Escola Estadual…'.
 */
function destinationOf(escola: string): string {
  if (/^(escola|creche|faculdade|universidade)\b/i.test(escola)) return `a ${escola}`;
  if (/^(col[eé]gio|instituto|centro|liceu|educand[aá]rio|ginásio)\b/i.test(escola)) return `o ${escola}`;
  return `a escola ${escola}`;
}

/** 'em 14/08/2026, para a escola EE Jorge Amado, em Campinas/SP' — or 'nesta data' before the transfer is recorded. */
function transferLine(content: DocumentContent): string {
  const transfer = content.aluno.transferencia;
  if (!transfer) return 'nesta data';
  const place = [transfer.municipio, transfer.uf].filter(Boolean).join('/');
  return [
    `em ${formatDate(transfer.data)}`,
    transfer.escola ? `para ${destinationOf(transfer.escola)}` : null,
    place ? `em ${place}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What the figures count: school days for a class with one roll a day, lessons otherwise. */
const unitOf = (content: DocumentContent) =>
  content.frequencia?.por_dia
    ? { count: (n: number) => formatCount(n, 'dia letivo', 'dias letivos'), given: 'dos dias letivos' }
    : { count: (n: number) => formatCount(n, 'aula', 'aulas'), given: 'das aulas dadas' };

/** 'até 14/08/2026' — or, for a transferred student, 'até a saída, em 14/08/2026' (the first day out). */
function untilOf(content: DocumentContent, ate: string): string {
  const saida = content.aluno.transferencia?.data;
  return saida && ate >= saida ? `até a saída, em ${formatDate(saida)}` : `até ${formatDate(ate)}`;
}

function frequencyLine(content: DocumentContent): string {
  const figures = content.frequencia;
  if (!figures) return '';
  const unit = unitOf(content);
  if (figures.aulas_dadas === 0)
    return `Não há ${figures.por_dia ? 'dias letivos' : 'aulas'} registrados no ano letivo de ${String(figures.ano)} ${untilOf(content, figures.ate)}.`;
  return (
    `No ano letivo de ${String(figures.ano)}, de ${formatDate(figures.de)} ${untilOf(content, figures.ate)}, ` +
    `teve frequência de ${percent(figures.frequencia)} ${unit.given} (${formatCount(figures.faltas, 'falta não abonada', 'faltas não abonadas')} em ${unit.count(figures.aulas_dadas)}).`
  );
}

/** One line per period begun, when the year is divided and has rolls. */
function periodLines(content: DocumentContent): string[] {
  const periods = (content.frequencia?.periodos ?? []).filter((period) => period.aulas_dadas > 0);
  if (periods.length === 0) return [];
  const unit = unitOf(content);
  return [
    periods
      .map(
        (period) =>
          `${period.nome} (${formatDate(period.de)} a ${formatDate(period.ate)}): ${percent(period.frequencia)} — ${formatCount(period.faltas, 'falta', 'faltas')} em ${unit.count(period.aulas_dadas)}`,
      )
      .join('\n'),
  ];
}

/** The declaration's body: one paragraph per fact, in the school's voice. */
function declarationText(tipo: DocumentoTipo, content: DocumentContent): string[] {
  const who = studentLine(content);
  const words = wordsOf(content);
  switch (tipo) {
    case 'declaracao_matricula':
      return [
        `Declaramos, para os devidos fins, que ${who}, ${words.enrolled} nesta instituição de ensino${classLine(content) || ` no ano letivo de ${content.data.slice(0, 4)}`}.`,
        `${words.since} ${formatDate(content.aluno.data_matricula)}.`,
      ];
    case 'declaracao_frequencia':
      return [
        `Declaramos, para os devidos fins, que ${who}, ${words.student} ${words.student === 'estuda' ? 'nesta' : 'desta'} instituição de ensino${classLine(content)}.`,
        frequencyLine(content),
        ...periodLines(content),
      ];
    case 'declaracao_transferencia':
      return [
        `Declaramos, para os devidos fins, que ${who}, ${words.was} nesta instituição de ensino${classLine(content)}, e que lhe foi concedida transferência ${transferLine(content)}.`,
        frequencyLine(content),
        'O histórico escolar será expedido por esta escola no prazo de até 30 (trinta) dias, a contar desta data.',
      ];
    case 'historico_escolar':
      return [`Histórico escolar de ${who}.`];
  }
}

/** '667 horas (800 aulas de 50 min)'; older documents and other schools' years: the figure as stored. */
function yearHours(year: HistoryYear): string {
  if (year.carga_horaria_total === null) return '—';
  if (!year.aulas) return String(year.carga_horaria_total);
  return `${year.carga_horaria_total.toLocaleString('pt-BR')} horas (${year.aulas.total.toLocaleString('pt-BR')} aulas de ${String(year.aulas.minutos)} min)`;
}

/**
 * The histórico's note on its C.H. column, as the document's years were counted when it was issued: before
 * ADR 0110 this school's Fundamental years held horas-aula; before ADR 0115 an itinerário left was outside
 * the year's total, since then a change of itinerário adds the hours the student had in each.
 */
function historyNote(years: readonly HistoryYear[]): string {
  // A year with no lines (an Infantil class without a grade curricular) has no hours to read either way.
  const horasAula = years.some(
    (year) => year.origem === 'escola' && !year.ensino_medio && !year.aulas && year.disciplinas.length > 0,
  );
  if (horasAula)
    return (
      'C.H.: carga horária anual. Nos anos cursados nesta escola, horas-aula previstas na grade da turma ' +
      '(aulas semanais × semanas letivas); no Ensino Médio, horas de 60 minutos (aulas semanais × 40 semanas × ' +
      'duração da aula), por área do conhecimento e itinerário formativo (Lei 14.945/2024); nos anos de outras ' +
      'escolas, a que consta dos documentos da escola de origem.'
    );
  const itinerario = years.some((year) => year.horas_cursadas)
    ? 'e, quando o aluno trocou de itinerário no ano, as horas das aulas que teve em cada um (o anterior até a ' +
      'troca, o novo desde ela), somadas no total do ano'
    : 'e um itinerário anterior com as horas das aulas que o aluno teve até a troca, fora do total';
  return (
    'C.H.: carga horária anual em horas de 60 minutos (LDB art. 24). Nos anos cursados nesta escola, as aulas ' +
    'previstas na grade da turma (aulas semanais × semanas letivas; 40 semanas no Ensino Médio) × a duração ' +
    'da aula ÷ 60 — o total do ano diz quantas aulas e de quantos minutos; no Ensino Médio, por área do ' +
    `conhecimento e itinerário formativo (Lei 14.945/2024), ${itinerario}; nos anos de outras escolas, a que ` +
    'consta dos documentos da escola de origem.'
  );
}

const INFANTIL_NOTE =
  'Educação Infantil: sem notas e sem o objetivo de promoção; a criança é avaliada pelo acompanhamento e ' +
  'registro do seu desenvolvimento, nos pareceres descritivos (LDB art. 31, I).';

function drawHistory(doc: PDFKit.PDFDocument, years: HistoryYear[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (years.length === 0) {
    doc.font('Helvetica').fontSize(10).text('Não há anos letivos registrados neste histórico.');
    return;
  }
  const columns = [
    { label: 'Componente curricular', width: width - 250 },
    { label: 'Nota/Média', width: 70 },
    { label: 'C.H.', width: 50 },
    { label: 'Resultado', width: 130 },
  ];
  const rowHeight = 15;
  const cellsOf = (subject: HistoryYear['disciplinas'][number]) => [
    subject.disciplina,
    subject.nota,
    subject.carga_horaria === null ? '—' : String(subject.carga_horaria),
    subject.resultado,
  ];
  for (const year of years) {
    const needed = rowHeight * (year.disciplinas.length * (year.ensino_medio ? 2 : 1) + 3) + 30;
    if (doc.y + needed > doc.page.height - doc.page.margins.bottom - 150) doc.addPage();
    doc.x = left;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
    doc.text(
      `${String(year.ano)} — ${year.serie} — ${year.escola}${year.cidade_uf ? ` (${year.cidade_uf})` : ''}`,
      { width },
    );
    const infantil = year.educacao_infantil === true || isInfantilSerie(year.serie);
    // A year with no lines (an Infantil class without a grade curricular): its result, not an empty table.
    const y =
      year.disciplinas.length === 0
        ? doc.y
        : drawPdfTable(doc, {
            left,
            top: doc.y + 3,
            columns,
            rowHeight,
            padding: 4,
            rows: year.ensino_medio
              ? groupByArea(
                  year.disciplinas.map((subject) => ({
                    ...subject,
                    area: subject.area ?? null,
                    itinerario: subject.itinerario ?? null,
                  })),
                ).flatMap((group): PdfRow[] => [
                  { heading: `${group.titulo} — ${formatHours(group.carga_horaria)}` },
                  ...group.itens.map(cellsOf),
                ])
              : year.disciplinas.map(cellsOf),
          });
    doc.x = left;
    doc.y = y + 4;
    doc.font('Helvetica').fontSize(8.5);
    doc.text(
      `Carga horária: ${yearHours(year)}   ·   Frequência: ${percent(year.frequencia)}   ·   Resultado final: ${year.resultado}`,
      { width },
    );
    if (infantil) doc.text(INFANTIL_NOTE, { width });
    doc.moveDown(1);
  }
  doc.font('Helvetica').fontSize(7.5).fillColor('#444444').text(historyNote(years), { width });
  doc.fillColor('#000000');
}

async function qrCodeOf(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

function drawSignatureAndFooter(
  doc: PDFKit.PDFDocument,
  document: PrintableDocument,
  qr: Buffer,
  issuedAt: string,
) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const school = document.conteudo.escola;
  const footerTop = doc.page.height - doc.page.margins.bottom - 96;
  // The signature sits above the footer; a long histórico gets a page of its own for it.
  if (doc.y > footerTop - 120) doc.addPage();
  doc.x = left;
  doc.moveDown(1.5).font('Helvetica').fontSize(10.5).fillColor('#000000');
  doc.text(`Emitido em ${spelled(document.conteudo.data)}.`, { width, align: 'right' });
  const lineY = Math.max(doc.y + 56, footerTop - 70);
  doc
    .moveTo(left + width / 2 - 130, lineY)
    .lineTo(left + width / 2 + 130, lineY)
    .lineWidth(0.7)
    .strokeColor('#000000')
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(school.diretor ?? 'Direção', left, lineY + 5, {
      width,
      align: 'center',
    });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(school.diretor ? 'Direção da escola' : 'Assinatura da direção', {
      width,
      align: 'center',
    });

  doc.rect(left, footerTop, width, 92).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.image(qr, left + 8, footerTop + 8, { width: 76, height: 76 });
  const textLeft = left + 96;
  const textWidth = width - 104;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
  doc.text(`Código de verificação: ${document.codigo}`, textLeft, footerTop + 12, { width: textWidth });
  doc.font('Helvetica').fontSize(8.5).fillColor('#222222');
  doc.text('Confira a autenticidade deste documento em', textLeft, doc.y + 3, { width: textWidth });
  // The address on a line of its own, never broken at a hyphen of the code.
  doc.font('Helvetica-Bold').text(document.url, textLeft, doc.y, { width: textWidth, lineBreak: false });
  doc
    .font('Helvetica')
    .text(
      'ou leia o QR code ao lado. A página informa o tipo, a data de emissão, as iniciais do nome do estudante ' +
        'e se o documento continua válido.',
      textLeft,
      doc.y + 2,
      { width: textWidth },
    );
  doc
    .fontSize(7.5)
    .fillColor('#555555')
    .text(`Emitido em ${issuedAt} pelo Sistema Escolar.`, textLeft, doc.y + 3, {
      width: textWidth,
    });
}

/** Every page names the document and its code, so a loose page of a long histórico is still checkable. */
function stampPages(doc: PDFKit.PDFDocument, label: string) {
  drawOnEveryPage(doc, ({ numero, total, left, width }) => {
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#555555')
      .text(`${label} · página ${String(numero)} de ${String(total)}`, left, doc.page.height - 32, {
        width,
        align: 'center',
        lineBreak: false,
      });
  });
}

export async function renderDocumentPdf(db: DbOrTx, document: PrintableDocument): Promise<Buffer> {
  const [logo, qr] = await Promise.all([logoOf(db, document.conteudo.escola.logo), qrCodeOf(document.url)]);
  const title = documentoTipoLabels[document.tipo];
  const issuedAt = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(document.emitidoEm);
  const options = {
    margin: 50,
    // Pages stay in memory so each one can carry 'página N de M' with the code once all are drawn.
    bufferPages: true,
    info: { Title: `${title} — ${document.codigo}`, Author: document.conteudo.escola.nome },
  };
  return renderPdf(options, (doc) => {
    drawHeader(doc, document.conteudo.escola, logo);
    doc.font('Helvetica-Bold').fontSize(15).text(title.toUpperCase(), { align: 'center' });
    doc.moveDown(1.5).font('Helvetica').fontSize(11.5);
    for (const paragraph of declarationText(document.tipo, document.conteudo).filter(Boolean)) {
      doc.text(paragraph, { align: 'justify', lineGap: 4 });
      doc.moveDown(0.8);
    }
    if (document.tipo === 'historico_escolar') drawHistory(doc, document.conteudo.historico ?? []);
    drawSignatureAndFooter(doc, document, qr, issuedAt);
    stampPages(doc, `${title} · código ${document.codigo}`);
  });
}
