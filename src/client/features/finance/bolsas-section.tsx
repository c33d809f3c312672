import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { bolsaInputSchema, type BolsaEfeito } from '../../../shared/finance.schemas';
import { formatCentavos } from '../../../shared/format';
import { decimalText } from '../../../shared/validators';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InputField } from '../../components/field';
import { Form, FormInput, FormSelect } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAlunosFinanceiro, useBolsas, usePreviewBolsa, useSaveBolsa } from './finance.api';

const bolsaSchema = z.object({
  aluno_id: z.string().min(1, 'Escolha o aluno'),
  percentual: decimalText('Informe o percentual').pipe(bolsaInputSchema.shape.percentual),
  motivo: bolsaInputSchema.shape.motivo,
});
type BolsaValues = z.output<typeof bolsaSchema>;

/**
 * Financeiro → Configurar → Bolsas. Saving a bolsa also re-prices the student's open months already
 * generated (ADR 0130): when it would change any, the screen says which and asks first; the answer
 * stays on the screen under the form.
 */
export function BolsasSection() {
  const bolsas = useBolsas();
  const [q, setQ] = useState('');
  const alunos = useAlunosFinanceiro(q);
  const save = useSaveBolsa();
  const preview = usePreviewBolsa();
  const form = useSchemaForm(bolsaSchema, { aluno_id: '', percentual: '', motivo: '' });
  const [pending, setPending] = useState<{ values: BolsaValues; efeito: BolsaEfeito } | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);

  const store = async ({ aluno_id, percentual, motivo }: BolsaValues) => {
    const result = await save.mutateAsync({ alunoId: aluno_id, percentual, motivo });
    const message = result.message ?? 'Bolsa salva.';
    toast.success(message);
    setAnswer(message);
    form.reset({ aluno_id, percentual: '', motivo: '' });
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      await store(pending.values);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : 'Não foi possível salvar a bolsa.',
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="mt-6 border-t border-gray-200 pt-4" aria-labelledby="bolsas">
      <h3 id="bolsas" className="mb-2 text-sm font-semibold text-gray-900">
        Bolsas (desconto por aluno)
      </h3>
      <Form
        form={form}
        label="Bolsa"
        className="grid gap-2 sm:grid-cols-[1fr_1fr_6rem_1fr_auto] sm:items-end"
        onSubmit={form.submit(async (values) => {
          setAnswer(null);
          const efeito = await preview.mutateAsync({
            alunoId: values.aluno_id,
            percentual: values.percentual,
          });
          if (efeito.alteradas + efeito.canceladas > 0) setPending({ values, efeito });
          else await store(values);
        })}
      >
        <InputField
          label="Buscar aluno"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <FormSelect name="aluno_id" label="Aluno" empty="Selecione">
          {(alunos.data ?? []).map((aluno) => (
            <option key={aluno.id} value={aluno.id}>
              {aluno.nome}
              {aluno.turma_nome ? ` (${aluno.turma_nome})` : ''}
            </option>
          ))}
        </FormSelect>
        <FormInput name="percentual" label="Bolsa (%)" inputMode="decimal" />
        <FormInput name="motivo" label="Motivo" />
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar
        </Button>
      </Form>
      <p role="status" className="mt-2 text-sm text-gray-800">
        {answer}
      </p>
      {bolsas.data && bolsas.data.length > 0 && (
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {bolsas.data.map((bolsa) => (
            <li key={bolsa.aluno_id} className="flex justify-between gap-2 py-1.5">
              <span>
                {bolsa.aluno_nome}{' '}
                {bolsa.turma_nome ? <span className="text-gray-500">· {bolsa.turma_nome}</span> : null}
              </span>
              <span className="font-medium">
                {bolsa.percentual.toLocaleString('pt-BR')}%{bolsa.motivo ? ` · ${bolsa.motivo}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-gray-500">
        Para remover uma bolsa, salve 0%. Exemplo: {formatCentavos(85_000)} com 50% = {formatCentavos(42_500)}
        . A bolsa vale para as mensalidades geradas depois e para as já geradas que estão em aberto e ainda
        não venceram; as vencidas e as pagas ficam como estavam.
      </p>
      <ConfirmDialog
        open={pending !== null}
        title="Mudar as mensalidades já geradas?"
        message={pending?.efeito.mensagem ?? ''}
        confirmLabel="Salvar bolsa"
        cancelLabel="Voltar"
        danger={false}
        busy={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
