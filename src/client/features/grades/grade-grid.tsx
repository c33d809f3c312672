import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, Clock, Eye, FilePenLine, History, Lock } from 'lucide-react';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query';
import { useBeforeUnloadWarning } from '../../lib/use-unsaved-changes';
import {
  batchIndexOf,
  isBlock,
  moveFocus,
  parsePastedBlock,
  placeBlock,
  readCell,
  sameGrade,
  type CellPosition,
} from './grade-grid-logic';
import { gradesKeys, useSaveGrades } from './grades.api';
import { RectifyDialog, type RectifyTarget } from './rectify-dialog';
import { RequestRectificationDialog, type RectificationTarget } from './request-rectification-dialog';

type CellStatus = 'pendente' | 'salvando' | 'salvo' | 'erro' | 'conflito';

interface CellEdit {
  text: string;
  status: CellStatus;
  message?: string;
}

/** Waits this long after the last keystroke before saving, so a typed column goes in one batch. */
const SAVE_DELAY_MS = 700;

const keyOf = (alunoId: string, avaliacaoId: string) => `${alunoId}:${avaliacaoId}`;

/**
 * Students down, assessments across; types like a spreadsheet and saves as you go (one batch of the
 * pending cells, each with the version it was read at). A cell another person changed meanwhile is a
 * conflict shown in that cell with the other value; nothing of that batch is saved.
 */
export function GradeGrid({ grid, canRectify }: { grid: GradesGrid; canRectify: boolean }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const queryClient = useQueryClient();
  const save = useSaveGrades();
  const [edits, setEdits] = useState<Map<string, CellEdit>>(() => new Map());
  const [savedVersions, setSavedVersions] = useState<Map<string, number>>(() => new Map());
  const [batchError, setBatchError] = useState<string | null>(null);
  const [rectifying, setRectifying] = useState<(RectifyTarget & { aluno: string; avaliacao: string }) | null>(
    null,
  );
  const [asking, setAsking] = useState<RectificationTarget | null>(null);
  const [studentIndex, setStudentIndex] = useState(0);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const readOnly = grid.bloqueio !== null;
  const canAsk = readOnly && grid.pode_solicitar_retificacao;
  const pendingOf = (alunoId: string, avaliacaoId: string) =>
    grid.retificacoes_pendentes.find(
      (request) => request.aluno_id === alunoId && request.avaliacao_id === avaliacaoId,
    );
  const rules = { escala: grid.escala, conceitos: grid.conceitos };
  const rows = grid.alunos.length;
  const cols = grid.avaliacoes.length;

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

  /** `leaving`: the grid is going away, so what waits is sent even while another batch is in flight. */
  const flush = (leaving = false) => {
    const pending = [...edits.entries()].filter(([, edit]) => edit.status === 'pendente');
    if (pending.length === 0 || (save.isPending && !leaving)) return;
    const cells = pending.map(([key, edit]) => {
      const [alunoId = '', avaliacaoId = ''] = key.split(':');
      const reading = readCell(edit.text, rules);
      return {
        key,
        text: edit.text,
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
    save.mutate(
      { notas: cells.map((cell) => cell.input) },
      {
        onSuccess: ({ data }) => {
          setSavedVersions((current) => {
            const next = new Map(current);
            for (const nota of data.notas) next.set(keyOf(nota.aluno_id, nota.avaliacao_id), nota.version);
            return next;
          });
          setEdits((current) => {
            const next = new Map(current);
            for (const cell of cells) {
              // Typed again while saving: keep the newer text pending.
              const now = next.get(cell.key);
              if (now && now.text === cell.text) next.set(cell.key, { text: cell.text, status: 'salvo' });
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
  const unsaved = [...edits.values()].some(
    (edit) => edit.status === 'pendente' || edit.status === 'salvando',
  );
  // Closing the tab or reloading while a grade is not saved yet: the browser asks first.
  useBeforeUnloadWarning(unsaved);
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

  const focusCell = (at: CellPosition) => {
    const aluno = grid.alunos[at.row];
    const avaliacao = grid.avaliacoes[at.col];
    if (!aluno || !avaliacao) return;
    const input = inputs.current.get(keyOf(aluno.id, avaliacao.id));
    input?.focus();
    input?.select();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, at: CellPosition) => {
    // Left/right move only when the caret is at the edge, so a typed value can still be edited.
    const input = event.currentTarget;
    if (event.key === 'ArrowLeft' && input.selectionStart !== 0) return;
    if (event.key === 'ArrowRight' && input.selectionEnd !== input.value.length) return;
    const next = moveFocus(at, event.key, event.shiftKey, rows, cols);
    if (!next) return;
    event.preventDefault();
    if (event.key === 'Enter') flushRef.current();
    focusCell(next);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, at: CellPosition) => {
    const block = parsePastedBlock(event.clipboardData.getData('text/plain'));
    if (!isBlock(block)) return;
    event.preventDefault();
    for (const cell of placeBlock(at, block, rows, cols)) {
      const aluno = grid.alunos[cell.row];
      const avaliacao = grid.avaliacoes[cell.col];
      if (aluno && avaliacao) setCell(aluno.id, avaliacao.id, cell.text);
    }
  };

  const rowStatus = (alunoId: string): CellStatus | null => {
    const statuses = grid.avaliacoes.map((avaliacao) => edits.get(keyOf(alunoId, avaliacao.id))?.status);
    for (const status of ['conflito', 'erro', 'salvando', 'pendente', 'salvo'] as const)
      if (statuses.includes(status)) return status;
    return null;
  };

  const cellInput = (alunoIndex: number, avaliacaoIndex: number, label: string, className: string) => {
    const aluno = grid.alunos[alunoIndex]!;
    const avaliacao = grid.avaliacoes[avaliacaoIndex]!;
    const key = keyOf(aluno.id, avaliacao.id);
    const edit = edits.get(key);
    const bad = edit?.status === 'erro' || edit?.status === 'conflito';
    const messageId = `msg-${key}`;
    const nota = serverCell(aluno.id, avaliacao.id);
    const pending = pendingOf(aluno.id, avaliacao.id);
    return (
      <div className="flex flex-col gap-0.5">
        <div className="flex items-center gap-1">
          <input
            ref={(element) => {
              if (element) inputs.current.set(key, element);
              else inputs.current.delete(key);
            }}
            aria-label={label}
            aria-invalid={bad || undefined}
            aria-describedby={bad ? messageId : undefined}
            inputMode={grid.escala === 'conceitos' ? 'text' : 'decimal'}
            autoComplete="off"
            readOnly={readOnly}
            value={textOf(aluno.id, avaliacao.id)}
            onChange={(event) => setCell(aluno.id, avaliacao.id, event.target.value)}
            onKeyDown={(event) => onKeyDown(event, { row: alunoIndex, col: avaliacaoIndex })}
            onPaste={(event) => onPaste(event, { row: alunoIndex, col: avaliacaoIndex })}
            onFocus={(event) => event.currentTarget.select()}
            className={`${className} rounded border px-2 text-center text-base focus:outline-2 focus:outline-primary ${
              bad ? 'border-red-500 bg-red-50' : readOnly ? 'border-gray-200 bg-gray-50' : 'border-gray-300'
            }`}
          />
          {/* Every cell, also one that never had a grade (a make-up test given after closing). */}
          {readOnly && canRectify && (
            <button
              type="button"
              className="rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={`Retificar ${label}`}
              title="Retificar"
              onClick={() =>
                setRectifying({
                  notaId: nota?.id ?? null,
                  avaliacaoId: avaliacao.id,
                  alunoId: aluno.id,
                  aluno: aluno.nome,
                  avaliacao: avaliacao.nome,
                })
              }
            >
              <History className="h-4 w-4" aria-hidden />
            </button>
          )}
          {canAsk &&
            (pending ? (
              <span
                role="img"
                className="rounded p-1 text-amber-700"
                aria-label={`Retificação pendente de ${label}: ${pending.depois ?? 'sem nota'}, aguardando a secretaria`}
                title={`Retificação pendente: ${pending.depois ?? 'sem nota'}`}
              >
                <Clock className="h-4 w-4" aria-hidden />
              </span>
            ) : (
              <button
                type="button"
                className="rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={`Solicitar retificação de ${label}`}
                title="Solicitar retificação"
                onClick={() =>
                  setAsking({
                    avaliacaoId: avaliacao.id,
                    alunoId: aluno.id,
                    aluno: aluno.nome,
                    avaliacao: avaliacao.nome,
                    atual: nota?.texto ?? null,
                  })
                }
              >
                <FilePenLine className="h-4 w-4" aria-hidden />
              </button>
            ))}
        </div>
        {bad && edit.message && (
          <span id={messageId} role="alert" className="max-w-48 text-xs text-red-700">
            {edit.message}
          </span>
        )}
      </div>
    );
  };

  const statusBadge = (alunoId: string) => {
    const status = rowStatus(alunoId);
    if (status === 'salvo')
      return (
        <span className="inline-flex items-center gap-1 text-xs text-green-700">
          <Check className="h-3.5 w-3.5" aria-hidden /> salvo
        </span>
      );
    if (status === 'salvando' || status === 'pendente')
      return <span className="text-xs text-gray-500">salvando…</span>;
    if (status === 'conflito') return <span className="text-xs font-medium text-red-700">conflito</span>;
    if (status === 'erro') return <span className="text-xs font-medium text-red-700">não salvo</span>;
    return null;
  };

  const dialog = (
    <>
      {rectifying && (
        <RectifyDialog
          target={rectifying}
          title={`${rectifying.avaliacao} — ${rectifying.aluno}`}
          onClose={() => setRectifying(null)}
        />
      )}
      {asking && (
        <RequestRectificationDialog
          target={asking}
          conceitos={grid.escala === 'conceitos'}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );

  const banner = (
    <>
      {!readOnly && grid.periodo.publicado && (
        <div
          role="status"
          className="mb-3 flex items-start gap-2 rounded-lg border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900"
        >
          <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            O {grid.periodo.nome} já foi publicado e foi reaberto: os responsáveis veem no boletim cada nota
            alterada agora. Cada alteração fica registrada no histórico da nota como alteração após a
            publicação.
          </span>
        </div>
      )}
      {readOnly && (
        <div
          role="status"
          className="mb-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {grid.bloqueio}{' '}
            {canRectify
              ? 'Para corrigir uma nota, use o botão “Retificar” ao lado dela (com motivo; fica no histórico).'
              : canAsk
                ? 'Para corrigir uma nota, use “Solicitar retificação” ao lado dela: a secretaria aprova ou recusa.'
                : 'As notas estão somente para leitura.'}
          </span>
        </div>
      )}
      {batchError && <ErrorBanner>{batchError}</ErrorBanner>}
    </>
  );

  // A closed period (or year) has no 'Nova avaliação' button: say why instead of pointing at it.
  if (grid.avaliacoes.length === 0)
    return readOnly ? (
      banner
    ) : (
      <p className="text-sm text-gray-600">Crie uma avaliação acima para lançar as notas.</p>
    );

  if (!wide) {
    const index = Math.min(studentIndex, rows - 1);
    const aluno = grid.alunos[index];
    if (!aluno) return <p className="text-sm text-gray-600">Nenhum aluno na turma neste período.</p>;
    return (
      <div>
        {banner}
        <section
          aria-label={`Notas de ${aluno.nome}`}
          className="rounded-xl border border-gray-200 bg-white p-4"
        >
          <div className="mb-3 flex items-start justify-between gap-2">
            <div>
              <p className="text-xs text-gray-500">
                Aluno {index + 1} de {rows}
              </p>
              <h3 className="text-lg font-semibold text-gray-900">{aluno.nome}</h3>
            </div>
            {statusBadge(aluno.id)}
          </div>
          <ul className="space-y-3">
            {grid.avaliacoes.map((avaliacao, col) => (
              <li key={avaliacao.id} className="flex items-center justify-between gap-3">
                <span className="text-sm text-gray-800">
                  {avaliacao.nome}
                  <span className="block text-xs text-gray-500">
                    peso {String(avaliacao.peso).replace('.', ',')}
                  </span>
                </span>
                {cellInput(index, col, `${avaliacao.nome} de ${aluno.nome}`, 'h-11 w-20')}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-gray-700">
            Média do período: <strong>{aluno.media_texto ?? '—'}</strong>
          </p>
        </section>
        <div className="mt-3 flex justify-between gap-2">
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={index === 0}
            onClick={() => {
              flushRef.current();
              setStudentIndex(index - 1);
            }}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden /> Anterior
          </Button>
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={index === rows - 1}
            onClick={() => {
              flushRef.current();
              setStudentIndex(index + 1);
            }}
          >
            Próximo <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        {dialog}
      </div>
    );
  }

  return (
    <div>
      {banner}
      {!readOnly && (
        <p className="mb-2 text-sm text-gray-600">
          Digite e use Enter ou as setas para andar; cole uma coluna do Excel ou Planilhas para preencher para
          baixo. Em branco = não lançada (diferente de 0). Salva sozinho.
        </p>
      )}
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">
            Notas de {grid.disciplina}, {grid.turma.nome}, {grid.periodo.nome}
          </caption>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className="sticky left-0 bg-gray-50 px-3 py-2">
                Aluno
              </th>
              {grid.avaliacoes.map((avaliacao) => (
                <th key={avaliacao.id} scope="col" className="px-2 py-2 text-center font-medium">
                  {avaliacao.nome}
                  <span className="block text-xs font-normal text-gray-500">
                    peso {String(avaliacao.peso).replace('.', ',')}
                    {avaliacao.tipo === 'recuperacao' ? ' · recuperação' : ''}
                  </span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-center">
                Média
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Situação do salvamento</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {grid.alunos.map((aluno, row) => (
              <tr key={aluno.id} className="border-t border-gray-100 align-top">
                <th
                  scope="row"
                  className="sticky left-0 bg-white px-3 py-2 text-left font-normal text-gray-900"
                >
                  {aluno.nome}
                </th>
                {grid.avaliacoes.map((avaliacao, col) => (
                  <td key={avaliacao.id} className="px-2 py-1.5 text-center">
                    {cellInput(row, col, `${avaliacao.nome} de ${aluno.nome}`, 'h-9 w-16')}
                  </td>
                ))}
                <td className="px-3 py-2 text-center font-semibold text-gray-900">
                  {aluno.media_texto ?? '—'}
                </td>
                <td className="px-3 py-2" aria-live="polite">
                  {statusBadge(aluno.id)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog}
    </div>
  );
}
