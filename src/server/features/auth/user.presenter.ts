import { tipoByNivel, type Nivel } from '../../../shared/permissions.js';
import type { CurrentUser } from '../../../shared/auth.schemas.js';
import type { User, UserTipo } from '../../../shared/users.schemas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { UserAccess } from './user-permissions.js';

export const userTipoByNivel: Record<Nivel, UserTipo> = {
  administrador: 'admin',
  professor: 'professor',
  responsavel: 'responsavel',
  aluno: 'aluno',
};
export const nivelByUserTipo: Record<UserTipo, Nivel> = {
  admin: 'administrador',
  professor: 'professor',
  responsavel: 'responsavel',
  aluno: 'aluno',
};

export function toCurrentUser(row: UserRow, access: UserAccess): CurrentUser {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    usuario: row.email,
    nivel: row.nivel,
    tipo: tipoByNivel[row.nivel],
    ativo: row.status === 'ativo',
    primeiro_login: row.primeiroLogin,
    data_criacao: row.createdAt.toISOString(),
    permissoes: [...access.permissoes],
    perfis: [...access.perfis],
  };
}

/** `professor`: the teacher record linked to the account (professor accounts), or null. */
export function toUser(
  row: UserRow,
  professor: { id: string; nome: string } | null,
  perfis: { id: string; nome: string }[] = [],
): User {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    endereco: row.endereco,
    data_nascimento: row.dataNascimento,
    tipo: userTipoByNivel[row.nivel],
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ultimo_login: row.ultimoLogin?.toISOString() ?? null,
    primeiro_login: row.primeiroLogin,
    professor,
    perfis,
    version: row.version,
  };
}
