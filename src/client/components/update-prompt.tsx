import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { onUpdateWaiting } from '../lib/offline/service-worker';
import { Button } from './button';

/**
 * 'Nova versão disponível — atualizar' (issue 35 §1): a new version of the portal is installed and
 * waits; only the person's click activates it and reloads the page. A screen with something unsaved
 * keeps its own guard: the reload asks first (`useBeforeUnloadWarning`), never a silent reload.
 */
export function UpdatePrompt() {
  const [accept, setAccept] = useState<(() => void) | null>(null);
  const [updating, setUpdating] = useState(false);
  useEffect(() => onUpdateWaiting((next) => setAccept(() => next)), []);
  if (!accept) return null;
  return (
    // Above the family's bottom bar on a phone. Only classes the public page's stylesheet already has:
    // the stylesheet is shared, and the public page must not grow (its budget in the README).
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 px-3 pb-24 lg:pb-6 print:hidden">
      <div
        role="status"
        style={{ pointerEvents: 'auto' }}
        className="mx-auto flex max-w-md items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-lg"
      >
        <RefreshCw className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="flex-1 text-sm font-medium text-gray-900">Nova versão disponível</p>
        <Button
          loading={updating}
          onClick={() => {
            setUpdating(true);
            accept();
          }}
        >
          Atualizar
        </Button>
        <Button variant="secondary" onClick={() => setAccept(null)}>
          Depois
        </Button>
      </div>
    </div>
  );
}
