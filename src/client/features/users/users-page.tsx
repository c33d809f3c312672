import { Eye, KeyRound, Pencil, Plus, Power, ShieldCheck, UserCheck, UserCog, Users } from 'lucide-react';
import { formatDate, formatDateTime } from '../../../shared/format';
import { userSortColumns, userStatusLabels, userTipoLabels, type User } from '../../../shared/users.schemas';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import type { Column } from '../../components/data-table';
import { PageHeader, StatGrid } from '../../components/feedback';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useCurrentUser } from '../../lib/current-user';
import { useListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { ResetPasswordModal } from './reset-password-modal';
import { UserDetailsModal } from './user-details-modal';
import { UserFormModal } from './user-form-modal';
import { TeacherLink, UserPerfis, UserStatusBadge, UserTipoBadge } from './user-badges';
import { userFilterDefaults, useToggleUserStatus, useUsers, USERS_PAGE_SIZE } from './users.api';

const whoIs = (user: User) => `${user.nome}, ${user.email}`;
const lastLogin = (user: User) => (user.ultimo_login ? formatDateTime(user.ultimo_login) : 'Nunca');

const columns: Column<User>[] = [
  {
    id: 'nome',
    header: 'Usuário',
    sortable: true,
    card: 'title',
    cell: (user) => (
      <>
        <p className="font-medium text-gray-900">{user.nome}</p>
        <p className="truncate text-gray-600">{user.email}</p>
        <TeacherLink user={user} />
        {user.primeiro_login && <p className="text-xs text-amber-700">Aguardando primeiro login</p>}
      </>
    ),
  },
  { id: 'tipo', header: 'Tipo', sortable: true, cell: (user) => <UserTipoBadge tipo={user.tipo} /> },
  { id: 'perfis', header: 'Perfis', cell: (user) => <UserPerfis user={user} /> },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    cell: (user) => <UserStatusBadge status={user.status} />,
  },
  {
    id: 'ultimo_login',
    header: 'Último Login',
    sortable: true,
    cell: (user) => <span className="whitespace-nowrap text-gray-700">{lastLogin(user)}</span>,
  },
  {
    id: 'created_at',
    header: 'Criado em',
    sortable: true,
    // Beside the sidebar, a 1366 px laptop had no room left for the actions (the card keeps the date).
    hideBelow: '2xl',
    cell: (user) => <span className="whitespace-nowrap text-gray-700">{formatDate(user.created_at)}</span>,
  },
];

export function UsersPage() {
  const { data: me } = useCurrentUser();
  const list = useListState({ defaults: userFilterDefaults, sortable: userSortColumns });
  const users = useUsers(list.query);
  const dialog = useRowDialog<{ create: null; edit: User; reset: User; details: User; toggle: User }>();
  const toggle = useToggleUserStatus();
  const data = users.data;

  return (
    <div>
      <PageHeader
        title="Gestão de Usuários"
        subtitle="Contas de acesso ao portal: equipe, professores, responsáveis e alunos"
        actions={
          <Button onClick={() => dialog.show('create')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Novo Usuário
          </Button>
        }
      />

      <StatGrid
        stats={[
          { label: 'Total', value: data?.counts.total, icon: Users, tone: 'blue' },
          { label: 'Equipe', value: data?.counts.admins, icon: ShieldCheck, tone: 'purple' },
          { label: 'Ativos', value: data?.counts.ativos, icon: UserCheck, tone: 'green' },
          { label: 'Primeiro Login', value: data?.counts.primeiroLogin, icon: KeyRound, tone: 'yellow' },
        ]}
      />

      <FilterBar>
        <SearchFilter list={list} name="q" placeholder="Nome ou e-mail" />
        <SelectFilter list={list} name="tipo" label="Tipo" options={userTipoLabels} all="Todos os tipos" />
        <SelectFilter
          list={list}
          name="status"
          label="Status"
          options={userStatusLabels}
          all="Todos os status"
        />
      </FilterBar>

      <DataList
        label="Usuários do portal"
        query={users}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: USERS_PAGE_SIZE }}
        columns={columns}
        rowKey={(user) => user.id}
        errorMessage="Erro ao carregar usuários"
        empty={{
          icon: UserCog,
          title: 'Nenhum usuário encontrado',
          hint: list.isFiltered ? 'Tente ajustar os filtros de busca' : 'Comece criando um novo usuário',
        }}
        actions={(user) => (
          <>
            {/* Two people may share a name: the e-mail (unique) tells their buttons apart to a screen reader. */}
            <IconButton label={`Ver detalhes de ${whoIs(user)}`} onClick={() => dialog.show('details', user)}>
              <Eye className="h-4 w-4" aria-hidden="true" />
            </IconButton>
            <IconButton label={`Editar ${whoIs(user)}`} onClick={() => dialog.show('edit', user)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </IconButton>
            <IconButton label={`Resetar senha de ${whoIs(user)}`} onClick={() => dialog.show('reset', user)}>
              <KeyRound className="h-4 w-4" aria-hidden="true" />
            </IconButton>
            <IconButton
              label={`${user.status === 'ativo' ? 'Desativar' : 'Ativar'} ${whoIs(user)}`}
              disabled={user.id === me?.id}
              onClick={() => dialog.show('toggle', user)}
            >
              <Power
                className={`h-4 w-4 ${user.status === 'ativo' ? 'text-red-600' : 'text-green-600'}`}
                aria-hidden="true"
              />
            </IconButton>
          </>
        )}
      />

      {dialog.render('create', () => (
        <UserFormModal user={null} onClose={dialog.close} />
      ))}
      {dialog.render('edit', (user) => (
        <UserFormModal user={user} onClose={dialog.close} />
      ))}
      {dialog.render('reset', (user) => (
        <ResetPasswordModal user={user} onClose={dialog.close} />
      ))}
      {dialog.render('details', (user) => (
        <UserDetailsModal user={user} onClose={dialog.close} />
      ))}
      {dialog.render('toggle', (user) => (
        <ConfirmAction
          title={user.status === 'ativo' ? 'Desativar usuário' : 'Ativar usuário'}
          message={
            user.status === 'ativo'
              ? `${user.nome} não poderá mais entrar no portal e as sessões abertas serão encerradas agora.`
              : `${user.nome} poderá voltar a entrar no portal.`
          }
          confirmLabel={user.status === 'ativo' ? 'Desativar' : 'Ativar'}
          danger={user.status === 'ativo'}
          action={() => toggle.mutateAsync(user.id)}
          success="Status alterado"
          failure="Erro ao alterar status do usuário"
          serverFailureMessage={false}
          onClose={dialog.close}
        />
      ))}
    </div>
  );
}
