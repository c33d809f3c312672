import { formatDate, formatDateTime, formatPhone } from '../../../shared/format';
import { userTipoLabels, type User } from '../../../shared/users.schemas';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { UserStatusBadge } from './user-badges';

export function UserDetailsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const rows: [string, React.ReactNode][] = [
    ['Nome', user.nome],
    ['E-mail', user.email],
    ['Telefone', formatPhone(user.telefone) || '—'],
    ['Endereço', user.endereco ?? '—'],
    ['Data de nascimento', user.data_nascimento ? formatDate(user.data_nascimento) : '—'],
    ['Tipo', userTipoLabels[user.tipo]],
    ...(user.tipo === 'professor'
      ? ([
          [
            'Cadastro de professor',
            user.professor?.nome ?? 'Nenhum (cadastre em Professores com este e-mail)',
          ],
        ] as [string, React.ReactNode][])
      : []),
    ['Status', <UserStatusBadge key="status" status={user.status} />],
    ['Primeiro login pendente', user.primeiro_login ? 'Sim' : 'Não'],
    ['Último login', user.ultimo_login ? formatDateTime(user.ultimo_login) : 'Nunca'],
    ['Criado em', formatDateTime(user.created_at)],
  ];
  return (
    <Modal
      open
      onClose={onClose}
      title="Detalhes do Usuário"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      <dl className="divide-y divide-gray-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-3 py-2 text-sm">
            <dt className="text-gray-600">{label}</dt>
            <dd className="col-span-2 font-medium break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
