import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { gerarMensalidadesInputSchema, MONTH_NAMES } from '../../../shared/finance.schemas';
import { formatCount } from '../../../shared/format';
import { InputField } from '../../components/field';
import { FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAlunosFinanceiro, useGenerateMensalidades } from './finance.api';

const blankAsUndefined = (text: string) => (text === '' ? undefined : text);
const { shape } = gerarMensalidadesInputSchema;
const schema = z.object({
  ano: z.coerce.number().pipe(shape.ano),
  mes: z
    .string()
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(shape.mes),
  aluno_id: z.string().transform(blankAsUndefined).pipe(shape.aluno_id),
});

/** 'Gerar mensalidades' for a year, one month, or one student; running it twice creates nothing twice. */
export function GenerateModal({ onClose }: { onClose: () => void }) {
  const [q, setQ] = useState('');
  const alunos = useAlunosFinanceiro(q);
  const generate = useGenerateMensalidades();
  const form = useSchemaForm(schema, { ano: String(new Date().getFullYear()), mes: '', aluno_id: '' });

  return (
    <FormModal
      title="Gerar mensalidades"
      description="Para cada aluno ativo matriculado em turma com mensalidade configurada, a partir do mês da data da matrícula; se o aluno entrou depois do dia de vencimento, esse primeiro mês vence no dia em que ele entrou."
      formId="generate-form"
      submitLabel="Gerar"
      size="md"
      className="grid gap-4 sm:grid-cols-2"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await generate.mutateAsync(values);
        toast.success(
          result.message ??
            `${formatCount(result.data.criadas, 'mensalidade gerada', 'mensalidades geradas')}.`,
        );
        onClose();
      })}
    >
      <FormInput name="ano" label="Ano" type="number" min={2000} max={2100} />
      <FormSelect
        name="mes"
        label="Mês"
        empty="Ano inteiro"
        options={Object.fromEntries(MONTH_NAMES.map((name, index) => [String(index + 1), name]))}
      />
      <InputField
        label="Buscar aluno (opcional)"
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      <FormSelect name="aluno_id" label="Aluno" empty="Todos os alunos">
        {(alunos.data ?? []).map((aluno) => (
          <option key={aluno.id} value={aluno.id}>
            {aluno.nome}
          </option>
        ))}
      </FormSelect>
    </FormModal>
  );
}
