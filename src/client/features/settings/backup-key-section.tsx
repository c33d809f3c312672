import { useState } from 'react';
import toast from 'react-hot-toast';
import { Check, Copy, KeyRound } from 'lucide-react';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { useShowBackupKey } from './settings.api';
import { copyText } from '../../lib/copy-text';

/** The key in 16 groups of 4 characters: easy to print, to read aloud and to type back. */
export function groupBackupKey(hex: string): string[] {
  return hex.match(/.{1,4}/g) ?? [];
}

/**
 * Configurações → Backup → Chave de backup (ADR 0104). The backups are encrypted with it: without it a
 * backup opens on no other server, so the school keeps a copy apart from the backups.
 */
export function BackupKeySection() {
  const showKey = useShowBackupKey();
  const [copied, setCopied] = useState(false);
  const key = showKey.data?.chave;

  const copy = (text: string) => {
    void copyText(text).then(
      () => {
        setCopied(true);
        toast.success('Chave copiada');
      },
      () => toast.error('Não foi possível copiar. Selecione e copie a chave.'),
    );
  };

  return (
    <section aria-labelledby="chave-backup" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id="chave-backup" className="flex items-center gap-2 font-semibold text-gray-900">
        <KeyRound className="h-5 w-5" aria-hidden="true" />
        Chave de backup
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        Os backups são cifrados com a chave desta instalação. Se este servidor ou o seu disco se perder, um
        backup só poderá ser restaurado em outro servidor com esta chave: sem ela, ninguém consegue abri-lo.
      </p>
      <p className="mt-1 text-sm text-gray-700">
        Guarde a chave <strong>separada dos backups</strong> — por exemplo, impressa, no cofre da escola. Quem
        tiver o backup e a chave juntos lê todos os dados da escola.
      </p>
      {key ? (
        <div className="mt-3 space-y-2">
          <code
            className="block rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider break-words text-gray-900"
            data-testid="chave-backup"
          >
            {groupBackupKey(key.toUpperCase()).join(' ')}
          </code>
          <Button variant="secondary" onClick={() => copy(groupBackupKey(key.toUpperCase()).join(' '))}>
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            Copiar
          </Button>
        </div>
      ) : (
        <>
          <Button
            variant="secondary"
            className="mt-3"
            loading={showKey.isPending}
            onClick={() => showKey.mutate()}
          >
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            Mostrar chave de backup
          </Button>
          {showKey.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {showKey.error instanceof ApiError
                ? showKey.error.message
                : 'Não foi possível mostrar a chave de backup.'}
            </p>
          )}
        </>
      )}
    </section>
  );
}
