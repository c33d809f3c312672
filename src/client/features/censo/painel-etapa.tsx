import { useState } from 'react';
import toast from 'react-hot-toast';
import { Download, TriangleAlert } from 'lucide-react';
import type { EtapaCenso, PendenciasResponse } from '../../../shared/censo.schemas';
import { formatDate } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { etapaInfo, useBaixarArquivo, usePendencias } from './censo-painel.api';
import { PainelContagens } from './painel-contagens';
import { PainelPendencias } from './painel-pendencias';

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
        <dd className={`font-semibold ${dados.pendencias.length > 0 ? 'text-red-700' : 'text-green-700'}`}>
          {dados.pendencias.length}
        </dd>
      </div>
    </dl>
  );
}

/** Downloads, with the Direção's 'baixar mesmo assim' behind a confirmation that says it is audited. */
function Downloads({ ano, etapa, pendencias }: { ano: number; etapa: EtapaCenso; pendencias: number }) {
  const { data: me } = useCurrentUser();
  const direcao = can(permissionsOf(me), 'settings.manage');
  const baixar = useBaixarArquivo(ano, etapa);
  const [confirmar, setConfirmar] = useState(false);
  const run = (forcar: boolean) =>
    baixar.mutate(forcar, {
      onSuccess: () => toast.success('Arquivo baixado. Envie-o na opção Migração do Educacenso.'),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.message ? error.message : 'Não foi possível baixar o arquivo.',
        ),
      onSettled: () => setConfirmar(false),
    });
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button onClick={() => run(false)} disabled={pendencias > 0} loading={baixar.isPending && !confirmar}>
        <Download className="h-4 w-4" aria-hidden="true" /> Baixar arquivo
      </Button>
      {pendencias > 0 && (
        <p className="text-sm text-gray-600">Resolva as pendências abaixo para baixar o arquivo.</p>
      )}
      {pendencias > 0 && direcao && (
        <Button variant="secondary" onClick={() => setConfirmar(true)}>
          <TriangleAlert className="h-4 w-4" aria-hidden="true" /> Baixar mesmo assim
        </Button>
      )}
      <ConfirmDialog
        open={confirmar}
        title="Baixar o arquivo com pendências?"
        message={`O arquivo tem ${String(pendencias)} ${pendencias === 1 ? 'pendência' : 'pendências'} e o INEP pode rejeitar os registros afetados. Este download fica registrado na auditoria com o seu nome.`}
        confirmLabel="Baixar mesmo assim"
        busy={baixar.isPending}
        onCancel={() => setConfirmar(false)}
        onConfirm={() => run(true)}
      />
    </div>
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
          <Downloads ano={ano} etapa={etapa} pendencias={query.data.pendencias.length} />
          <h3 className="pt-2 text-base font-semibold text-gray-900">Números para conferir no Educacenso</h3>
          <PainelContagens contagens={query.data.contagens} comEquipe={etapa === 'matricula-inicial'} />
          <h3 className="pt-2 text-base font-semibold text-gray-900">O que o INEP rejeitaria</h3>
          <PainelPendencias pendencias={query.data.pendencias} />
        </>
      )}
    </section>
  );
}
