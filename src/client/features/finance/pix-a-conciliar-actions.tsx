/**
 * What the secretaria does with a Pix a conciliar, each after a confirmation: pay a mensalidade with it,
 * record it as a receita, have the school's bank return it to the payer (ADR 0092), or mark it refunded
 * by hand (docs/pix.md).
 */
import { useState } from 'react';
import { categoriasReceita } from '../../../shared/finance.schemas';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import type { PixAConciliar } from '../../../shared/pix-recebidos.schemas';
import { formatCentavos, formatDate, formatDateTime } from '../../../shared/format';
import { ActionModal, settleAction } from '../../components/action-modal';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Spinner } from '../../components/feedback';
import { InputField, SelectField } from '../../components/field';
import { useMensalidades } from './finance.api';
import { DevolverDialog, describePix } from './pix-devolucao';
import { usePixAction, type PixAction } from './pix-recebidos.api';

/** What a dialog does ('consultar-devolucao' is a button of its own, no dialog). */
export type PixActionKind = Exclude<PixAction['kind'], 'consultar-devolucao'>;

export function PixActionDialog({
  item,
  kind,
  onClose,
}: {
  item: PixAConciliar;
  kind: PixActionKind;
  onClose: () => void;
}) {
  const action = usePixAction();
  if (kind === 'devolvido')
    return (
      <ConfirmAction
        title="Marcar como devolvido"
        message={`O Pix de ${formatCentavos(item.valor)} (${formatDateTime(item.horario)}) sai da lista sem registrar pagamento nem receita.`}
        confirmLabel="Marcar como devolvido"
        danger={false}
        action={() => action.mutateAsync({ id: item.id, kind, body: {} })}
        success="Pix marcado como devolvido."
        failure="Não foi possível marcar o Pix como devolvido."
        onClose={onClose}
      />
    );
  if (kind === 'devolver') return <DevolverDialog item={item} onClose={onClose} />;
  return kind === 'receita' ? (
    <ReceitaDialog item={item} onClose={onClose} />
  ) : (
    <VincularDialog item={item} onClose={onClose} />
  );
}

function ReceitaDialog({ item, onClose }: { item: PixAConciliar; onClose: () => void }) {
  const action = usePixAction();
  const [descricao, setDescricao] = useState(
    `Pix recebido${item.pagador_nome ? ` de ${item.pagador_nome}` : ''}`,
  );
  const [categoria, setCategoria] = useState('Outros');
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    action.mutate(
      { id: item.id, kind: 'receita', body: { descricao: descricao.trim(), categoria } },
      settleAction('Pix lançado como receita.', onClose, setError),
    );
  return (
    <ActionModal
      onClose={onClose}
      busy={action.isPending}
      error={error}
      title="Lançar como receita"
      description={describePix(item)}
      actionLabel="Lançar receita"
      actionDisabled={descricao.trim() === ''}
      onAction={confirm}
    >
      <InputField
        label="Descrição"
        value={descricao}
        maxLength={200}
        onChange={(e) => setDescricao(e.target.value)}
        required
      />
      <SelectField label="Categoria" value={categoria} onChange={(e) => setCategoria(e.target.value)}>
        {categoriasReceita
          .filter((nome) => nome !== 'Mensalidade')
          .map((nome) => (
            <option key={nome}>{nome}</option>
          ))}
      </SelectField>
      <p className="text-gray-700">A receita entra no caixa na data do Pix, por Pix, já paga.</p>
    </ActionModal>
  );
}

const isOpen = (mensalidade: Mensalidade) =>
  mensalidade.status !== 'pago' && mensalidade.status !== 'cancelado';

function VincularDialog({ item, onClose }: { item: PixAConciliar; onClose: () => void }) {
  const action = usePixAction();
  const [q, setQ] = useState(item.mensalidade?.aluno_nome ?? item.pagador_nome ?? '');
  const [chosen, setChosen] = useState<string | null>(item.mensalidade?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const found = useMensalidades({ q: q.trim(), status: '', mes: '', page: 1 }, 24);
  const options = (found.data?.items ?? []).filter(isOpen);
  const selected = options.some((option) => option.id === chosen) ? chosen : null;
  const confirm = () => {
    if (!selected) return;
    action.mutate(
      { id: item.id, kind: 'vincular', body: { mensalidade_id: selected } },
      settleAction('Pix vinculado.', onClose, setError),
    );
  };
  return (
    <ActionModal
      onClose={onClose}
      busy={action.isPending}
      error={error}
      title="Vincular a uma mensalidade"
      description={describePix(item)}
      size="lg"
      actionLabel="Registrar pagamento"
      actionDisabled={!selected}
      onAction={confirm}
    >
      <InputField
        label="Aluno"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        hint="Busque pelo nome do aluno."
      />
      {found.isPending ? (
        <Spinner label="Buscando mensalidades…" />
      ) : options.length === 0 ? (
        <p className="text-gray-700">Nenhuma mensalidade em aberto encontrada.</p>
      ) : (
        <fieldset className="max-h-64 space-y-1 overflow-y-auto">
          <legend className="sr-only">Mensalidade</legend>
          {options.map((mensalidade) => (
            <label
              key={mensalidade.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg p-2 hover:bg-gray-50"
            >
              <input
                type="radio"
                name="mensalidade"
                checked={selected === mensalidade.id}
                onChange={() => setChosen(mensalidade.id)}
              />
              <span>
                <span className="font-medium text-gray-900">{mensalidade.aluno_nome}</span> ·{' '}
                {referenciaCobranca(mensalidade)} · {formatCentavos(mensalidade.valor_atualizado)} · vence{' '}
                {formatDate(mensalidade.data_vencimento)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="text-gray-700">
        O pagamento é registrado com o valor do Pix, na data do Pix. Menos que o devido fica como pagamento
        parcial.
      </p>
    </ActionModal>
  );
}
