import { useDeferredValue, useState } from 'react';
import toast from 'react-hot-toast';
import {
  Eye,
  KeyRound,
  Pencil,
  Plus,
  Power,
  Search,
  ShieldCheck,
  UserCheck,
  UserCog,
  Users,
} from 'lucide-react';
import { formatDate, formatDateTime } from '../../../shared/format';
import {
  userStatuses,
  userStatusLabels,
  userTipoLabels,
  userTipos,
  type User,
} from '../../../shared/users.schemas';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InputField, SelectField } from '../../components/field';
import { EmptyState, ErrorBanner, PageHeader, Spinner, StatCard } from '../../components/feedback';
import { Pagination } from '../../components/pagination';
import { useCurrentUser } from '../auth/auth.api';
import { ResetPasswordModal } from './reset-password-modal';
import { UserDetailsModal } from './user-details-modal';
import { UserFormModal } from './user-form-modal';
import { TeacherLink, UserStatusBadge, UserTipoBadge } from './user-badges';
import { useToggleUserStatus, useUsers, USERS_PAGE_SIZE, type UserFilters } from './users.api';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'reset'; user: User }
  | { kind: 'details'; user: User }
  | { kind: 'toggle'; user: User }
  | null;

function UserActions({
  user,
  isSelf,
  onOpen,
}: {
  user: User;
  isSelf: boolean;
  onOpen: (dialog: Dialog) => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <IconButton label={`Ver detalhes de ${user.nome}`} onClick={() => onOpen({ kind: 'details', user })}>
        <Eye className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton label={`Editar ${user.nome}`} onClick={() => onOpen({ kind: 'edit', user })}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton label={`Resetar senha de ${user.nome}`} onClick={() => onOpen({ kind: 'reset', user })}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton
        label={`${user.status === 'ativo' ? 'Desativar' : 'Ativar'} ${user.nome}`}
        disabled={isSelf}
        onClick={() => onOpen({ kind: 'toggle', user })}
      >
        <Power
          className={`h-4 w-4 ${user.status === 'ativo' ? 'text-red-600' : 'text-green-600'}`}
          aria-hidden="true"
        />
      </IconButton>
    </div>
  );
}

export function UsersPage() {
  const { data: me } = useCurrentUser();
  const [q, setQ] = useState('');
  const [tipo, setTipo] = useState<UserFilters['tipo']>('todos');
  const [status, setStatus] = useState<UserFilters['status']>('todos');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const deferredQ = useDeferredValue(q.trim());
  const filters: UserFilters = { q: deferredQ, tipo, status, page };
  const { data, isLoading, isError, isFetching } = useUsers(filters);
  const toggle = useToggleUserStatus();
  const filtered = deferredQ !== '' || tipo !== 'todos' || status !== 'todos';

  const handleToggle = (user: User) => {
    toggle.mutate(user.id, {
      onSuccess: (result) => {
        toast.success(result.message ?? 'Status alterado');
        setDialog(null);
      },
      onError: () => toast.error('Erro ao alterar status do usuário'),
    });
  };

  return (
    <div>
      <PageHeader
        title="Gestão de Usuários"
        subtitle="Contas de acesso ao portal: administradores, professores e responsáveis"
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Novo Usuário
          </Button>
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total" value={data?.counts.total ?? '—'} icon={Users} tone="blue" />
        <StatCard label="Admins" value={data?.counts.admins ?? '—'} icon={ShieldCheck} tone="purple" />
        <StatCard label="Ativos" value={data?.counts.ativos ?? '—'} icon={UserCheck} tone="green" />
        <StatCard
          label="Primeiro Login"
          value={data?.counts.primeiroLogin ?? '—'}
          icon={KeyRound}
          tone="yellow"
        />
      </div>

      <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto]">
        <InputField
          label="Buscar"
          type="search"
          placeholder="Nome ou e-mail"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          trailing={<Search className="mr-2 h-4 w-4 text-gray-400" aria-hidden="true" />}
        />
        <SelectField
          label="Tipo"
          value={tipo}
          onChange={(event) => {
            setTipo(event.target.value as UserFilters['tipo']);
            setPage(1);
          }}
        >
          <option value="todos">Todos os tipos</option>
          {userTipos.map((value) => (
            <option key={value} value={value}>
              {userTipoLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as UserFilters['status']);
            setPage(1);
          }}
        >
          <option value="todos">Todos os status</option>
          {userStatuses.map((value) => (
            <option key={value} value={value}>
              {userStatusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>

      {isError && <ErrorBanner>Erro ao carregar usuários</ErrorBanner>}
      {isLoading ? (
        <Spinner />
      ) : data && data.items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white">
          <EmptyState
            icon={UserCog}
            title="Nenhum usuário encontrado"
            hint={filtered ? 'Tente ajustar os filtros de busca' : 'Comece criando um novo usuário'}
          />
        </div>
      ) : data ? (
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white" aria-busy={isFetching}>
          <ul className="divide-y divide-gray-100 md:hidden" aria-label="Usuários do portal">
            {data.items.map((user) => (
              <li key={user.id} className="space-y-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">{user.nome}</p>
                    <p className="truncate text-sm text-gray-600">{user.email}</p>
                    <TeacherLink user={user} />
                  </div>
                  <UserStatusBadge status={user.status} />
                </div>
                <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                  <UserTipoBadge tipo={user.tipo} />
                  <span>Último login: {user.ultimo_login ? formatDateTime(user.ultimo_login) : 'Nunca'}</span>
                </div>
                <UserActions user={user} isSelf={user.id === me?.id} onOpen={setDialog} />
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Usuários do portal</caption>
              <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Usuário
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Tipo
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Último Login
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Criado em
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Ações
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.items.map((user) => (
                  <tr key={user.id} className="hover:bg-gray-50">
                    <td className="px-4 py-3">
                      <p className="font-medium text-gray-900">{user.nome}</p>
                      <p className="text-gray-600">{user.email}</p>
                      <TeacherLink user={user} />
                      {user.primeiro_login && (
                        <p className="text-xs text-amber-700">Aguardando primeiro login</p>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <UserTipoBadge tipo={user.tipo} />
                    </td>
                    <td className="px-4 py-3">
                      <UserStatusBadge status={user.status} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                      {user.ultimo_login ? formatDateTime(user.ultimo_login) : 'Nunca'}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                      {formatDate(user.created_at)}
                    </td>
                    <td className="px-4 py-3">
                      <UserActions user={user} isSelf={user.id === me?.id} onOpen={setDialog} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={USERS_PAGE_SIZE} total={data.total} onChange={setPage} />
        </div>
      ) : null}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormModal user={dialog.kind === 'edit' ? dialog.user : null} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'details' && <UserDetailsModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'toggle' && (
        <ConfirmDialog
          open
          title={dialog.user.status === 'ativo' ? 'Desativar usuário' : 'Ativar usuário'}
          message={
            dialog.user.status === 'ativo'
              ? `${dialog.user.nome} não poderá mais entrar no portal e as sessões abertas serão encerradas agora.`
              : `${dialog.user.nome} poderá voltar a entrar no portal.`
          }
          confirmLabel={dialog.user.status === 'ativo' ? 'Desativar' : 'Ativar'}
          danger={dialog.user.status === 'ativo'}
          busy={toggle.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => handleToggle(dialog.user)}
        />
      )}
    </div>
  );
}
