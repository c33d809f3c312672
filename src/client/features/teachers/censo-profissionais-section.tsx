import { ClipboardList, Pencil, Plus, Trash2, UserCog } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { cargosGestor, rotuloDe } from '../../../shared/censo.codigos';
import type { CensoProfissional } from '../../../shared/censo.schemas';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useCensoProfissionais, useDeleteCensoProfissional } from './censo-profissionais.api';
import { CensoProfissionalDialog } from './censo-profissional-dialog';

/**
 * Professores → 'Gestor e outros profissionais' (Censo Escolar): the people the census asks about who
 * are not on the teaching staff — the director, first of all — with add, edit and remove; and the
 * 'Dados do Censo' dialog of any professional, opened by `?censo=<id>` (a teacher's id or the line's) or
 * `?censo=novo`: what a teacher's 'Censo' action and the census pending list's links set. For
 * `censo.manage` only.
 */
export function CensoProfissionaisSection() {
  const query = useCensoProfissionais();
  const remove = useDeleteCensoProfissional();
  const dialog = useRowDialog<{ form: CensoProfissional | null; delete: CensoProfissional }>();
  const { show } = dialog;
  const [params, setParams] = useSearchParams();
  const pedido = params.get('censo');
  const outros = query.data?.filter((item) => item.professor_id === null);

  // A link of the pending list opens the line it names (or the 'new professional' form) once loaded.
  useEffect(() => {
    if (!pedido || !query.data) return;
    const alvo = query.data.find((item) => item.id === pedido || item.professor_id === pedido);
    if (pedido === 'novo') show('form', null);
    else if (alvo) show('form', alvo);
    setParams(
      (atuais) => {
        atuais.delete('censo');
        return atuais;
      },
      { replace: true },
    );
  }, [pedido, query.data, show, setParams]);

  return (
    <section
      aria-labelledby="censo-profissionais-titulo"
      className="mt-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="censo-profissionais-titulo" className="flex items-center gap-2 font-semibold text-gray-900">
            <UserCog className="h-5 w-5 text-primary" aria-hidden="true" /> Gestor e outros profissionais
            (Censo Escolar)
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Quem o Censo pede e não é professor: a direção da escola em primeiro lugar. Os dados do Censo de
            cada professor ficam no botão <ClipboardList className="inline h-4 w-4" aria-label="Censo" /> da
            lista acima.
          </p>
        </div>
        <Button onClick={() => dialog.show('form', null)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar profissional
        </Button>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div className="mt-4">
          <ErrorBanner>Não foi possível carregar os profissionais do Censo. Recarregue a página.</ErrorBanner>
        </div>
      ) : outros!.length === 0 ? (
        <EmptyState
          icon={UserCog}
          title="Nenhum profissional fora do corpo docente"
          hint="Cadastre quem dirige a escola: o Censo exige ao menos um gestor."
        />
      ) : (
        <ul className="mt-4 divide-y divide-gray-100">
          {outros!.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{item.nome_exibicao}</p>
                <p className="text-sm text-gray-600">
                  {rotuloDe(cargosGestor, item.gestor_cargo) ?? 'Não é gestor'}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <IconButton
                  label={`Editar os dados do Censo de ${item.nome_exibicao}`}
                  onClick={() => dialog.show('form', item)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`Remover ${item.nome_exibicao} do Censo`}
                  onClick={() => dialog.show('delete', item)}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog.render('form', (atual) => (
        <CensoProfissionalDialog atual={atual} onClose={dialog.close} />
      ))}
      {dialog.render('delete', (item) => (
        <ConfirmAction
          title={`Remover ${item.nome_exibicao}`}
          message={`Remover ${item.nome_exibicao} e os dados do Censo desta pessoa? Se for gestor, a escola fica sem gestor no Censo até outro ser cadastrado.`}
          confirmLabel="Remover"
          action={() => remove.mutateAsync(item.id)}
          success="Profissional removido do Censo."
          failure="Não foi possível remover o profissional."
          onClose={dialog.close}
        />
      ))}
    </section>
  );
}
