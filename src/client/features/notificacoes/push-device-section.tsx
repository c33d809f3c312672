import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { Button } from '../../components/button';
import { Badge } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import {
  type PushDeviceState,
  disablePushOnDevice,
  enablePushOnDevice,
  readPushDeviceState,
} from './push-device';

const explanations: Record<PushDeviceState, string> = {
  'sem-suporte':
    'Este navegador não recebe notificações. Use o Chrome, o Edge ou o Firefox, ou instale o app do portal.',
  'instalar-ios':
    'Instale o app na Tela de Início para receber notificações: toque em Compartilhar e depois em “Adicionar à Tela de Início”; abra o portal pelo ícone e volte aqui.',
  negada:
    'As notificações deste site estão bloqueadas no navegador. Para liberar, toque no cadeado ao lado do endereço, em Permissões ou Configurações do site, escolha Notificações → Permitir e volte aqui.',
  desligada: 'Receba um aviso neste aparelho quando houver algo novo no portal, mesmo com ele fechado.',
  ligada:
    'Este aparelho recebe um aviso curto (por exemplo, “Novo comunicado da escola”); o conteúdo só aparece depois de entrar no portal.',
};

/** 'Notificações neste aparelho': Web Push on this device, on or off (issue 35 §4). */
export function PushDeviceSection() {
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void readPushDeviceState().then(
      (read) => current && setState(read),
      () => current && setState('sem-suporte'),
    );
    return () => {
      current = false;
    };
  }, []);

  const run = async (action: () => Promise<PushDeviceState>, success: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await action();
      setState(next);
      if (next === 'ligada' || next === 'desligada') toast.success(success);
    } catch (error) {
      // Shown in the section (a toast would sit behind the dialog's backdrop and vanish).
      setProblem(
        error instanceof ApiError || error instanceof Error
          ? `Não foi possível: ${error.message}`
          : 'Não foi possível mudar as notificações deste aparelho.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="push-device-title" className="mb-4 rounded-lg border border-gray-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="push-device-title" className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <Smartphone className="h-4 w-4 text-gray-500" aria-hidden="true" />
          Notificações neste aparelho
        </h3>
        {state === 'ligada' && <Badge tone="green">Ativadas</Badge>}
        {state === 'desligada' && <Badge tone="gray">Desativadas</Badge>}
        {state === 'negada' && <Badge tone="red">Bloqueadas</Badge>}
      </div>
      <p className="mt-1 text-sm text-gray-600" aria-live="polite">
        {state ? explanations[state] : 'Verificando este aparelho…'}
      </p>
      {problem && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      {state === 'desligada' && (
        <Button
          className="mt-2"
          loading={busy}
          onClick={() => void run(enablePushOnDevice, 'Notificações ativadas neste aparelho.')}
        >
          <BellRing className="h-4 w-4" aria-hidden="true" />
          Ativar
        </Button>
      )}
      {state === 'ligada' && (
        <Button
          className="mt-2"
          variant="secondary"
          loading={busy}
          onClick={() => void run(disablePushOnDevice, 'Notificações desativadas neste aparelho.')}
        >
          <BellOff className="h-4 w-4" aria-hidden="true" />
          Desativar
        </Button>
      )}
    </section>
  );
}
