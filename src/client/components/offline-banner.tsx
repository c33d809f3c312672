import { WifiOff } from 'lucide-react';
import { useIsOnline } from '../lib/offline/online';
import { OfflineCopyStamp, screenWaitsForConnection, useQueryCacheValue } from './offline-copy-stamp';

/**
 * The portal with no connection (issue 35 §2 and §3): says so, what still works and what waits for the
 * connection, and when the copy on the screen was updated.
 */
export function OfflineBanner() {
  const online = useIsOnline();
  const waiting = useQueryCacheValue(screenWaitsForConnection);
  if (online) return null;
  return (
    <section
      role="status"
      aria-label="Sem conexão"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 sm:px-6 print:hidden"
    >
      <div className="mx-auto flex max-w-7xl gap-3">
        <WifiOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-semibold">Sem conexão</p>
          <OfflineCopyStamp />
          {waiting && (
            <p className="font-medium">
              Esta tela precisa de internet (ou ainda não foi aberta com internet neste aparelho): ela carrega
              sozinha quando a conexão voltar.
            </p>
          )}
          {/* Folded: open, it took a third of a phone's screen above the roll being taken. */}
          <details>
            <summary className="min-h-6 cursor-pointer font-medium underline underline-offset-2">
              O que funciona sem internet
            </summary>
            <p className="mt-1">
              Consultar turmas e alunos, fazer chamada, lançar notas e escrever pareceres, ver o diário de
              classe, o boletim e os comunicados já abertos.
            </p>
            <p>
              <span className="font-medium">Precisa de internet:</span> pagamentos, envio de arquivos e telas
              de administração.
            </p>
          </details>
        </div>
      </div>
    </section>
  );
}
