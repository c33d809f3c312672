/** The landing page's opening sections: the hero, about the school and the features grid. */
import type { ReactNode } from 'react';
import type { SiteContent } from '../../../shared/content.schemas';
import { formatCount } from './format-count';
import { siteIcons } from './site-icons';

export const sectionTitle = 'text-3xl font-bold text-gray-900 sm:text-4xl dark:text-white';
export const sectionLead = 'mx-auto mt-4 max-w-2xl text-lg text-gray-600 dark:text-gray-300';
export function Hero({
  hero,
  settings,
}: {
  hero: SiteContent['hero'];
  settings: SiteContent['configuracoes'];
}) {
  const background = hero.imagem_fundo
    ? {
        backgroundImage: `linear-gradient(rgb(0 0 0 / 0.55), rgb(0 0 0 / 0.55)), url("${encodeURI(hero.imagem_fundo)}")`,
      }
    : undefined;
  return (
    <section
      id="inicio"
      className={`relative overflow-hidden bg-cover bg-center text-white ${hero.imagem_fundo ? '' : 'site-gradient'}`}
      style={background}
    >
      <div className="mx-auto flex min-h-[70vh] max-w-5xl flex-col items-center justify-center px-4 py-24 text-center">
        <h1 className="text-4xl leading-tight font-extrabold text-balance sm:text-6xl">{hero.titulo}</h1>
        {hero.subtitulo && (
          <p className="mt-4 text-xl font-medium text-white sm:text-2xl">{hero.subtitulo}</p>
        )}
        {hero.descricao && <p className="mt-4 max-w-2xl text-lg text-white">{hero.descricao}</p>}
        <a
          href="/login"
          className="mt-10 inline-flex items-center rounded-xl bg-white px-8 py-4 text-lg font-semibold text-gray-900 shadow-lg hover:bg-gray-100 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {hero.botao_texto || 'Portal de Login'}
        </a>
      </div>
      {settings.mostrar_mascotes && settings.mascote_hori && (
        <img
          src={settings.mascote_hori}
          alt=""
          width="120"
          height="140"
          className="pointer-events-none absolute bottom-6 left-6 hidden h-36 w-32 md:block"
          data-testid="mascote-hero"
        />
      )}
    </section>
  );
}
export function About({ sobre }: { sobre: SiteContent['sobre'] }) {
  const counters = [
    { value: sobre.anos_experiencia, label: 'Anos de experiência' },
    { value: sobre.alunos_formados, label: 'Alunos formados' },
  ].filter((counter) => counter.value !== '' && counter.value !== 0);
  return (
    <section id="sobre" className="scroll-mt-20 bg-white py-20 dark:bg-gray-900">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 lg:grid-cols-2">
        <div>
          <h2 className={sectionTitle}>{sobre.titulo}</h2>
          <p className="mt-6 text-lg whitespace-pre-line text-gray-700 dark:text-gray-300">
            {sobre.descricao}
          </p>
          {counters.length > 0 && (
            <dl className="mt-8 grid grid-cols-2 gap-4">
              {counters.map((counter) => (
                <div key={counter.label} className="rounded-xl bg-gray-50 p-5 dark:bg-gray-800">
                  <dt className="text-sm text-gray-600 dark:text-gray-300">{counter.label}</dt>
                  <dd className="text-3xl font-bold text-primary-strong">
                    {formatCount(Number(counter.value))}+
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {(sobre.missao || sobre.visao) && (
            <div className="mt-8 grid gap-4 sm:grid-cols-2">
              {sobre.missao && (
                <div>
                  <h3 className="font-semibold text-gray-900 dark:text-white">Missão</h3>
                  <p className="mt-1 text-gray-700 dark:text-gray-300">{sobre.missao}</p>
                </div>
              )}
              {sobre.visao && (
                <div>
                  <h3 className="font-semibold text-gray-900 dark:text-white">Visão</h3>
                  <p className="mt-1 text-gray-700 dark:text-gray-300">{sobre.visao}</p>
                </div>
              )}
            </div>
          )}
          {sobre.valores.length > 0 && (
            <div className="mt-8">
              <h3 className="text-xl font-semibold text-gray-900 dark:text-white">Nossos Valores</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {sobre.valores.map((valor, index) => (
                  <li
                    key={`${valor}-${index}`}
                    className="rounded-full bg-primary-strong/10 px-4 py-1.5 font-medium text-primary-strong dark:bg-white/10 dark:text-white"
                  >
                    {valor}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {sobre.imagem && (
          <img
            src={sobre.imagem}
            alt={`Foto: ${sobre.titulo}`}
            width="800"
            height="500"
            loading="lazy"
            decoding="async"
            className="aspect-[8/5] w-full rounded-2xl object-cover shadow-xl"
          />
        )}
      </div>
    </section>
  );
}
export function FeatureGrid({
  id,
  title,
  description,
  items,
  tone,
  keep,
}: {
  id: string;
  title: string;
  description: string;
  items: SiteContent['servicos']['servicos'];
  tone: 'white' | 'gray';
  keep: boolean;
}) {
  if (items.length === 0) return null;
  if (keep) return <ServerHtml keep as="section" />;
  return (
    <section
      id={id}
      className={`scroll-mt-20 py-20 ${tone === 'white' ? 'bg-white dark:bg-gray-900' : 'bg-gray-50 dark:bg-gray-950'}`}
    >
      <div className="mx-auto max-w-7xl px-4 text-center">
        <h2 className={sectionTitle}>{title}</h2>
        {description && <p className={sectionLead}>{description}</p>}
        <ul className="mt-12 grid gap-6 text-left sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item, index) => {
            const Icon = siteIcons[item.icone];
            return (
              <li
                key={`${item.titulo}-${index}`}
                className="rounded-2xl bg-white p-6 shadow-md dark:bg-gray-800"
              >
                <span className="site-gradient flex h-12 w-12 items-center justify-center rounded-xl text-white">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-gray-900 dark:text-white">{item.titulo}</h3>
                <p className="mt-2 text-gray-700 dark:text-gray-300">{item.descricao}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/**
 * A part of the page that needs no JavaScript (ADR 0013). With `keep`, it stands in for the server's
 * element of the same tag while the page hydrates: Preact neither walks, compares nor touches what is
 * under an element whose content is `dangerouslySetInnerHTML`, nor its attributes, so hydration pays
 * only for the interactive parts (issue 11: it was most of the page's blocking time on a phone). When
 * the content changes later, `keep` is false and the part renders for real, replacing the server's.
 */
export function ServerHtml({
  keep,
  as: Tag,
  children,
}: {
  keep: boolean;
  as: 'section' | 'footer';
  children?: ReactNode;
}) {
  return keep ? <Tag dangerouslySetInnerHTML={{ __html: '' }} /> : children;
}
