import { folded } from '../../lib/text-search.js';
import { and, asc, eq } from 'drizzle-orm';
import {
  attendancePercent,
  isPastTutelaryLine,
  tutelaryLimit,
  type TutelaryNotification,
} from '../../../shared/attendance.schemas.js';
import { formatDate, formatDateTime, formatPhone } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { classes } from '../../db/schema/classes.js';
import { getSchoolIdentity } from '../settings/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { tutelaryNotifications, type TutelaryNotificationRow } from '../../db/schema/attendance.js';
import { classRulesIn, studentTotals, yearRange } from './attendance.figures.js';
import { plannedLessonsOf } from './planned-lessons.figures.js';
import { limiteConselhoLegal, type ClassRules } from '../../../shared/stage-rules.js';

const percent = (value: number) => String(value).replace('.', ',');

/**
 * How the letter names the line it applies: the law's, or the school's earlier one (and the law's) — a
 * share of the lessons the year plans (ADR 0117), not of those given so far.
 */
function lineText(rules: Pick<ClassRules, 'etapa' | 'limiteConselho'>): string {
  const legal = rules.etapa ? limiteConselhoLegal[rules.etapa] : 7.5;
  const own = rules.limiteConselho ?? legal ?? 7.5;
  if (legal === null || own === legal)
    return `quantidade de faltas acima de 30% do percentual permitido em lei (${percent(own)}% das aulas previstas para o ano letivo)`;
  return `quantidade de faltas acima do limite adotado pela escola (${percent(own)}% das aulas previstas para o ano letivo; a lei fixa 30% do percentual permitido, ${percent(legal)}%)`;
}
import { renderPdf } from '../../lib/pdf.js';
import { fileNameSlug } from '../../lib/download.js';

/**
 * The notification to the Conselho Tutelar (LDB art. 12, VIII, by Lei 13.803/2019; ECA art. 56, II):
 * a record of each letter issued, with the figures it stated, and the printable letter (PDF).
 */

function toNotification(row: TutelaryNotificationRow): TutelaryNotification {
  return {
    id: row.id,
    aluno_id: row.alunoId,
    ano: row.ano,
    aulas_dadas: row.aulasDadas,
    faltas: row.faltas,
    frequencia: attendancePercent(row.aulasDadas, row.faltas) ?? 0,
    emitida_em: row.emitidaEm.toISOString(),
    emitida_por: row.emitidaPorNome,
  };
}

/** Records that a letter is issued now, with today's figures; refused below the legal line. */
export async function issueTutelaryNotification(
  ctx: AppContext,
  input: { aluno_id: string; ano?: number | undefined },
  actor: Actor,
): Promise<TutelaryNotification> {
  const range = await yearRange(ctx.db, input.ano);
  return ctx.db.transaction(async (tx) => {
    const [student] = await tx
      .select({
        id: students.id,
        turmaId: students.turmaId,
        turmaNome: classes.nome,
        nivel: classes.nivel,
        serie: classes.serie,
      })
      .from(students)
      .leftJoin(classes, eq(classes.id, students.turmaId))
      .where(eq(students.id, input.aluno_id));
    if (!student) throw notFound('Aluno não encontrado.');
    const [totals] = await studentTotals(tx, range, eq(students.id, input.aluno_id));
    const given = totals?.given ?? 0;
    const counted = totals?.counted ?? 0;
    // The line of the student's class's stage (Configurações → Acadêmico); the creche has none.
    const rules = (await classRulesIn(tx, range.anoLetivoId))(student);
    if (rules.limiteConselho === null)
      throw conflict(
        'A etapa do aluno não tem limite de faltas para notificar o Conselho Tutelar (a lei não fixa frequência mínima na creche).',
      );
    // A count over the year's planned lessons (LDB art. 12, VIII; ADR 0117), as the alerts list has it.
    const planned = (await plannedLessonsOf(tx, range, student.turmaId, input.aluno_id)).total(given);
    if (!isPastTutelaryLine(planned, counted, rules.limiteConselho))
      throw conflict(
        `O aluno não ultrapassou o limite de faltas que exige a notificação: mais de ${String(
          tutelaryLimit(planned, rules.limiteConselho),
        )} faltas (${percent(rules.limiteConselho)} % das ${String(planned)} aulas previstas para o ano letivo); tem ${String(counted)}.`,
      );
    const [row] = await tx
      .insert(tutelaryNotifications)
      .values({
        alunoId: input.aluno_id,
        ano: range.ano,
        turmaNome: student.turmaNome,
        aulasDadas: given,
        faltas: counted,
        aulasPrevistasAno: planned,
        limiteConselho: rules.limiteConselho,
        etapa: rules.etapa,
        emitidaEm: clock.now(),
        emitidaPor: actor.id,
        emitidaPorNome: actor.nome,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'notificar_conselho_tutelar',
      entity: 'aluno',
      entityId: input.aluno_id,
      details: {
        notificacao_id: row!.id,
        ano: range.ano,
        aulas_dadas: given,
        aulas_previstas_ano: planned,
        faltas: counted,
      },
    });
    return toNotification(row!);
  });
}

async function loadLetter(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      notice: tutelaryNotifications,
      nome: students.nome,
      matricula: students.matricula,
      nascimento: students.dataNascimento,
      endereco: students.endereco,
      turmaId: students.turmaId,
      nivel: classes.nivel,
      serie: classes.serie,
    })
    .from(tutelaryNotifications)
    .innerJoin(students, eq(students.id, tutelaryNotifications.alunoId))
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(eq(tutelaryNotifications.id, id));
  if (!row) throw notFound('Notificação não encontrada.');
  const parents = await db
    .select({ nome: guardians.nome, parentesco: studentGuardians.parentesco, telefone: guardians.telefone })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(eq(studentGuardians.alunoId, row.notice.alunoId)))
    .orderBy(asc(folded(guardians.nome)));
  return { ...row, parents };
}

const relation: Record<string, string> = {
  pai: 'pai',
  mae: 'mãe',
  avo: 'avô',
  ava: 'avó',
  tio: 'tio',
  tia: 'tia',
  outro: 'responsável',
};

/**
 * The line a letter stated: kept with it since ADR 0117 (a copy printed later says the same, whatever
 * the calendar, the class or the settings became); a letter issued before reckons it again — the line of
 * the student's stage in the notice's year (a closed year keeps its rules) over the year's planned
 * lessons of the student's class.
 */
async function letterLine(
  db: DbOrTx,
  letter: Awaited<ReturnType<typeof loadLetter>>,
): Promise<{ planned: number; rules: Pick<ClassRules, 'etapa' | 'limiteConselho'> }> {
  const { notice } = letter;
  if (notice.aulasPrevistasAno !== null)
    return {
      planned: notice.aulasPrevistasAno,
      rules: { etapa: notice.etapa, limiteConselho: notice.limiteConselho },
    };
  const range = await yearRange(db, notice.ano);
  const rules = (await classRulesIn(db, range.anoLetivoId))(letter);
  const planned = (await plannedLessonsOf(db, range, letter.turmaId, notice.alunoId)).total(
    notice.aulasDadas,
  );
  return { planned, rules };
}

/** GET /api/frequencia/notificacoes/:id/pdf — the letter as issued (its figures, line and date). */
export async function buildTutelaryLetter(
  db: DbOrTx,
  id: string,
): Promise<{ body: Buffer; fileName: string }> {
  const letter = await loadLetter(db, id);
  const { notice } = letter;
  const { planned, rules } = await letterLine(db, letter);
  const school = await getSchoolIdentity(db);
  const limit = tutelaryLimit(planned, rules.limiteConselho);
  const percent = attendancePercent(notice.aulasDadas, notice.faltas) ?? 0;
  const absentShare = notice.aulasDadas > 0 ? Math.round((notice.faltas * 1000) / notice.aulasDadas) / 10 : 0;
  const body = await renderPdf(
    { margin: 56, info: { Title: 'Notificação ao Conselho Tutelar', Author: 'Sistema Escolar' } },
    (doc) => {
      doc.fontSize(16).font('Helvetica-Bold').text(school.nome, { align: 'center' });
      doc.fontSize(9).font('Helvetica').fillColor('#555555');
      const contact = [school.endereco, school.telefone ? formatPhone(school.telefone) : null, school.email]
        .filter(Boolean)
        .join(' · ');
      if (contact) doc.text(contact, { align: 'center' });
      if (school.codigo_inep) doc.text(`Código INEP ${school.codigo_inep}`, { align: 'center' });
      doc.fillColor('#000000').moveDown(1.5).fontSize(13).font('Helvetica-Bold');
      doc.text('NOTIFICAÇÃO AO CONSELHO TUTELAR', { align: 'center' });
      doc.fontSize(9).font('Helvetica').fillColor('#555555');
      doc.text(`Nº ${notice.id.slice(0, 8).toUpperCase()} · emitida em ${formatDateTime(notice.emitidaEm)}`, {
        align: 'center',
      });
      doc.fillColor('#000000').moveDown(1.5).fontSize(11);
      doc.text('Ao Conselho Tutelar,');
      doc.moveDown();
      doc.text(
        `Em cumprimento ao art. 12, inciso VIII, da Lei nº 9.394/1996 (LDB), com a redação da Lei nº 13.803/2019, ` +
          `e ao art. 56, inciso II, da Lei nº 8.069/1990 (ECA), comunicamos que a criança ou o adolescente abaixo apresenta ` +
          `${lineText(rules)}, no ano letivo de ${String(notice.ano)}.`,
        { align: 'justify' },
      );
      doc.moveDown();
      const line = (label: string, value: string) => {
        doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
      };
      line('Estudante', letter.nome);
      line('Matrícula', letter.matricula);
      line('Data de nascimento', formatDate(letter.nascimento));
      if (notice.turmaNome) line('Turma', notice.turmaNome);
      if (letter.endereco) line('Endereço', letter.endereco);
      for (const parent of letter.parents)
        line(`Responsável (${relation[parent.parentesco] ?? 'responsável'})`, parent.nome);
      doc.moveDown();
      line('Aulas dadas até a emissão', String(notice.aulasDadas));
      line(
        'Faltas (não abonadas)',
        `${String(notice.faltas)} (${String(absentShare).replace('.', ',')}% das aulas dadas)`,
      );
      if (limit !== null)
        line(
          'Limite do ano letivo',
          `${String(limit)} faltas em ${String(planned)} aulas previstas para o ano letivo`,
        );
      line('Frequência', `${String(percent).replace('.', ',')}%`);
      doc.moveDown();
      doc.text(
        'A escola informa que esgotou os recursos escolares ao seu alcance para o retorno regular da criança ou do adolescente ' +
          'e permanece à disposição para as providências cabíveis.',
        { align: 'justify' },
      );
      doc.moveDown(3).text('_______________________________________', { align: 'center' });
      doc.text(school.diretor ?? 'Direção', { align: 'center' });
      doc.text(school.nome, { align: 'center' });
      doc.moveDown(2).fontSize(8).fillColor('#555555');
      doc.text(`${formatDate(clock.today())} — documento gerado pelo Sistema Escolar.`, { align: 'center' });
    },
  );
  return {
    body,
    fileName: `notificacao-conselho-tutelar-${fileNameSlug(letter.matricula)}-${notice.id.slice(0, 8)}.pdf`,
  };
}
