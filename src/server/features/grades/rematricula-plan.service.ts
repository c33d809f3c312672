/**
 * The rematrícula proposal: next year's classes and each student's destination, with what applying would
 * refuse.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  DestinoTipo,
  RematriculaClass,
  RematriculaProposal,
  RematriculaStudent,
} from '../../../shared/year-end.schemas.js';
import type { FieldError } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { Viewer } from '../classes/index.js';
import { type SchoolYearRow } from '../../db/schema/calendar.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { yearClosures } from '../../db/schema/grades.js';
import { situationsOf, type SituationsProgress } from './report-card.service.js';
import { groupBy } from '../../../shared/group-by.js';
import { ENSINO_MEDIO, isEnsinoMedio } from '../../../shared/ensino-medio.js';

const LAST_MEDIO_SERIE = 3;
import { infantilGroups, isInfantil } from '../../../shared/classes.schemas.js';
import { LAST_GRADE, studentsOfYear, type RematriculaAdjustments, yearOf } from './year-end.service.js';
import { signedOnlineOf } from './rematricula-online.seam.js';
import { markGradeLeftOut } from './rematricula-grade.js';

/** '5º ano' → 5 (null when the série has no number). */
function gradeNumber(serie: string): number | null {
  const match = /^(\d+)/.exec(serie.trim());
  return match ? Number(match[1]) : null;
}

const bump = (text: string, from: number, to: number) =>
  text.replace(new RegExp(`^${String(from)}`), String(to));

/**
 * Educação Infantil moves up by age group (Berçário → … → Pré II), and Pré II into the 1º ano; a série
 * the list does not know is left for the secretary (null).
 */
function nextInfantilClassOf(turma: ClassRow): Pick<RematriculaClass, 'nome' | 'serie' | 'nivel'> {
  const index = infantilGroups.findIndex(
    (group) => group.serie.toLowerCase() === turma.serie.trim().toLowerCase(),
  );
  if (index < 0) return { nome: null, serie: null, nivel: null };
  const next = infantilGroups[index + 1];
  const serie = next ? next.serie : '1º ano';
  const nome = turma.nome.includes(turma.serie)
    ? turma.nome.replace(turma.serie, serie)
    : `${turma.nome} (${serie})`;
  return { nome, serie, nivel: next ? 'Educação Infantil' : 'Fundamental I' };
}

/** A série's text replaced in the class's name ('9º Ano A' → '1ª série A'), or added after it. */
function renamed(turma: ClassRow, serie: string): string {
  const index = turma.nome.toLowerCase().indexOf(turma.serie.trim().toLowerCase());
  if (index < 0) return `${turma.nome} (${serie})`;
  return turma.nome.slice(0, index) + serie + turma.nome.slice(index + turma.serie.trim().length);
}

/**
 * Ensino Médio goes 1ª → 2ª → 3ª série; the 3ª série ends educação básica (concluintes, no next class).
 * The 9º ano leads into the 1ª série of Ensino Médio.
 */
function nextMedioClassOf(turma: ClassRow): Pick<RematriculaClass, 'nome' | 'serie' | 'nivel'> {
  const grade = gradeNumber(turma.serie);
  if (grade === null || grade >= LAST_MEDIO_SERIE) return { nome: null, serie: null, nivel: null };
  const serie = `${String(grade + 1)}ª série`;
  return { nome: renamed(turma, serie), serie, nivel: ENSINO_MEDIO };
}

/**
 * The class a class moves up into. The 9º ano goes on to the 1ª série only in a school that offers Ensino
 * Médio (a Médio class this year or next); elsewhere its students finish (concluintes), as before.
 */
function nextClassOf(
  turma: ClassRow,
  offersMedio: boolean,
): Pick<RematriculaClass, 'nome' | 'serie' | 'nivel'> {
  if (isInfantil(turma.nivel)) return nextInfantilClassOf(turma);
  if (isEnsinoMedio(turma.nivel)) return nextMedioClassOf(turma);
  const grade = gradeNumber(turma.serie);
  if (grade === LAST_GRADE && offersMedio)
    return { nome: renamed(turma, '1ª série'), serie: '1ª série', nivel: ENSINO_MEDIO };
  if (grade === null || grade >= LAST_GRADE) return { nome: null, serie: null, nivel: null };
  const next = grade + 1;
  return {
    nome:
      bump(turma.nome, grade, next) === turma.nome
        ? `${turma.nome} (${String(next)}º ano)`
        : bump(turma.nome, grade, next),
    serie: bump(turma.serie, grade, next),
    nivel: next <= 5 ? 'Fundamental I' : 'Fundamental II',
  };
}

/**
 * The série a class's students move up to next year, as the proposal does (the online rematrícula
 * round invites each family to it); null when they finish or the série is one the list does not know.
 */
export function nextSerieOf(turma: ClassRow, offersMedio: boolean): string | null {
  return nextClassOf(turma, offersMedio).serie;
}

interface Plan {
  year: SchoolYearRow;
  proposal: RematriculaProposal;
  /** Destination class key (new class name) of each student. */
  origins: ClassRow[];
}

export async function buildPlan(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  adjustments: RematriculaAdjustments,
  dryRun: boolean,
  progress?: SituationsProgress,
): Promise<Plan> {
  const year = await yearOf(db, id);
  const [closure] = await db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
  if (!closure) throw conflict(`Encerre o ano letivo ${String(year.ano)} antes de preparar a rematrícula.`);
  const next = String(year.ano + 1);
  const origins = await db
    .select()
    .from(classes)
    .where(and(eq(classes.anoLetivo, String(year.ano))))
    .orderBy(asc(classes.serie), asc(classes.nome));
  const existingNext = await db
    .select({ id: classes.id, nome: classes.nome, nivel: classes.nivel })
    .from(classes)
    .where(eq(classes.anoLetivo, next));
  const offersMedio = [...origins, ...existingNext].some((turma) => isEnsinoMedio(turma.nivel));
  const existingByName = new Map(existingNext.map((row) => [row.nome, row.id]));
  const adjust = new Map(adjustments.turmas.map((item) => [item.origem_id, item]));
  const turmas: RematriculaClass[] = origins
    .filter((turma) => turma.status !== 'inativo')
    .map((turma) => {
      const target = nextClassOf(turma, offersMedio);
      const own = adjust.get(turma.id);
      const nome = target.nome === null ? null : (own?.nome ?? target.nome);
      return {
        origem_id: turma.id,
        origem_nome: turma.nome,
        origem_serie: turma.serie,
        ...target,
        nome,
        turno: own?.turno ?? turma.turno,
        capacidade_maxima: own?.capacidade_maxima ?? turma.capacidadeMaxima,
        professor_responsavel_id:
          own?.professor_responsavel_id === undefined
            ? turma.professorResponsavelId
            : own.professor_responsavel_id,
        incluir: target.nome !== null && (own?.incluir ?? true),
        existente_id: nome === null ? null : (existingByName.get(nome) ?? null),
        para_retidos: false,
        erros: { nome: null, professor_responsavel_id: null },
        fora_da_grade: [],
        aviso_grade: null,
      };
    });

  const enrolled = await studentsOfYear(db, year.ano);
  const situations = await situationsOf(db, viewer, enrolled, year.ano, progress);
  const override = new Map(adjustments.alunos.map((item) => [item.aluno_id, item]));
  // The school chose to apply only the families who signed next year's contract online: the others are
  // not re-enrolled, unless the administrator chose a destination for the student by hand.
  const signedOnline = await signedOnlineOf(db, year.ano + 1);
  const byOrigin = new Map(turmas.map((turma) => [turma.origem_id, turma]));
  const originById = new Map(origins.map((turma) => [turma.id, turma]));
  const alunos: RematriculaStudent[] = enrolled.map((student) => {
    const situation = situations.get(student.id) ?? 'cursando';
    const origin = originById.get(student.turmaId)!;
    const grade = gradeNumber(origin.serie);
    // Educação Infantil never retains (LDB art. 31): every child moves to the next age group.
    const infantil = isInfantil(origin.nivel);
    const failed = !infantil && (situation === 'reprovado_nota' || situation === 'reprovado_falta');
    const hasNext =
      infantil ||
      (grade !== null &&
        (isEnsinoMedio(origin.nivel)
          ? grade < LAST_MEDIO_SERIE
          : grade < LAST_GRADE || (grade === LAST_GRADE && offersMedio)));
    let destino: DestinoTipo = failed ? 'mesma_serie' : hasNext ? 'proxima_serie' : 'concluido';
    destino = override.get(student.id)?.destino ?? destino;
    if (destino === 'proxima_serie' && !hasNext) destino = 'concluido';
    if (
      signedOnline &&
      isStaying(destino) &&
      !signedOnline.has(student.id) &&
      override.get(student.id)?.destino === undefined
    )
      destino = 'nao_rematriculado';
    return {
      aluno_id: student.id,
      nome: student.nome,
      origem_turma_id: student.turmaId,
      origem_turma_nome: origin.nome,
      situacao: situation,
      destino,
      destino_turma_nome: null,
    };
  });
  // Retained students go to next year's class of their série: one proposed from below, else a copy of theirs.
  for (const student of alunos) {
    const origin = originById.get(student.origem_turma_id)!;
    // A class the administrator chose is placed below, after every proposed class exists.
    if (override.get(student.aluno_id)?.turma_nome !== undefined) continue;
    if (student.destino === 'proxima_serie') {
      // A class left out ('Criar turma' unchecked) leaves its students without a class, still active,
      // for the secretary to place — never inactivated by a checkbox about a class.
      const target = byOrigin.get(origin.id);
      student.destino_turma_nome = target?.incluir ? target.nome : null;
    } else if (student.destino === 'mesma_serie') {
      const candidates = turmas.filter((turma) => turma.incluir && turma.serie === origin.serie);
      let target = candidates.find((turma) => turma.turno === origin.turno) ?? candidates[0];
      if (!target) {
        target = {
          origem_id: origin.id,
          origem_nome: origin.nome,
          origem_serie: origin.serie,
          nome: origin.nome,
          serie: origin.serie,
          nivel: origin.nivel,
          turno: origin.turno,
          capacidade_maxima: origin.capacidadeMaxima,
          professor_responsavel_id: origin.professorResponsavelId,
          incluir: true,
          existente_id: existingByName.get(origin.nome) ?? null,
          para_retidos: true,
          erros: { nome: null, professor_responsavel_id: null },
          fora_da_grade: [],
          aviso_grade: null,
        };
        turmas.push(target);
      }
      student.destino_turma_nome = target.nome;
    }
  }
  // The administrator's choice of class, among the classes the proposal creates (or finds).
  const chosenClassErrors: FieldError[] = [];
  adjustments.alunos.forEach((item, index) => {
    if (item.turma_nome === undefined) return;
    const student = alunos.find((row) => row.aluno_id === item.aluno_id);
    if (!student || (student.destino !== 'proxima_serie' && student.destino !== 'mesma_serie')) return;
    if (turmas.some((turma) => turma.incluir && turma.nome === item.turma_nome))
      student.destino_turma_nome = item.turma_nome;
    else
      chosenClassErrors.push({
        path: `alunos.${String(index)}.turma_nome`,
        message: `A turma “${item.turma_nome}” não está na proposta de ${String(year.ano + 1)}`,
      });
  });
  if (chosenClassErrors.length > 0)
    throw new AppError(
      'VALIDATION',
      'A turma escolhida para um aluno não está entre as turmas do próximo ano.',
      chosenClassErrors,
    );
  const erros = await checkProposedClasses(db, turmas, adjustments, year.ano + 1);
  await markGradeLeftOut(db, origins, turmas);
  const contagem = {
    proxima_serie: 0,
    mesma_serie: 0,
    concluido: 0,
    nao_rematriculado: 0,
    sem_turma: 0,
    turmas_novas: 0,
  };
  for (const student of alunos) {
    contagem[student.destino]++;
    if (isStaying(student.destino) && student.destino_turma_nome === null) contagem.sem_turma++;
  }
  contagem.turmas_novas = new Set(
    turmas.filter((turma) => turma.incluir && !turma.existente_id).map((turma) => turma.nome),
  ).size;
  return {
    year,
    origins,
    proposal: {
      ano: year.ano,
      proximo_ano: year.ano + 1,
      aplicada: closure.rematriculaEm !== null,
      dry_run: dryRun,
      turmas,
      alunos,
      contagem,
      erros,
    },
  };
}

export const isStaying = (destino: DestinoTipo) => destino === 'proxima_serie' || destino === 'mesma_serie';

/**
 * What applying would refuse or get wrong: a teacher chosen who does not exist (any more), and two
 * classes of the proposal with the same name (ignoring case) — applying matches classes by name, so
 * they would silently become one. The proposal and its dry run carry them (on each class, `erros`,
 * and as field errors, `erros` of the proposal: `turmas.N.…` when the class was adjusted, else
 * `turmas`), so the screen shows them where they are and the administrator fixes them in place;
 * applying refuses them (400 with the same details) before changing anything.
 */
async function checkProposedClasses(
  db: DbOrTx,
  turmas: RematriculaClass[],
  adjustments: RematriculaAdjustments,
  proximoAno: number,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const indexOf = (origemId: string) => adjustments.turmas.findIndex((item) => item.origem_id === origemId);
  const chosen = [
    ...new Set(
      adjustments.turmas.flatMap((item) =>
        item.professor_responsavel_id ? [item.professor_responsavel_id] : [],
      ),
    ),
  ];
  const known =
    chosen.length === 0
      ? new Set<string>()
      : new Set(
          (await db.select({ id: teachers.id }).from(teachers).where(inArray(teachers.id, chosen))).map(
            (row) => row.id,
          ),
        );
  adjustments.turmas.forEach((item, index) => {
    if (!item.professor_responsavel_id || known.has(item.professor_responsavel_id)) return;
    const message = 'Professor não encontrado: escolha outro';
    errors.push({ path: `turmas.${String(index)}.professor_responsavel_id`, message });
    for (const turma of turmas)
      if (turma.origem_id === item.origem_id && !turma.para_retidos)
        turma.erros.professor_responsavel_id = message;
  });
  const byName = groupBy(
    turmas.filter((turma) => turma.incluir && turma.nome !== null),
    (turma) => turma.nome!.trim().toLocaleLowerCase('pt-BR'),
  );
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const origins = same
      .map((turma) => (turma.para_retidos ? `${turma.origem_nome}, para os retidos` : turma.origem_nome))
      .join(' e de ');
    const message = `${same.length === 2 ? 'Duas' : String(same.length)} turmas de ${String(proximoAno)} com o nome “${same[0]!.nome!}” (de ${origins}): dê um nome diferente a cada uma`;
    for (const turma of same) turma.erros.nome = message;
    const adjusted = same.map((turma) => indexOf(turma.origem_id)).filter((index) => index >= 0);
    if (adjusted.length === 0) errors.push({ path: 'turmas', message });
    for (const index of new Set(adjusted)) errors.push({ path: `turmas.${String(index)}.nome`, message });
  }
  return errors;
}

/** GET /api/anos-letivos/:id/rematricula — the proposal, without changing anything. */
export async function proposeRematricula(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
): Promise<RematriculaProposal> {
  return (await buildPlan(db, viewer, id, { turmas: [], alunos: [] }, true)).proposal;
}
