import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ShieldX } from 'lucide-react';
import {
  can,
  nivelLabels,
  niveis,
  permissionLabels,
  permissionsOf,
  type Access,
  type Nivel,
  type Permission,
} from '../../shared/permissions';
import { formatList } from '../../shared/format';
import { paths } from '../../shared/routes';
import { Button } from '../components/button';
import { Spinner } from '../components/feedback';
import { homeLinkWords, useCurrentUser } from '../lib/current-user';
import { returnAddressOf } from '../lib/return-path';

const roleLines: Record<Nivel, string> = {
  administrador: 'Apenas administradores podem acessar esta área.',
  professor: 'Apenas professores podem acessar esta área.',
  responsavel: 'Apenas responsáveis podem acessar esta área.',
  aluno: 'Apenas alunos podem acessar esta área.',
};

const groupWords: Record<Nivel, string> = {
  administrador: 'administradores',
  professor: 'professores',
  responsavel: 'responsáveis',
  aluno: 'alunos',
};

/**
 * The levels that hold the permission, to name them on the access-denied page: Mensagens is the
 * professores', the responsáveis' and the administradores' — not 'only the professores''.
 */
function levelsWith(access: Access): Nivel[] {
  const holders = niveis.filter((nivel) => can(nivel, access));
  return holders.length > 0 ? holders : ['administrador'];
}

/**
 * `profile`: the level has the area but the person's profile does not (a Coordenação at the Financeiro):
 * the page names the profile and what it lacks, not a level list that contains their own.
 */
export function AccessDenied({
  nivel,
  required,
  profile,
}: {
  nivel: Nivel;
  required: Nivel[];
  profile?: { perfis: readonly string[]; needs: readonly string[] } | undefined;
}) {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-4">
      <div className="max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <ShieldX className="mx-auto h-14 w-14 text-red-500" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">Você não tem permissão para acessar esta página.</p>
        {profile ? (
          <>
            <p className="mt-1 text-sm text-gray-600">
              O seu perfil de acesso não inclui esta área. Quem define os perfis é a direção, em Usuários.
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-3 text-left text-sm">
              <dt className="text-gray-600">{profile.perfis.length > 1 ? 'Seus perfis' : 'Seu perfil'}</dt>
              <dd className="font-medium text-gray-900">
                {profile.perfis.length > 0 ? formatList([...profile.perfis]) : nivelLabels[nivel]}
              </dd>
              <dt className="text-gray-600">Permissão necessária</dt>
              <dd className="font-medium text-gray-900">{profile.needs.join('; ou ')}</dd>
            </dl>
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-gray-600">
              {required.length === 1
                ? roleLines[required[0]!]
                : `Esta área é para ${formatList(required.map((item) => groupWords[item]))}.`}
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-3 text-sm">
              <dt className="text-gray-600">Seu nível</dt>
              <dd className="font-medium text-gray-900">{nivelLabels[nivel]}</dd>
              <dt className="text-gray-600">
                {required.length === 1 ? 'Nível necessário' : 'Níveis com acesso'}
              </dt>
              <dd className="font-medium text-gray-900">
                {formatList(required.map((item) => nivelLabels[item]))}
              </dd>
            </dl>
          </>
        )}
        <div className="mt-6 flex justify-center gap-2">
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            Voltar
          </Button>
          <Link
            to={paths.dashboard}
            className="inline-flex min-h-10 items-center rounded-lg bg-primary-strong px-4 py-2 text-sm font-medium text-white hover:brightness-110"
          >
            {homeLinkWords({ nivel }).ir}
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * Signs in first, then the first-login password change (nothing else opens until the temporary password
 * is replaced), then the permission of `shared/permissions.ts`.
 */
export function RequireAuth({ access, children }: { access?: Access; children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <Spinner label="Carregando..." />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: returnAddressOf(location) }} />;
  if (user.primeiro_login) return <Navigate to={paths.changePassword} replace />;
  if (access && !can(permissionsOf(user), access)) {
    const required = levelsWith(access);
    // The level has the area; the profile does not (the staff's profiles, ADR 0025).
    const byProfile = required.includes(user.nivel) && access !== 'authenticated' && access !== 'public';
    const needs = (typeof access === 'string' ? [access] : access) as readonly Permission[];
    return (
      <AccessDenied
        nivel={user.nivel}
        required={required}
        profile={
          byProfile
            ? { perfis: user.perfis ?? [], needs: needs.map((permission) => permissionLabels[permission]) }
            : undefined
        }
      />
    );
  }
  return children;
}
