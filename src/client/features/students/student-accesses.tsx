import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ChevronDown, ChevronUp, Eye } from 'lucide-react';
import { accessViaLabels } from '../../../shared/access-log.schemas';
import { formatDateTime } from '../../../shared/format';
import { can, nivelLabels, permissionsOf } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useCurrentUser } from '../../lib/current-user';
import { api, toQuery } from '../../lib/api-client';
import type { AccessEntry } from '../../../shared/access-log.schemas';
import type { Page } from '../../../shared/api';
import { keyRoots } from '../../lib/query-keys';

const PAGE_SIZE = 10;

function useStudentAccesses(alunoId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...keyRoots.audit, 'acessos', 'aluno', alunoId, page],
    queryFn: () =>
      api<Page<AccessEntry>>(`/api/alunos/${alunoId}/acessos${toQuery({ page, pageSize: PAGE_SIZE })}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * 'Quem acessou': the staff who opened this student's record, newest first, so the secretaria can
 * answer a family (LGPD). Loaded on demand: opening the section is not itself a view of the record.
 */
export function StudentAccesses({ alunoId }: { alunoId: string }) {
  const { data: me } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const accesses = useStudentAccesses(alunoId, page, open && can(permissionsOf(me), 'privacy.manage'));
  if (!can(permissionsOf(me), 'privacy.manage')) return null;
  const headingId = `quem-acessou-${alunoId}`;
  const listId = `quem-acessou-lista-${alunoId}`;
  const data = accesses.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-gray-800">
          Quem acessou esta ficha
        </h3>
        <Button
          variant="secondary"
          className="min-h-11"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Eye className="h-4 w-4" aria-hidden="true" />
          )}
          {open ? 'Ocultar acessos' : 'Mostrar acessos'}
        </Button>
      </div>
      {open && (
        <div id={listId} className="space-y-2">
          {accesses.isPending ? (
            <Spinner label="Carregando acessos..." />
          ) : accesses.isError || !data ? (
            <ErrorBanner>Erro ao carregar os acessos.</ErrorBanner>
          ) : data.total === 0 ? (
            <p className="text-sm text-gray-600">Ninguém da escola abriu esta ficha até agora.</p>
          ) : (
            <>
              <p className="text-sm text-gray-600">
                {data.total === 1 ? '1 acesso registrado' : `${String(data.total)} acessos registrados`} por
                professores e pela secretaria.
              </p>
              <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
                {data.items.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3 text-sm">
                    <span className="font-medium text-gray-900">
                      {entry.usuario_nome ?? '—'}{' '}
                      <span className="font-normal text-gray-600">({nivelLabels[entry.nivel]})</span>
                    </span>
                    <span className="text-gray-600">
                      {accessViaLabels[entry.via]} · {formatDateTime(entry.em)}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap items-center justify-between gap-2">
                {pages > 1 ? (
                  <div className="flex items-center gap-2 text-sm text-gray-600">
                    <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Mais recentes
                    </Button>
                    <span>
                      Página {page} de {pages}
                    </span>
                    <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                      Mais antigos <ChevronDown className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                ) : (
                  <span />
                )}
                <Link
                  to={`${paths.audit}?aba=acessos&aluno_id=${alunoId}`}
                  className="text-sm font-medium text-primary-strong underline"
                >
                  Ver na Auditoria
                </Link>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
