import { asc, count, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import type { Curriculum, CurriculumData } from '../../../shared/curriculum.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { bySubjectOrder, readSubjectOrder, resolveChosenSubjects } from '../disciplinas/index.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { classNotFound, type Viewer } from '../classes/index.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classItinerarios, classSubjects, studentItinerarios } from '../../db/schema/curriculum.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { subjectKey } from '../../../shared/disciplinas.schemas.js';
import {
  annualMinutes,
  isEnsinoMedio,
  minutesToHours,
  serieHoursOf,
  serieNumber,
} from '../../../shared/ensino-medio.js';
import { cargaHorariaOf } from './curriculum.hours.js';
import { cargaHorariaAvisos } from '../../../shared/carga-horaria.js';
import { classInScope, saveItinerarios } from './itinerarios.service.js';

async function presentCurriculum(db: DbOrTx, turma: ClassRow): Promise<Curriculum> {
  const order = bySubjectOrder(await readSubjectOrder(db));
  const [rows, itinerarioRows, catalogue, chosen, responsible] = await Promise.all([
    db
      .select({
        disciplina: classSubjects.disciplina,
        aulasSemanais: classSubjects.aulasSemanais,
        diasSemana: classSubjects.diasSemana,
        itinerario: classItinerarios.nome,
        professorId: teachers.id,
        professorNome: teachers.nome,
      })
      .from(classSubjects)
      .leftJoin(teachers, eq(teachers.id, classSubjects.professorId))
      .leftJoin(classItinerarios, eq(classItinerarios.id, classSubjects.itinerarioId))
      .where(eq(classSubjects.turmaId, turma.id))
      .orderBy(asc(classSubjects.disciplina)),
    db
      .select()
      .from(classItinerarios)
      .where(eq(classItinerarios.turmaId, turma.id))
      .orderBy(asc(classItinerarios.ordem), asc(classItinerarios.nome)),
    db.select({ nome: disciplinas.nome, area: disciplinas.area }).from(disciplinas),
    db
      .select({ itinerarioId: studentItinerarios.itinerarioId, total: count() })
      .from(studentItinerarios)
      .where(eq(studentItinerarios.turmaId, turma.id))
      .groupBy(studentItinerarios.itinerarioId),
    turma.professorResponsavelId === null
      ? []
      : db
          .select({ id: teachers.id, nome: teachers.nome })
          .from(teachers)
          .where(eq(teachers.id, turma.professorResponsavelId)),
  ]);
  const areaOf = new Map(catalogue.map((row) => [subjectKey(row.nome), row.area]));
  const items = rows
    .map((row) => ({
      disciplina: row.disciplina,
      professor:
        row.professorId && row.professorNome ? { id: row.professorId, nome: row.professorNome } : null,
      aulas_semanais: row.aulasSemanais,
      dias_semana: [...row.diasSemana].sort((a, b) => a - b),
      itinerario: row.itinerario,
      area: areaOf.get(subjectKey(row.disciplina)) ?? null,
      carga_horaria_anual: minutesToHours(annualMinutes(row.aulasSemanais, turma.aulaMinutos)),
    }))
    .sort((a, b) => order(a.disciplina, b.disciplina));
  const countOf = new Map(chosen.map((row) => [row.itinerarioId, row.total]));
  const itinerarios = itinerarioRows.map((row) => ({
    id: row.id,
    nome: row.nome,
    tecnico: row.tecnico,
    alunos: countOf.get(row.id) ?? 0,
  }));
  const medio = isEnsinoMedio(turma.nivel);
  const aulasSemanais = items.reduce((sum, item) => sum + item.aulas_semanais, 0);
  const own = serieHoursOf(
    serieNumber(turma.serie) ?? 1,
    turma.aulaMinutos,
    items.map((item) => ({ aulasSemanais: item.aulas_semanais, itinerario: item.itinerario })),
  );
  return {
    turma_id: turma.id,
    turma_nome: turma.nome,
    nivel: turma.nivel,
    professor_responsavel: responsible[0] ?? null,
    frequencia_modo: turma.frequenciaModo,
    turno: turma.turno,
    aulas_semanais: aulasSemanais,
    disciplinas: items,
    aula_minutos: turma.aulaMinutos,
    itinerarios,
    carga_horaria_avisos: cargaHorariaAvisos({
      nivel: turma.nivel,
      turno: turma.turno,
      aulaMinutos: turma.aulaMinutos,
      aulasSemanais,
    }),
    carga_horaria: medio ? await cargaHorariaOf(db, turma, own, itinerarios) : null,
    version: turma.gradeVersion,
  };
}

/** The class's 'Grade curricular', for everyone who reaches the class. */
export async function getCurriculum(db: DbOrTx, viewer: Viewer, turmaId: string): Promise<Curriculum> {
  const { turma } = await classInScope(db, viewer, turmaId);
  return presentCurriculum(db, turma);
}

/**
 * Daily rolls count days and per-lesson rolls count lessons: switching once rolls exist would add the
 * two units together in the same year's percentage, so the mode is fixed from the first roll on.
 */
async function refuseModeChangeAfterRolls(tx: DbOrTx, turmaId: string): Promise<void> {
  const [roll] = await tx
    .select({ id: attendanceRolls.id })
    .from(attendanceRolls)
    .where(eq(attendanceRolls.turmaId, turmaId))
    .limit(1);
  if (roll)
    throw new AppError(
      'CONFLICT',
      'A turma já tem chamadas registradas; o modo de frequência (diária ou por aula) só pode mudar antes da primeira chamada.',
      [{ path: 'frequencia_modo', message: 'Não é possível mudar depois da primeira chamada' }],
    );
}

/**
 * Replaces the grid and the roll mode. A Fundamental I class may name one teacher for every subject.
 * Audited with the grid before and after.
 */
export async function saveCurriculum(
  ctx: AppContext,
  turmaId: string,
  input: CurriculumData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Curriculum> {
  await ctx.db.transaction(async (tx) => {
    const [turma] = await tx.select().from(classes).where(eq(classes.id, turmaId)).for('update');
    if (!turma) throw classNotFound();
    if (expectedVersion !== undefined && expectedVersion !== turma.gradeVersion)
      throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
    if (input.frequencia_modo !== turma.frequenciaModo) await refuseModeChangeAfterRolls(tx, turmaId);
    const teacherIds = [
      ...new Set(input.disciplinas.map((item) => item.professor_id).filter((id): id is string => !!id)),
    ];
    if (teacherIds.length > 0) {
      const found = await tx
        .select({ id: teachers.id })
        .from(teachers)
        .where(inArray(teachers.id, teacherIds));
      const known = new Set(found.map((row) => row.id));
      const index = input.disciplinas.findIndex((item) => item.professor_id && !known.has(item.professor_id));
      if (index >= 0)
        throw badRequest('Professor não encontrado', [
          { path: `disciplinas.${String(index)}.professor_id`, message: 'Professor não encontrado' },
        ]);
    }
    const before = await presentCurriculum(tx, turma);
    // Names from the catalogue, as it spells them, of the class's stage (ADR 0127); an inactive subject, or
    // one of another stage, stays only where it already was.
    const names = await resolveChosenSubjects(
      tx,
      input.disciplinas.map((item) => item.disciplina),
      before.disciplinas.map((item) => item.disciplina),
      (index) => `disciplinas.${String(index)}.disciplina`,
      turma.nivel,
    );
    await tx.delete(classSubjects).where(eq(classSubjects.turmaId, turmaId));
    const itinerarioIdOf = await saveItinerarios(tx, turma, input.itinerarios);
    if (input.disciplinas.length > 0) {
      await tx.insert(classSubjects).values(
        input.disciplinas.map((item, index) => ({
          turmaId,
          disciplina: names[index]!,
          professorId: item.professor_id ?? null,
          aulasSemanais: item.aulas_semanais,
          diasSemana: [...new Set(item.dias_semana)].sort((a, b) => a - b),
          itinerarioId: item.itinerario ? (itinerarioIdOf.get(subjectKey(item.itinerario)) ?? null) : null,
        })),
      );
    }
    await tx
      .update(classes)
      .set({
        frequenciaModo: input.frequencia_modo,
        gradeVersion: turma.gradeVersion + 1,
        ...(input.aula_minutos === undefined ? {} : { aulaMinutos: input.aula_minutos }),
      })
      .where(eq(classes.id, turmaId));
    const summary = (grade: Curriculum) => ({
      frequencia_modo: grade.frequencia_modo,
      disciplinas: grade.disciplinas.map((item) => ({
        disciplina: item.disciplina,
        professor_id: item.professor?.id ?? null,
        aulas_semanais: item.aulas_semanais,
        ...(item.itinerario ? { itinerario: item.itinerario } : {}),
      })),
      ...(grade.itinerarios.length > 0
        ? { itinerarios: grade.itinerarios.map((item) => ({ nome: item.nome, tecnico: item.tecnico })) }
        : {}),
    });
    await recordAudit(tx, actor, {
      action: 'atualizar_grade',
      entity: 'turma',
      entityId: turmaId,
      details: {
        antes: summary(before),
        depois: {
          frequencia_modo: input.frequencia_modo,
          disciplinas: input.disciplinas.map((item, index) => ({
            disciplina: names[index]!,
            professor_id: item.professor_id ?? null,
            aulas_semanais: item.aulas_semanais,
            ...(item.itinerario ? { itinerario: item.itinerario } : {}),
          })),
          ...(input.itinerarios.length > 0
            ? { itinerarios: input.itinerarios.map((item) => ({ nome: item.nome, tecnico: item.tecnico })) }
            : {}),
        },
      },
    });
  });
  const [turma] = await ctx.db.select().from(classes).where(eq(classes.id, turmaId));
  return presentCurriculum(ctx.db, turma!);
}
