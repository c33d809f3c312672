import type { EtapaCenso, PendenciasResponse } from '../../../shared/censo.schemas';
import { formatDate } from '../../../shared/format';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { etapaInfo, usePendencias } from './censo-painel.api';
import { PainelArquivo } from './painel-arquivo';
import { PainelContagens } from './painel-contagens';
import { PainelPendencias } from './painel-pendencias';

/** How many pendências (the list keeps at most 200 of each kind). */
const total = (dados: PendenciasResponse) => dados.pendencias_total ?? dados.pendencias.length;

function Cabecalho({ dados }: { dados: PendenciasResponse }) {
  return (
    <dl className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-gray-600">Data de referência</dt>
        <dd className="font-semibold text-gray-900">{formatDate(dados.data_referencia)}</dd>
      </div>
      <div>
        <dt className="text-gray-600">Leiaute do INEP</dt>
        <dd className="font-semibold text-gray-900">
          {dados.leiaute}
          {dados.leiaute !== dados.ano && (
            <span className="block font-normal text-gray-600">
              O leiaute de {dados.ano} ainda não está no sistema: usamos o de {dados.leiaute}.
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-gray-600">Pendências</dt>
        <dd className={`font-semibold ${total(dados) > 0 ? 'text-red-700' : 'text-green-700'}`}>
          {total(dados).toLocaleString('pt-BR')}
          {total(dados) > dados.pendencias.length && (
            <span className="block font-normal text-gray-600">
              A lista abaixo mostra até 200 de cada tipo ({dados.pendencias.length.toLocaleString('pt-BR')}).
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** One stage: its reference date and layout, the figures, the pending list and the file. */
export function PainelEtapa({ ano, etapa }: { ano: number; etapa: EtapaCenso }) {
  const query = usePendencias(ano, etapa);
  const info = etapaInfo[etapa];
  return (
    <section aria-labelledby={`etapa-${etapa}`} className="space-y-4">
      <div>
        <h2 id={`etapa-${etapa}`} className="text-lg font-semibold text-gray-900">
          {info.titulo}
        </h2>
        <p className="text-sm text-gray-600">{info.descricao}</p>
      </div>
      {query.isLoading ? (
        <Spinner label="Conferindo os dados do Censo..." />
      ) : query.isError || !query.data ? (
        <ErrorBanner>
          {query.error instanceof ApiError && query.error.status === 422
            ? query.error.message
            : 'Não foi possível conferir os dados do Censo. Tente novamente.'}
        </ErrorBanner>
      ) : (
        <>
          <Cabecalho dados={query.data} />
          <PainelArquivo ano={ano} etapa={etapa} pendencias={total(query.data)} />
          <h3 className="pt-2 text-base font-semibold text-gray-900">Números para conferir no Educacenso</h3>
          <PainelContagens contagens={query.data.contagens} comEquipe={etapa === 'matricula-inicial'} />
          <h3 className="pt-2 text-base font-semibold text-gray-900">O que o INEP rejeitaria</h3>
          <PainelPendencias pendencias={query.data.pendencias} />
        </>
      )}
    </section>
  );
}
