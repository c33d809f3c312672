import { MonitorSmartphone } from 'lucide-react';
import { SESSION_LIMITS, PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas';
import { nivelLabels, type Nivel } from '../../../shared/permissions';
import { formatDateTime } from '../../../shared/format';
import type { ActiveSession } from '../../../shared/settings.schemas';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import type { Column } from '../../components/data-table';
import { Badge } from '../../components/feedback';
import { useListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useEndOtherSessions, useEndSession, useSessions } from './settings.api';

const sessionSortColumns = ['usuario', 'inicio', 'ultimo'] as const;

const sessionColumns: Column<ActiveSession>[] = [
  {
    id: 'usuario',
    header: 'Usuário',
    sortValue: (session) => session.usuario.nome,
    cell: (session) => (
      <>
        <p className="font-medium text-gray-900">{session.usuario.nome}</p>
        <p className="text-xs text-gray-600">
          {session.usuario.email} · {nivelLabels[session.usuario.nivel as Nivel]}
        </p>
      </>
    ),
  },
  {
    id: 'inicio',
    header: 'Início',
    sortValue: (session) => session.iniciada_em,
    cell: (session) => <span className="text-gray-700">{formatDateTime(session.iniciada_em)}</span>,
  },
  {
    id: 'ultimo',
    header: 'Último acesso',
    sortValue: (session) => session.ultimo_acesso,
    cell: (session) => <span className="text-gray-700">{formatDateTime(session.ultimo_acesso)}</span>,
  },
  { id: 'ip', header: 'IP', cell: (session) => <span className="text-gray-700">{session.ip ?? '—'}</span> },
  {
    id: 'dispositivo',
    header: 'Dispositivo',
    cell: (session) => <span className="text-gray-700">{session.dispositivo}</span>,
  },
];

export function SecurityTab() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  // Sorted in the browser (the list is small and all in memory); the sort survives reload in the URL.
  const list = useListState({ defaults: {}, sortable: sessionSortColumns });
  const dialog = useRowDialog<{ end: ActiveSession; endAll: null }>();
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

      <section aria-labelledby="sessoes" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="sessoes" className="font-semibold text-gray-900">
            Sessões ativas
          </h3>
          <Button
            variant="secondary"
            onClick={() => dialog.show('endAll')}
            disabled={!sessions.data || sessions.data.filter((session) => !session.atual).length === 0}
          >
            Encerrar todas as outras
          </Button>
        </div>
        <DataList
          label="Sessões ativas"
          query={sessions}
          rows={sessions.data}
          list={list}
          columns={sessionColumns}
          rowKey={(session) => session.id}
          rowProps={() => ({ 'data-testid': 'sessao' })}
          errorMessage="Erro ao carregar as sessões"
          empty={{ icon: MonitorSmartphone, title: 'Nenhuma sessão ativa' }}
          actions={(session) =>
            session.atual ? (
              <Badge tone="blue">Sessão atual</Badge>
            ) : (
              <Button variant="ghost" className="text-red-700" onClick={() => dialog.show('end', session)}>
                Encerrar
              </Button>
            )
          }
        />
      </section>

      {dialog.render('end', (session) => (
        <ConfirmAction
          title="Encerrar sessão"
          message={`Encerrar a sessão de ${session.usuario.nome} (${session.dispositivo})? A pessoa precisará entrar de novo.`}
          confirmLabel="Encerrar"
          action={() => endOne.mutateAsync(session.id)}
          success="Sessão encerrada"
          failure="Erro ao encerrar a sessão"
          closeOnError
          onClose={dialog.close}
        />
      ))}
      {dialog.render('endAll', () => (
        <ConfirmAction
          title="Encerrar todas as outras sessões"
          message="Todas as sessões, exceto esta, serão encerradas. Os usuários precisarão entrar de novo."
          confirmLabel="Encerrar todas"
          action={() => endOthers.mutateAsync()}
          success="Sessões encerradas"
          failure="Erro ao encerrar as sessões"
          closeOnError
          onClose={dialog.close}
        />
      ))}
    </div>
  );
}
