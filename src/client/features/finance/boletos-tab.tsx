/**
 * Financeiro → Boletos (issue 36 §1, docs/cnab.md): what goes to the bank in the next remessa, 'Gerar
 * remessa' (the file downloads), the past remessas, 'Enviar retorno' (choose or drop the bank's file) with
 * what it did, the boletos the bank rejected with its reason, and the retorno lines to reconcile.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, CheckCircle2, Download, Landmark } from 'lucide-react';
import type { CnabPainel } from '../../../shared/cnab.schemas';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount, formatDate, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { Badge, EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { baixarRemessa, useBoletosPainel, useGerarRemessa } from './boletos.api';
import { Card } from './boletos-card';
import { AConciliarCard } from './boletos-conciliar';
import { RetornoCard } from './boletos-retorno';

const PREVIEW = 10;

const movimentoLabels = {
  entrada: 'Registrar',
  baixa: 'Baixar',
  alteracao_vencimento: 'Novo vencimento',
} as const;

export function BoletosTab() {
  const painel = useBoletosPainel();
  if (painel.isPending) return <Spinner label="Carregando os boletos…" />;
  if (painel.isError)
    return (
      <div className="space-y-3">
        <ErrorBanner>Não foi possível carregar os boletos.</ErrorBanner>
        <Button variant="secondary" onClick={() => void painel.refetch()}>
          Tentar de novo
        </Button>
      </div>
    );
  const data = painel.data;
  if (!data.banco)
    return (
      <EmptyState
        icon={Landmark}
        title="Boleto registrado desligado"
        hint="Ligue o boleto e informe o convênio com o banco em Configurações → Financeiro → Boleto."
      />
    );
  return (
    <div className="space-y-4">
      {!data.banco_suportado && (
        <ErrorBanner>
          O arquivo CNAB 240 ainda não está disponível para o banco {data.banco}: hoje há Banco do Brasil
          (001) e Sicoob (756).
        </ErrorBanner>
      )}
      <RemessaCard painel={data} />
      <RetornoCard />
      <RejeitadosCard painel={data} />
      <AConciliarCard itens={data.nao_encontrados} />
      <RemessasCard painel={data} />
    </div>
  );
}

function RemessaCard({ painel }: { painel: CnabPainel }) {
  const gerar = useGerarRemessa();
  const [error, setError] = useState<string | null>(null);
  // A month's boletos are hundreds: the first few, and the rest on request, so the retorno stays near.
  const [todos, setTodos] = useState(false);
  const shown = todos ? painel.pendentes : painel.pendentes.slice(0, PREVIEW);
  const prontos = painel.pendentes.filter((item) => item.problema === null);
  const handleGerar = () => {
    setError(null);
    gerar.mutate(undefined, {
      onSuccess: () => toast.success('Remessa gerada: envie o arquivo pelo aplicativo do banco.'),
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <Card id="remessa-titulo" title={`Próxima remessa (${painel.pendentes.length.toLocaleString('pt-BR')})`}>
      <div className="space-y-3 p-4">
        <p className="text-sm text-gray-600">
          Os boletos novos, as baixas e as mudanças de vencimento vão ao banco num arquivo CNAB 240. Gere o
          arquivo e envie-o pelo aplicativo ou site do banco; depois traga aqui o arquivo de retorno.
        </p>
        <Button onClick={handleGerar} loading={gerar.isPending} disabled={prontos.length === 0}>
          <Download className="h-4 w-4" aria-hidden="true" /> Gerar remessa
        </Button>
        {painel.banco_simulado_url && (
          <a
            href={painel.banco_simulado_url}
            className="block rounded-lg border border-violet-300 bg-violet-50 px-4 py-2 text-sm font-medium text-violet-800 hover:bg-violet-100 sm:inline-block"
          >
            Enviar ao banco simulado (demonstração)
          </a>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </div>
      {painel.pendentes.length === 0 ? (
        <EmptyState
          icon={CheckCircle2}
          title="Nada a enviar ao banco"
          hint="Todos os boletos já foram na remessa."
        />
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Boletos da próxima remessa">
          {shown.map((item) => (
            <li
              key={item.mensalidade_id}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-gray-900">{item.aluno_nome}</p>
                <p className="text-sm text-gray-600">
                  {formatMesReferencia(item.mes_referencia)} · vence {formatDate(item.vencimento)} · nosso
                  número {item.nosso_numero}
                </p>
                {item.problema && (
                  <p className="mt-1 flex items-center gap-1 text-sm text-amber-800">
                    <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" /> {item.problema}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={item.movimento === 'entrada' ? 'blue' : 'yellow'}>
                  {movimentoLabels[item.movimento]}
                </Badge>
                <span className="font-medium tabular-nums">{formatCentavos(item.valor)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {!todos && painel.pendentes.length > PREVIEW && (
        <div className="border-t border-gray-100 px-4 py-3">
          <Button variant="secondary" onClick={() => setTodos(true)}>
            Mostrar todos os {painel.pendentes.length.toLocaleString('pt-BR')} boletos
          </Button>
        </div>
      )}
    </Card>
  );
}

function RejeitadosCard({ painel }: { painel: CnabPainel }) {
  if (painel.rejeitados.length === 0) return null;
  return (
    <Card
      id="rejeitados-titulo"
      title={`Rejeitados pelo banco (${painel.rejeitados.length.toLocaleString('pt-BR')})`}
    >
      <p className="px-4 pt-3 text-sm text-gray-600">
        Corrija o que o banco apontou (o cadastro do responsável, por exemplo) e emita o boleto de novo.
      </p>
      <ul className="divide-y divide-gray-100">
        {painel.rejeitados.map((item) => (
          <li key={item.mensalidade_id} className="px-4 py-3">
            <p className="font-medium text-gray-900">{item.aluno_nome}</p>
            <p className="text-sm text-red-800">
              Nosso número {item.nosso_numero}: {item.motivo}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RemessasCard({ painel }: { painel: CnabPainel }) {
  return (
    <Card id="remessas-titulo" title="Remessas geradas">
      {painel.remessas.length === 0 ? (
        <EmptyState icon={Landmark} title="Nenhuma remessa gerada ainda" />
      ) : (
        <ul className="divide-y divide-gray-100">
          {painel.remessas.map((remessa) => (
            <li key={remessa.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  Remessa {remessa.nsa} · {formatDate(remessa.data)}
                </p>
                <p className="text-sm text-gray-600">
                  {formatCount(remessa.quantidade, 'boleto', 'boletos')} ·{' '}
                  {formatCentavos(remessa.valor_total)} · {remessa.gerada_por ?? 'Sistema'} em{' '}
                  {formatDateTime(remessa.gerada_em)}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Baixar de novo a remessa ${remessa.nsa}`}
                onClick={() =>
                  void baixarRemessa(remessa.id, remessa.nome_arquivo).catch(() =>
                    toast.error('Não foi possível baixar a remessa.'),
                  )
                }
              >
                <Download className="h-4 w-4" aria-hidden="true" /> Baixar
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
