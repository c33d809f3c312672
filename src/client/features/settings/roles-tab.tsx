import { useState } from 'react';
import { Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatCount } from '../../../shared/format';
import type { Perfil, Permissao } from '../../../shared/perfis.schemas';
import { groupBy } from '../../../shared/group-by';
import { can, isPermission, permissionLabelFor, permissionsOf } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useCurrentUser } from '../../lib/current-user';
import { useDeletePerfil, usePerfis, usePermissoes } from '../../domain/perfis.api';
import { PerfilFormModal } from './perfil-form-modal';

function PerfilCard({
  perfil,
  permissoes,
  manages,
  onEdit,
  onCopy,
  onDelete,
}: {
  perfil: Perfil;
  permissoes: Permissao[];
  manages: boolean;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const held = new Set(perfil.permissoes);
  const groups = [
    ...groupBy(
      permissoes.filter((item) => held.has(item.id)),
      (item) => item.grupo,
    ),
  ];
  return (
    <article className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-gray-900">{perfil.nome}</h3>
          <p className="text-xs text-gray-600">
            {perfil.padrao ? 'Perfil padrão' : 'Perfil personalizado'} ·{' '}
            {formatCount(perfil.usuarios, 'usuário', 'usuários')}
          </p>
        </div>
        {manages && (
          <div className="flex gap-1">
            <Button
              variant="secondary"
              onClick={onCopy}
              aria-label={`Criar perfil a partir de ${perfil.nome}`}
            >
              <Copy className="h-4 w-4" aria-hidden="true" /> Copiar
            </Button>
            {!perfil.padrao && (
              <>
                <Button variant="secondary" onClick={onEdit} aria-label={`Editar ${perfil.nome}`}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Editar
                </Button>
                <Button variant="secondary" onClick={onDelete} aria-label={`Excluir ${perfil.nome}`}>
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                </Button>
              </>
            )}
          </div>
        )}
      </header>
      <dl className="mt-3 space-y-2 text-sm">
        {groups.map(([grupo, items]) => (
          <div key={grupo}>
            <dt className="font-medium text-gray-800">{grupo}</dt>
            <dd>
              <ul className="ml-4 list-disc text-gray-700">
                {items.map((item) => (
                  <li key={item.id}>
                    {isPermission(item.id) ? permissionLabelFor(item.id, perfil.nivel) : item.rotulo}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * Configurações → Perfis de acesso (ADR 0025): each profile with its permissions by group; Direção (who
 * holds 'perfis.manage') creates, copies, edits and deletes the school's own profiles.
 */
export function RolesTab() {
  const { data: me } = useCurrentUser();
  const perfis = usePerfis();
  const permissoes = usePermissoes();
  const remove = useDeletePerfil();
  const [editing, setEditing] = useState<{ perfil: Perfil | null; base: Perfil | null } | null>(null);
  const [deleting, setDeleting] = useState<Perfil | null>(null);
  if (perfis.isError || permissoes.isError) return <ErrorBanner>Erro ao carregar os perfis.</ErrorBanner>;
  if (!perfis.data || !permissoes.data) return <Spinner />;
  const manages = can(permissionsOf(me), 'perfis.manage');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="max-w-2xl text-sm text-gray-600">
          O que cada perfil pode fazer no portal. Uma pessoa pode ter mais de um perfil e soma as permissões.
          Professores só alcançam as próprias turmas e responsáveis só os próprios filhos, em todas as telas e
          na API.
        </p>
        {manages && (
          <Button onClick={() => setEditing({ perfil: null, base: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Novo perfil
          </Button>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {perfis.data.map((perfil) => (
          <PerfilCard
            key={perfil.id}
            perfil={perfil}
            permissoes={permissoes.data}
            manages={manages}
            onEdit={() => setEditing({ perfil, base: null })}
            onCopy={() => setEditing({ perfil: null, base: perfil })}
            onDelete={() => setDeleting(perfil)}
          />
        ))}
      </div>
      {editing && (
        <PerfilFormModal
          perfil={editing.perfil}
          base={editing.base}
          permissoes={permissoes.data}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmAction
          title="Excluir perfil"
          message={`Excluir o perfil "${deleting.nome}"? Esta ação não pode ser desfeita.`}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync(deleting.id)}
          success="Perfil excluído com sucesso!"
          failure="Erro ao excluir o perfil."
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
