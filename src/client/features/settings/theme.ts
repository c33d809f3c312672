import { useEffect } from 'react';
import type { SystemSettingsValues } from '../../../shared/settings.schemas';
import './theme.css';

/** Applies `tema` to the page at once: `data-tema` on <html>, following the system when automático. */
export function useApplyTheme(tema: SystemSettingsValues['tema'] | undefined) {
  useEffect(() => {
    const root = document.documentElement;
    if (!tema) return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      root.dataset.tema = tema === 'automatico' ? (media.matches ? 'escuro' : 'claro') : tema;
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [tema]);
}
