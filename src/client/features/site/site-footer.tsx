import { Mail, MapPin, Phone } from 'lucide-react';
import type { SiteContent } from '../../../shared/content.schemas';
import { SchoolMark } from './site-header';
import { linksToShown, type SiteSectionId } from '../../domain/site-sections';

interface FooterProps {
  footer: SiteContent['footer'];
  settings: SiteContent['configuracoes'];
  /** The sections on the page: links to others are left out. */
  shown: Set<SiteSectionId>;
}

/** Installations saved before /calendario existed still hold '#' for the calendar link. */
function hrefOf(link: { nome: string; href: string }): string {
  return link.href === '#' && link.nome === 'Calendário Acadêmico' ? '/calendario' : link.href;
}

function LinkList({ title, links }: { title: string; links: SiteContent['footer']['links_rapidos'] }) {
  if (links.length === 0) return null;
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="space-y-2">
        {links.map((link, index) => (
          <li key={`${link.href}-${index}`}>
            <a
              href={hrefOf(link)}
              className="text-gray-300 hover:text-white"
              {...(/^https?:/i.test(link.href) ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
            >
              {link.nome}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const socialLabels: Record<keyof SiteContent['footer']['redes_sociais'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  youtube: 'YouTube',
};

/** Spec 'Public footer'. */
export function SiteFooter({ footer, settings, shown }: FooterProps) {
  const year = new Date().getFullYear();
  const socials = (Object.keys(socialLabels) as (keyof typeof socialLabels)[]).filter(
    (key) => footer.redes_sociais[key] !== '',
  );
  return (
    <footer className="relative bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="md:col-span-2">
          <div className="flex items-center gap-3">
            <SchoolMark settings={settings} />
            <p className="text-xl font-bold text-white">{footer.titulo}</p>
          </div>
          {footer.descricao && <p className="mt-4 max-w-md">{footer.descricao}</p>}
          <ul className="mt-4 space-y-2 text-sm">
            {footer.email && (
              <li className="flex items-center gap-2">
                <Mail className="h-4 w-4" aria-hidden="true" />
                <a href={`mailto:${footer.email}`} className="hover:text-white">
                  {footer.email}
                </a>
              </li>
            )}
            {footer.telefone && (
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4" aria-hidden="true" />
                <a href={`tel:${footer.telefone.replace(/[^\d+]/g, '')}`} className="hover:text-white">
                  {footer.telefone}
                </a>
              </li>
            )}
            {footer.endereco && (
              <li className="flex items-center gap-2">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                <span>{footer.endereco}</span>
              </li>
            )}
          </ul>
          {socials.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-3 text-sm">
              {socials.map((key) => (
                <li key={key}>
                  <a
                    href={footer.redes_sociais[key]}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="rounded-lg border border-gray-700 px-3 py-1 hover:border-white hover:text-white"
                  >
                    {socialLabels[key]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <LinkList title="Links Rápidos" links={linksToShown(footer.links_rapidos, shown)} />
        <LinkList title="Acadêmico" links={linksToShown(footer.links_academicos, shown)} />
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {settings.nome_escola}. {footer.copyright}
          </p>
          <p className="flex gap-4">
            {/* Served by the server: plain links, so they work without the app's JavaScript. */}
            <a href="/privacidade" className="hover:text-white hover:underline">
              {footer.politica_privacidade || 'Política de Privacidade'}
            </a>
            <a href="/termos" className="hover:text-white hover:underline">
              {footer.termos_uso || 'Termos de Uso'}
            </a>
            {/* Lei 9.870/1999, art. 2º: annual values, contract and places, public (issue 34). */}
            <a href="/matriculas" className="hover:text-white hover:underline">
              Matrículas: valores e vagas
            </a>
          </p>
        </div>
      </div>
      {settings.mostrar_mascotes && settings.mascote_horizon && (
        <img
          src={settings.mascote_horizon}
          alt=""
          width="96"
          height="112"
          className="pointer-events-none absolute right-6 -top-20 hidden h-28 w-24 md:block"
          data-testid="mascote-rodape"
        />
      )}
    </footer>
  );
}
