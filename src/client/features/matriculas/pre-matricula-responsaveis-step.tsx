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

/** The hint of a blank field of a guardian on file. */
const NO_CADASTRO = 'Em branco: a escola usa o do cadastro.';

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
        // A guardian the school has on file (rematrícula): the link shows no CPF nor another guardian's
        // contacts, and what is left blank the school takes from its record.
        const noCadastro = Boolean(responsavel.responsavel_id);
        const keep = (value: string | null | undefined) => (noCadastro && !value ? NO_CADASTRO : undefined);
        return (
          <fieldset key={index} className="space-y-4 rounded-xl border border-gray-200 p-4">
            <legend className="px-1 text-sm font-semibold text-gray-800">
              Responsável {index + 1}
              {responsavel.financeiro ? ' (financeiro)' : ''}
            </legend>
            {noCadastro && (
              <p className="text-sm text-gray-600">
                {responsavel.email || responsavel.telefone
                  ? 'Já no cadastro da escola. Por segurança, o CPF não aparece neste link: em branco, continua o do cadastro.'
                  : 'Já no cadastro da escola. Por segurança, o CPF e os contatos não aparecem neste link: o que ficar em branco continua como está no cadastro.'}
              </p>
            )}
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
                required={!noCadastro}
                hint={keep(responsavel.telefone)}
                mask="phone"
                value={applyMask('phone', responsavel.telefone ?? '')}
                error={at('telefone')}
                onValueChange={(value) => setAt(index, { telefone: value })}
              />
              <MaskedInput
                label="CPF"
                required={responsavel.financeiro && !noCadastro}
                hint={keep(responsavel.cpf)}
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
                required={responsavel.financeiro && !noCadastro}
                value={responsavel.email ?? ''}
                error={at('email')}
                hint={
                  keep(responsavel.email) ??
                  (responsavel.financeiro
                    ? 'O contrato e o acesso ao portal chegam neste e-mail.'
                    : undefined)
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
