import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import {
  areasPosGraduacao,
  escolaridades,
  formacoesContinuadas,
  grausCurso,
  tiposEnsinoMedio,
  tiposPosGraduacao,
} from '../../../shared/censo.codigos';
import { Button, IconButton } from '../../components/button';
import { FormCheckboxGroup, FormInput, FormSelect } from '../../components/form-fields';
import { Escolha, Grupo, Texto, numeroOuNulo, opcoes } from './censo-profissional-campos';

/** 'Dados do Censo' → escolaridade, cursos superiores (up to 3), pós-graduação (up to 6), formação continuada. */
function CursosSuperiores() {
  const { fields, append, remove } = useFieldArray({ name: 'cursos_superiores' });
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-gray-700">Cursos superiores concluídos (até 3)</p>
      {fields.length === 0 && <p className="text-sm text-gray-600">Nenhum curso informado.</p>}
      {fields.map((field, index) => (
        <div
          key={field.id}
          className="grid items-end gap-2 rounded-lg bg-gray-50 p-2 sm:grid-cols-[1fr_6rem_1fr_1fr_auto]"
        >
          <Texto name={`cursos_superiores.${String(index)}.curso`} label="Código do curso (INEP)" />
          <FormInput
            name={`cursos_superiores.${String(index)}.ano`}
            label="Ano de conclusão"
            inputMode="numeric"
            setValueAs={numeroOuNulo}
          />
          <Texto name={`cursos_superiores.${String(index)}.ies`} label="Instituição (código INEP)" />
          <Escolha name={`cursos_superiores.${String(index)}.grau`} label="Grau" lista={grausCurso} />
          <IconButton label={`Remover o curso ${String(index + 1)}`} onClick={() => remove(index)}>
            <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
          </IconButton>
        </div>
      ))}
      {fields.length < 3 && (
        <Button variant="secondary" onClick={() => append({ curso: '', ano: null, ies: '', grau: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar curso
        </Button>
      )}
    </div>
  );
}

function PosGraduacoes() {
  const { fields, append, remove } = useFieldArray({ name: 'pos_graduacoes_concluidas' });
  const { register } = useFormContext();
  return (
    <div className="space-y-3">
      {fields.length === 0 && <p className="text-sm text-gray-600">Nenhuma pós-graduação informada.</p>}
      {fields.map((field, index) => (
        <div
          key={field.id}
          className="grid items-end gap-2 rounded-lg bg-gray-50 p-2 sm:grid-cols-[1fr_1fr_6rem_auto]"
        >
          <FormSelect
            name={`pos_graduacoes_concluidas.${String(index)}.tipo`}
            label="Tipo"
            options={opcoes(tiposPosGraduacao)}
          />
          <FormSelect
            name={`pos_graduacoes_concluidas.${String(index)}.area`}
            label="Área"
            options={opcoes(areasPosGraduacao)}
          />
          <FormInput
            name={`pos_graduacoes_concluidas.${String(index)}.ano`}
            label="Ano"
            inputMode="numeric"
            setValueAs={numeroOuNulo}
          />
          <IconButton label={`Remover a pós-graduação ${String(index + 1)}`} onClick={() => remove(index)}>
            <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
          </IconButton>
        </div>
      ))}
      {fields.length < 6 && (
        <Button variant="secondary" onClick={() => append({ tipo: '1', area: '1', ano: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar pós-graduação
        </Button>
      )}
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          value="nao_possui"
          className="h-4 w-4 rounded border-gray-300"
          {...register('pos_graduacoes')}
        />
        Não tem pós-graduação concluída
      </label>
    </div>
  );
}

export function Formacao() {
  return (
    <>
      <Grupo titulo="Escolaridade e cursos superiores">
        <div className="grid gap-3 sm:grid-cols-2">
          <Escolha name="escolaridade" label="Escolaridade (maior nível concluído)" lista={escolaridades} />
          <Escolha name="tipo_ensino_medio" label="Tipo de ensino médio" lista={tiposEnsinoMedio} />
        </div>
        <CursosSuperiores />
      </Grupo>
      <Grupo titulo="Pós-graduação" dica="Só para quem tem educação superior.">
        <PosGraduacoes />
      </Grupo>
      <Grupo titulo="Formação continuada" dica="Cursos de no mínimo 80 horas.">
        <FormCheckboxGroup
          columns={2}
          name="formacao_continuada"
          legend="Cursos concluídos"
          options={formacoesContinuadas}
        />
      </Grupo>
    </>
  );
}
