import {
  userStatusLabels,
  userTipoLabels,
  type UserStatus,
  type UserTipo,
} from '../../../shared/users.schemas';
import { Badge, type BadgeTone } from '../../components/feedback';

const statusTones: Record<UserStatus, BadgeTone> = { ativo: 'green', inativo: 'gray', suspenso: 'red' };
const tipoTones: Record<UserTipo, BadgeTone> = { admin: 'purple', professor: 'blue', responsavel: 'yellow' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={statusTones[status]}>{userStatusLabels[status]}</Badge>;
}

export function UserTipoBadge({ tipo }: { tipo: UserTipo }) {
  return <Badge tone={tipoTones[tipo]}>{userTipoLabels[tipo]}</Badge>;
}
