import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import type { MensalidadeDetail } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { keyRoots } from '../../lib/query-keys';
import { mensalidadeQuery } from './finance.api';

/** While a Pix code is on screen, how often its tuition is read again for the bank's notice. */
export const PIX_WATCH_MS = 3_000;

/**
 * The tuition behind a Pix code on screen, read again every few seconds (only while the tab is in view,
 * and at once when it comes back into view) until the bank's notice pays it. A family pays in the bank's
 * app and comes back to the portal: the dialog says it is confirmed, with no reload and nobody at the
 * school doing anything. Once paid, every finance list is read again (the card moves to the history).
 * Only a code that confirms itself (`watch`: the bank's charge, or a key the PSP reports) is watched: the
 * school's static key is confirmed by a person when the money arrives, and asking every 3 s for a notice
 * that never comes would only load the server while the dialog is open.
 */
export function usePixConfirmation(id: string, watch: boolean): MensalidadeDetail | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    ...mensalidadeQuery(id),
    enabled: watch,
    refetchInterval: (query) => (query.state.data?.status === 'pago' ? false : PIX_WATCH_MS),
    // 'always': back from the bank's app within the app's 15 s of freshness still asks again.
    refetchOnWindowFocus: (query) => (query.state.data?.status === 'pago' ? false : 'always'),
  });
  const paid = data?.status === 'pago';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: keyRoots.finance });
  }, [paid, queryClient]);
  return paid ? data : undefined;
}

/** In place of the code once the payment arrived: what was received, and when. */
export function PixConfirmado({ mensalidade, staff }: { mensalidade: MensalidadeDetail; staff: boolean }) {
  return (
    <div role="status" className="space-y-2 py-4 text-center" data-testid="pix-confirmado">
      <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-gray-900">Pagamento confirmado</p>
      <p className="text-sm text-gray-700">
        Recebemos <span className="whitespace-nowrap">{formatCentavos(mensalidade.valor_pago)}</span>
        {mensalidade.data_pagamento && ` em ${formatDate(mensalidade.data_pagamento)}`}.
        {!staff && ' O recibo está no Histórico.'}
      </p>
    </div>
  );
}

/** Beside a code that confirms itself: the dialog is waiting, and will say so when the bank tells. */
export function PixAguardando() {
  return (
    <p
      role="status"
      className="flex items-start justify-center gap-2 text-left text-sm text-gray-700"
      data-testid="pix-aguardando"
    >
      <Loader2
        className="mt-0.5 h-4 w-4 shrink-0 animate-spin motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span>
        Aguardando o pagamento. Depois de pagar, volte aqui: a confirmação aparece em poucos segundos.
      </span>
    </p>
  );
}
