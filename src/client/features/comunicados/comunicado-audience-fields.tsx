/** Who a comunicado goes to: the whole school, classes, séries or chosen students. */
import { X } from 'lucide-react';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import {
  destinatariosLabels,
  publicoTipoLabels,
  type PublicoTipo,
} from '../../../shared/comunicados.schemas';
import { formatCount } from '../../../shared/format';
import { IconButton } from '../../components/button';
import { FormSelect } from '../../components/form-fields';
import { useAlunoBusca, usePublicoOpcoes } from './comunicados.api';

/**
 * A list of checkboxes filling an array of ids (classes, séries). Each option is a whole row a thumb
 * hits on a phone (44 px at least, the label wrapping its native checkbox: Tab and Space, and the
 * option's text as its name).
 */
function ChoiceList({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const selected = new Set((field.value as string[] | undefined) ?? []);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhuma opção disponível.</p>
      ) : (
        <div className="grid max-h-72 grid-cols-1 gap-2 overflow-y-auto p-0.5 sm:grid-cols-2">
          {options.map((option, index) => (
            <label
              key={option.value}
              className="flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm text-gray-800 focus-within:outline-2 focus-within:outline-primary hover:bg-gray-50 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                // The first box takes the focus (and scrolls into view) when the list is left empty.
                ref={index === 0 ? field.ref : undefined}
                type="checkbox"
                className="h-5 w-5 shrink-0 rounded border-gray-300"
                checked={selected.has(option.value)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(option.value);
                  else next.delete(option.value);
                  field.onChange([...next]);
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
      {fieldState.error?.message && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}
function StudentPicker({ initial }: { initial: { id: string; nome: string }[] }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'publico.alunos', control });
  const [q, setQ] = useState('');
  const [names, setNames] = useState(() => new Map(initial.map((item) => [item.id, item.nome])));
  const found = useAlunoBusca(q);
  const ids = (field.value as string[] | undefined) ?? [];
  return (
    <div>
      <label className="block text-sm font-medium text-gray-700" htmlFor="busca-aluno">
        Alunos (as famílias recebem)
      </label>
      <input
        id="busca-aluno"
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        placeholder="Digite ao menos 2 letras do nome"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {found.data && q.trim().length >= 2 && (
        <ul className="mt-1 max-h-40 overflow-y-auto rounded-lg border border-gray-200">
          {found.data.length === 0 && (
            <li className="px-3 py-2 text-sm text-gray-600">Nenhum aluno encontrado.</li>
          )}
          {found.data.map((aluno) => (
            <li key={aluno.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-gray-50 disabled:text-gray-400"
                disabled={ids.includes(aluno.id)}
                onClick={() => {
                  setNames(new Map(names).set(aluno.id, aluno.nome));
                  field.onChange([...ids, aluno.id]);
                }}
              >
                {aluno.nome} {aluno.turma && <span className="text-gray-500">· {aluno.turma}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {ids.map((id) => (
          <span
            key={id}
            className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm"
          >
            {names.get(id) ?? 'Aluno'}
            <IconButton
              label={`Remover ${names.get(id) ?? 'aluno'}`}
              onClick={() => field.onChange(ids.filter((item) => item !== id))}
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </IconButton>
          </span>
        ))}
      </div>
      {fieldState.error?.message && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {fieldState.error.message}
        </p>
      )}
    </div>
  );
}
export function AudienceFields({
  tipos,
  alunosIniciais,
}: {
  tipos: PublicoTipo[];
  alunosIniciais: { id: string; nome: string }[];
}) {
  const opcoes = usePublicoOpcoes(true);
  const tipo = useWatch({ name: 'publico.tipo' }) as PublicoTipo;
  const options = Object.fromEntries(tipos.map((item) => [item, publicoTipoLabels[item]]));
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 p-3">
      <FormSelect name="publico.tipo" label="Para quem" options={options} />
      {tipo === 'segmentos' && opcoes.data && (
        <>
          <ChoiceList
            name="publico.segmentos"
            legend="Segmentos"
            options={opcoes.data.segmentos.map((value) => ({ value, label: value }))}
          />
          <ChoiceList
            name="publico.series"
            legend="Séries"
            options={opcoes.data.series.map((value) => ({ value, label: value }))}
          />
        </>
      )}
      {tipo === 'turmas' && opcoes.data && (
        <ChoiceList
          name="publico.turmas"
          legend="Turmas"
          options={opcoes.data.turmas.map((turma) => ({
            value: turma.id,
            label: `${turma.nome} (${formatCount(turma.alunos, 'aluno', 'alunos')})`,
          }))}
        />
      )}
      {tipo === 'alunos' && <StudentPicker initial={alunosIniciais} />}
      {tipo !== 'equipe' && (
        // Issue 31 §4: a notice to the families is not the students' unless it says so.
        <FormSelect name="publico.destinatarios" label="Quem recebe" options={destinatariosLabels} />
      )}
      {opcoes.isPending && tipo !== 'escola' && tipo !== 'equipe' && (
        <p className="text-sm text-gray-600">Carregando opções…</p>
      )}
    </div>
  );
}
