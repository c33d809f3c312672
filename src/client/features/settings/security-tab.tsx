import { useState } from 'react';
import toast from 'react-hot-toast';
import { SESSION_LIMITS, PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas';
import { nivelLabels, type Nivel } from '../../../shared/permissions';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge, Spinner } from '../../components/feedback';
import type { ActiveSession } from '../../../shared/settings.schemas';
import { useEndOtherSessions, useEndSession, useSessions } from './settings.api';

export function SecurityTab() {
  const { data: sessions, isLoading } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<ActiveSession | null>(null);
  const [endingAll, setEndingAll] = useState(false);

  const handleEndOne = async () => {
    if (!ending) return;
    try {
      await endOne.mutateAsync(ending.id);
      toast.success('Sessão encerrada');
    } finally {
      setEnding(null);
    }
  };
  const handleEndOthers = async () => {
    try {
      const result = await endOthers.mutateAsync();
      toast.success(result.message ?? 'Sessões encerradas');
    } finally {
      setEndingAll(false);
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="politica" className="rounded-lg border border-gray-200 bg-white p-4">
        <h3 id="politica" className="font-semibold text-gray-900">
          Política em vigor
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>
            Senhas com pelo menos {PASSWORD_MIN_LENGTH} caracteres, recusando senhas comuns ou vazadas e o
            nome da escola.
          </li>
          <li>Senhas guardadas com argon2id; o primeiro acesso exige a troca da senha.</li>
          <li>
            Sessão expira após {SESSION_LIMITS.idleMinutes} minutos sem uso e em no máximo{' '}
            {SESSION_LIMITS.absoluteHours} horas; com &quot;Lembrar-me&quot;,{' '}
            {SESSION_LIMITS.rememberIdleDays} dias sem uso e no máximo {SESSION_LIMITS.rememberAbsoluteDays}{' '}
            dias.
          </li>
          <li>Tentativas de login erradas são limitadas por conta e por endereço.</li>
          <li>Trocar a senha, desativar um usuário ou mudar o seu perfil encerra as sessões dele.</li>
        </ul>
      </section>

      <section aria-labelledby="sessoes">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id="sessoes" className="font-semibold text-gray-900">
            Sessões ativas
          </h3>
          <Button
            variant="secondary"
            onClick={() => setEndingAll(true)}
            disabled={!sessions || sessions.filter((session) => !session.atual).length === 0}
          >
            Encerrar todas as outras
          </Button>
        </div>
        {isLoading || !sessions ? (
          <Spinner />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-gray-200">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <thead className="bg-gray-50 text-left text-gray-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Usuário
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Início
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Último acesso
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    IP
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Dispositivo
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 bg-white">
                {sessions.map((session) => (
                  <tr key={session.id} data-testid="sessao">
                    <td className="px-4 py-2">
                      <p className="font-medium text-gray-900">{session.usuario.nome}</p>
                      <p className="text-xs text-gray-600">
                        {session.usuario.email} · {nivelLabels[session.usuario.nivel as Nivel]}
                      </p>
                    </td>
                    <td className="px-4 py-2 text-gray-700">{formatDateTime(session.iniciada_em)}</td>
                    <td className="px-4 py-2 text-gray-700">{formatDateTime(session.ultimo_acesso)}</td>
                    <td className="px-4 py-2 text-gray-700">{session.ip ?? '—'}</td>
                    <td className="px-4 py-2 text-gray-700">{session.dispositivo}</td>
                    <td className="px-4 py-2 text-right">
                      {session.atual ? (
                        <Badge tone="blue">Sessão atual</Badge>
                      ) : (
                        <Button variant="ghost" className="text-red-700" onClick={() => setEnding(session)}>
                          Encerrar
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={ending !== null}
        title="Encerrar sessão"
        message={`Encerrar a sessão de ${ending?.usuario.nome ?? ''} (${ending?.dispositivo ?? ''})? A pessoa precisará entrar de novo.`}
        confirmLabel="Encerrar"
        busy={endOne.isPending}
        onConfirm={() => void handleEndOne().catch(() => undefined)}
        onCancel={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endingAll}
        title="Encerrar todas as outras sessões"
        message="Todas as sessões, exceto esta, serão encerradas. Os usuários precisarão entrar de novo."
        confirmLabel="Encerrar todas"
        busy={endOthers.isPending}
        onConfirm={() => void handleEndOthers().catch(() => undefined)}
        onCancel={() => setEndingAll(false)}
      />
    </div>
  );
}
