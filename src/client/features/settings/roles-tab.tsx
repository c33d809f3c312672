import { Check, Minus } from 'lucide-react';
import { Spinner } from '../../components/feedback';
import { useRoles } from './settings.api';

/** The role → permission matrix the server enforces (src/shared/permissions.ts), read-only. */
export function RolesTab() {
  const { data: roles, isLoading } = useRoles();
  if (isLoading || !roles) return <Spinner />;
  const permissions = roles[0]?.permissoes ?? [];
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">
        O que cada perfil pode fazer no portal. Professores só veem as próprias turmas e responsáveis só os
        próprios filhos; essas regras valem em todas as telas e na API.
      </p>
      <div className="overflow-x-auto rounded-lg border border-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Permissões por perfil</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                Permissão
              </th>
              {roles.map((role) => (
                <th
                  key={role.nivel}
                  scope="col"
                  className="px-4 py-3 text-center font-semibold text-gray-700"
                >
                  {role.nome}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {permissions.map((permission, index) => (
              <tr key={permission.chave}>
                <th scope="row" className="px-4 py-2 text-left font-normal text-gray-800">
                  {permission.descricao}
                </th>
                {roles.map((role) => {
                  const allowed = role.permissoes[index]?.permitido === true;
                  return (
                    <td key={role.nivel} className="px-4 py-2 text-center">
                      {allowed ? (
                        <Check className="mx-auto h-4 w-4 text-green-600" aria-label="Permitido" />
                      ) : (
                        <Minus className="mx-auto h-4 w-4 text-gray-400" aria-label="Não permitido" />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
