import { useEffect, useState } from 'react';
import type { SiteContent } from '../../../shared/content.schemas';
import { applyBranding } from './branding';
import { LandingPage } from './landing-page';
import type { SiteUser } from './site-header';
import { useSiteContent } from '../../domain/site-content-store';
import { forgetPushOnDevice } from '../../lib/offline/device-push';
import { READING_PARTS, wipeLocalData } from '../../lib/offline/local-data';

/**
 * The public page as a whole: live content, branding and the visitor's session. It uses plain fetch,
 * not the portal's client, so the landing page carries none of the portal's code.
 */
export function SiteApp({
  serverContent,
  hydrating = false,
}: {
  serverContent?: SiteContent;
  hydrating?: boolean;
}) {
  const content = useSiteContent(serverContent);
  const [user, setUser] = useState<SiteUser | null>(null);

  useEffect(() => {
    applyBranding(content.configuracoes);
    const { nome_escola: name, slogan } = content.configuracoes;
    document.title = slogan ? `${name} - ${slogan}` : name;
  }, [content.configuracoes]);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/content/viewer', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        const body = (await response.json()) as { data?: { nome?: string } | null };
        const nome = body.data?.nome;
        if (nome) setUser({ nome });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  async function handleLogout() {
    try {
      // While the session lasts: the server forgets this device's notifications (ADR 0138).
      await forgetPushOnDevice();
      await fetch('/api/auth/logout', { method: 'POST', headers: { accept: 'application/json' } });
    } finally {
      // The portal's copy for reading offline goes; saves still waiting stay under the person's own
      // name, to be sent at their next sign-in (only the portal's 'Sair' may discard them, after asking).
      await wipeLocalData(READING_PARTS).catch(() => undefined);
      setUser(null);
      window.location.assign('/');
    }
  }

  return (
    <LandingPage
      content={content}
      user={user}
      onLogout={() => void handleLogout()}
      keepServerHtml={hydrating && content === serverContent}
    />
  );
}
