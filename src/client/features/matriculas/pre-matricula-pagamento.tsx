/**
 * 'Registrar pagamento da taxa' on a family's card (ADRs 0049, 0101): when the school enrols only after
 * the fee is paid, whoever receives money (the Financeiro's permission) records how it was paid; the
 * enrolment then runs and the fee's charge is made already paid — in the books, receipt and NFS-e.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  formaPagamentoLabels,
  formasPagamento,
  type FormaPagamento,
} from '../../../shared/mensalidades.schemas';
import { pagamentoTaxaInputSchema } from '../../../shared/pre-matricula.schemas';
import { ActionModal } from '../../components/action-modal';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { issuesByField } from '../../lib/form-errors';
import { registrarPagamento } from './pre-matricula.api';

export function PagamentoDaTaxa({ interessadoId, alunoNome }: { interessadoId: string; alunoNome: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [forma, setForma] = useState<FormaPagamento | ''>('');
  const [busy, setBusy] = useState(false);
  /** What is wrong with the form of payment (the shared schema's or the server's): under the field. */
  const [formaError, setFormaError] = useState<string | null>(null);
  /** Anything else the server refused (a 409): under the dialog's content. */
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
    setFormaError(null);
  };
  const record = async () => {
    const parsed = pagamentoTaxaInputSchema.safeParse({ forma });
    if (!parsed.success) {
      setFormaError(issuesByField(parsed.error.issues).forma ?? null);
      return;
    }
    setBusy(true);
    setError(null);
    setFormaError(null);
    try {
      const result = await registrarPagamento(interessadoId, parsed.data.forma);
      toast.success(result.message ?? 'Pagamento registrado.');
      close();
      await queryClient.invalidateQueries({ queryKey: ['matriculas'] });
    } catch (failure) {
      // The server's field error lands on the field; the dialog stays open with the choice made.
      const onField =
        failure instanceof ApiError ? failure.details.find((detail) => detail.path === 'forma') : undefined;
      if (onField) setFormaError(onField.message);
      else
        setError(failure instanceof ApiError ? failure.message : 'Não foi possível registrar o pagamento.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Registrar pagamento da taxa
      </Button>
      {open && (
        <ActionModal
          title="Registrar pagamento da taxa"
          description={`Taxa de matrícula de ${alunoNome}`}
          actionLabel="Registrar pagamento"
          busy={busy}
          error={error}
          onAction={() => void record()}
          onClose={close}
        >
          <p className="text-gray-700">
            A matrícula é feita em seguida, e a taxa entra no Financeiro já paga, com recibo.
          </p>
          <SelectField
            label="Forma de pagamento"
            value={forma}
            error={formaError ?? undefined}
            onChange={(event) => {
              setForma(event.target.value as FormaPagamento | '');
              setFormaError(null);
            }}
          >
            <option value="">Selecione</option>
            {formasPagamento.map((one) => (
              <option key={one} value={one}>
                {formaPagamentoLabels[one]}
              </option>
            ))}
          </SelectField>
        </ActionModal>
      )}
    </>
  );
}
