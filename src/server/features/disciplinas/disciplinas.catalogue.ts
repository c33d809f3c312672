/**
 * What the other modules ask of the catalogue: the order of subjects (boletins, grids), the defaults of a
 * new school, and whether a chosen subject may be chosen.
 */
import { asc, count } from 'drizzle-orm';
import {
  defaultDisciplinas,
  hasChosenStages,
  subjectFitsStage,
  subjectKey,
  subjectStageMessage,
} from '../../../shared/disciplinas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { badRequest } from '../../lib/errors.js';

/** The catalogue's order of each subject by its name (any case or accents); unknown names sort last. */
export type SubjectOrder = (nome: string) => number;

export async function readSubjectOrder(db: DbOrTx): Promise<SubjectOrder> {
  const rows = await db
    .select({ nome: disciplinas.nome, ordem: disciplinas.ordem })
    .from(disciplinas)
    .orderBy(asc(disciplinas.ordem), asc(disciplinas.nome));
  const order = new Map(rows.map((row, index) => [subjectKey(row.nome), index]));
  return (nome) => order.get(subjectKey(nome)) ?? Number.MAX_SAFE_INTEGER;
}

/** Sorts subject names as the catalogue orders them (then alphabetically). */
export function bySubjectOrder(order: SubjectOrder): (a: string, b: string) => number {
  return (a, b) => order(a) - order(b) || a.localeCompare(b, 'pt-BR');
}

/**
 * A school whose catalogue is empty (a new database emptied by 'Limpar todos os dados', or one restored
 * from a backup made before the catalogue existed) gets the 14 default subjects back, plus every subject
 * name its records already use, so nothing it taught goes missing from the catalogue.
 */
export async function ensureSubjectCatalogue(db: DbOrTx, usedNames: readonly string[] = []): Promise<void> {
  const [row] = await db.select({ total: count() }).from(disciplinas);
  if ((row?.total ?? 0) > 0) return;
  const known = new Set(defaultDisciplinas.map((item) => subjectKey(item.nome)));
  const extra = [...new Set(usedNames.map((nome) => nome.trim()).filter(Boolean))].filter((nome) => {
    const key = subjectKey(nome);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  await db.insert(disciplinas).values([
    ...defaultDisciplinas.map((item, index) => ({
      nome: item.nome,
      area: item.area,
      componenteBncc: item.componente_bncc,
      ordem: index + 1,
    })),
    ...extra.map((nome, index) => ({
      nome,
      area: 'Parte diversificada' as const,
      componenteBncc: null,
      ordem: defaultDisciplinas.length + index + 1,
    })),
  ]);
}

/** Whether a class of the stage (`nivel`) is offered the subject named (`nome`). */
export type StageFit = (nome: string, nivel: string) => boolean;

/**
 * The catalogue's answer to whether a stage offers a subject (`subjectFitsStage`: ADR 0127, and the
 * stages chosen for a school's own subject, ADR 0132), active or not. A name the catalogue does not know
 * is not judged (offered): nothing says where it belongs.
 */
export async function readStageFit(db: DbOrTx): Promise<StageFit> {
  const rows = await db
    .select({
      nome: disciplinas.nome,
      area: disciplinas.area,
      componente_bncc: disciplinas.componenteBncc,
      etapas: disciplinas.etapas,
    })
    .from(disciplinas);
  const byKey = new Map(rows.map((row) => [subjectKey(row.nome), row]));
  return (nome, nivel) => {
    const row = byKey.get(subjectKey(nome));
    return row === undefined || subjectFitsStage(row, nivel);
  };
}

/**
 * The names a person chose (a class's grade curricular, a teacher's subjects), checked against the
 * catalogue and spelled as the catalogue spells them. An inactive subject is refused unless it is
 * already in the list being edited (`kept`): deactivating stops new uses, not the old ones. With a
 * class's stage (`nivel`), a subject of another stage is refused the same way (ADR 0127; a school's own
 * subject outside the stages chosen for it too, ADR 0132).
 */
export async function resolveChosenSubjects(
  db: DbOrTx,
  chosen: readonly string[],
  kept: readonly string[],
  pathOf: (index: number) => string,
  nivel?: string,
): Promise<string[]> {
  if (chosen.length === 0) return [];
  const rows = await db
    .select({
      nome: disciplinas.nome,
      ativo: disciplinas.ativo,
      area: disciplinas.area,
      componente_bncc: disciplinas.componenteBncc,
      etapas: disciplinas.etapas,
    })
    .from(disciplinas);
  const byKey = new Map(rows.map((row) => [subjectKey(row.nome), row]));
  const keptKeys = new Map(kept.map((nome) => [subjectKey(nome), nome]));
  return chosen.map((nome, index) => {
    const key = subjectKey(nome);
    const row = byKey.get(key);
    if (row?.ativo && (nivel === undefined || subjectFitsStage(row, nivel))) return row.nome;
    const old = keptKeys.get(key);
    if (old !== undefined) return row?.nome ?? old;
    const message = !row
      ? `A disciplina ${nome} não está cadastrada em Configurações → Acadêmico → Disciplinas`
      : row.ativo && nivel !== undefined
        ? subjectStageMessage(row.nome, nivel, hasChosenStages(row))
        : `A disciplina ${row.nome} está inativa e não pode ser escolhida`;
    throw badRequest(message, [{ path: pathOf(index), message }]);
  });
}
