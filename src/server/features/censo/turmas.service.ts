/**
 * A class's census data (record 20) and a subject's INEP componente (issue 37, part 4). Every field is
 * optional when saving; what the census needs is said by the pending list. A class never saved reads as
 * the product's suggestion (presencial, escolarização, a horário from the turno and the grade, the days of
 * its grade), which is also what the file carries until someone saves.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { dataReferencia, etapaDaSerie, type Opcao, componenteInepDe } from '../../../shared/censo.codigos.js';
import type { CensoTurma, CensoTurmaDados } from '../../../shared/censo.schemas.js';
import type {
  CensoDisciplina,
  CensoTurmaResumo,
  CensoTurmasResponse,
} from '../../../shared/censo-turmas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { censoTurmas, type CensoTurmaRow } from '../../db/schema/censo.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { disciplinas, type DisciplinaRow } from '../../db/schema/disciplinas.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';
import type { AppContext } from '../../context.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { matriculasNaData } from './matriculas.js';

const turmaNaoEncontrada = () => notFound('Turma não encontrada');
const disciplinaNaoEncontrada = () => notFound('Disciplina não encontrada');

/** The keys of `diasSemana` by `class_subjects.dias_semana`'s numbers (1 = segunda … 6 = sábado). */
const DIA_DA_GRADE: Readonly<Record<number, string>> = {
  1: 'seg',
  2: 'ter',
  3: 'qua',
  4: 'qui',
  5: 'sex',
  6: 'sab',
};
const SEG_A_SEX = ['seg', 'ter', 'qua', 'qui', 'sex'];
const ORDEM_DIAS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'];

/**
 * Where each turno starts, and where it ends when the class has no grade to count lessons from. The
 * product keeps no clock time for a class: these are the usual Brazilian school hours, shown as a
 * suggestion the secretaria confirms (docs/censo-turmas.md).
 */
const TURNOS: Readonly<Record<ClassRow['turno'], { inicio: number; fim: number }>> = {
  manha: { inicio: 7 * 60, fim: 12 * 60 },
  tarde: { inicio: 13 * 60, fim: 18 * 60 },
  noite: { inicio: 19 * 60, fim: 22 * 60 + 30 },
  integral: { inicio: 7 * 60, fim: 17 * 60 },
};
/** The break added to the day's lessons when the end is counted from the grade. */
const INTERVALO_MINUTOS = 20;

const hhmm = (minutos: number) =>
  `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;
export const minutosDe = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));

interface GradeDaTurma {
  dias: string[];
  aulasSemanais: number;
}

/**
 * The suggested horário: from the turno's start, the day's lessons (weekly lessons over the days, at the
 * class's lesson length) plus a break, rounded up to 5 minutes (INEP takes minutes in steps of 5); the
 * turno's usual end when the class has no grade.
 */
export function horarioSugerido(turma: Pick<ClassRow, 'turno' | 'aulaMinutos'>, grade: GradeDaTurma) {
  const turno = TURNOS[turma.turno];
  const dias = grade.dias.length || SEG_A_SEX.length;
  // A full-time day holds meals, rest and activities beyond the grade's lessons: its usual end, not a count.
  const fimContado =
    grade.aulasSemanais > 0 && turma.turno !== 'integral'
      ? turno.inicio + Math.ceil(grade.aulasSemanais / dias) * turma.aulaMinutos + INTERVALO_MINUTOS
      : turno.fim;
  const fim = Math.min(Math.ceil(fimContado / 5) * 5, 23 * 60 + 55);
  return { hora_inicio: hhmm(turno.inicio), hora_fim: hhmm(fim) };
}

/** The census etapas a class of each nível may take (a class's own etapa must be one of them). */
const ETAPAS_DO_NIVEL: Readonly<Record<ClassRow['nivel'], readonly string[]>> = {
  'Educação Infantil': ['1', '2', '3', '56'],
  'Fundamental I': ['14', '15', '16', '17', '18', '22', '23', '56'],
  'Fundamental II': ['19', '20', '21', '41', '22', '23', '56'],
  'Ensino Médio': ['25', '26', '27', '28', '29'],
};

export async function gradesDasTurmas(db: DbOrTx, turmaIds: readonly string[]) {
  const grades = new Map<string, GradeDaTurma>();
  if (turmaIds.length === 0) return grades;
  const rows = await db
    .select({
      turmaId: classSubjects.turmaId,
      aulas: classSubjects.aulasSemanais,
      dias: classSubjects.diasSemana,
    })
    .from(classSubjects)
    .where(inArray(classSubjects.turmaId, [...turmaIds]));
  for (const row of rows) {
    const grade = grades.get(row.turmaId) ?? { dias: [], aulasSemanais: 0 };
    grade.aulasSemanais += row.aulas;
    for (const dia of row.dias) {
      const chave = DIA_DA_GRADE[dia];
      if (chave && !grade.dias.includes(chave)) grade.dias.push(chave);
    }
    grades.set(row.turmaId, grade);
  }
  for (const grade of grades.values()) {
    grade.dias.sort((a, b) => ORDEM_DIAS.indexOf(a) - ORDEM_DIAS.indexOf(b));
  }
  return grades;
}

/** The class's census data as the file carries it: its saved row, or the suggestion. */
export function dadosCensoDaTurma(
  turma: ClassRow,
  row: CensoTurmaRow | undefined,
  grade: GradeDaTurma = { dias: [], aulasSemanais: 0 },
): CensoTurmaDados {
  if (row) {
    return {
      inep_id: row.inepId,
      tipo_mediacao: row.tipoMediacao,
      hora_inicio: row.horaInicio,
      hora_fim: row.horaFim,
      dias: row.dias,
      tipo_atendimento: row.tipoAtendimento,
      etapa: row.etapa,
      local_diferenciado: row.localDiferenciado,
    };
  }
  return {
    inep_id: null,
    tipo_mediacao: '1',
    ...horarioSugerido(turma, grade),
    dias: grade.dias.length > 0 ? grade.dias : SEG_A_SEX,
    tipo_atendimento: 'escolarizacao',
    etapa: null,
    local_diferenciado: '0',
  };
}

async function turmaDe(db: DbOrTx, id: string): Promise<ClassRow> {
  const [turma] = await db.select().from(classes).where(eq(classes.id, id));
  if (!turma) throw turmaNaoEncontrada();
  return turma;
}

export async function getCensoTurma(db: DbOrTx, id: string): Promise<CensoTurma> {
  const turma = await turmaDe(db, id);
  const [row] = await db.select().from(censoTurmas).where(eq(censoTurmas.turmaId, id));
  const grades = await gradesDasTurmas(db, [id]);
  return {
    ...dadosCensoDaTurma(turma, row, grades.get(id)),
    turma_id: turma.id,
    nome: turma.nome,
    etapa_da_serie: etapaDaSerie(turma.serie),
    version: row?.version ?? 0,
  };
}

/** What the census refuses whatever else is filled: a horário that ends first, an etapa of another nível. */
function assertCoerente(turma: ClassRow, input: CensoTurmaDados): void {
  const { hora_inicio: inicio, hora_fim: fim } = input;
  for (const hora of [inicio, fim]) {
    if (hora !== null && minutosDe(hora) % 5 !== 0) {
      throw new AppError(
        'UNPROCESSABLE',
        'O Censo aceita horários em intervalos de 5 minutos, por exemplo 07:05',
      );
    }
  }
  if (inicio !== null && fim !== null && minutosDe(fim) <= minutosDe(inicio)) {
    throw new AppError('UNPROCESSABLE', 'O horário de término deve ser depois do horário de início');
  }
  if (input.etapa !== null && !ETAPAS_DO_NIVEL[turma.nivel].includes(input.etapa)) {
    throw new AppError('UNPROCESSABLE', `Esta etapa não é do nível da turma (${turma.nivel})`);
  }
}

async function assertInepLivre(tx: DbOrTx, turma: ClassRow, inepId: string | null): Promise<void> {
  if (inepId === null) return;
  const [outra] = await tx
    .select({ nome: classes.nome })
    .from(censoTurmas)
    .innerJoin(classes, eq(classes.id, censoTurmas.turmaId))
    .where(
      and(eq(censoTurmas.inepId, inepId), eq(classes.anoLetivo, turma.anoLetivo), ne(classes.id, turma.id)),
    );
  if (outra) throw conflict(`O código INEP ${inepId} já é da turma ${outra.nome}`);
}

const CAMPOS: readonly (keyof CensoTurmaDados)[] = [
  'inep_id',
  'tipo_mediacao',
  'hora_inicio',
  'hora_fim',
  'dias',
  'tipo_atendimento',
  'etapa',
  'local_diferenciado',
];

export async function saveCensoTurma(
  ctx: AppContext,
  id: string,
  dados: CensoTurmaDados,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<CensoTurma> {
  const input = {
    ...dados,
    dias: [...dados.dias].sort((a, b) => ORDEM_DIAS.indexOf(a) - ORDEM_DIAS.indexOf(b)),
  };
  await ctx.db.transaction(async (tx) => {
    const [turma] = await tx.select().from(classes).where(eq(classes.id, id)).for('update');
    if (!turma) throw turmaNaoEncontrada();
    const [current] = await tx.select().from(censoTurmas).where(eq(censoTurmas.turmaId, id)).for('update');
    assertVersion(expectedVersion, current?.version ?? 0);
    assertCoerente(turma, input);
    await assertInepLivre(tx, turma, input.inep_id);
    const values = {
      inepId: input.inep_id,
      tipoMediacao: input.tipo_mediacao,
      horaInicio: input.hora_inicio,
      horaFim: input.hora_fim,
      dias: input.dias,
      tipoAtendimento: input.tipo_atendimento,
      etapa: input.etapa,
      localDiferenciado: input.local_diferenciado,
      updatedAt: new Date(),
    };
    const before = current ? dadosCensoDaTurma(turma, current) : null;
    if (current) {
      const [row] = await tx
        .update(censoTurmas)
        .set({ ...values, version: current.version + 1 })
        .where(and(eq(censoTurmas.turmaId, id), eq(censoTurmas.version, current.version)))
        .returning();
      if (!row) throw staleVersion();
    } else {
      await tx.insert(censoTurmas).values({ turmaId: id, ...values });
    }
    await recordAudit(tx, actor, {
      action: current ? 'atualizar' : 'criar',
      entity: 'turma',
      entityId: id,
      details: {
        censo: true,
        campos: CAMPOS.filter(
          (campo) => !before || JSON.stringify(before[campo]) !== JSON.stringify(input[campo]),
        ),
      },
    });
  });
  return getCensoTurma(ctx.db, id);
}

/** Every class of a school year with its census state, by name. */
export async function listCensoTurmas(db: DbOrTx, ano: number): Promise<CensoTurmasResponse> {
  const data = dataReferencia(ano);
  const turmas = await db
    .select()
    .from(classes)
    .where(eq(classes.anoLetivo, String(ano)))
    .orderBy(asc(classes.nome));
  const ids = turmas.map((turma) => turma.id);
  const rows =
    ids.length === 0 ? [] : await db.select().from(censoTurmas).where(inArray(censoTurmas.turmaId, ids));
  const porTurma = new Map(rows.map((row) => [row.turmaId, row]));
  const alunos = new Map<string, number>();
  for (const matricula of await matriculasNaData(db, ano, data)) {
    alunos.set(matricula.turmaId, (alunos.get(matricula.turmaId) ?? 0) + 1);
  }
  const resumos = turmas.map((turma): CensoTurmaResumo => {
    const row = porTurma.get(turma.id);
    const serie = etapaDaSerie(turma.serie);
    return {
      turma_id: turma.id,
      nome: turma.nome,
      serie: turma.serie,
      turno: turma.turno,
      status: turma.status,
      etapa: row?.etapa ?? serie,
      etapa_da_serie: serie,
      inep_id: row?.inepId ?? null,
      salvo: row !== undefined,
      horario_definido: Boolean(row?.horaInicio && row.horaFim),
      alunos_na_data: alunos.get(turma.id) ?? 0,
    };
  });
  return { ano, data_referencia: data, turmas: resumos };
}

// --- Subjects ------------------------------------------------------------------------------------

function toCensoDisciplina(row: DisciplinaRow): CensoDisciplina {
  return {
    id: row.id,
    nome: row.nome,
    componente_bncc: row.componenteBncc,
    codigo_inep: row.codigoInep,
    componente_efetivo: componenteInepDe(row),
    ativo: row.ativo,
    version: row.version,
  };
}

export async function listCensoDisciplinas(db: DbOrTx): Promise<CensoDisciplina[]> {
  const rows = await db.select().from(disciplinas).orderBy(asc(disciplinas.ordem), asc(disciplinas.nome));
  return rows.map(toCensoDisciplina);
}

export async function saveCensoDisciplina(
  ctx: AppContext,
  id: string,
  codigoInep: string | null,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<CensoDisciplina> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(disciplinas).where(eq(disciplinas.id, id)).for('update');
    if (!current) throw disciplinaNaoEncontrada();
    assertVersion(expectedVersion, current.version);
    const [row] = await tx
      .update(disciplinas)
      .set({ codigoInep, version: sql`${disciplinas.version} + 1`, updatedAt: new Date() })
      .where(and(eq(disciplinas.id, id), eq(disciplinas.version, current.version)))
      .returning();
    if (!row) throw staleVersion();
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'disciplina',
      entityId: id,
      details: { censo: true, campos: ['codigo_inep'], de: current.codigoInep, para: codigoInep },
    });
    return toCensoDisciplina(row);
  });
}

/** A label of a code list, for the messages. */
export const rotulo = (lista: readonly Opcao[], codigo: string | null) =>
  lista.find(([valor]) => valor === codigo)?.[1] ?? codigo ?? '';
