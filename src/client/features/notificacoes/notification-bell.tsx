import { Bell, CheckCheck, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Popover } from 'radix-ui';
import toast from 'react-hot-toast';
import { formatCount, formatDateTime } from '../../../shared/format';
import type { Notificacao } from '../../../shared/notificacoes.schemas';
import { IconButton } from '../../components/button';
import { Spinner } from '../../components/feedback';
import { PreferencesModal } from './preferences-modal';
import { useMarkRead, useNotificacoes, useUnreadCount } from './notificacoes.api';

/** The top bar's bell: the unread count live, the latest notifications, each leading to its subject. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [prefsOpen, setPrefsOpen] = useState(false);
  const count = useUnreadCount(true);
  const list = useNotificacoes(open);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const openItem = (item: Notificacao) => {
    if (!item.lida_em) markRead.mutate([item.id]);
    setOpen(false);
    if (item.link) void navigate(item.link);
  };
  const label = count > 0 ? `Notificações: ${formatCount(count, 'não lida', 'não lidas')}` : 'Notificações';
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <IconButton label={label} className="relative">
            <Bell className="h-5 w-5" aria-hidden="true" />
            {count > 0 && (
              <span
                data-testid="contador-notificacoes"
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
              >
                {count > 99 ? '99+' : count}
              </span>
            )}
          </IconButton>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-gray-200 bg-white text-sm shadow-lg"
          >
            <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-4 py-3">
              <p className="font-semibold text-gray-900">Notificações</p>
              <div className="flex gap-1">
                {count > 0 && (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary-strong hover:bg-gray-100"
                    onClick={() =>
                      markRead
                        .mutateAsync(undefined)
                        .catch(() => toast.error('Não foi possível marcar como lidas.'))
                    }
                  >
                    <CheckCheck className="h-4 w-4" aria-hidden="true" /> Marcar todas como lidas
                  </button>
                )}
                <IconButton
                  label="Preferências de notificação"
                  onClick={() => {
                    setOpen(false);
                    setPrefsOpen(true);
                  }}
                >
                  <Settings2 className="h-4 w-4" aria-hidden="true" />
                </IconButton>
              </div>
            </div>
            <div className="max-h-96 overflow-y-auto">
              {list.isPending ? (
                <div className="p-4">
                  <Spinner />
                </div>
              ) : list.isError ? (
                <p className="p-4 text-red-700">Erro ao carregar as notificações.</p>
              ) : list.data.items.length === 0 ? (
                <p className="p-4 text-gray-600">Você não tem notificações.</p>
              ) : (
                <ul className="divide-y divide-gray-100" aria-label="Lista de notificações">
                  {list.data.items.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        onClick={() => openItem(item)}
                        className={`block w-full px-4 py-3 text-left hover:bg-gray-50 ${item.lida_em ? '' : 'bg-blue-50/60'}`}
                      >
                        <span className={`block text-gray-900 ${item.lida_em ? '' : 'font-semibold'}`}>
                          {!item.lida_em && <span className="sr-only">Não lida: </span>}
                          {item.titulo}
                        </span>
                        <span className="mt-0.5 block text-gray-600">{item.texto}</span>
                        <span className="mt-0.5 block text-xs text-gray-500">
                          {formatDateTime(item.created_at)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {prefsOpen && <PreferencesModal onClose={() => setPrefsOpen(false)} />}
    </>
  );
}
