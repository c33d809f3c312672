/**
 * A roll saved from a device with what it had loaded (`base`, ADR 0053): three-way per student. A
 * student whose mark changed on the server since the base AND whose mark on the device differs from
 * the server's is a conflict (nothing is written); otherwise only what the device changed is applied
 * and what others changed for other students is kept. The server merges with it; the screen uses it to
 * rebuild a save after the teacher chose in a conflict.
 */
import type { RollData, RollMark } from './attendance.schemas.js';

type Absence = RollData['faltas'][number];
export interface StoredAbsence {
  alunoId: string;
  justificativa: string | null;
}

export const markOf = (absence: { justificativa?: string | null } | undefined): RollMark =>
  absence
    ? { presente: false, justificativa: absence.justificativa ?? null }
    : { presente: true, justificativa: null };
export const sameMark = (a: RollMark, b: RollMark) =>
  a.presente === b.presente && a.justificativa === b.justificativa;

export interface RollMerge {
  /** The absences to save: the device's changes over what the server has now. */
  faltas: Absence[];
  /** Students changed on both sides, differently. */
  conflicts: { alunoId: string; device: RollMark; server: RollMark }[];
}

/** The merge itself (pure): base and device are the device's lists, `server` the roll's rows now. */
export function mergeRoll(
  base: readonly Absence[],
  device: readonly Absence[],
  server: readonly StoredAbsence[],
): RollMerge {
  const baseById = new Map(base.map((item) => [item.aluno_id, item]));
  const deviceById = new Map(device.map((item) => [item.aluno_id, item]));
  const serverById = new Map(server.map((row) => [row.alunoId, row]));
  const ids = new Set([...baseById.keys(), ...deviceById.keys(), ...serverById.keys()]);
  const faltas: Absence[] = [];
  const conflicts: RollMerge['conflicts'] = [];
  for (const id of ids) {
    const was = markOf(baseById.get(id));
    const mine = markOf(deviceById.get(id));
    const theirs = markOf(serverById.get(id));
    const changedHere = !sameMark(mine, was);
    const changedThere = !sameMark(theirs, was);
    if (changedHere && changedThere && !sameMark(mine, theirs)) {
      conflicts.push({ alunoId: id, device: mine, server: theirs });
      continue;
    }
    const kept = changedHere ? mine : theirs;
    if (!kept.presente)
      faltas.push({
        aluno_id: id,
        ...(kept.justificativa === null ? {} : { justificativa: kept.justificativa }),
      });
  }
  return { faltas, conflicts };
}
