import type { ReactNode } from 'react';
import {
  cargosGestor,
  coresRacas,
  criteriosAcessoGestor,
  deficiencias,
  filiacoes,
  funcoesSala,
  localizacoesDiferenciadasPessoa,
  nacionalidades,
  vinculos,
  zonas,
  type Opcao,
} from '../../../shared/censo.codigos';
import { FormCheckboxGroup, FormInput, FormSelect } from '../../components/form-fields';

/** An empty text box is 'not informed' (null), never an empty code the schema would refuse. */
export const vazioNulo = (value: unknown) => (value === '' || value === undefined ? null : value);
export const numeroOuNulo = (value: unknown) => (value === '' || value === null ? null : Number(value));
export const opcoes = (lista: readonly Opcao[]) => Object.fromEntries(lista);

export function Grupo({ titulo, children, dica }: { titulo: string; dica?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{titulo}</legend>
      {dica && <p className="text-xs text-gray-600">{dica}</p>}
      {children}
    </fieldset>
  );
}

export function Texto(props: {
  name: string;
  label: string;
  hint?: string;
  inputMode?: 'numeric' | 'email';
}) {
  return <FormInput {...props} setValueAs={vazioNulo} />;
}

export function Escolha({
  name,
  label,
  lista,
  hint,
}: {
  name: string;
  label: string;
  lista: readonly Opcao[];
  hint?: string;
}) {
  return (
    <FormSelect
      name={name}
      label={label}
      options={opcoes(lista)}
      empty="Não informado"
      emptyAsNull
      hint={hint}
    />
  );
}

export function Identificacao({ professor }: { professor: boolean }) {
  return (
    <Grupo
      titulo="Identificação e nascimento"
      dica={professor ? 'Nome, CPF e e-mail vêm do cadastro do professor (Editar).' : undefined}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {!professor && (
          <>
            <FormInput name="nome" label="Nome completo" required setValueAs={vazioNulo} />
            <FormInput name="cpf" label="CPF" required inputMode="numeric" setValueAs={vazioNulo} />
            <FormInput
              name="email"
              label="E-mail"
              type="email"
              setValueAs={vazioNulo}
              hint="Obrigatório para gestores"
            />
          </>
        )}
        <Texto
          name="inep_id"
          label="ID do INEP (12 dígitos)"
          inputMode="numeric"
          hint="Depois da primeira importação"
        />
        <FormInput name="data_nascimento" label="Data de nascimento" type="date" setValueAs={vazioNulo} />
        <FormSelect
          name="sexo"
          label="Sexo"
          options={{ feminino: 'Feminino', masculino: 'Masculino' }}
          empty="Não informado"
          emptyAsNull
        />
        <Escolha name="nacionalidade" label="Nacionalidade" lista={nacionalidades} />
        <Texto
          name="pais_nacionalidade"
          label="País (código do INEP)"
          inputMode="numeric"
          hint="Brasil: 76"
        />
        <Texto
          name="municipio_nascimento"
          label="Município de nascimento (código IBGE, 7 dígitos)"
          inputMode="numeric"
        />
        <Escolha name="filiacao" label="Filiação" lista={filiacoes} />
        <Texto name="filiacao_1" label="Filiação 1 (nome)" />
        <Texto name="filiacao_2" label="Filiação 2 (nome)" />
      </div>
    </Grupo>
  );
}

export function CorDeficienciaResidencia() {
  return (
    <>
      <Grupo titulo="Cor/raça" dica="Como a pessoa declara. Dado sensível (LGPD): só a secretaria vê.">
        <Escolha name="cor_raca" label="Cor/raça" lista={coresRacas} />
      </Grupo>
      <Grupo
        titulo="Deficiência, TEA e altas habilidades"
        dica="Dado sensível (LGPD). Deixe em branco se não houver."
      >
        <FormCheckboxGroup
          columns={2}
          name="deficiencias"
          legend="Marque o que a pessoa declara"
          options={deficiencias}
        />
      </Grupo>
      <Grupo
        titulo="Residência"
        dica="Pedida de quem está em sala de aula; não de um gestor que só dirige a escola."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Texto
            name="pais_residencia"
            label="País de residência (código do INEP)"
            inputMode="numeric"
            hint="Brasil: 76"
          />
          <Texto name="cep_residencia" label="CEP" inputMode="numeric" />
          <Texto name="municipio_residencia" label="Município (código IBGE)" inputMode="numeric" />
          <Escolha name="zona_residencia" label="Zona" lista={zonas} />
          <Escolha
            name="localizacao_diferenciada"
            label="Localização diferenciada"
            lista={localizacoesDiferenciadasPessoa}
          />
        </div>
      </Grupo>
    </>
  );
}

export function FuncaoEGestao({ professor }: { professor: boolean }) {
  return (
    <>
      {professor && (
        <Grupo titulo="Função e vínculo">
          <div className="grid gap-3 sm:grid-cols-2">
            <Escolha
              name="funcao"
              label="Função nas turmas"
              lista={funcoesSala}
              hint="Sem escolha: docente"
            />
            <Escolha
              name="vinculo"
              label="Situação funcional"
              lista={vinculos}
              hint="O Censo só a pede de escolas públicas: não vai no arquivo desta escola."
            />
          </div>
        </Grupo>
      )}
      <Grupo
        titulo="Gestor escolar"
        dica="Preencha só para quem dirige a escola (o Censo pede ao menos um gestor)."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormSelect
            name="gestor_cargo"
            label="Cargo de gestor"
            options={opcoes(cargosGestor)}
            empty="Não é gestor"
            emptyAsNull
          />
          <Escolha
            name="gestor_criterio_acesso"
            label="Critério de acesso ao cargo"
            lista={criteriosAcessoGestor}
            hint="Obrigatório para a direção"
          />
          <Escolha
            name="gestor_vinculo"
            label="Tipo de vínculo do gestor"
            lista={vinculos}
            hint="Só de escolas públicas."
          />
        </div>
      </Grupo>
    </>
  );
}
