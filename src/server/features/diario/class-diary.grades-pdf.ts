/**
 * The printed diary's notas (ADR 0081): a page per subject with the students × avaliações grid — each
 * grade as the grade grid shows it and, over a whole period, the period's média — drawn by the same
 * paginated grid as the attendance. Educação Infantil (pareceres) adds nothing.
 */
import { SEM_AVALIACOES, type DiaryGrades } from '../../../shared/diario.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { drawHeading, drawNote, drawPagedGrid } from './class-diary.pdf-grid.js';

const NOT_IN_CLASS = '–';

const weightText = (peso: number) => `peso ${String(peso).replace('.', ',')}`;

export function drawGrades(doc: PDFKit.PDFDocument, notas: DiaryGrades) {
  if (notas.avaliacao === 'parecer') return;
  if (notas.disciplinas.length === 0) {
    drawHeading(doc, 'Avaliações e notas');
    drawNote(doc, SEM_AVALIACOES);
    return;
  }
  for (const subject of notas.disciplinas) {
    doc.addPage();
    drawHeading(doc, `Avaliações e notas — ${subject.disciplina}`);
    drawNote(
      doc,
      [
        `Docente: ${subject.professor_nome ?? 'Não informado'}.`,
        'Em branco: nota não lançada; –: fora da turma na data da avaliação.',
        notas.com_media
          ? 'Média do período: média ponderada das avaliações lançadas e a recuperação, pela regra da escola.'
          : 'A média é a do período: aparece no diário de um período inteiro.',
      ].join(' '),
      7.5,
    );
    drawPagedGrid(doc, {
      columns: subject.avaliacoes.map((avaliacao) => ({
        top: avaliacao.nome,
        bottom: `${formatDate(avaliacao.data).slice(0, 5)} · ${
          avaliacao.tipo === 'recuperacao' ? 'recuperação' : weightText(avaliacao.peso)
        }`,
      })),
      cellWidth: 62,
      totals: notas.com_media ? ['Média'] : [],
      totalWidth: 44,
      lines: subject.alunos.map((aluno) => ({
        nome: aluno.nome,
        cells: aluno.notas.map((nota) => (nota.na_turma ? (nota.texto ?? '') : NOT_IN_CLASS)),
        totals: notas.com_media ? [aluno.media_texto ?? ''] : [],
      })),
    });
  }
}
