/** Content constants and pure helpers, free of zod so the public page's bundle stays small. */

/** The editable sections of the public site, in the content manager's order (spec 'Content management'). */
export const contentSections = [
  'hero',
  'sobre',
  'servicos',
  'galeria',
  'diferenciais',
  'depoimentos',
  'contato',
  'matricula',
  'footer',
  'configuracoes',
  'privacidade',
  'termos',
] as const;
export type ContentSection = (typeof contentSections)[number];

export const sectionLabels: Record<ContentSection, string> = {
  hero: 'Início (topo do site)',
  sobre: 'Sobre Nós',
  servicos: 'Serviços',
  galeria: 'Galeria',
  diferenciais: 'Diferenciais',
  depoimentos: 'Depoimentos',
  contato: 'Contato',
  matricula: 'Matrícula (Agende uma visita)',
  footer: 'Rodapé',
  configuracoes: 'Configurações',
  privacidade: 'Aviso de Privacidade',
  termos: 'Termos de Uso',
};

export const iconNames = [
  'Users',
  'Monitor',
  'Camera',
  'BookOpen',
  'Activity',
  'Settings',
  'Award',
  'Target',
  'Star',
] as const;
export type IconName = (typeof iconNames)[number];

export const fontNames = ['Inter', 'Roboto', 'Open Sans', 'Lato', 'Poppins'] as const;
export type FontName = (typeof fontNames)[number];

export const fontSizes = ['small', 'medium', 'large'] as const;
export const fontSizeLabels: Record<(typeof fontSizes)[number], string> = {
  small: 'Pequeno',
  medium: 'Médio',
  large: 'Grande',
};

export const MAX_GALLERY_PHOTOS = 10;
export const MAP_ZOOM_DEFAULT = 15;
export const CONTENT_POLL_MS = 5000;
export const GALLERY_ADVANCE_MS = 5000;
export const TESTIMONIAL_ADVANCE_MS = 7000;
export const SITE_CONTENT_STORAGE_KEY = 'site_content';

/**
 * Links and image addresses may only be web, e-mail or phone links, site paths or anchors, so no field
 * can carry `javascript:` or `data:` into an href or src.
 */
const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d\s().-]+|\/(?![/\\])[^\s]*|#[^\s]*)$/i;
export function isSafeLink(value: string): boolean {
  return value === '' || SAFE_LINK.test(value.trim());
}

/** The interest form's section before the school writes it (issue 34): on, with no série list. */
export const defaultMatriculaSection = {
  ativo: true,
  titulo: 'Agende uma visita / Quero matricular',
  texto:
    'Quer conhecer a escola ou matricular o seu filho? Deixe os seus dados: a secretaria entra em contato para combinar uma visita.',
  series: [] as string[],
};
