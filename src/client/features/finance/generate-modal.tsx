import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  formatMesReferencia,
  gerarMensalidadesInputSchema,
  MONTH_NAMES,
  type GerarMensalidadesResult,
} from '../../../shared/mensalidades.schemas';
import { Button } from '../../components/button';
import { Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  useAlunosFinanceiro,
  useFinanceSettings,
  useGenerateMensalidades,
  useGeracaoPreview,
} from './finance.api';
import { firstGeneratedMonth, GenerationSummary } from './generate-summary';
import { UndoModal } from './generate-undo-modal';

const blankAsUndefined = (text: string) => (text === '' ? undefined : text);
const blankAsNumber = (text: string) => (text === '' ? undefined : Number(text));
const { shape } = gerarMensalidadesInputSchema;
const schema = z.object({
  turma_id: z.string().transform(blankAsUndefined).pipe(shape.turma_id),
  ano: z.string().transform(blankAsNumber).pipe(shape.ano),
  mes: z.string().transform(blankAsNumber).pipe(shape.mes),
  aluno_id: z.string().transform(blankAsUndefined).pipe(shape.aluno_id),
});
type Values = z.input<typeof schema>;

/**
 * 'Gerar mensalidades': by default every class's own school year (the months its Calendário year covers,
 * from each student's enrolment on); a class, a year, a month or a student narrow it. What it will
 * create — per class, with the total — shows before 'Gerar'; once created, the batch can be undone at
 * once ('Desfazer', with a reason).
 */
export function GenerateModal({
  onClose,
  onShowMonth,
}: {
  onClose: () => void;
  /** Shows the tuition list at a month ('YYYY-MM'): the first one just generated. */
  onShowMonth: (mes: string) => void;
}) {
  const [q, setQ] = useState('');
  const alunos = useAlunosFinanceiro(q);
  const settings = useFinanceSettings();
  const generate = useGenerateMensalidades();
  const [result, setResult] = useState<{ data: GerarMensalidadesResult; message?: string } | null>(null);
  const [undoing, setUndoing] = useState(false);
  const form = useSchemaForm(schema, { turma_id: '', ano: '', mes: '', aluno_id: '' });
  const values = useWatch({ control: form.control }) as Values;
  const body = useMemo(() => {
    const parsed = schema.safeParse(values);
    return parsed.success ? parsed.data : null;
  }, [values]);
  const preview = useGeracaoPreview(result ? null : body);

  const turmas = (settings.data?.turmas ?? []).filter((turma) => turma.valor_mensalidade !== null);
  const years = useMemo(() => {
    const set = new Set(turmas.map((turma) => turma.ano_letivo).filter((ano) => /^\d{4}$/.test(ano)));
    return [...set].sort();
  }, [turmas]);

  if (result && undoing && result.data.lote_id) {
    return <UndoModal loteId={result.data.lote_id} criadas={result.data.criadas} onClose={onClose} />;
  }
  if (result) {
    const firstMonth = firstGeneratedMonth(result.data);
    return (
      <Modal
        open
        onClose={onClose}
        size="md"
        title="Mensalidades geradas"
        description={result.message}
        footer={
          <>
            <Button variant="secondary" onClick={() => setUndoing(true)}>
              Desfazer
            </Button>
            {firstMonth ? (
              <>
                <Button variant="secondary" onClick={onClose}>
                  Concluir
                </Button>
                <Button
                  onClick={() => {
                    onShowMonth(firstMonth);
                    onClose();
                  }}
                >
                  Ver mensalidades de {formatMesReferencia(firstMonth)}
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>Concluir</Button>
            )}
          </>
        }
      >
        <div className="space-y-3 text-sm">
          <GenerationSummary summary={result.data} created />
          <p className="text-gray-600">
            Gerou por engano? <strong>Desfazer</strong> cancela de uma vez as mensalidades deste lote ainda
            sem pagamento, com o motivo que você informar (fica na auditoria).
          </p>
        </div>
      </Modal>
    );
  }

  const nothing = preview.data ? preview.data.data.mensalidades === 0 : true;
  return (
    <FormModal
      title="Gerar mensalidades"
      description="As mensalidades seguem o ano letivo de cada turma (as datas do Calendário) e começam no mês da matrícula de cada aluno, nunca antes. Confira a prévia antes de gerar."
      formId="generate-form"
      submitLabel="Gerar"
      size="lg"
      className="grid gap-4 sm:grid-cols-2"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (input) => {
        if (nothing) {
          // The preview already says why; 'Gerar' repeats it rather than running a run that makes nothing.
          toast(preview.data?.message ?? 'Nenhuma mensalidade nova nesta escolha.');
          return;
        }
        const created = await generate.mutateAsync(input);
        if (created.data.criadas === 0) {
          toast.success(created.message ?? 'Nenhuma mensalidade nova.');
          onClose();
          return;
        }
        setResult({ data: created.data, ...(created.message ? { message: created.message } : {}) });
      })}
    >
      <FormSelect name="turma_id" label="Turma" empty="Todas as turmas com mensalidade">
        {turmas.map((turma) => (
          <option key={turma.turma_id} value={turma.turma_id}>
            {turma.turma_nome} ({turma.ano_letivo})
          </option>
        ))}
      </FormSelect>
      <FormSelect
        name="ano"
        label="Ano"
        empty="Ano letivo de cada turma"
        options={Object.fromEntries(years.map((ano) => [ano, ano]))}
      />
      <FormSelect
        name="mes"
        label="Mês"
        empty="Todos os meses do ano letivo"
        options={Object.fromEntries(MONTH_NAMES.map((name, index) => [String(index + 1), name]))}
      />
      <div />
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
      <section
        aria-label="Prévia da geração"
        aria-live="polite"
        className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm sm:col-span-2"
      >
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">Prévia</h3>
        {!preview.data ? (
          preview.isError ? (
            <p className="text-red-700">Não foi possível calcular a prévia.</p>
          ) : (
            <Spinner label="Calculando a prévia..." />
          )
        ) : (
          <GenerationSummary
            summary={preview.data.data}
            created={false}
            message={preview.data.message}
            ano={body?.ano}
          />
        )}
      </section>
    </FormModal>
  );
}
