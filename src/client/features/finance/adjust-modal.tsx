import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatMesReferencia, type Mensalidade } from '../../../shared/finance.schemas';
import { formatCentavos } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useAdjustMensalidade } from './finance.api';

/** Cancel a tuition or grant a discount on it, always with a reason (audited). */
export function AdjustModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const [kind, setKind] = useState<'desconto' | 'cancelar'>(
    mensalidade.principal_pago > 0 ? 'desconto' : 'cancelar',
  );
  const [motivo, setMotivo] = useState('');
  const [desconto, setDesconto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adjust = useAdjustMensalidade();

  const handleSubmit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    if (motivo.trim().length < 3) {
      setError('Informe o motivo');
      return;
    }
    const centavos = kind === 'desconto' ? parseReais(desconto) : 0;
    if (centavos === null) {
      setError('Informe o desconto em reais, por exemplo 100,00.');
      return;
    }
    adjust.mutate(
      { id: mensalidade.id, kind, motivo: motivo.trim(), desconto: centavos },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Mensalidade atualizada.');
          onClose();
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'Erro ao salvar'),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={adjust.isPending}
      title="Cancelar ou conceder desconto"
      description={`${mensalidade.aluno_nome} · ${formatMesReferencia(mensalidade.mes_referencia)} · ${formatCentavos(mensalidade.valor_original)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={adjust.isPending}>
            Voltar
          </Button>
          <Button
            type="submit"
            form="adjust-form"
            variant={kind === 'cancelar' ? 'danger' : 'primary'}
            loading={adjust.isPending}
          >
            {kind === 'cancelar' ? 'Cancelar mensalidade' : 'Aplicar desconto'}
          </Button>
        </>
      }
    >
      <form id="adjust-form" onSubmit={handleSubmit} noValidate className="space-y-4">
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <SelectField
          label="Ação"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'desconto' | 'cancelar')}
        >
          <option value="desconto">Conceder desconto</option>
          <option value="cancelar" disabled={mensalidade.principal_pago > 0}>
            Cancelar mensalidade
          </option>
        </SelectField>
        {kind === 'desconto' && (
          <InputField
            label="Desconto total sobre o valor original (R$)"
            inputMode="decimal"
            required
            value={desconto}
            onChange={(event) => setDesconto(event.target.value)}
          />
        )}
        <TextAreaField
          label="Motivo"
          required
          rows={3}
          value={motivo}
          onChange={(event) => setMotivo(event.target.value)}
        />
      </form>
    </Modal>
  );
}
