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
import { ActionModal } from '../../components/action-modal';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { registrarPagamento } from './pre-matricula.api';

export function PagamentoDaTaxa({ interessadoId, alunoNome }: { interessadoId: string; alunoNome: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [forma, setForma] = useState<FormaPagamento | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const record = async () => {
    if (!forma) {
      setError('Escolha a forma de pagamento.');
      return;
    }
    setBusy(true);
    try {
      const result = await registrarPagamento(interessadoId, forma);
      toast.success(result.message ?? 'Pagamento registrado.');
      close();
      await queryClient.invalidateQueries({ queryKey: ['matriculas'] });
    } catch (failure) {
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
            onChange={(event) => setForma(event.target.value as FormaPagamento | '')}
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
