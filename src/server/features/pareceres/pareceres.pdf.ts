import { eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/format.js';
import { camposExperiencia, parecerStatusLabels, type Parecer } from '../../../shared/pareceres.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { fileNameSlug } from '../../lib/download.js';
import { renderPdf } from '../../lib/pdf.js';
import { getSchoolIdentity, type StoredSchoolIdentity } from '../settings/index.js';
import type { Viewer } from '../students/index.js';
import { fotosForPdf } from './pareceres.fotos.js';
import { pareceresOfChild } from './pareceres.service.js';

/**
 * The 'Relatório de desenvolvimento' (A4 portrait, one section per period): the school's header as on
 * the boletim, the child, the class and period, then the parecer's general text and each campo de
 * experiência. A family gets only published pareceres; the school sees drafts marked as such.
 */

function drawParecer(
  doc: PDFKit.PDFDocument,
  school: StoredSchoolIdentity,
  parecer: Parecer,
  birth: string | null,
  fotos: Buffer[],
): void {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fillColor('#000000').fontSize(14).font('Helvetica-Bold').text(school.nome, { align: 'center' });
  doc.fontSize(11).text(`RELATÓRIO DE DESENVOLVIMENTO — ${String(parecer.periodo.ano)}`, { align: 'center' });
  doc.fontSize(9).font('Helvetica').text('Educação Infantil · Parecer descritivo (LDB art. 31; BNCC)', {
    align: 'center',
  });
  doc.moveDown(0.8).fontSize(10);
  doc.text(
    `Criança: ${parecer.aluno.nome}   ·   Matrícula: ${parecer.aluno.matricula}${birth ? `   ·   Nascimento: ${formatDate(birth)}` : ''}`,
  );
  doc.text(`Turma: ${parecer.turma.nome} (${parecer.turma.serie})   ·   Período: ${parecer.periodo.nome}`);
  if (parecer.status !== 'publicado')
    doc
      .font('Helvetica-Bold')
      .fillColor('#b45309')
      .text(`${parecerStatusLabels[parecer.status].toUpperCase()} — ainda não publicado para a família.`)
      .font('Helvetica')
      .fillColor('#000000');
  doc.moveDown(0.8);
  if (parecer.texto.trim() !== '') {
    doc.font('Helvetica-Bold').fontSize(11).text('Parecer geral');
    doc.moveDown(0.2).font('Helvetica').fontSize(10).text(parecer.texto, { width, align: 'justify' });
    doc.moveDown(0.8);
  }
  for (const campo of camposExperiencia) {
    const texto = parecer.campos[campo.codigo];
    if (!texto) continue;
    doc.font('Helvetica-Bold').fontSize(11).text(campo.nome, { width });
    doc.moveDown(0.2).font('Helvetica').fontSize(10).text(texto, { width, align: 'justify' });
    doc.moveDown(0.8);
  }
  drawFotos(doc, fotos, left, width);
  doc.moveDown(1).fontSize(8).fillColor('#555555');
  const signed = [
    parecer.autor ? `Professora/professor: ${parecer.autor.nome}` : null,
    parecer.revisor ? `Revisão: ${parecer.revisor.nome}` : null,
    parecer.publicado_em ? `Publicado em ${formatDate(parecer.publicado_em.slice(0, 10))}` : null,
  ].filter(Boolean);
  if (signed.length > 0) doc.text(signed.join('   ·   '), { width });
  doc.text(`${formatDate(clock.today())} — documento gerado pelo Sistema Escolar.`, { align: 'center' });
}

/** The photos of the child's work, two per row, each fitted in its half of the line. */
function drawFotos(doc: PDFKit.PDFDocument, fotos: Buffer[], left: number, width: number): void {
  if (fotos.length === 0) return;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text('Registros do trabalho da criança');
  doc.moveDown(0.4);
  const gap = 12;
  const cell = { width: (width - gap) / 2, height: 170 };
  for (let index = 0; index < fotos.length; index += 2) {
    if (doc.y + cell.height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    fotos.slice(index, index + 2).forEach((foto, column) => {
      doc.image(foto, left + column * (cell.width + gap), top, {
        fit: [cell.width, cell.height],
        align: 'center',
        valign: 'center',
      });
    });
    doc.x = left;
    doc.y = top + cell.height + gap;
  }
  doc.moveDown(0.4);
}

/** GET /api/alunos/:id/relatorio-desenvolvimento.pdf?periodo_id= (without a period: every one). */
export async function buildDevelopmentReportPdf(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  periodoId: string | undefined,
) {
  const list = await pareceresOfChild(db, viewer, alunoId, periodoId);
  const [child] = await db
    .select({ nascimento: students.dataNascimento })
    .from(students)
    .where(eq(students.id, alunoId));
  const school = await getSchoolIdentity(db);
  const fotos = await Promise.all(list.map((parecer) => fotosForPdf(db, parecer.id, alunoId)));
  const first = list[0]!;
  const body = await renderPdf(
    {
      margin: 48,
      autoFirstPage: false,
      info: { Title: `Relatório de desenvolvimento — ${first.aluno.nome}`, Author: 'Sistema Escolar' },
    },
    (doc) => {
      list.forEach((parecer, index) =>
        drawParecer(doc, school, parecer, child?.nascimento ?? null, fotos[index] ?? []),
      );
    },
  );
  const periodo = list.length === 1 ? `-${fileNameSlug(first.periodo.nome)}` : '';
  return {
    body,
    fileName: `relatorio-desenvolvimento-${String(first.periodo.ano)}${periodo}-${fileNameSlug(first.aluno.matricula)}.pdf`,
  };
}
