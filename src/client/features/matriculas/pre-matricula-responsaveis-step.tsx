/** Pré-matrícula, step 2: the guardians, one of them the financial one (who signs and pays). */
import { Plus, Trash2 } from 'lucide-react';
import { parentescoLabels, parentescos } from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { applyMask } from '../../lib/masks';
import { StepSection, type Responsavel, type StepProps } from './pre-matricula-form-kit';

const vazio: Responsavel = {
  nome: '',
  cpf: '',
  email: '',
  telefone: '',
  parentesco: null,
  financeiro: false,
};

export function ResponsaveisStep({ dados, onChange, errors }: StepProps) {
  const list = dados.responsaveis;
  const setAt = (index: number, patch: Partial<Responsavel>) =>
    onChange({
      ...dados,
      responsaveis: list.map((item, at) =>
        at === index
          ? { ...item, ...patch }
          : patch.financeiro === true
            ? { ...item, financeiro: false }
            : item,
      ),
    });
  return (
    <StepSection
      title="Responsáveis"
      hint="Indique quem é o responsável financeiro: quem assina o contrato e paga as mensalidades."
    >
      {errors.responsaveis && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errors.responsaveis}
        </p>
      )}
      {list.map((responsavel, index) => {
        const at = (field: string) => errors[`responsaveis.${String(index)}.${field}`];
        return (
          <fieldset key={index} className="space-y-4 rounded-xl border border-gray-200 p-4">
            <legend className="px-1 text-sm font-semibold text-gray-800">
              Responsável {index + 1}
              {responsavel.financeiro ? ' (financeiro)' : ''}
            </legend>
            <InputField
              label="Nome completo"
              required
              value={responsavel.nome}
              maxLength={120}
              error={at('nome')}
              onChange={(event) => setAt(index, { nome: event.target.value })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Parentesco"
                required
                value={responsavel.parentesco ?? ''}
                error={at('parentesco')}
                onChange={(event) =>
                  setAt(index, { parentesco: (event.target.value || null) as Responsavel['parentesco'] })
                }
              >
                <option value="">Selecione</option>
                {parentescos.map((parentesco) => (
                  <option key={parentesco} value={parentesco}>
                    {parentescoLabels[parentesco]}
                  </option>
                ))}
              </SelectField>
              <MaskedInput
                label="Telefone"
                required
                mask="phone"
                value={applyMask('phone', responsavel.telefone ?? '')}
                error={at('telefone')}
                onValueChange={(value) => setAt(index, { telefone: value })}
              />
              <MaskedInput
                label="CPF"
                required={responsavel.financeiro}
                mask="cpf"
                value={applyMask('cpf', responsavel.cpf ?? '')}
                error={at('cpf')}
                onValueChange={(value) => setAt(index, { cpf: value })}
              />
              <InputField
                label="E-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                required={responsavel.financeiro}
                value={responsavel.email ?? ''}
                error={at('email')}
                hint={
                  responsavel.financeiro ? 'O contrato e o acesso ao portal chegam neste e-mail.' : undefined
                }
                onChange={(event) => setAt(index, { email: event.target.value })}
              />
            </div>
            <label className="flex min-h-10 items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="responsavel-financeiro"
                className="h-5 w-5"
                checked={responsavel.financeiro}
                onChange={() => setAt(index, { financeiro: true })}
              />
              Este é o responsável financeiro
            </label>
            {list.length > 1 && (
              <Button
                variant="ghost"
                className="text-red-700"
                onClick={() => onChange({ ...dados, responsaveis: list.filter((_, at) => at !== index) })}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remover responsável {index + 1}
              </Button>
            )}
          </fieldset>
        );
      })}
      {list.length < 4 && (
        <Button
          variant="secondary"
          onClick={() =>
            onChange({ ...dados, responsaveis: [...list, { ...vazio, financeiro: list.length === 0 }] })
          }
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar responsável
        </Button>
      )}
    </StepSection>
  );
}
