import { defaultSiteContent } from '../../shared/content.defaults';
import { contentSections, type ContentSection } from '../../shared/content.constants';
import type { SiteContent } from '../../shared/content.schemas';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameShape(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback)) return Array.isArray(value);
  if (isRecord(fallback)) return isRecord(value);
  if (typeof fallback === 'number') return typeof value === 'number' || value === '';
  return typeof value === typeof fallback || (fallback === '' && typeof value === 'number');
}

/**
 * Content read from localStorage or the page, made safe to render: every field the page reads is there
 * with the right kind of value (the server validated it when it was saved; this guards against an old or
 * damaged local copy without shipping the validation library to the public page).
 */
export function normalizeContent(value: unknown): SiteContent | null {
  if (!isRecord(value)) return null;
  const result: Record<string, Record<string, unknown>> = {};
  for (const section of contentSections as readonly ContentSection[]) {
    const fallback = defaultSiteContent[section] as unknown as Record<string, unknown>;
    const stored = value[section];
    if (!isRecord(stored)) return null;
    const merged: Record<string, unknown> = {};
    for (const [key, defaultValue] of Object.entries(fallback)) {
      merged[key] = sameShape(stored[key], defaultValue) ? stored[key] : defaultValue;
    }
    result[section] = merged;
  }
  const galeria = result.galeria!;
  galeria.fotos = (galeria.fotos as unknown[])
    .map((photo, index) =>
      typeof photo === 'string'
        ? { id: `foto-${index + 1}`, url: photo, titulo: `Foto ${index + 1}`, descricao: '' }
        : photo,
    )
    .filter((photo): photo is Record<string, unknown> => isRecord(photo) && typeof photo.url === 'string');
  return result as unknown as SiteContent;
}
