import { useState } from 'react';
import toast from 'react-hot-toast';
import { Check, Copy, KeyRound } from 'lucide-react';
import { GENERATED_PASSWORD_PATTERN, type EnvioEmail } from '../../shared/users.schemas';
import { Button } from './button';
import { Modal } from './modal';
import { copyText } from '../lib/copy-text';

/**
 * What the secretaria does with the password, as it is: mailed by the mail server, or only written to
 * the server's outbox (no SMTP_URL: nobody receives it), or refused by the mail server.
 */
const envioEmailTexts: Record<EnvioEmail, string> = {
  enviado: 'A senha também foi enviada por e-mail.',
  caixa_de_saida:
    'O e-mail não está configurado neste servidor: entregue a senha pessoalmente. Para que as senhas e os avisos saiam por e-mail, quem instalou o sistema configura o envio (variável SMTP_URL, veja o README).',
  falhou: 'Não foi possível enviar o e-mail: entregue a senha pessoalmente.',
};

/** A password shown exactly once, with a copy button. */
export function GeneratedPassword({ password, envioEmail }: { password: string; envioEmail: EnvioEmail }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4" role="status">
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <KeyRound className="h-4 w-4" aria-hidden="true" /> Senha provisória (mostrada só agora)
      </p>
      <div className="flex items-center gap-2">
        <code
          className="flex-1 rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider text-gray-900"
          data-testid="senha-gerada"
        >
          {password}
        </code>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm text-amber-900 hover:bg-amber-100"
          onClick={() => {
            void copyText(password).then(
              () => {
                setCopied(true);
                toast.success('Senha copiada');
              },
              () => toast.error('Não foi possível copiar. Selecione e copie a senha.'),
            );
          }}
        >
          {copied ? (
            <Check className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          Copiar
        </button>
      </div>
      {GENERATED_PASSWORD_PATTERN.test(password) && (
        <p className="text-xs text-amber-900">
          Só letras minúsculas e números, em quatro grupos separados por traço: dite um grupo de cada vez.
        </p>
      )}
      <p className="text-xs text-amber-900">
        {envioEmailTexts[envioEmail]} No primeiro acesso o portal pedirá uma nova senha.
      </p>
    </div>
  );
}

/** The dialog after an account was created or a password reset: the password, once. */
export function GeneratedPasswordModal({
  title,
  who,
  lead,
  password,
  envioEmail,
  onClose,
}: {
  title: string;
  /** 'Foi criada uma conta no portal para <who>.' */
  who?: string;
  /** Any other line above the password. */
  lead?: string;
  password: string;
  envioEmail: EnvioEmail;
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={title} footer={<Button onClick={onClose}>Concluir</Button>}>
      {who && (
        <p className="mb-3 text-sm text-gray-700">
          Foi criada uma conta no portal para <strong>{who}</strong>.
        </p>
      )}
      {lead && <p className="mb-3 text-sm text-gray-700">{lead}</p>}
      <GeneratedPassword password={password} envioEmail={envioEmail} />
    </Modal>
  );
}

/** The same, inline in a panel: the account created for <who>, its password once, and 'Concluir'. */
export function AccountCreated({
  who,
  password,
  envioEmail,
  onDone,
}: {
  who: string;
  password: string;
  envioEmail: EnvioEmail;
  onDone: () => void;
}) {
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-gray-700">
        Foi criada uma conta no portal para <strong>{who}</strong>.
      </p>
      <GeneratedPassword password={password} envioEmail={envioEmail} />
      <Button variant="secondary" onClick={onDone}>
        Concluir
      </Button>
    </div>
  );
}

/**
 * After a save that may have created a portal account (a guardian given access): `settle` shows the
 * generated password once, inline (`view`, the panel's content until 'Concluir'), or goes on with
 * `onDone` when no password was generated.
 */
export function useAccountCreated(onDone: () => void) {
  const [created, setCreated] = useState<{ who: string; password: string; envioEmail: EnvioEmail } | null>(
    null,
  );
  const settle = (who: string, answer: { senhaGerada?: string; envioEmail?: EnvioEmail }) => {
    if (answer.senhaGerada)
      setCreated({ who, password: answer.senhaGerada, envioEmail: answer.envioEmail ?? 'falhou' });
    else onDone();
  };
  const view = created && <AccountCreated {...created} onDone={onDone} />;
  return { settle, view };
}
