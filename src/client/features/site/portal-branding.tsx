import { useEffect } from 'react';
import { applyBranding } from './branding';
import { useSiteContent } from '../../domain/site-content-store';

/** The school's brand (colours, font, size, dark mode, favicon) on the portal too, kept live. */
export function PortalBranding() {
  const settings = useSiteContent().configuracoes;
  useEffect(() => applyBranding(settings), [settings]);
  return null;
}
