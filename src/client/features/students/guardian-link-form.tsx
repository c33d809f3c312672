/** Linking a guardian to a student, from the student's guardians panel. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link2, Search } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import { parentescoLabels, type Parentesco, type Student } from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Button } from '../../components/button';
import { Badge, Spinner } from '../../components/feedback';
import { useGuardianSearch, useLinkGuardian } from './students.api';

/** 'Vincular responsável existente': search by name or CPF (a sibling's guardian) and link. */
export function LinkGuardianForm({ student, onDone }: { student: Student; onDone: () => void }) {
  const [q, setQ] = useState('');
  const [parentesco, setParentesco] = useState<Parentesco | ''>('');
  const [principal, setPrincipal] = useState(false);
  const search = useGuardianSearch(q);
  const link = useLinkGuardian(student.id);
  const linkedIds = new Set(student.responsaveis.map((guardian) => guardian.id));
  const choose = async (id: string) => {
    if (parentesco === '') {
      toast.error('Escolha o parentesco antes de vincular.');
      return;
    }
    try {
      const result = await link.mutateAsync({ responsavel_id: id, eh_principal: principal, parentesco });
      toast.success(result.message ?? 'Responsável vinculado.');
      onDone();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Erro ao vincular o responsável');
    }
  };
  return (
    <section
      aria-label="Vincular responsável existente"
      className="mt-3 space-y-3 rounded-xl border border-gray-200 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm sm:col-span-2">
          <span className="font-medium text-gray-700">Buscar por nome ou CPF</span>
          <span className="relative mt-1 block">
            <Search
              className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-gray-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              className="w-full rounded-lg border border-gray-300 py-2 pr-3 pl-9"
              placeholder="Ex.: Maria Souza ou 123.456.789-09"
              autoComplete="off"
            />
          </span>
        </label>
        <label className="block text-sm">
          <span className="font-medium text-gray-700">Parentesco com {student.nome.split(' ')[0]}</span>
          <select
            value={parentesco}
            onChange={(event) => setParentesco(event.target.value as Parentesco | '')}
            className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          >
            <option value="">Selecione</option>
            {Object.entries(parentescoLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-gray-300"
            checked={principal}
            onChange={(event) => setPrincipal(event.target.checked)}
          />
          Tornar responsável principal
        </label>
      </div>
      {q.trim().length < 2 ? (
        <p className="text-sm text-gray-500">Digite ao menos 2 caracteres.</p>
      ) : search.isPending ? (
        <Spinner label="Buscando responsáveis..." />
      ) : search.isError ? (
        <p className="text-sm text-red-700">Erro ao buscar responsáveis.</p>
      ) : search.data.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum responsável encontrado.</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {search.data.map((guardian) => (
            <li key={guardian.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div>
                <p className="font-medium text-gray-900">{guardian.nome}</p>
                <p className="text-gray-600">
                  {guardian.cpf ? `CPF ${formatCpf(guardian.cpf)} · ` : ''}
                  {formatPhone(guardian.telefone)}
                  {guardian.alunos.length > 0 &&
                    ` · Responsável por ${guardian.alunos.map((a) => a.nome).join(', ')}`}
                </p>
              </div>
              {linkedIds.has(guardian.id) ? (
                <Badge tone="gray">Já vinculado</Badge>
              ) : (
                <Button
                  className="px-3 py-1.5"
                  loading={link.isPending}
                  onClick={() => void choose(guardian.id)}
                >
                  <Link2 className="h-4 w-4" aria-hidden="true" /> Vincular
                  <span className="sr-only"> {guardian.nome}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </section>
  );
}
