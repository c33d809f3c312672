import { useState } from 'react';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { ScrollArea } from '../../components/scroll-area';
import { useClassConsents, useClasses } from './privacy.api';

/** LGPD → Consentimentos por turma: each student's answer to each purpose, for the class chosen. */
export function ClassConsentsTable() {
  const classes = useClasses();
  const [turmaId, setTurmaId] = useState('');
  const table = useClassConsents(turmaId);
  return (
    <div className="space-y-3">
      <label className="block max-w-xs text-sm">
        <span className="font-medium text-gray-700">Turma</span>
        <select
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          value={turmaId}
          onChange={(event) => setTurmaId(event.target.value)}
        >
          <option value="">Selecione a turma</option>
          {(classes.data ?? []).map((turma) => (
            <option key={turma.id} value={turma.id}>
              {turma.nome}
            </option>
          ))}
        </select>
      </label>
      {turmaId === '' ? null : table.isPending ? (
        <Spinner label="Carregando..." />
      ) : table.isError ? (
        <ErrorBanner>Erro ao carregar os consentimentos.</ErrorBanner>
      ) : (
        <ScrollArea label="Consentimentos por aluno" className="rounded-xl border border-gray-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Consentimentos por aluno</caption>
            <thead className="bg-gray-50 text-left text-xs text-gray-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Aluno
                </th>
                {table.data.finalidades.map((finalidade) => (
                  <th key={finalidade.id} scope="col" className="px-3 py-2">
                    {finalidade.titulo}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {table.data.alunos.map((aluno) => (
                <tr key={aluno.id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                    {aluno.nome}
                  </th>
                  {table.data.finalidades.map((finalidade) => {
                    const value = aluno.consentimentos[finalidade.id];
                    return (
                      <td
                        key={finalidade.id}
                        className={`px-3 py-2 ${value ? 'text-green-700' : value === false ? 'text-red-700' : 'text-gray-500'}`}
                      >
                        {value ? 'Sim' : value === false ? 'Retirado' : 'Sem resposta'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </div>
  );
}
