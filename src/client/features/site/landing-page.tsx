import type { SiteContent } from '../../../shared/content.schemas';
import { CONTENT_ID, SkipLink } from '../../components/skip-link';
import { Gallery } from './gallery';
import { SiteFooter } from './site-footer';
import { SiteHeader, type SiteUser } from './site-header';
import { shownSections } from '../../domain/site-sections';
import { Testimonials } from './testimonials';
import { sectionTitle, sectionLead, Hero, About, FeatureGrid } from './landing-sections';
import { Contact } from './landing-contact';
import { InteresseSection } from './interesse-section';
import { ServerHtml } from './landing-sections';

export interface LandingPageProps {
  content: SiteContent;
  user: SiteUser | null;
  onLogout: () => void;
  /** Hydrating the server's page with this very content: the parts without JavaScript stay as sent. */
  keepServerHtml?: boolean;
}

/** The public landing page in the spec's order; sections without items are left out. */
export function LandingPage({ content, user, onLogout, keepServerHtml: keep = false }: LandingPageProps) {
  const settings = content.configuracoes;
  // A section the school has not written is not rendered at all (nor linked from the menus).
  const shown = shownSections(content);
  return (
    <div className="site min-h-screen bg-white font-sans text-gray-900 dark:bg-gray-900 dark:text-gray-100">
      <SkipLink />
      <SiteHeader settings={settings} user={user} onLogout={onLogout} shown={shown} />
      <main id={CONTENT_ID} tabIndex={-1} className="outline-none">
        <ServerHtml keep={keep} as="section">
          <Hero hero={content.hero} settings={settings} />
        </ServerHtml>
        {shown.has('sobre') && (
          <ServerHtml keep={keep} as="section">
            <About sobre={content.sobre} />
          </ServerHtml>
        )}
        {shown.has('galeria') && (
          <section id="galeria" className="scroll-mt-20 bg-gray-50 py-20 dark:bg-gray-950">
            <div className="mx-auto max-w-5xl px-4">
              <div className="text-center">
                <h2 className={sectionTitle}>{content.galeria.titulo}</h2>
                {content.galeria.descricao && <p className={sectionLead}>{content.galeria.descricao}</p>}
              </div>
              <div className="mt-12">
                <Gallery photos={content.galeria.fotos} />
              </div>
            </div>
          </section>
        )}
        <FeatureGrid
          id="diferenciais"
          title={content.diferenciais.titulo}
          description={content.diferenciais.descricao}
          items={content.diferenciais.diferenciais}
          tone="white"
          keep={keep}
        />
        <FeatureGrid
          id="servicos"
          title={content.servicos.titulo}
          description={content.servicos.descricao}
          items={content.servicos.servicos}
          tone="gray"
          keep={keep}
        />
        {shown.has('depoimentos') && (
          <section id="depoimentos" className="scroll-mt-20 bg-white py-20 dark:bg-gray-900">
            <div className="mx-auto max-w-7xl px-4">
              <h2 className={`${sectionTitle} mb-12 text-center`}>{content.depoimentos.titulo}</h2>
              <Testimonials items={content.depoimentos.depoimentos} />
            </div>
          </section>
        )}
        {shown.has('matricula') && <InteresseSection matricula={content.matricula} />}
        {shown.has('contato') && (
          <ServerHtml keep={keep} as="section">
            <Contact contato={content.contato} />
          </ServerHtml>
        )}
      </main>
      <ServerHtml keep={keep} as="footer">
        <SiteFooter footer={content.footer} settings={settings} shown={shown} />
      </ServerHtml>
    </div>
  );
}
