import { GraduationCap } from 'lucide-react';
import {
  userStatusLabels,
  userTipoLabels,
  type UserStatus,
  type User,
  type UserTipo,
} from '../../../shared/users.schemas';
import { builtInPerfilNames } from '../../../shared/permissions';
import { Badge, type BadgeTone } from '../../components/feedback';

const statusTones: Record<UserStatus, BadgeTone> = { ativo: 'green', inativo: 'gray', suspenso: 'red' };
const tipoTones: Record<UserTipo, BadgeTone> = {
  admin: 'purple',
  professor: 'blue',
  responsavel: 'yellow',
  aluno: 'green',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={statusTones[status]}>{userStatusLabels[status]}</Badge>;
}

export function UserTipoBadge({ tipo }: { tipo: UserTipo }) {
  return <Badge tone={tipoTones[tipo]}>{userTipoLabels[tipo]}</Badge>;
}

/** A professor account's teacher record (linked by e-mail, whichever of the two was created first). */
export function TeacherLink({ user }: { user: User }) {
  if (user.tipo !== 'professor') return null;
  return user.professor ? (
    <p className="inline-flex items-center gap-1 text-xs text-gray-600">
      <GraduationCap className="h-3.5 w-3.5" aria-hidden="true" />
      Cadastro de professor: {user.professor.nome}
    </p>
  ) : (
    <p className="text-xs text-amber-700" title="Cadastre em Professores com este mesmo e-mail para vincular">
      Sem cadastro em Professores
    </p>
  );
}

/** The access profiles an account holds (ADR 0025): what it may do, beside its kind. */
export function UserPerfis({ user }: { user: User }) {
  if (user.perfis.length === 0) {
    // An account holding no profile of its own acts by its kind's built-in one (a family, a student).
    const implied = user.tipo === 'admin' ? null : builtInPerfilNames[user.tipo];
    return implied ? <Badge tone="gray">{implied}</Badge> : <span className="text-gray-500">—</span>;
  }
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Perfis de ${user.nome}`}>
      {user.perfis.map((perfil) => (
        <li key={perfil.id}>
          <Badge tone="gray">{perfil.nome}</Badge>
        </li>
      ))}
    </ul>
  );
}
