import { useEffect } from 'react';
import { shortNameOf } from '../../../shared/app-identity';
import { applyBranding } from './branding';
import { useSiteContent } from '../../domain/site-content-store';

/** The school's brand (colours, font, size, dark mode, favicon) on the portal too, kept live. */
export function PortalBranding() {
  const settings = useSiteContent().configuracoes;
  useEffect(() => applyBranding(settings), [settings]);
  // The name iOS writes under the icon when the portal is added to the home screen (issue 35).
  useEffect(() => {
    document
      .querySelector('meta[name="apple-mobile-web-app-title"]')
      ?.setAttribute('content', shortNameOf(settings.nome_escola));
  }, [settings.nome_escola]);
  return null;
}
