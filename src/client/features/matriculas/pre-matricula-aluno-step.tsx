/** Pré-matrícula, step 1: the student (as on the birth certificate). */
import { sexoLabels, sexos } from '../../../shared/students.schemas';
import { InputField, SelectField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { applyMask } from '../../lib/masks';
import type { DadosForm } from './pre-matricula.api';
import { StepSection, type StepProps } from './pre-matricula-form-kit';

export function AlunoStep({ dados, onChange, errors }: StepProps) {
  const aluno = dados.aluno;
  const set = (patch: Partial<DadosForm['aluno']>) => onChange({ ...dados, aluno: { ...aluno, ...patch } });
  return (
    <StepSection title="Dados do aluno" hint="Como estão na certidão de nascimento.">
      <InputField
        label="Nome completo"
        required
        autoComplete="off"
        value={aluno.nome}
        maxLength={120}
        error={errors['aluno.nome']}
        onChange={(event) => set({ nome: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Data de nascimento"
          type="date"
          required
          value={aluno.data_nascimento ?? ''}
          error={errors['aluno.data_nascimento']}
          onChange={(event) => set({ data_nascimento: event.target.value || null })}
        />
        <SelectField
          label="Sexo"
          value={aluno.sexo ?? ''}
          error={errors['aluno.sexo']}
          onChange={(event) => set({ sexo: (event.target.value || null) as DadosForm['aluno']['sexo'] })}
        >
          <option value="">Não informar</option>
          {sexos.map((sexo) => (
            <option key={sexo} value={sexo}>
              {sexoLabels[sexo]}
            </option>
          ))}
        </SelectField>
      </div>
      <MaskedInput
        label="CPF do aluno"
        hint="Opcional: muitas crianças ainda não têm."
        mask="cpf"
        value={applyMask('cpf', aluno.cpf ?? '')}
        error={errors['aluno.cpf']}
        onValueChange={(value) => set({ cpf: value })}
      />
    </StepSection>
  );
}
