/**
 * A family's justification of an absence (issue 32 §1, ADR 0034): a guardian sends it (reason and
 * atestado), the school answers it. Accepting abona the child's absences of that day, as an abono by the
 * school does (`absence-excuse.service.ts`); answering without accepting leaves them faltas.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  JUSTIFICATIVA_LIMITS,
  tooLateToJustify,
  type Justificativa,
  type JustificativaInput,
} from '../../../shared/justificativas.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { paths } from '../../../shared/routes.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../../lib/http.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { staffHolding } from '../perfis/index.js';
import { readDocumentUpload } from '../media/index.js';
import { fanOut } from '../notificacoes/index.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { absenceJustifications, attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { getJustificativa } from './justificativas.reads.js';
import { dayContextOf, excuseBlockOf } from './attendance.service.js';

export interface Atestado {
  nome: string;
  bytes: Buffer;
}

/** A PDF by its header, or an image re-encoded like the site's media (metadata, GPS included, dropped). */
async function readAtestado(file: Atestado) {
  const { nome, mimeType, bytes } = await readDocumentUpload(file, {
    maxBytes: JUSTIFICATIVA_LIMITS.arquivoMaxBytes,
    tooLarge: 'O atestado deve ter no máximo 10 MB.',
    unsupported: 'Envie o atestado em PDF ou como foto (JPEG, PNG ou WebP).',
    fallbackName: 'atestado',
  });
  return { nome, tipo: mimeType, bytes };
}

/** The child and the day a justification is about, checked against the guardian's reach. */
async function resolveDay(
  db: DbOrTx,
  user: SignedInUser,
  input: JustificativaInput,
): Promise<{ alunoId: string; nome: string; data: string }> {
  const scope = await scopeOf(db, user);
  // Only a family justifies: a staff account or a student's own is answered as if the child were not there.
  const reach = scope.kind === 'guardian' ? studentsInScope(scope) : sql`false`;
  if (input.falta_id) {
    const [row] = await db
      .select({ alunoId: attendanceAbsences.alunoId, nome: students.nome, data: attendanceRolls.data })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
      .where(and(eq(attendanceAbsences.id, input.falta_id), reach));
    if (!row) throw notFound('Falta não encontrada.');
    return row;
  }
  const [row] = await db
    .select({ alunoId: students.id, nome: students.nome })
    .from(students)
    .where(and(eq(students.id, input.aluno_id!), reach));
  if (!row) throw notFound('Aluno não encontrado.');
  return { ...row, data: input.data! };
}

/** The child's absences on a day, with whether each is already abonada. */
function absencesOfDay(db: DbOrTx, alunoId: string, data: string) {
  return db
    .select({
      id: attendanceAbsences.id,
      abonada: attendanceAbsences.abonada,
      turmaId: attendanceRolls.turmaId,
    })
    .from(attendanceAbsences)
    .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
    .where(and(eq(attendanceAbsences.alunoId, alunoId), eq(attendanceRolls.data, data)));
}

/** The portal accounts of a child's guardians. */
const familyOf = (alunoId: string) => sql`
  select g.usuario_id from student_guardians sg
  join guardians g on g.id = sg.responsavel_id and g.usuario_id is not null
  join users u on u.id = g.usuario_id and u.status = 'ativo' and u.nivel = 'responsavel'
  where sg.aluno_id = ${alunoId}::uuid`;

const queueLink = `${paths.attendance}?aba=justificativas`;
const familyLink = (alunoId: string) => `${paths.familyAttendance}?aluno=${alunoId}`;

/** POST /api/frequencia/justificativas — a guardian justifies a child's absences of one day. */
export async function sendJustificativa(
  ctx: AppContext,
  user: SignedInUser,
  actor: Actor,
  input: JustificativaInput,
  file: Atestado | null,
): Promise<Justificativa> {
  const day = await resolveDay(ctx.db, user, input);
  const today = clock.today();
  const quando = formatDate(day.data);
  if (day.data > today)
    throw badRequest('A data da falta não pode ser no futuro.', [
      { path: 'data', message: 'A data não pode ser no futuro' },
    ]);
  const late = tooLateToJustify(day.data, today);
  if (late)
    throw badRequest(late, [
      { path: 'data', message: `Mais de ${String(JUSTIFICATIVA_LIMITS.diasParaJustificar)} dias atrás` },
    ]);
  const absences = await absencesOfDay(ctx.db, day.alunoId, day.data);
  if (absences.length === 0)
    throw badRequest(`${day.nome} não tem falta registrada em ${quando}: não há o que justificar.`, [
      { path: 'data', message: 'Sem falta nesta data' },
    ]);
  if (absences.every((absence) => absence.abonada))
    throw conflict(`A falta de ${day.nome} em ${quando} já está abonada.`);
  const atestado = file ? await readAtestado(file) : null;
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(absenceJustifications)
        .values({
          alunoId: day.alunoId,
          data: day.data,
          motivo: input.motivo,
          arquivoNome: atestado?.nome ?? null,
          arquivoTipo: atestado?.tipo ?? null,
          arquivoTamanho: atestado?.bytes.length ?? null,
          arquivo: atestado?.bytes ?? null,
          enviadaPor: user.id,
          enviadaPorNome: user.nome,
          createdAt: clock.now(),
        })
        .returning({ id: absenceJustifications.id });
      await recordAudit(tx, actor, {
        action: 'enviar_justificativa',
        entity: 'justificativa_falta',
        entityId: row!.id,
        details: {
          aluno_id: day.alunoId,
          data: day.data,
          faltas: absences.length,
          atestado: atestado ? { nome: atestado.nome, tipo: atestado.tipo } : null,
        },
      });
      await fanOut(ctx, tx, {
        recipients: staffHolding('academics.manage'),
        tipo: 'falta',
        titulo: `Justificativa de falta: ${day.nome}`,
        texto: `A família de ${day.nome} justificou a falta de ${quando}${atestado ? ' (com atestado)' : ''}.`,
        link: queueLink,
        email: {
          assunto: `Justificativa de falta: ${day.nome}`,
          texto: `A família de ${day.nome} enviou a justificativa da falta de ${quando}. Responda em Frequência → Justificativas.`,
        },
        sms: `Justificativa de falta de ${day.nome} (${quando}) aguardando resposta.`,
      });
      return row!.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'absence_justifications_pending_unique'))
        throw conflict(
          `Já há uma justificativa da falta de ${day.nome} em ${quando} aguardando a resposta da escola.`,
        );
      throw error;
    });
  ctx.notifier.worker.wake();
  return getJustificativa(ctx.db, id);
}

/** POST /api/frequencia/justificativas/:id/responder — the school accepts (abono) or answers. */
export async function answerJustificativa(
  ctx: AppContext,
  user: SignedInUser,
  actor: Actor,
  id: string,
  input: { aceita: boolean; resposta: string },
): Promise<Justificativa> {
  const scope = await scopeOf(ctx.db, user);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: absenceJustifications.id,
        alunoId: absenceJustifications.alunoId,
        data: absenceJustifications.data,
        motivo: absenceJustifications.motivo,
        situacao: absenceJustifications.situacao,
        nome: students.nome,
      })
      .from(absenceJustifications)
      .innerJoin(students, eq(students.id, absenceJustifications.alunoId))
      .where(and(eq(absenceJustifications.id, id), studentsInScope(scope)))
      .for('update', { of: absenceJustifications });
    if (!row) throw notFound('Justificativa não encontrada.');
    if (row.situacao !== 'enviada') throw conflict('Esta justificativa já foi respondida.');
    const now = clock.now();
    const resposta = input.resposta.trim() || null;
    let abonadas: string[] = [];
    if (input.aceita) {
      const pending = (await absencesOfDay(tx, row.alunoId, row.data)).filter((absence) => !absence.abonada);
      abonadas = pending.map((absence) => absence.id);
      // Accepting is an abono: not in a closed year (the school may still answer without abonar).
      const block = pending[0] && excuseBlockOf(await dayContextOf(tx, row.data, pending[0].turmaId));
      if (block) throw conflict(block);
      if (abonadas.length > 0)
        await tx
          .update(attendanceAbsences)
          .set({
            abonada: true,
            abonoMotivo: `Justificativa da família aceita: ${row.motivo}`.slice(0, 500),
            abonadaPorNome: user.nome,
            abonadaEm: now,
          })
          .where(
            sql`${attendanceAbsences.id} in (${sql.join(
              abonadas.map((absenceId) => sql`${absenceId}::uuid`),
              sql`, `,
            )})`,
          );
    }
    await tx
      .update(absenceJustifications)
      .set({
        situacao: input.aceita ? 'aceita' : 'recusada',
        resposta,
        respondidaPor: user.id,
        respondidaPorNome: user.nome,
        respondidaEm: now,
      })
      .where(eq(absenceJustifications.id, id));
    await recordAudit(tx, actor, {
      action: input.aceita ? 'aceitar_justificativa' : 'recusar_justificativa',
      entity: 'justificativa_falta',
      entityId: id,
      details: { aluno_id: row.alunoId, data: row.data, resposta, faltas_abonadas: abonadas },
    });
    const quando = formatDate(row.data);
    const titulo = input.aceita
      ? `Justificativa aceita: ${row.nome}`
      : `Justificativa respondida: ${row.nome}`;
    const texto = input.aceita
      ? `A escola aceitou a justificativa da falta de ${quando}: a falta foi abonada.`
      : `A escola respondeu à justificativa da falta de ${quando}; a falta continua contando.`;
    await fanOut(ctx, tx, {
      recipients: familyOf(row.alunoId),
      tipo: 'falta',
      titulo,
      texto,
      link: familyLink(row.alunoId),
      email: { assunto: titulo, texto: `${texto} Veja a resposta no portal, em Frequência.` },
      sms: `${titulo} (${quando}).`,
    });
  });
  ctx.notifier.worker.wake();
  return getJustificativa(ctx.db, id);
}
