import { and, count, eq } from 'drizzle-orm';
import {
  classInputSchema,
  classNiveis,
  seriesByNivel,
  turnoLabels,
  type ClassData,
  type ClassNivel,
  type Turno,
} from '../../../shared/classes.schemas.js';
import { foldText, formatCount } from '../../../shared/format.js';
import { isValidCpf } from '../../../shared/validators.js';
import type { DbOrTx } from '../../db/client.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { badRequest } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import type { SheetRow } from './importacao.parse.js';
import { rowImporter } from './importacao.importer.js';
import type { PlannedBase } from './importacao.result.js';
import { reasonByColumn } from './importacao.rows.js';
import { sameName } from '../../../shared/format.js';

interface PlannedClass extends PlannedBase {
  data?: ClassData;
  /** The class to update (absent: create). */
  current?: ClassRow;
}

const wordKey = (text: string) => foldText(text).replace(/[^a-z0-9]/g, '');

const nivelByWord = new Map<string, ClassNivel>([
  ...classNiveis.map((nivel) => [wordKey(nivel), nivel] as const),
  ['infantil', 'Educação Infantil'],
  ['ei', 'Educação Infantil'],
  ['fundamental1', 'Fundamental I'],
  ['ensinofundamentali', 'Fundamental I'],
  ['ensinofundamental1', 'Fundamental I'],
  ['efi', 'Fundamental I'],
  ['ef1', 'Fundamental I'],
  ['fundamental2', 'Fundamental II'],
  ['ensinofundamentalii', 'Fundamental II'],
  ['ensinofundamental2', 'Fundamental II'],
  ['efii', 'Fundamental II'],
  ['ef2', 'Fundamental II'],
  ['medio', 'Ensino Médio'],
  ['em', 'Ensino Médio'],
]);

const turnoByWord = new Map<string, Turno>([
  ['manha', 'manha'],
  ['m', 'manha'],
  ['matutino', 'manha'],
  ['tarde', 'tarde'],
  ['t', 'tarde'],
  ['vespertino', 'tarde'],
  ['noite', 'noite'],
  ['n', 'noite'],
  ['noturno', 'noite'],
  ['integral', 'integral'],
  ['i', 'integral'],
  ['periodointegral', 'integral'],
]);

const NIVEL_HINT = 'Nível: use Educação Infantil, Fundamental I, Fundamental II ou Ensino Médio';
const TURNO_HINT = `Turno: use ${Object.values(turnoLabels)
  .join(', ')
  .replace(/, ([^,]*)$/, ' ou $1')}`;

const labels: Record<string, string> = {
  nome: 'Nome da turma',
  ano_letivo: 'Ano letivo',
  serie: 'Série',
  capacidade_maxima: 'Capacidade',
  observacoes: 'Observações',
};

type TeacherRef = { id: string; cpf: string | null; email: string };

/** The class's teacher by CPF or e-mail, or why not. */
function teacherOf(text: string, all: TeacherRef[]): string | { id: string } {
  const digits = text.replace(/\D/g, '');
  const found = text.includes('@')
    ? all.find((teacher) => teacher.email === text.trim().toLowerCase())
    : isValidCpf(digits.padStart(11, '0'))
      ? all.find((teacher) => teacher.cpf === digits.padStart(11, '0'))
      : undefined;
  return found ?? `Professor "${text}" não encontrado: use o CPF ou o e-mail de um professor cadastrado`;
}

/** One row read by the class form's schema: the nível and turno by their usual words, the série spelled as the form does. */
function readClass(row: SheetRow, all: TeacherRef[]): ClassData | string {
  const value = (key: string) => row.values[key];
  const nivelText = value('nivel');
  const nivel = nivelText ? nivelByWord.get(wordKey(nivelText)) : undefined;
  if (nivelText && !nivel) return NIVEL_HINT;
  const turnoText = value('turno');
  const turno = turnoText ? turnoByWord.get(wordKey(turnoText)) : undefined;
  if (turnoText && !turno) return TURNO_HINT;
  const serieText = value('serie');
  const serie =
    nivel && serieText
      ? (seriesByNivel[nivel].find((known) => wordKey(known) === wordKey(serieText)) ?? serieText)
      : serieText;
  let professor: string | undefined;
  const professorText = value('professor');
  if (professorText) {
    const found = teacherOf(professorText, all);
    if (typeof found === 'string') return found;
    professor = found.id;
  }
  const parsed = classInputSchema.safeParse({
    nome: value('nome'),
    nivel: nivel ?? value('nivel'),
    serie,
    turno: turno ?? (turnoText === undefined ? undefined : turnoText),
    ano_letivo: value('ano_letivo'),
    capacidade_maxima: value('capacidade_maxima'),
    professor_responsavel_id: professor,
    observacoes: value('observacoes'),
  });
  if (parsed.success) return parsed.data;
  return reasonByColumn(parsed.error.issues, labels);
}

/** The row over the class kept: its name stays; what the file leaves blank stays. */
function merged(data: ClassData, current: ClassRow | undefined, given: SheetRow): ClassData {
  if (!current) return data;
  return {
    ...data,
    nome: current.nome,
    capacidade_maxima: given.values.capacidade_maxima ? data.capacidade_maxima : current.capacidadeMaxima,
    professor_responsavel_id: data.professor_responsavel_id ?? current.professorResponsavelId,
    observacoes: data.observacoes ?? current.observacoes,
    status: current.status,
  };
}

function changes(data: ClassData, current: ClassRow): boolean {
  return (
    data.nivel !== current.nivel ||
    data.serie !== current.serie ||
    data.turno !== current.turno ||
    data.capacidade_maxima !== current.capacidadeMaxima ||
    (data.professor_responsavel_id ?? null) !== current.professorResponsavelId ||
    (data.observacoes ?? null) !== current.observacoes
  );
}

/**
 * What each row will do: the same class by name (accents and case aside) and ano letivo; refused: a
 * row the form would refuse, an unknown nível or turno, a teacher not found, the same class twice in the
 * file, a capacity below the class's active students.
 */
async function planClasses(db: DbOrTx, sheet: SheetRow[]): Promise<PlannedClass[]> {
  const all = await db.select({ id: teachers.id, cpf: teachers.cpf, email: teachers.email }).from(teachers);
  const kept = await db.select().from(classes);
  const active = await db
    .select({ turmaId: students.turmaId, total: count() })
    .from(students)
    .where(eq(students.status, 'ativo'))
    .groupBy(students.turmaId);
  const occupancy = new Map(active.map((row) => [row.turmaId ?? '', row.total]));
  const claimed = new Map<string, number>();
  const planned: PlannedClass[] = [];
  for (const row of sheet) {
    const data = readClass(row, all);
    const nome = row.values.nome ?? '';
    const refuse = (motivo: string) =>
      planned.push({
        linha: row.linha,
        aluno: nome,
        matricula: row.values.ano_letivo ?? null,
        acao: 'recusar',
        motivo,
      });
    if (typeof data === 'string') {
      refuse(data);
      continue;
    }
    const key = `${foldText(data.nome).replace(/\s+/g, ' ')}:${data.ano_letivo}`;
    const earlier = claimed.get(key);
    if (earlier !== undefined) {
      refuse(`Turma repetida: é a mesma da linha ${String(earlier)}`);
      continue;
    }
    const current = kept.find(
      (turma) => turma.anoLetivo === data.ano_letivo && sameName(turma.nome, data.nome),
    );
    const next = merged(data, current, row);
    const enrolled = current ? (occupancy.get(current.id) ?? 0) : 0;
    if (current && next.capacidade_maxima < enrolled) {
      refuse(
        `Capacidade ${String(next.capacidade_maxima)} menor que os ${formatCount(enrolled, 'aluno ativo', 'alunos ativos')} da turma`,
      );
      continue;
    }
    claimed.set(key, row.linha);
    const acao = !current ? 'criar' : changes(next, current) ? 'atualizar' : 'sem_alteracao';
    planned.push({
      linha: row.linha,
      aluno: next.nome,
      matricula: next.ano_letivo,
      acao,
      motivo: null,
      ...(acao === 'sem_alteracao' ? {} : { data: next }),
      ...(current ? { current } : {}),
    });
  }
  return planned;
}

async function writeClass(tx: DbOrTx, row: PlannedClass, actor: Actor): Promise<void> {
  const data = row.data!;
  const values = {
    nivel: data.nivel,
    serie: data.serie,
    turno: data.turno,
    capacidadeMaxima: data.capacidade_maxima,
    professorResponsavelId: data.professor_responsavel_id ?? null,
    observacoes: data.observacoes ?? null,
  };
  if (!row.current) {
    const [created] = await tx
      .insert(classes)
      .values({ ...values, nome: data.nome, anoLetivo: data.ano_letivo, status: data.status })
      .returning({ id: classes.id });
    await recordAudit(tx, actor, { action: 'criar', entity: 'turma', entityId: created!.id });
    return;
  }
  const current = row.current;
  const [updated] = await tx
    .update(classes)
    .set({ ...values, version: current.version + 1, updatedAt: new Date() })
    .where(and(eq(classes.id, current.id), eq(classes.version, current.version)))
    .returning({ id: classes.id });
  if (!updated) throw badRequest('A turma foi alterada por outra pessoa durante a importação');
  await recordAudit(tx, actor, { action: 'atualizar', entity: 'turma', entityId: current.id });
}

export const { simulate: simulateClassImport, apply: applyClassImport } = rowImporter(
  'turma',
  planClasses,
  writeClass,
);
