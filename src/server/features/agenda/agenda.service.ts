import { folded } from '../../lib/text-search.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  agendaSemItens,
  itensDoAluno,
  type AgendaAluno,
  type AgendaDiaTurma,
  type AgendaExcecao,
  type agendaDiaInputSchema,
} from '../../../shared/agenda.schemas.js';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { agendaDias, agendaFotos, agendaLeituras, type AgendaDiaRow } from '../../db/schema/agenda.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { dayKindLabels } from '../../../shared/calendar.js';
import { clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';
import { dayAbsentees } from '../attendance/index.js';
import { recordAudit } from '../audit/index.js';
import { describeDay, latestSchoolDay } from '../calendar/index.js';
import { familiesOnPortal } from '../pareceres/index.js';
import { hasImageConsent } from '../privacy/index.js';
import { classOnDate, scopeOf, studentNotFound, studentsInScope, type Viewer } from '../students/index.js';
import { assertMedicationAuthorised, autorizacoesOf, toAutorizacao } from './agenda.medicacao.js';
import {
  assertEditable,
  assertHasAgenda,
  assertNotFuture,
  modeloOf,
  staffClass,
  turmaRefOf,
  type TurmaRow,
} from './agenda.scope.js';

/**
 * A class's day (ADR 0037): the teacher saves the whole class's items and each child's exceptions at
 * once (PUT), on the day itself; the families read their child's day (GET /alunos/:id), which records
 * that they read it, and the teacher sees who did.
 */

type DiaInput = z.output<typeof agendaDiaInputSchema>;

async function dayOf(db: DbOrTx, turmaId: string, data: string): Promise<AgendaDiaRow | undefined> {
  const [row] = await db
    .select()
    .from(agendaDias)
    .where(and(eq(agendaDias.turmaId, turmaId), eq(agendaDias.data, data)));
  return row;
}

async function fotoOf(db: DbOrTx, diaId: string) {
  const [foto] = await db
    .select({ largura: agendaFotos.largura, altura: agendaFotos.altura })
    .from(agendaFotos)
    .where(eq(agendaFotos.diaId, diaId));
  return foto;
}

/** The active children of the class, by name. */
export async function childrenOf(db: DbOrTx, turmaId: string) {
  return db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(and(eq(students.turmaId, turmaId), eq(students.status, 'ativo')))
    .orderBy(asc(folded(students.nome)));
}

/**
 * The children absent in the class's saved roll (chamada) of the day. The roll is the school's record of
 * who came: the agenda follows it, also when the roll is saved or corrected after the agenda was sent.
 */
export async function rollAbsentees(db: DbOrTx, turmaId: string, data: string): Promise<Set<string>> {
  return new Set((await dayAbsentees(db, [turmaId], data, data)).map((one) => one.alunoId));
}

/**
 * The day's exceptions as they are read: a child absent in the roll did not come, whatever was saved
 * for them (a saved exception of theirs is replaced, one is added where none was).
 */
function withRollAbsences(excecoes: readonly AgendaExcecao[], faltas: ReadonlySet<string>): AgendaExcecao[] {
  const absent = (alunoId: string): AgendaExcecao => ({ aluno_id: alunoId, ausente: true, itens: {} });
  const saved = new Set(excecoes.map((excecao) => excecao.aluno_id));
  return [
    ...excecoes.map((excecao) => (faltas.has(excecao.aluno_id) ? absent(excecao.aluno_id) : excecao)),
    ...[...faltas].filter((id) => !saved.has(id)).map(absent),
  ];
}

/** GET /api/agenda/turmas/:id/:data — the teacher's form: the saved day, or the template to start from. */
export async function getClassDay(
  db: Db,
  viewer: Viewer,
  turmaId: string,
  data: string,
): Promise<AgendaDiaTurma> {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  assertNotFuture(data);
  return presentClassDay(db, turma, data);
}

/**
 * Why the day has no class (a weekend, a holiday, the recess: 'Fim de semana', 'Natal'), or null on a
 * school day (or outside any school year: a school that has not set its calendar). The teacher is told
 * and asked before sending; a Saturday's festa the calendar does not list may still have its agenda.
 */
async function noClassOn(db: Db, data: string): Promise<string | null> {
  const { day } = await describeDay(db, data);
  if (day.letivo || day.tipo === 'fora_do_ano_letivo') return null;
  return day.descricao ?? dayKindLabels[day.tipo];
}

async function presentClassDay(db: Db, turma: TurmaRow, data: string): Promise<AgendaDiaTurma> {
  const modelo = await modeloOf(db, turma);
  const semAula = await noClassOn(db, data);
  const day = await dayOf(db, turma.id, data);
  const alunos = await childrenOf(db, turma.id);
  const ids = alunos.map((aluno) => aluno.id);
  const faltas = new Set([...(await rollAbsentees(db, turma.id, data))].filter((id) => ids.includes(id)));
  const autorizacoes = await autorizacoesOf(db, ids);
  const leituras = day
    ? await db
        .select({ alunoId: agendaLeituras.alunoId, nome: users.nome, lidoEm: agendaLeituras.lidoEm })
        .from(agendaLeituras)
        .innerJoin(users, eq(users.id, agendaLeituras.usuarioId))
        .where(eq(agendaLeituras.diaId, day.id))
        .orderBy(asc(agendaLeituras.lidoEm))
    : [];
  const foto = day ? await fotoOf(db, day.id) : undefined;
  const withConsent: boolean[] = [];
  for (const id of ids) withConsent.push(await hasImageConsent(db, id));
  const onPortal = await familiesOnPortal(db, ids);
  return {
    turma: turmaRefOf(turma),
    data,
    editavel: modelo.ativa && data === clock.today(),
    sem_aula: semAula,
    publicada: day !== undefined,
    itens: day?.itens ?? modelo.itens,
    excecoes: withRollAbsences(day?.excecoes ?? [], faltas),
    foto: day && foto ? { url: `/api/agenda/turmas/${turma.id}/${data}/foto`, ...foto } : null,
    autor: day?.autorNome ?? null,
    atualizado_em: day ? day.updatedAt.toISOString() : null,
    version: day?.version ?? null,
    alunos: alunos.map((aluno, index) => ({
      id: aluno.id,
      nome: aluno.nome,
      falta_na_chamada: faltas.has(aluno.id),
      consentimento_imagem: withConsent[index] ?? false,
      familia_no_portal: onPortal.has(aluno.id),
      autorizacoes: autorizacoes
        .filter((row) => row.alunoId === aluno.id)
        .map((row) => toAutorizacao(row, data))
        .filter((one) => one.vigente),
      leituras: leituras
        .filter((read) => read.alunoId === aluno.id)
        .map((read) => ({ responsavel: read.nome, lido_em: read.lidoEm.toISOString() })),
    })),
  };
}

/**
 * What saving the day tells the teacher: sent to the families, or to whom it does not go. A family none
 * of whose guardians reads the portal gets nothing there; the teacher sends them the day another way.
 */
export function sentMessage(day: AgendaDiaTurma): string {
  const onPortal = day.alunos.filter((aluno) => aluno.familia_no_portal).length;
  const all = day.alunos.length;
  if (onPortal === all) return 'Agenda do dia enviada às famílias.';
  if (onPortal === 0)
    return 'Agenda do dia salva, mas nenhuma família desta turma usa o portal: envie-a impressa ou por outro meio.';
  return `Agenda do dia enviada às famílias que usam o portal (${String(onPortal)} de ${String(all)}); às outras, envie-a impressa ou por outro meio.`;
}

/** PUT /api/agenda/turmas/:id/:data — the whole class at once, with each child's exceptions. */
export async function saveClassDay(
  db: Db,
  viewer: Viewer,
  turmaId: string,
  data: string,
  input: DiaInput,
  expected: number | undefined,
  actor: Actor,
): Promise<AgendaDiaTurma> {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  await assertHasAgenda(db, turma);
  assertEditable(data);
  await db.transaction(async (tx) => {
    const alunos = new Set((await childrenOf(tx, turma.id)).map((aluno) => aluno.id));
    input.excecoes.forEach((excecao, index) => {
      if (!alunos.has(excecao.aluno_id)) {
        const message = 'Esta criança não está na turma.';
        throw badRequest(message, [{ path: `excecoes.${String(index)}.aluno_id`, message }]);
      }
    });
    // A child absent in the roll is absent by the roll (withRollAbsences), not by what the form sent
    // back: nothing is kept for them, so a roll corrected later gives them the class's day again.
    const faltas = await rollAbsentees(tx, turma.id, data);
    const excecoes = input.excecoes.filter((excecao) => !faltas.has(excecao.aluno_id));
    await assertMedicationAuthorised(
      tx,
      data,
      excecoes.flatMap((excecao) =>
        (excecao.itens.medicacoes ?? []).map((dada) => ({
          alunoId: excecao.aluno_id,
          autorizacaoId: dada.autorizacao_id,
        })),
      ),
    );
    const [current] = await tx
      .select()
      .from(agendaDias)
      .where(and(eq(agendaDias.turmaId, turma.id), eq(agendaDias.data, data)))
      .for('update');
    const values = {
      itens: input.itens,
      excecoes,
      autorId: actor.id,
      autorNome: actor.nome,
      updatedAt: clock.now(),
    };
    let diaId: string;
    if (current) {
      assertVersion(expected, current.version);
      await tx
        .update(agendaDias)
        .set({ ...values, version: current.version + 1 })
        .where(eq(agendaDias.id, current.id));
      diaId = current.id;
    } else {
      const [created] = await tx
        .insert(agendaDias)
        .values({ turmaId: turma.id, data, ...values })
        .onConflictDoNothing()
        .returning({ id: agendaDias.id });
      // Saved by someone else between the read and the insert: the caller's copy is stale.
      if (!created) throw staleVersion();
      diaId = created.id;
    }
    await recordAudit(tx, actor, {
      action: current ? 'atualizar_agenda' : 'publicar_agenda',
      entity: 'agenda',
      entityId: diaId,
      details: { turma_id: turma.id, data, excecoes: excecoes.length },
    });
  });
  return presentClassDay(db, turma, data);
}

/**
 * GET /api/agenda/alunos/:id?data= — the child's day as the family (or the school) reads it, in the class
 * the child was in that day. A guardian's read is recorded (the teacher's 'quem leu'); the class's photo
 * goes only to a family that gave the image consent.
 */
export async function getChildDay(
  db: Db,
  viewer: Viewer,
  alunoId: string,
  data: string | undefined,
): Promise<AgendaAluno> {
  const scope = await scopeOf(db, viewer);
  const [child] = await db
    .select({ id: students.id, nome: students.nome, turmaId: students.turmaId })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!child) throw studentNotFound();
  // Today, or on a day without class the latest school day of the two weeks before (something to read);
  // past a longer break it stays on today, which says there was no class.
  const today = clock.today();
  const day = data ?? (await latestSchoolDay(db, today)) ?? today;
  assertNotFuture(day);
  // The class of that day: a child who moved reads the day of the class they were in then, and a day
  // before they joined has nothing of the class (its children's day and photo are not theirs).
  const classThen = await classOnDate(db, child.id, day);
  const turmaId = classThen ?? child.turmaId;
  const [turma] = turmaId ? await db.select().from(classes).where(eq(classes.id, turmaId)) : [];
  const base = { aluno: { id: child.id, nome: child.nome }, data: day };
  if (!turma) return { ...base, turma: null, tem_agenda: false, dia: null };
  const modelo = await modeloOf(db, turma);
  const row = classThen ? await dayOf(db, turma.id, day) : undefined;
  const result = { ...base, turma: turmaRefOf(turma), tem_agenda: modelo.ativa };
  // No agenda on a day without class (a weekend, a holiday, the recess) is no agenda late: said so.
  if (!row) return { ...result, dia: null, sem_aula: !(await describeDay(db, day)).day.letivo };
  const excecao = row.excecoes.find((one) => one.aluno_id === child.id);
  // A day the child missed (by the teacher's mark or the roll) tells the family nothing of the class's
  // meals, nap or mood: those were not the child's.
  if (excecao?.ausente || (await rollAbsentees(db, turma.id, day)).has(child.id))
    return {
      ...result,
      dia: {
        ausente: true,
        itens: agendaSemItens,
        medicacoes: [],
        foto: null,
        autor: row.autorNome,
        atualizado_em: row.updatedAt.toISOString(),
      },
    };
  const given = excecao?.itens.medicacoes ?? [];
  const autorizacoes = given.length > 0 ? await autorizacoesOf(db, [child.id]) : [];
  const foto = await fotoOf(db, row.id);
  const showPhoto =
    foto !== undefined &&
    (scope.kind === 'all' || scope.kind === 'teacher' || (await hasImageConsent(db, child.id)));
  if (scope.kind === 'guardian')
    await db
      .insert(agendaLeituras)
      .values({ diaId: row.id, alunoId: child.id, usuarioId: viewer.id, lidoEm: clock.now() })
      .onConflictDoNothing();
  return {
    ...result,
    dia: {
      ausente: false,
      itens: itensDoAluno(row.itens, excecao?.itens),
      medicacoes: given.map((dada) => {
        const autorizacao = autorizacoes.find((one) => one.id === dada.autorizacao_id);
        return {
          medicamento: autorizacao?.medicamento ?? 'Medicamento',
          dose: autorizacao?.dose ?? '',
          horario: dada.horario,
          observacao: dada.observacao,
        };
      }),
      foto: showPhoto ? { url: `/api/agenda/alunos/${child.id}/foto?data=${day}`, ...foto } : null,
      autor: row.autorNome,
      atualizado_em: row.updatedAt.toISOString(),
    },
  };
}

/** Read receipts per class for a day (the class list's counter). */
export async function readsOf(db: DbOrTx, diaIds: string[]) {
  if (diaIds.length === 0) return [];
  return db
    .selectDistinct({ diaId: agendaLeituras.diaId, alunoId: agendaLeituras.alunoId })
    .from(agendaLeituras)
    .where(inArray(agendaLeituras.diaId, diaIds));
}
