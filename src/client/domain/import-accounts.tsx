import toast from 'react-hot-toast';
import { Copy, KeyRound } from 'lucide-react';
import type { ImportAccount } from '../../shared/importacao.schemas';
import { formatCount } from '../../shared/format';
import { copyText } from '../lib/copy-text';

/**
 * The portal accounts an import created, as they are: mailed by the mail server, or (no SMTP_URL, or
 * the server refused it) shown here once, each password for the secretaria to hand over.
 */
export function ImportAccounts({ contas }: { contas: ImportAccount[] }) {
  if (contas.length === 0) return null;
  const toHand = contas.filter((conta) => conta.senha !== undefined);
  const mailed = contas.length - toHand.length;
  const noMailServer = toHand.some((conta) => conta.envio_email === 'caixa_de_saida');
  const handleCopy = () => {
    const lines = toHand.map((conta) => `${conta.nome}\t${conta.email}\t${conta.senha ?? ''}`);
    void copyText(lines.join('\n')).then(
      () => toast.success('Lista copiada'),
      () => toast.error('Não foi possível copiar. Selecione e copie a lista.'),
    );
  };
  return (
    <div className="space-y-2 text-sm text-gray-700">
      <p>
        {formatCount(contas.length, 'responsável recebeu', 'responsáveis receberam')} acesso ao portal
        {toHand.length === 0
          ? '; a senha provisória foi enviada por e-mail.'
          : mailed > 0
            ? `; ${formatCount(mailed, 'recebeu', 'receberam')} a senha provisória por e-mail.`
            : '.'}
      </p>
      {toHand.length > 0 && (
        <section
          className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-900"
          aria-label="Senhas provisórias para entregar"
        >
          <p className="flex items-start gap-2">
            <KeyRound className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              {noMailServer
                ? 'O e-mail não está configurado neste servidor'
                : 'Não foi possível enviar o e-mail'}
              : entregue pessoalmente a senha provisória de cada responsável abaixo (mostrada só agora). No
              primeiro acesso o portal pedirá uma nova senha.
            </span>
          </p>
          <ul className="divide-y divide-amber-200 rounded-lg bg-white">
            {toHand.map((conta) => (
              <li key={conta.email} className="flex flex-wrap items-center justify-between gap-x-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-gray-900">{conta.nome}</span>
                  <span className="block break-all text-gray-600">{conta.email}</span>
                </span>
                <code className="font-mono text-base tracking-wider text-gray-900">{conta.senha}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-lg border border-amber-300 bg-white px-3 py-2 text-amber-900 hover:bg-amber-100"
            onClick={handleCopy}
          >
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copiar lista
          </button>
        </section>
      )}
    </div>
  );
}
