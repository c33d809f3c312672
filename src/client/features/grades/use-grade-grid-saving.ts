/** The grade grid's saving: the cells typed, their batches to the server, conflicts and the versions read. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { GradesGrid } from '../../../shared/grades.schemas';
import { formatCount } from '../../../shared/format';
import { ApiError } from '../../lib/api-client';
import type { CurrentUser } from '../../../shared/auth.schemas';
import { currentUserKey } from '../../lib/current-user';
import { enqueue, listEntries, onEntrySent } from '../../lib/offline/fila';
import { isNoConnection } from '../../lib/offline/online';
import { requestBackgroundSync } from '../../lib/offline/use-fila';
import { useBeforeUnloadWarning } from '../../lib/use-unsaved-changes';
import { batchIndexOf, readCell, sameGrade } from './grade-grid-logic';
import { gradesKeys, useSaveGrades } from './grades.api';
import { randomId } from '../../lib/random-id';

/** `no_aparelho`: offline, the batch waits in the device's queue (ADR 0053) and is sent from there. */
export type CellStatus = 'pendente' | 'salvando' | 'salvo' | 'erro' | 'conflito' | 'no_aparelho';

interface CellEdit {
  text: string;
  status: CellStatus;
  message?: string;
}

/** Waits this long after the last keystroke before saving, so a typed column goes in one batch. */
const SAVE_DELAY_MS = 700;

export const keyOf = (alunoId: string, avaliacaoId: string) => `${alunoId}:${avaliacaoId}`;

/** A cell of a batch waiting in the device's queue (`PUT /api/notas`'s body). */
interface QueuedGrade {
  aluno_id: string;
  avaliacao_id: string;
  valor: string | null;
}

/** A cell on screen that is not saved: a value the scale refuses, or a conflict with someone else's. */
export interface UnsavedCell {
  row: number;
  col: number;
  aluno: string;
  avaliacao: string;
  text: string;
  message: string;
  status: 'erro' | 'conflito';
  /** The value itself is refused (outside the scale, not a grade): only correcting it saves it. */
  invalid: boolean;
}

/**
 * Pending cells go to the server in one batch after a pause in typing (each with the version it was read
 * at); what is still waiting when the grid goes away is saved on the way out.
 */
export function useGradeGridSaving(grid: GradesGrid) {
  const queryClient = useQueryClient();
  const save = useSaveGrades();
  const [edits, setEdits] = useState<Map<string, CellEdit>>(() => new Map());
  const [savedVersions, setSavedVersions] = useState<Map<string, number>>(() => new Map());
  const [batchError, setBatchError] = useState<string | null>(null);
  /** When the last batch was saved: 'Notas salvas às 14:32' (autosave says it is done, not just typing). */
  const [lastSaved, setLastSaved] = useState<Date | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** 'Salvar' was tapped: the end of the saving it started is said in a toast. */
  const announce = useRef(false);
  const editsRef = useRef(edits);
  editsRef.current = edits;
  const rules = { escala: grid.escala, conceitos: grid.conceitos };
  /** This grid's batches in the device's queue: one class, subject and period, sent in order. */
  const group = `notas:${grid.turma.id}:${grid.disciplina}:${grid.periodo.id}`;

  const serverCell = useCallback(
    (alunoId: string, avaliacaoId: string) =>
      grid.alunos
        .find((aluno) => aluno.id === alunoId)
        ?.notas.find((nota) => nota.avaliacao_id === avaliacaoId),
    [grid],
  );
  /**
   * A grade this screen saved and someone else changed afterwards (a newer version came with the grid):
   * the other person's value shows again, so what is on screen is what the next save is checked against.
   */
  const superseded = (alunoId: string, avaliacaoId: string) => {
    const key = keyOf(alunoId, avaliacaoId);
    const saved = savedVersions.get(key);
    return (
      edits.get(key)?.status === 'salvo' &&
      saved !== undefined &&
      (serverCell(alunoId, avaliacaoId)?.version ?? 0) > saved
    );
  };
  /**
   * The version the cell on screen was read at: the one this screen saved (a grid read before that save
   * may still be older), else the grid's. Never simply the newest: that would overwrite, without a
   * conflict, a change someone else made after ours.
   */
  const versionOf = (alunoId: string, avaliacaoId: string) =>
    savedVersions.get(keyOf(alunoId, avaliacaoId)) ?? serverCell(alunoId, avaliacaoId)?.version ?? 0;

  /**
   * `leaving`: the grid is going away, so what waits is sent even while another batch is in flight.
   * `retry`: cells that failed with a valid value (the server or the connection failed) go again.
   */
  const flush = (leaving = false, retry: ReadonlySet<string> = new Set()) => {
    const pending = [...edits.entries()].filter(
      ([key, edit]) => edit.status === 'pendente' || retry.has(key),
    );
    if (pending.length === 0 || (save.isPending && !leaving)) return;
    const cells = pending.map(([key, edit]) => {
      const [alunoId = '', avaliacaoId = ''] = key.split(':');
      const reading = readCell(edit.text, rules);
      return {
        key,
        text: edit.text,
        // As the school writes it once saved: '8.5' typed reads '8,5', 'b' reads 'B'.
        shown: reading.ok ? (reading.valor ?? '') : edit.text,
        input: {
          aluno_id: alunoId,
          avaliacao_id: avaliacaoId,
          valor: reading.ok ? reading.valor : null,
          version: versionOf(alunoId, avaliacaoId),
        },
      };
    });
    setEdits((current) => {
      const next = new Map(current);
      for (const cell of cells) next.set(cell.key, { text: cell.text, status: 'salvando' });
      return next;
    });
    setBatchError(null);
    const key = randomId();
    const notas = cells.map((cell) => cell.input);
    save.mutate(
      { notas, key },
      {
        onSuccess: ({ data }) => {
          setSavedVersions((current) => {
            const next = new Map(current);
            for (const nota of data.notas) next.set(keyOf(nota.aluno_id, nota.avaliacao_id), nota.version);
            return next;
          });
          setLastSaved(new Date());
          if (announce.current) {
            // Typed again while saving (or waiting behind this batch): the toast waits for that batch.
            const typed = new Map(cells.map((cell) => [cell.key, cell.text]));
            const more = [...editsRef.current].some(
              ([cellKey, edit]) =>
                edit.status === 'pendente' || (typed.has(cellKey) && typed.get(cellKey) !== edit.text),
            );
            if (!more) {
              announce.current = false;
              const refused = [...editsRef.current.values()].filter(
                (edit) => edit.status === 'erro' || edit.status === 'conflito',
              ).length;
              if (refused === 0) toast.success('Notas salvas.');
              else
                toast.error(
                  `As outras notas foram salvas, mas ${formatCount(refused, 'nota não foi salva', 'notas não foram salvas')}: veja a lista acima da grade.`,
                );
            }
          }
          setEdits((current) => {
            const next = new Map(current);
            for (const cell of cells) {
              // Typed again while saving: keep the newer text pending.
              const now = next.get(cell.key);
              if (now && now.text === cell.text) next.set(cell.key, { text: cell.shown, status: 'salvo' });
              else if (now) next.set(cell.key, { ...now, status: 'pendente' });
            }
            return next;
          });
          // The averages come from the server.
          void queryClient.invalidateQueries({
            queryKey: gradesKeys.grid(grid.turma.id, grid.disciplina, grid.periodo.id),
          });
        },
        onError: (error) => {
          // The person signed in (read from the cache: the portal loaded it before any grid).
          const userId = queryClient.getQueryData<CurrentUser | null>(currentUserKey)?.id;
          if (isNoConnection(error) && userId) {
            // No connection: the batch waits on the device with its key and is sent from the queue.
            void enqueue(userId, {
              method: 'PUT',
              url: '/api/notas',
              body: { notas },
              idempotencyKey: key,
              kind: 'notas',
              group,
              label: `Notas ${grid.turma.nome} — ${grid.disciplina} (${grid.periodo.nome})`,
              link: `${window.location.pathname}${window.location.search}`,
            }).then(() => requestBackgroundSync());
            setEdits((current) => {
              const next = new Map(current);
              for (const cell of cells) next.set(cell.key, { text: cell.text, status: 'no_aparelho' });
              return next;
            });
            if (announce.current) {
              announce.current = false;
              toast('Sem conexão: as notas ficaram neste aparelho e serão enviadas quando a conexão voltar.');
            }
            return;
          }
          // The banner says what failed; the toast of 'Salvar' would only repeat it.
          announce.current = false;
          const details = error instanceof ApiError ? error.details : [];
          const conflict = error instanceof ApiError && error.status === 409;
          const named = new Map<number, string>();
          for (const detail of details) {
            const index = batchIndexOf(detail.path);
            if (index !== null) named.set(index, detail.message);
          }
          setEdits((current) => {
            const next = new Map(current);
            cells.forEach((cell, index) => {
              const message = named.get(index);
              if (message !== undefined)
                next.set(cell.key, { text: cell.text, status: conflict ? 'conflito' : 'erro', message });
              // Cells the server did not name go again in the next batch (it was all or nothing).
              else if (named.size > 0) next.set(cell.key, { text: cell.text, status: 'pendente' });
              else next.set(cell.key, { text: cell.text, status: 'erro', message: error.message });
            });
            return next;
          });
          setBatchError(error.message);
          // The other person's versions, so saving this cell again is a deliberate overwrite.
          if (conflict) {
            setSavedVersions((current) => {
              const next = new Map(current);
              cells.forEach((cell, index) => {
                if (named.has(index)) next.delete(cell.key);
              });
              return next;
            });
            void queryClient.invalidateQueries({
              queryKey: gradesKeys.grid(grid.turma.id, grid.disciplina, grid.periodo.id),
            });
          }
        },
      },
    );
  };
  // Reopened with grades still waiting in the device's queue (no signal, the app closed and opened
  // again): they show in their cells as waiting, not empty beside a '1 pendente' — a teacher would type
  // them again.
  useEffect(() => {
    const userId = queryClient.getQueryData<CurrentUser | null>(currentUserKey)?.id;
    if (!userId) return;
    let alive = true;
    void listEntries(userId)
      .then((entries) => {
        if (!alive) return;
        const waiting = entries.filter(
          (entry) => entry.group === group && (entry.status === 'pendente' || entry.status === 'enviando'),
        );
        if (waiting.length === 0) return;
        setEdits((current) => {
          const next = new Map(current);
          // Oldest first: a later batch's value of a cell is the one that will stand.
          for (const entry of waiting)
            for (const nota of (entry.body as { notas?: QueuedGrade[] }).notas ?? []) {
              const key = keyOf(nota.aluno_id, nota.avaliacao_id);
              if (!current.has(key)) next.set(key, { text: nota.valor ?? '', status: 'no_aparelho' });
            }
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [queryClient, group]);

  // A batch sent from the device's queue: its cells are saved (the grid reloads the versions).
  useEffect(
    () =>
      onEntrySent((entry) => {
        if (entry.kind !== 'notas') return;
        setEdits((current) => {
          const next = new Map(current);
          for (const [key, edit] of next)
            if (edit.status === 'no_aparelho') next.set(key, { ...edit, status: 'salvo' });
          return next;
        });
        void queryClient.invalidateQueries({
          queryKey: gradesKeys.grid(grid.turma.id, grid.disciplina, grid.periodo.id),
        });
      }),
    [queryClient, grid.turma.id, grid.disciplina, grid.periodo.id],
  );
  const flushRef = useRef(flush);
  flushRef.current = flush;

  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flushRef.current(), SAVE_DELAY_MS);
  };
  // Switching class, subject or period (or page) within the pause after typing must not drop the grade:
  // what still waits is saved on the way out.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      flushRef.current(true);
    },
    [],
  );
  // The cells typed and refused (out of the scale, a conflict), in the class's order: listed above the
  // grid and guarded on the way out, never dropped without a word.
  const unsavedCells: UnsavedCell[] = grid.alunos.flatMap((aluno, row) =>
    grid.avaliacoes.flatMap((avaliacao, col) => {
      const edit = edits.get(keyOf(aluno.id, avaliacao.id));
      if (edit?.status !== 'erro' && edit?.status !== 'conflito') return [];
      return [
        {
          row,
          col,
          aluno: aluno.nome,
          avaliacao: avaliacao.nome,
          text: edit.text,
          message: edit.message ?? 'Não salva',
          status: edit.status,
          invalid: !readCell(edit.text, rules).ok,
        },
      ];
    }),
  );
  const unsaved =
    unsavedCells.length > 0 ||
    [...edits.values()].some((edit) => edit.status === 'pendente' || edit.status === 'salvando');
  // Closing the tab or reloading while a grade is not saved yet (or refused): the browser asks first.
  useBeforeUnloadWarning(unsaved);

  /**
   * 'Salvar': what waits goes now instead of after the pause, and its end is said (toast). With nothing
   * waiting it says so; the refused cells are the screen's to show (`unsavedCells`).
   */
  const saveNow = () => {
    // A cell whose batch failed (the server, not its value) is sent again; a conflict is not — saving
    // over someone else's grade is retyping it, seen the other value.
    const retry = new Set(
      [...edits.entries()]
        .filter(([, edit]) => edit.status === 'erro' && readCell(edit.text, rules).ok)
        .map(([key]) => key),
    );
    const waiting = [...edits.values()].some(
      (edit) => edit.status === 'pendente' || edit.status === 'salvando',
    );
    if (waiting || retry.size > 0) {
      announce.current = true;
      clearTimeout(timer.current);
      // Pending again: if a batch is on its way, they follow it.
      if (retry.size > 0)
        setEdits((current) => {
          const next = new Map(current);
          for (const key of retry) {
            const edit = next.get(key);
            if (edit?.status === 'erro') next.set(key, { text: edit.text, status: 'pendente' });
          }
          return next;
        });
      flush(false, retry);
    } else if (unsavedCells.length === 0) toast.success('Todas as notas estão salvas.');
  };
  // A batch that finished with cells still pending (typed meanwhile, or spared by a refused batch).
  useEffect(() => {
    if (!save.isPending && [...edits.values()].some((edit) => edit.status === 'pendente')) schedule();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a save ends
  }, [save.isPending]);

  const setCell = (alunoId: string, avaliacaoId: string, text: string) => {
    const key = keyOf(alunoId, avaliacaoId);
    const reading = readCell(text, rules);
    const replaced = superseded(alunoId, avaliacaoId);
    // Pasting or retyping the grade already saved changes nothing.
    if ((replaced || !edits.has(key)) && sameGrade(text, serverCell(alunoId, avaliacaoId)?.texto ?? null))
      return;
    // Typing over the other person's value (on screen): it is the version this edit starts from.
    if (replaced)
      setSavedVersions((current) => {
        const next = new Map(current);
        next.delete(key);
        return next;
      });
    setEdits((current) => {
      const next = new Map(current);
      if (!reading.ok) next.set(key, { text, status: 'erro', message: reading.message });
      else next.set(key, { text, status: 'pendente' });
      return next;
    });
    if (reading.ok) schedule();
  };

  const textOf = (alunoId: string, avaliacaoId: string) =>
    (superseded(alunoId, avaliacaoId) ? undefined : edits.get(keyOf(alunoId, avaliacaoId))?.text) ??
    serverCell(alunoId, avaliacaoId)?.texto ??
    '';

  const rowStatus = (alunoId: string): CellStatus | null => {
    const statuses = grid.avaliacoes.map((avaliacao) => edits.get(keyOf(alunoId, avaliacao.id))?.status);
    for (const status of ['conflito', 'erro', 'salvando', 'pendente', 'salvo'] as const)
      if (statuses.includes(status)) return status;
    return null;
  };

  return {
    edits,
    batchError,
    lastSaved,
    unsavedCells,
    flushRef,
    saveNow,
    serverCell,
    setCell,
    textOf,
    rowStatus,
  };
}
