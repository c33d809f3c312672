import type { SiteContent } from '../../shared/content.schemas';

/** The landing page's sections a link can point to (`/#sobre`). */
export const siteSectionIds = [
  'sobre',
  'galeria',
  'diferenciais',
  'servicos',
  'depoimentos',
  'matricula',
  'contato',
] as const;
export type SiteSectionId = (typeof siteSectionIds)[number];

const counted = (value: number | '') => value !== '' && value !== 0;

/**
 * Whether the school wrote anything for 'Sobre': a title alone is not a section. A new school's
 * site shows no section it has not written (issue 29), so nothing on it is a made-up fact.
 */
export function hasAbout(sobre: SiteContent['sobre']): boolean {
  return (
    sobre.descricao.trim() !== '' ||
    counted(sobre.anos_experiencia) ||
    counted(sobre.alunos_formados) ||
    sobre.missao.trim() !== '' ||
    sobre.visao.trim() !== '' ||
    sobre.valores.length > 0 ||
    sobre.imagem !== ''
  );
}

/** Whether there is any way to reach the school to show under 'Contato'. */
export function hasContact(contato: SiteContent['contato']): boolean {
  return [
    contato.endereco,
    contato.telefone,
    contato.whatsapp,
    contato.email,
    contato.horario_funcionamento,
    contato.mapa_embed_url,
    contato.instagram,
    contato.facebook,
  ].some((value) => value.trim() !== '');
}

/** The sections the page renders: those with content. */
export function shownSections(content: SiteContent): Set<SiteSectionId> {
  const shown: [SiteSectionId, boolean][] = [
    ['sobre', hasAbout(content.sobre)],
    ['galeria', content.galeria.fotos.length > 0],
    ['diferenciais', content.diferenciais.diferenciais.length > 0],
    ['servicos', content.servicos.servicos.length > 0],
    ['depoimentos', content.depoimentos.depoimentos.length > 0],
    ['matricula', content.matricula.ativo],
    ['contato', hasContact(content.contato)],
  ];
  return new Set(shown.filter(([, visible]) => visible).map(([id]) => id));
}

/** A link to a section of the page that is not on it would lead nowhere: it is left out. */
export function linksToShown<T extends { href: string }>(
  links: readonly T[],
  shown: Set<SiteSectionId>,
): T[] {
  return links.filter((link) => {
    const section = /^\/?#([\w-]+)$/.exec(link.href)?.[1];
    return section === undefined || !(siteSectionIds as readonly string[]).includes(section)
      ? true
      : shown.has(section as SiteSectionId);
  });
}
