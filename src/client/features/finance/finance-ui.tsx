import { Badge, type BadgeTone } from '../../components/feedback';
import { mensalidadeStatusLabels, type MensalidadeStatus } from '../../../shared/mensalidades.schemas';
import { centavosToDecimal } from '../../../shared/money';

const statusTones: Record<MensalidadeStatus, BadgeTone> = {
  pago: 'green',
  pendente: 'yellow',
  vencido: 'red',
  cancelado: 'gray',
  em_confirmacao: 'blue',
};

export function MensalidadeStatusBadge({ status }: { status: MensalidadeStatus }) {
  return <Badge tone={statusTones[status]}>{mensalidadeStatusLabels[status]}</Badge>;
}

/** Centavos → the text a pt-BR user types ("850,00"). */
export function centavosToInput(centavos: number): string {
  return centavosToDecimal(centavos).replace('.', ',');
}

export function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);
}
