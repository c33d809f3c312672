import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../shared/format';
import type { Fila } from '../../../shared/notificacoes.schemas';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { api, apiWithMessage } from '../../lib/api-client';
import { useBackgroundPoll } from '../../lib/background-poll';
import { keyRoots } from '../../lib/query-keys';

const filaKey = [...keyRoots.settings, 'fila'] as const;
const filaUrl = '/api/configuracoes/notificacoes/fila';

/** Configurações → Notificações: the e-mail/SMS outbox's state and its last errors (no addresses). */
export function DeliveryQueue() {
  const queryClient = useQueryClient();
  // Loaded when the screen opens (use of the session), refreshed every 15 s in the background (not use).
  useBackgroundPoll(filaKey, filaUrl, 15_000);
  const fila = useQuery({ queryKey: filaKey, queryFn: () => api<Fila>(filaUrl) });
  const retry = useMutation({
    mutationFn: () =>
      apiWithMessage<{ reenviadas: number }>('/api/configuracoes/notificacoes/fila/reenviar', {
        method: 'POST',
        globalErrors: false,
      }),
    onSuccess: (result) => {
      toast.success(result.message ?? 'Entregas recolocadas na fila');
      void queryClient.invalidateQueries({ queryKey: filaKey });
    },
  });
  if (fila.isPending) return <Spinner />;
  if (fila.isError) return <ErrorBanner>Erro ao carregar a fila de envios.</ErrorBanner>;
  const data = fila.data;
  return (
    <section aria-label="Fila de envios" className="space-y-3 border-t border-gray-100 pt-4">
      <h3 className="font-semibold text-gray-900">Fila de envios</h3>
      <p className="text-sm text-gray-600">
        E-mail:{' '}
        {data.email === 'smtp'
          ? 'servidor SMTP (SMTP_URL)'
          : 'não configurado — nenhuma mensagem sai (quem instalou o sistema configura o envio na variável SMTP_URL, veja o README)'}{' '}
        · SMS: {data.sms ? 'provedor configurado (SMS_URL)' : 'sem provedor'}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">Na fila</dt>
          <dd className="text-lg font-semibold">{data.pendentes}</dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">Enviadas (24 h)</dt>
          <dd className="text-lg font-semibold">{data.enviados_24h}</dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">Falharam</dt>
          <dd className="text-lg font-semibold">{data.falhas}</dd>
        </div>
      </dl>
      {data.proxima_tentativa && data.pendentes > 0 && (
        <p className="text-sm text-gray-600">
          Próximo envio a partir de {formatDateTime(data.proxima_tentativa)}.
        </p>
      )}
      {data.ultimos_erros.length > 0 && (
        <>
          <ul
            className="divide-y divide-gray-100 rounded-lg border border-gray-200 text-sm"
            aria-label="Últimos erros"
          >
            {data.ultimos_erros.map((erro) => (
              <li key={erro.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="text-gray-800">
                  {{ email: 'E-mail', sms: 'SMS', push: 'Notificação no celular' }[erro.canal]} · {erro.erro}
                </span>
                <span className="flex items-center gap-2">
                  <Badge tone={erro.status === 'falhou' ? 'red' : 'yellow'}>
                    {erro.status === 'falhou' ? 'Desistiu' : `Tentativa ${String(erro.tentativas)}`}
                  </Badge>
                  <span className="text-xs text-gray-500">{formatDateTime(erro.atualizado_em)}</span>
                </span>
              </li>
            ))}
          </ul>
          {data.falhas > 0 && (
            <Button variant="secondary" loading={retry.isPending} onClick={() => retry.mutate()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Tentar de novo as que falharam
            </Button>
          )}
        </>
      )}
    </section>
  );
}
