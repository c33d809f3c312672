import { AlertTriangle, Copy } from 'lucide-react';
import toast from 'react-hot-toast';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { PixProvedor } from '../../../shared/pix-provedor.schemas';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { DebitoAutomaticoConfig } from './debito-automatico-config';
import { PixAutomaticoForm } from './pix-automatico-form';
import { usePixProvedor } from './pix.api';
import { copyText } from '../../lib/copy-text';

/** Where the bank posts payments: copied into the bank's portal when it registers webhooks by hand. */
function WebhookBox({ provedor }: { provedor: PixProvedor }) {
  const { webhook } = provedor;
  const handleCopy = async () => {
    try {
      await copyText(provedor.webhook_url);
      toast.success('Endereço do webhook copiado.');
    } catch {
      toast.error('Não foi possível copiar. Selecione o endereço e copie manualmente.');
    }
  };
  return (
    <section aria-labelledby="pix-webhook" className="space-y-3 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="pix-webhook" className="font-semibold text-gray-900">
          Webhook (aviso de pagamento)
        </h3>
        {webhook.status === 'registrado' ? (
          <Badge tone="green">Cadastrado no banco em {formatDateTime(webhook.registrado_em)}</Badge>
        ) : webhook.status === 'erro' ? (
          <Badge tone="red">Não cadastrado</Badge>
        ) : (
          <Badge tone="gray">Ainda não cadastrado</Badge>
        )}
      </div>
      <p className="text-sm text-gray-600">
        O banco avisa cada Pix recebido neste endereço. Ao salvar com o Pix automático ligado, o sistema o
        cadastra no banco; se o seu banco pede o cadastro pelo portal dele, copie-o de lá.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          aria-label="Endereço do webhook"
          className="min-w-0 flex-1 rounded-md bg-gray-50 px-3 py-2 text-xs break-all text-gray-800"
        >
          {provedor.webhook_url}
        </code>
        <Button variant="secondary" onClick={() => void handleCopy()}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copiar
        </Button>
      </div>
      {webhook.status === 'erro' && webhook.erro && (
        <p role="alert" className="text-sm text-red-700">
          {webhook.erro}
        </p>
      )}
      {!provedor.webhook_https && (
        <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            O endereço do sistema na internet ainda não é seguro (https://), e os bancos só enviam avisos de
            pagamento para endereços seguros. Peça a quem instalou o sistema que configure o endereço público
            com https antes de ligar o Pix automático. Até lá, os pagamentos entram pela conciliação diária.
            <small className="mt-1 block text-xs text-amber-800">
              Para quem instalou: a variável de ambiente PUBLIC_URL deve começar com https://.
            </small>
          </span>
        </p>
      )}
    </section>
  );
}

function CertificateLine({ provedor }: { provedor: PixProvedor }) {
  if (!provedor.tem_certificado)
    return <p className="text-sm text-gray-600">Nenhum certificado cadastrado.</p>;
  const expires = provedor.certificado_valido_ate;
  const soon = expires !== null && new Date(expires).getTime() - Date.now() < 30 * 24 * 3600 * 1000;
  return (
    <p className={`text-sm ${soon ? 'text-amber-800' : 'text-gray-600'}`}>
      Certificado cadastrado ({provedor.formato_certificado === 'p12' ? 'arquivo .p12' : 'PEM'})
      {expires ? `, válido até ${formatDate(expires)}` : ''}.
      {soon ? ' Peça um novo ao banco antes que vença.' : ''}
    </p>
  );
}

/**
 * Configurações → Financeiro → Pix automático (issue 33 §1): the school's bank (PSP) for Pix charges
 * that confirm themselves — its addresses, credentials and certificate, the webhook, on/off and
 * 'Testar conexão'. The secrets are never shown again once saved.
 */
export function PixAutomaticoTab() {
  const provedor = usePixProvedor();
  if (provedor.isPending) return <Spinner label="Carregando o Pix automático..." />;
  if (provedor.isError)
    return <ErrorBanner>Erro ao carregar as configurações do Pix automático.</ErrorBanner>;
  const data = provedor.data;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Pix automático</h2>
        <p className="mt-1 text-sm text-gray-600">
          Com o Pix automático ligado, cada mensalidade ganha uma cobrança Pix no banco da escola, e o
          pagamento se confirma sozinho, com recibo. Peça ao banco o acesso à API Pix (cobranças com
          vencimento): as URLs, o client id e o client secret e o certificado da aplicação.
        </p>
        {!data.base_url && (
          <p className="mt-2 text-sm font-medium text-gray-800">
            Ainda não configurado: preencha os dados que o banco forneceu e salve.
          </p>
        )}
      </div>
      <PixAutomaticoForm key={data.version} provedor={data} />
      <CertificateLine provedor={data} />
      <WebhookBox provedor={data} />
      <DebitoAutomaticoConfig provedorAtivo={data.ativo} />
    </div>
  );
}
