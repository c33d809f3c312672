import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  categoriasDespesa,
  categoriasReceita,
  formaPagamentoLabels,
  formasPagamento,
  type FormaPagamento,
  type Transacao,
  type TransacaoStatus,
  type TransacaoTipo,
} from '../../../shared/finance.schemas';
import { todayIso } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useSaveTransacao } from './finance.api';
import { centavosToInput } from './finance-ui';

/** 'Nova Receita' / 'Nova Despesa' and their edit form. */
export function TransacaoFormModal({
  tipo,
  transacao,
  onClose,
}: {
  tipo: TransacaoTipo;
  transacao: Transacao | null;
  onClose: () => void;
}) {
  const save = useSaveTransacao();
  const categorias = tipo === 'receita' ? categoriasReceita : categoriasDespesa;
  const [descricao, setDescricao] = useState(transacao?.descricao ?? '');
  const [categoria, setCategoria] = useState(transacao?.categoria ?? categorias[0] ?? 'Outros');
  const [valor, setValor] = useState(transacao ? centavosToInput(transacao.valor) : '');
  const [data, setData] = useState(transacao?.data ?? todayIso());
  const [forma, setForma] = useState<FormaPagamento | ''>(transacao?.forma_pagamento ?? 'pix');
  const [status, setStatus] = useState<TransacaoStatus>(transacao?.status ?? 'pago');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const label = tipo === 'receita' ? 'Receita' : 'Despesa';

  const handleSubmit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (descricao.trim() === '') next.descricao = 'Descrição é obrigatória';
    const centavos = parseReais(valor);
    if (centavos === null || centavos <= 0) next.valor = 'Informe um valor positivo, por exemplo 1.234,56';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(data)) next.data = 'Data inválida';
    setErrors(next);
    if (Object.keys(next).length > 0 || centavos === null) return;
    setFormError(null);
    save.mutate(
      {
        ...(transacao ? { id: transacao.id } : {}),
        input: {
          tipo,
          descricao: descricao.trim(),
          categoria,
          valor: centavos,
          data,
          forma_pagamento: forma === '' ? null : forma,
          status,
          ...(transacao ? { version: transacao.version } : {}),
        },
      },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? `${label} salva!`);
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError) {
            const fieldErrors = Object.fromEntries(
              failure.details.map((detail) => [detail.path, detail.message]),
            );
            setErrors(fieldErrors);
            setFormError(failure.message);
          } else setFormError('Erro ao salvar');
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      title={transacao ? `Editar ${label}` : `Nova ${label}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="transacao-form" loading={save.isPending}>
            Salvar
          </Button>
        </>
      }
    >
      <form id="transacao-form" onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {formError && (
          <div className="sm:col-span-2">
            <ErrorBanner>{formError}</ErrorBanner>
          </div>
        )}
        <div className="sm:col-span-2">
          <InputField
            label="Descrição"
            required
            value={descricao}
            error={errors.descricao}
            onChange={(event) => setDescricao(event.target.value)}
          />
        </div>
        <SelectField
          label="Categoria"
          value={categoria}
          onChange={(event) => setCategoria(event.target.value)}
        >
          {[...new Set([...categorias, categoria])].map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Valor (R$)"
          inputMode="decimal"
          required
          value={valor}
          error={errors.valor}
          onChange={(event) => setValor(event.target.value)}
        />
        <InputField
          label="Data"
          type="date"
          required
          value={data}
          error={errors.data}
          onChange={(event) => setData(event.target.value)}
        />
        <SelectField
          label="Forma"
          value={forma}
          onChange={(event) => setForma(event.target.value as FormaPagamento | '')}
        >
          <option value="">Não informada</option>
          {formasPagamento.map((value) => (
            <option key={value} value={value}>
              {formaPagamentoLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as TransacaoStatus)}
        >
          <option value="pago">Pago</option>
          <option value="pendente">Pendente</option>
        </SelectField>
      </form>
    </Modal>
  );
}
