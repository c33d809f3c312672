import { Download, Share, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  canPromptInstall,
  isIosSafari,
  isStandalone,
  onInstallChange,
  promptInstall,
} from '../lib/offline/install-prompt';
import { Button, IconButton } from './button';

/** 'Agora não' keeps the card away from this device for a month (a preference, nothing personal). */
const DISMISSED_KEY = 'sistema-escolar:instalar-app:dispensado-em';
const QUIET_DAYS = 30;

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < QUIET_DAYS * 86_400_000;
  } catch {
    return false;
  }
}

/**
 * 'Instale o app da escola' on the homes people open on a phone (families, teachers): the browser's own
 * install dialog where Chrome offers one, the two taps to do it by hand on an iPhone; never once the
 * portal already runs as the installed app, nor for a month after 'Agora não'.
 */
export function InstallAppCard() {
  const [available, setAvailable] = useState(canPromptInstall);
  const [hidden, setHidden] = useState(() => isStandalone() || dismissedRecently());
  useEffect(() => onInstallChange(() => setAvailable(canPromptInstall())), []);
  const ios = !available && isIosSafari();
  if (hidden || (!available && !ios)) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode: it only comes back on the next visit.
    }
    setHidden(true);
  };
  return (
    <section
      aria-labelledby="instalar-app"
      className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm print:hidden"
    >
      {ios ? (
        <Share className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      ) : (
        <Download className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id="instalar-app" className="font-semibold text-gray-900">
          Instale o app da escola
        </h2>
        <p className="text-sm text-gray-600">
          {ios
            ? 'No Safari, toque em Compartilhar e depois em “Adicionar à Tela de Início”. O portal abre como um app e mostra sem internet o que você já consultou.'
            : 'O portal abre como um app, direto da tela inicial, e mostra sem internet o que você já consultou.'}
        </p>
        {!ios && (
          <Button
            onClick={() =>
              void promptInstall().then((accepted) => {
                if (accepted) setHidden(true);
              })
            }
          >
            Instalar
          </Button>
        )}
      </div>
      <IconButton label="Agora não" onClick={dismiss}>
        <X className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </section>
  );
}
