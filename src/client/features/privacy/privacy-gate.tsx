import { useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ShieldCheck } from 'lucide-react';
import type { Nivel } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useAcceptPrivacy, usePrivacyStatus } from './privacy.api';

function LegalText({ titulo, texto }: { titulo: string; texto: string }) {
  const id = useId();
  return (
    <div className="rounded-xl border border-gray-200">
      <h2 id={id} className="border-b border-gray-200 px-4 py-2 font-semibold text-gray-900">
        {titulo}
      </h2>
      {/* It scrolls: a tab stop, so a keyboard can read it all (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <section
        aria-labelledby={id}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus (as ScrollArea does)
        tabIndex={0}
        className="max-h-64 space-y-2 overflow-y-auto px-4 py-3 text-sm whitespace-pre-line text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong"
      >
        {texto.replace(/^## /gm, '')}
      </section>
    </div>
  );
}

/**
 * A guardian accepts the current privacy notice and terms before using the portal: at first sign-in
 * and again whenever the school changes either text. Other roles pass straight through.
 */
export function PrivacyGate({ nivel, children }: { nivel: Nivel | undefined; children: ReactNode }) {
  const guardian = nivel === 'responsavel';
  const status = usePrivacyStatus(guardian);
  const accept = useAcceptPrivacy();
  const [agreed, setAgreed] = useState(false);
  if (!guardian) return children;
  if (status.isPending) return <Spinner label="Carregando..." />;
  if (status.isError)
    return <ErrorBanner>Erro ao carregar o aviso de privacidade. Recarregue a página.</ErrorBanner>;
  if (!status.data.pendente) return children;
  const { privacidade, termos, ultimo_aceite } = status.data;
  const submit = async () => {
    try {
      const result = await accept.mutateAsync({
        versao_privacidade: privacidade.versao,
        versao_termos: termos.versao,
      });
      toast.success(result.message ?? 'Aceite registrado.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Erro ao registrar o aceite');
      await status.refetch();
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-1 h-6 w-6 shrink-0 text-primary-strong" aria-hidden="true" />
        <div>
          <h1 className="text-xl font-bold text-gray-900">
            {ultimo_aceite ? 'Atualizamos o aviso de privacidade' : 'Antes de começar'}
          </h1>
          <p className="text-sm text-gray-600">
            Leia como a escola cuida dos seus dados e dos dados dos seus filhos. Você pode consultar estes
            textos a qualquer momento no site da escola:{' '}
            <a className="underline" href="/privacidade">
              {privacidade.titulo}
            </a>{' '}
            e{' '}
            <a className="underline" href="/termos">
              {termos.titulo}
            </a>
            .
          </p>
        </div>
      </div>
      <LegalText titulo={`${privacidade.titulo} (versão ${privacidade.versao})`} texto={privacidade.texto} />
      <LegalText titulo={`${termos.titulo} (versão ${termos.versao})`} texto={termos.texto} />
      <label className="flex items-start gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-gray-300"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        Li e aceito o Aviso de Privacidade e os Termos de Uso.
      </label>
      <div className="flex justify-end">
        <Button disabled={!agreed} loading={accept.isPending} onClick={() => void submit()}>
          Aceitar e continuar
        </Button>
      </div>
    </div>
  );
}
