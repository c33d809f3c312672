import { useState } from 'react';
import {
  importActionLabels,
  type ImportAction,
  type ImportResult,
  type ImportRow,
} from '../../shared/importacao.schemas';
import { formatCount } from '../../shared/format';
import { Badge, type BadgeTone } from '../components/feedback';
import type { ImportTexts } from './import-kinds';

const toneOf: Record<ImportAction, BadgeTone> = {
  criar: 'green',
  atualizar: 'blue',
  sem_alteracao: 'gray',
  recusar: 'red',
};

/** The counts of a dry run or an import: what is (or was) created, updated, left as is and refused. */
export function ImportSummary({ result, texts }: { result: ImportResult; texts: ImportTexts }) {
  const done = !result.simulacao;
  const o = texts.feminine ? 'a' : 'o';
  const items = [
    {
      tone: 'green' as const,
      text: formatCount(result.criar, done ? `criad${o}` : 'a criar', done ? `criad${o}s` : 'a criar'),
    },
    {
      tone: 'blue' as const,
      text: formatCount(
        result.atualizar,
        done ? `atualizad${o}` : 'a atualizar',
        done ? `atualizad${o}s` : 'a atualizar',
      ),
    },
    { tone: 'gray' as const, text: formatCount(result.sem_alteracao, 'sem alteração', 'sem alteração') },
    { tone: 'red' as const, text: formatCount(result.recusar.length, 'recusada', 'recusadas') },
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Resumo da importação">
      {items.map((item) => (
        <li key={item.text}>
          <Badge tone={item.tone}>{item.text}</Badge>
        </li>
      ))}
    </ul>
  );
}

function RowAction({ row }: { row: ImportRow }) {
  return <Badge tone={toneOf[row.acao]}>{importActionLabels[row.acao]}</Badge>;
}

/**
 * Every row of the file with what happens to it: a table on a wide screen, cards on a phone. 'Só as
 * recusadas' narrows it to what the secretaria must fix in the spreadsheet.
 */
export function ImportRows({ rows, texts }: { rows: ImportRow[]; texts: ImportTexts }) {
  const refused = rows.filter((row) => row.acao === 'recusar').length;
  const [onlyRefused, setOnlyRefused] = useState(false);
  const shown = onlyRefused ? rows.filter((row) => row.acao === 'recusar') : rows;
  return (
    <div className="space-y-2">
      {refused > 0 && (
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={onlyRefused}
            onChange={(event) => setOnlyRefused(event.target.checked)}
          />
          Só as recusadas ({refused})
        </label>
      )}
      <div className="hidden max-h-80 overflow-auto rounded-lg border border-gray-200 sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Linhas da planilha e o que acontece com cada uma</caption>
          <thead className="sticky top-0 bg-gray-50 text-xs text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Linha
              </th>
              <th scope="col" className="px-3 py-2">
                {texts.nameHeader}
              </th>
              <th scope="col" className="px-3 py-2">
                {texts.keyHeader}
              </th>
              <th scope="col" className="px-3 py-2">
                Ação
              </th>
              <th scope="col" className="px-3 py-2">
                Motivo
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {shown.map((row) => (
              <tr key={row.linha}>
                <td className="px-3 py-2 tabular-nums">{row.linha}</td>
                <td className="px-3 py-2">{row.aluno || '—'}</td>
                <td className="px-3 py-2 tabular-nums">{row.matricula ?? '—'}</td>
                <td className="px-3 py-2">
                  <RowAction row={row} />
                </td>
                <td className="px-3 py-2 text-gray-700">{row.motivo ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-2 sm:hidden" aria-label="Linhas da planilha">
        {shown.map((row) => (
          <li key={row.linha} className="rounded-lg border border-gray-200 p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium text-gray-900">{row.aluno || '—'}</span>
              <RowAction row={row} />
            </div>
            <p className="mt-1 text-xs text-gray-600">
              Linha {row.linha}
              {row.matricula ? ` · ${texts.keyHeader} ${row.matricula}` : ''}
            </p>
            {row.motivo && (
              <p className={`mt-1 ${row.acao === 'recusar' ? 'text-red-800' : 'text-gray-700'}`}>
                {row.motivo}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
