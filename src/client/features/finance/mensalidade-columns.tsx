import { Barcode, FileText, QrCode, type LucideIcon } from 'lucide-react';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { lastDayWithoutCharges } from '../../../shared/calendar';
import { formatCentavos, formatDate, todayIso } from '../../../shared/format';
import { Button, type ButtonProps } from '../../components/button';
import type { Column } from '../../components/data-table';
import { Badge } from '../../components/feedback';
import { MensalidadeStatusBadge } from './finance-ui';

export function isOpen(mensalidade: Mensalidade) {
  return (
    mensalidade.status === 'pendente' ||
    mensalidade.status === 'vencido' ||
    mensalidade.status === 'em_confirmacao'
  );
}

/**
 * The value, its discount (a bolsa) and why; late amounts: multa + juros and the updated total; once paid, what was paid
 * (a late month paid with its charges is not the value a parent finds on the bank statement).
 */
export function MensalidadeValor({ mensalidade }: { mensalidade: Mensalidade }) {
  const open = isOpen(mensalidade);
  return (
    <div>
      <p className="font-medium text-gray-900">{formatCentavos(mensalidade.valor)}</p>
      {/* 'de R$ 850,00' under R$ 425,00 read as half paid: the discount is named, with its reason. */}
      {mensalidade.valor !== mensalidade.valor_original && (
        <p className="text-xs text-gray-600">
          desconto {formatCentavos(mensalidade.valor_original - mensalidade.valor)}
          {mensalidade.motivo_desconto ? ` · ${mensalidade.motivo_desconto}` : ''}
        </p>
      )}
      {mensalidade.multa + mensalidade.juros > 0 && (
        <p className={`text-xs ${open ? 'text-red-700' : 'text-gray-600'}`}>
          multa {formatCentavos(mensalidade.multa)} + juros {formatCentavos(mensalidade.juros)}
        </p>
      )}
      {mensalidade.status === 'pago' && mensalidade.valor_pago !== mensalidade.valor && (
        <p className="text-xs font-semibold text-green-800">pago {formatCentavos(mensalidade.valor_pago)}</p>
      )}
      {open && mensalidade.valor_atualizado !== mensalidade.valor && (
        <p className="text-xs font-semibold text-gray-900">
          atualizado {formatCentavos(mensalidade.valor_atualizado)}
        </p>
      )}
      {mensalidade.principal_pago > 0 && open && (
        <p className="text-xs text-amber-700">pago parcialmente: {formatCentavos(mensalidade.valor_pago)}</p>
      )}
    </div>
  );
}

/** Which mensalidade a button is about, for its accessible name: the student and the month. */
export const which = (mensalidade: Mensalidade) =>
  `${mensalidade.aluno_nome}, ${referenciaCobranca(mensalidade)}`;

interface MensalidadeButtonProps {
  mensalidade: Mensalidade;
  onClick: () => void;
}

/** A family's action in words; its accessible name adds which mensalidade it is about. */
function WordedButton({
  mensalidade,
  onClick,
  label,
  icon: Icon,
  variant,
}: MensalidadeButtonProps & { label: string; icon: LucideIcon; variant?: ButtonProps['variant'] }) {
  return (
    <Button
      variant={variant}
      className="min-h-9 px-3"
      aria-label={`${label}: ${which(mensalidade)}`}
      onClick={onClick}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * 'Pagar com Pix' in words, as families see it; a month the automatic debit will pay (`debitoAgendado`)
 * can still be paid now, as the secondary action.
 */
export function PixButton({
  debitoAgendado = false,
  ...props
}: MensalidadeButtonProps & { debitoAgendado?: boolean }) {
  return debitoAgendado ? (
    <WordedButton {...props} label="Pagar agora pelo Pix mesmo assim" icon={QrCode} variant="secondary" />
  ) : (
    <WordedButton {...props} label="Pagar com Pix" icon={QrCode} />
  );
}

/** 'Recibo' in words: downloads the receipt of what was paid. */
export function ReceiptButton(props: MensalidadeButtonProps) {
  return <WordedButton {...props} label="Recibo" icon={FileText} variant="secondary" />;
}

/** 'Boleto' in words: opens the boleto (PDF and linha digitável) when the school issues boletos. */
export function BoletoButton(props: MensalidadeButtonProps) {
  return <WordedButton {...props} label="Boleto" icon={Barcode} variant="secondary" />;
}

export const mensalidadeColumns: Column<Mensalidade>[] = [
  {
    id: 'aluno',
    header: 'Aluno',
    sortable: true,
    cell: (mensalidade) => (
      <>
        <p className="font-medium text-gray-900">{mensalidade.aluno_nome}</p>
        <p className="text-gray-600">
          {referenciaCobranca(mensalidade)}
          {mensalidade.turma_nome ? ` · ${mensalidade.turma_nome}` : ''}
        </p>
      </>
    ),
  },
  {
    id: 'vencimento',
    header: 'Vencimento',
    sortable: true,
    cell: (mensalidade) => (
      <div className="text-gray-700">
        {mensalidade.data_pagamento && mensalidade.status === 'pago' ? (
          // Paid: when it was paid is what matters; "Vence 06/12" on a settled charge reads as still owed.
          <>
            <p className="whitespace-nowrap text-green-700">
              Pago em {formatDate(mensalidade.data_pagamento)}
            </p>
            <p className="text-xs whitespace-nowrap">vencimento {formatDate(mensalidade.data_vencimento)}</p>
          </>
        ) : (
          <p className="whitespace-nowrap">
            {mensalidade.data_vencimento < todayIso() ? 'Venceu' : 'Vence'}{' '}
            {formatDate(mensalidade.data_vencimento)}
          </p>
        )}
        {mensalidade.status === 'pendente' && mensalidade.data_vencimento < todayIso() && (
          // Due on a weekend or holiday: paid on the next business day without charges (Lei 7.089/1983).
          <p className="text-xs">
            sem multa até {formatDate(lastDayWithoutCharges(mensalidade.data_vencimento))}
          </p>
        )}
        {mensalidade.motivo_cancelamento && (
          <p className="text-xs text-gray-500">{mensalidade.motivo_cancelamento}</p>
        )}
        {mensalidade.negociacao && (
          <p className="text-xs text-purple-800">Negociação: {mensalidade.negociacao.motivo}</p>
        )}
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    card: 'badge',
    cell: (mensalidade) => (
      <div className="flex flex-wrap items-center gap-1">
        <MensalidadeStatusBadge status={mensalidade.status} />
        {mensalidade.negociacao && (
          <span title={mensalidade.negociacao.motivo}>
            <Badge tone="purple">Em negociação</Badge>
          </span>
        )}
      </div>
    ),
  },
  {
    id: 'valor',
    header: 'Valor',
    sortable: true,
    cell: (mensalidade) => <MensalidadeValor mensalidade={mensalidade} />,
  },
];
