import toast from 'react-hot-toast';
import { useFormContext } from 'react-hook-form';
import {
  diasSemana,
  etapas,
  locaisDiferenciadosTurma,
  rotuloDe,
  tiposAtendimento,
  tiposMediacao,
  type Opcao,
} from '../../../shared/censo.codigos';
import { censoTurmaSchema, type CensoTurma } from '../../../shared/censo.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCensoTurma, useSaveCensoTurma } from './censo-turma.api';

const opcoes = (lista: readonly Opcao[]) =>
  lista.map(([codigo, rotulo]) => (
    <option key={codigo} value={codigo}>
      {rotulo}
    </option>
  ));
const vazioNulo = (value: string) => (value === '' ? null : value);

/**
 * The class's 'Censo' dialog (Censo Escolar, record 20): código INEP, mediação, horário, days, tipo de
 * atendimento, etapa and local diferenciado. Opened from the classes list and by `?censo=<id>` (the
 * pending list links here). Census managers only.
 */
export function ClassCensoDialog({ turmaId, onClose }: { turmaId: string; onClose: () => void }) {
  const censo = useCensoTurma(turmaId);
  if (censo.isSuccess) return <CensoForm censo={censo.data} onClose={onClose} />;
  return (
    <Modal
      open
      onClose={onClose}
      title="Censo Escolar da turma"
      footer={<Button onClick={onClose}>Fechar</Button>}
    >
      {censo.isError ? <ErrorBanner>Erro ao carregar os dados do Censo da turma.</ErrorBanner> : <Spinner />}
    </Modal>
  );
}

function CensoForm({ censo, onClose }: { censo: CensoTurma; onClose: () => void }) {
  const save = useSaveCensoTurma();
  const form = useSchemaForm(censoTurmaSchema, {
    inep_id: censo.inep_id,
    tipo_mediacao: censo.tipo_mediacao,
    hora_inicio: censo.hora_inicio,
    hora_fim: censo.hora_fim,
    dias: censo.dias,
    tipo_atendimento: censo.tipo_atendimento,
    etapa: censo.etapa,
    local_diferenciado: censo.local_diferenciado,
  });
  const daSerie = rotuloDe(etapas, censo.etapa_da_serie);
  return (
    <FormModal
      title={`Censo Escolar — ${censo.nome}`}
      description={
        censo.version === 0
          ? 'Ainda não salvo: os valores abaixo são sugestões do sistema (horário pelo turno e pela grade curricular). Confira e salve.'
          : 'Dados da turma que vão no registro 20 do arquivo do Educacenso.'
      }
      formId="censo-turma-form"
      submitLabel="Salvar dados do Censo"
      form={form}
      onClose={onClose}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({ id: censo.turma_id, input: values, version: censo.version });
        toast.success(result.message ?? 'Dados do Censo da turma salvos');
        onClose();
      })}
    >
      <FormInput
        name="inep_id"
        label="Código INEP da turma"
        inputMode="numeric"
        setValueAs={vazioNulo}
        hint="O INEP gera o código ao receber a turma; deixe em branco no primeiro envio."
      />
      <FormSelect name="tipo_mediacao" label="Tipo de mediação" empty="Selecione" emptyAsNull>
        {opcoes(tiposMediacao)}
      </FormSelect>
      <FormInput name="hora_inicio" label="Horário de início" type="time" step={300} setValueAs={vazioNulo} />
      <FormInput name="hora_fim" label="Horário de término" type="time" step={300} setValueAs={vazioNulo} />
      <DiasDaSemana />
      <FormSelect name="tipo_atendimento" label="Tipo de atendimento" empty="Selecione" emptyAsNull>
        {opcoes(tiposAtendimento)}
      </FormSelect>
      <div className="sm:col-span-2">
        <FormSelect
          name="etapa"
          label="Etapa (INEP)"
          empty={daSerie ? `Da série: ${daSerie}` : 'Selecione a etapa'}
          emptyAsNull
          hint={
            daSerie
              ? 'Deixe na etapa da série, a não ser que a turma seja multietapa ou de correção de fluxo.'
              : 'A série da turma não corresponde a uma etapa do INEP: escolha a etapa.'
          }
        >
          {opcoes(etapas)}
        </FormSelect>
      </div>
      <div className="sm:col-span-2">
        <FormSelect
          name="local_diferenciado"
          label="Local de funcionamento diferenciado"
          empty="Selecione"
          emptyAsNull
        >
          {opcoes(locaisDiferenciadosTurma)}
        </FormSelect>
      </div>
    </FormModal>
  );
}

/** The days the class meets: checkboxes that fill `dias` with the census keys. */
function DiasDaSemana() {
  const { register, formState } = useFormContext();
  const error = formState.errors.dias?.message;
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-gray-700">Dias da semana</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {diasSemana.map(([chave, rotulo]) => (
          <label key={chave} className="flex min-h-11 items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              value={chave}
              className="h-5 w-5 rounded border-gray-300"
              {...register('dias')}
            />
            {rotulo}
          </label>
        ))}
      </div>
      {typeof error === 'string' && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
