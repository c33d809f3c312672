import { useFormContext } from 'react-hook-form';
import {
  categoriasEscolaPrivada,
  esferasRegulamentacao,
  formasContratacao,
  localizacoesDiferenciadasEscola,
  mantenedoras,
  poderesConveniados,
  regulamentacoes,
  situacoesFuncionamento,
  unidadesVinculadas,
  zonas,
  type Opcao,
} from '../../../shared/censo.codigos';
import type { CensoEscola } from '../../../shared/censo.schemas';
import { FormCheckboxGroup, FormInput, FormMasked, FormSelect } from '../../components/form-fields';

const opcoes = (lista: readonly Opcao[]) => Object.fromEntries(lista);

/** Configurações → Censo: the school's identification and address (record 00). */
export function EscolaIdentificacao() {
  const { watch } = useFormContext<Partial<CensoEscola>>();
  const regulamentacao = watch('regulamentacao');
  const convenios = watch('convenios') ?? [];
  const unidade = watch('unidade_vinculada');
  return (
    <>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-gray-900">Identificação (registro 00)</legend>
        <FormInput
          name="codigo_inep"
          label="Código INEP da escola"
          inputMode="numeric"
          maxLength={8}
          hint="8 dígitos, no Educacenso ou no Catálogo de Escolas do INEP."
        />
        <FormSelect
          name="situacao_funcionamento"
          label="Situação de funcionamento"
          options={opcoes(situacoesFuncionamento)}
          empty="Selecione"
          emptyAsNull
        />
        <p className="text-sm text-gray-700 md:col-span-2">
          Dependência administrativa: <strong>Privada</strong>.
        </p>
        <FormSelect
          name="categoria_privada"
          label="Categoria da escola privada"
          options={opcoes(categoriasEscolaPrivada)}
          empty="Selecione"
          emptyAsNull
        />
        <FormMasked name="cnpj_escola" mask="cnpj" label="CNPJ da escola" />
        <FormCheckboxGroup
          columns={2}
          className="md:col-span-2"
          name="mantenedoras"
          legend="Mantenedora da escola"
          options={mantenedoras}
        />
        <FormMasked name="cnpj_mantenedora" mask="cnpj" label="CNPJ da mantenedora principal" />
        <FormSelect
          name="regulamentacao"
          label="Regulamentação/autorização no conselho de educação"
          options={opcoes(regulamentacoes)}
          empty="Selecione"
          emptyAsNull
        />
        {(regulamentacao === '1' || regulamentacao === '2') && (
          <FormCheckboxGroup
            columns={2}
            className="md:col-span-2"
            name="esferas_regulamentacao"
            legend="Esfera do conselho ou órgão"
            options={esferasRegulamentacao}
          />
        )}
        <FormCheckboxGroup
          columns={2}
          className="md:col-span-2"
          name="convenios"
          legend="Parceria ou convênio com o poder público"
          options={poderesConveniados}
        />
        {convenios.includes('estadual') && (
          <FormCheckboxGroup
            columns={2}
            className="md:col-span-2"
            name="formas_convenio_estadual"
            legend="Formas de contratação com a secretaria estadual"
            options={formasContratacao}
          />
        )}
        {convenios.includes('municipal') && (
          <FormCheckboxGroup
            columns={2}
            className="md:col-span-2"
            name="formas_convenio_municipal"
            legend="Formas de contratação com a secretaria municipal"
            options={formasContratacao}
          />
        )}
        <FormSelect
          name="unidade_vinculada"
          label="Unidade vinculada a outra instituição"
          options={opcoes(unidadesVinculadas)}
          empty="Selecione"
          emptyAsNull
        />
        {unidade === '1' && (
          <FormInput
            name="escola_sede_inep"
            label="Código INEP da escola sede"
            inputMode="numeric"
            maxLength={8}
          />
        )}
        {unidade === '2' && (
          <FormInput name="codigo_ies" label="Código da IES" inputMode="numeric" maxLength={14} />
        )}
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-gray-900">Localização</legend>
        <FormSelect name="zona" label="Localização" options={opcoes(zonas)} empty="Selecione" emptyAsNull />
        <FormSelect
          name="localizacao_diferenciada"
          label="Localização diferenciada"
          options={opcoes(localizacoesDiferenciadasEscola)}
          empty="Selecione"
          emptyAsNull
        />
        <FormInput
          name="municipio_ibge"
          label="Município (código IBGE)"
          inputMode="numeric"
          maxLength={7}
          hint="7 dígitos da tabela do IBGE, ex.: 3550308 para São Paulo (o mesmo da nota fiscal)."
        />
        <FormInput
          name="distrito"
          label="Distrito (código IBGE)"
          inputMode="numeric"
          maxLength={2}
          hint="Os 2 últimos dígitos do código do distrito no IBGE."
        />
        <FormMasked name="cep" mask="cep" label="CEP" />
        <FormInput name="logradouro" label="Logradouro" maxLength={100} />
        <FormInput name="numero" label="Número" maxLength={10} />
        <FormInput name="complemento" label="Complemento" maxLength={20} />
        <FormInput name="bairro" label="Bairro" maxLength={50} />
        <FormInput
          name="orgao_regional"
          label="Órgão regional de ensino (se houver)"
          maxLength={5}
          hint="Código da diretoria de ensino na tabela do INEP, quando o estado tem."
        />
      </fieldset>
    </>
  );
}
