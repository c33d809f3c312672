/** Staff's admissions funnel: board, list, figures, a family's timeline (issue 34 §1). */
import { AnuidadesAvisos } from './anuidades-avisos';
import { useState } from 'react';
import { Plus, RefreshCw, UserPlus } from 'lucide-react';
import { paths } from '../../../shared/routes';
import { etapaFunilLabels, etapasFunil, type EtapaFunil } from '../../../shared/matriculas.schemas';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { PageTab, PageTabs } from '../../components/page-tabs';
import { useTabParam, useUrlParams } from '../../lib/use-list-state';
import { FunilBoard } from './funil-board';
import { FamiliaDrawer } from './funil-familia';
import { FunilIndicadores } from './funil-indicadores';
import { FunilList } from './funil-list';
import { NovaFamiliaModal } from './funil-nova-familia';
import { useInteressados } from './funil.api';

const tabs = [
  { value: 'quadro', label: 'Quadro' },
  { value: 'lista', label: 'Lista' },
  { value: 'indicadores', label: 'Indicadores' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const field = 'min-h-10 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm';

export function FunilPage() {
  const [tab, setTab] = useTabParam<Tab>(
    tabs.map((item) => item.value),
    'quadro',
  );
  const [params, update] = useUrlParams();
  const thisYear = new Date().getFullYear();
  const ano = Number(params.get('ano')) || thisYear + 1;
  const serie = params.get('serie') ?? '';
  const busca = params.get('busca') ?? '';
  const etapaParam = params.get('etapa');
  const etapa = (etapasFunil as readonly string[]).includes(etapaParam ?? '')
    ? (etapaParam as EtapaFunil)
    : undefined;
  const familiaId = params.get('familia');
  const query = useInteressados({
    ano_letivo: ano,
    ...(serie ? { serie } : {}),
    ...(busca ? { busca } : {}),
    ...(tab === 'lista' && etapa ? { etapa } : {}),
  });
  const familias = query.data ?? [];
  const series = [...new Set(familias.map((item) => item.serie))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
  const open = (id: string) => update({ familia: id });
  const [nova, setNova] = useState(false);

  return (
    <div>
      <PageHeader
        title="Matrículas"
        subtitle="Famílias interessadas, da visita ao contrato assinado. As do site chegam aqui sozinhas; as atendidas na escola ou por telefone entram em Nova família."
        actions={
          <>
            <ButtonLink to={paths.rematriculaOnline} variant="secondary">
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              Rematrícula online
            </ButtonLink>
            <Button onClick={() => setNova(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Nova família
            </Button>
          </>
        }
      />
      <AnuidadesAvisos />
      <div className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Filtrar famílias">
        <label className="flex flex-col text-xs font-medium text-gray-600">
          Ano letivo
          <select className={field} value={ano} onChange={(event) => update({ ano: event.target.value })}>
            {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        {tab !== 'indicadores' && (
          <>
            <label className="flex flex-col text-xs font-medium text-gray-600">
              Série
              <select
                className={field}
                value={serie}
                onChange={(event) => update({ serie: event.target.value || null })}
              >
                <option value="">Todas</option>
                {[...new Set([...series, ...(serie ? [serie] : [])])].map((item) => (
                  <option key={item} value={item}>
                    {item}
                  </option>
                ))}
              </select>
            </label>
            {tab === 'lista' && (
              <label className="flex flex-col text-xs font-medium text-gray-600">
                Etapa
                <select
                  className={field}
                  value={etapa ?? ''}
                  onChange={(event) => update({ etapa: event.target.value || null })}
                >
                  <option value="">Todas</option>
                  {etapasFunil.map((item) => (
                    <option key={item} value={item}>
                      {etapaFunilLabels[item]}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="flex min-w-52 flex-1 flex-col text-xs font-medium text-gray-600">
              Buscar
              <input
                type="search"
                className={field}
                defaultValue={busca}
                placeholder="Nome, e-mail ou telefone"
                onKeyDown={(event) => {
                  if (event.key === 'Enter')
                    update({ busca: event.currentTarget.value.trim() || null }, { replace: true });
                }}
                onBlur={(event) =>
                  update({ busca: event.currentTarget.value.trim() || null }, { replace: true })
                }
              />
            </label>
          </>
        )}
      </div>
      <PageTabs label="Visões do funil" tabs={tabs} value={tab} onChange={setTab}>
        {(['quadro', 'lista'] as const).map((value) => (
          <PageTab key={value} value={value}>
            {query.isLoading ? (
              <Spinner />
            ) : query.isError ? (
              <ErrorBanner>Não foi possível carregar o funil. Tente de novo em instantes.</ErrorBanner>
            ) : familias.length === 0 ? (
              <EmptyState
                icon={UserPlus}
                title={
                  busca || serie || etapa
                    ? 'Nenhuma família com estes filtros'
                    : `Nenhuma família para ${String(ano)} ainda`
                }
                hint="As famílias que preenchem 'Agende uma visita / Quero matricular' no site aparecem aqui; as atendidas na escola entram em Nova família."
              />
            ) : value === 'quadro' ? (
              <FunilBoard familias={familias} onOpen={open} />
            ) : (
              <FunilList familias={familias} onOpen={open} />
            )}
          </PageTab>
        ))}
        <PageTab value="indicadores">
          <FunilIndicadores ano={ano} />
        </PageTab>
      </PageTabs>
      {familiaId && <FamiliaDrawer id={familiaId} onClose={() => update({ familia: null })} />}
      {nova && (
        <NovaFamiliaModal
          ano={ano}
          onClose={() => setNova(false)}
          onCreated={(id) => {
            setNova(false);
            open(id);
          }}
        />
      )}
    </div>
  );
}
