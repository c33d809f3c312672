import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../shared/content.defaults';
import type { SiteContent } from '../shared/content.schemas';
import { renderLanding } from './site-ssr';

describe('renderLanding', () => {
  it('renders the content with title, description, Open Graph and School JSON-LD', () => {
    const page = renderLanding(defaultSiteContent, 'https://escola.example/');
    expect(page.head).toContain(
      '<title>Sistema Escolar - Educação de qualidade, perto da sua família.</title>',
    );
    expect(page.head).toContain(
      '<meta name="description" content="Educação de qualidade, perto da sua família." />',
    );
    expect(page.head).toContain('<meta property="og:url" content="https://escola.example/" />');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.head)![1]!;
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'School',
      name: 'Sistema Escolar',
      telephone: defaultSiteContent.contato.telefone,
      email: defaultSiteContent.contato.email,
    });
    expect(page.body).toContain('Educação que transforma vidas');
    expect(page.body).toContain('id="galeria"');
    expect(page.htmlClass).toBe('');
  });

  it('cannot be broken out of by text in the content', () => {
    const hostile: SiteContent = structuredClone(defaultSiteContent);
    hostile.configuracoes.nome_escola = '</script><script>alert(1)</script>';
    hostile.configuracoes.slogan = '"><img src=x onerror=alert(1)>';
    hostile.hero.titulo = '<b>negrito</b>';
    const page = renderLanding(hostile, 'https://escola.example');
    expect(page.head).not.toContain('</script><script>alert(1)');
    expect(page.head).not.toContain('"><img');
    expect(page.body).not.toContain('<b>negrito</b>');
    expect(page.body).toContain('&lt;b&gt;negrito&lt;/b&gt;');
    const data = /<script type="application\/json" id="site-content-data"[^>]*>(.*?)<\/script>/.exec(
      page.head,
    )![1]!;
    expect((JSON.parse(data) as SiteContent).configuracoes.nome_escola).toBe(
      hostile.configuracoes.nome_escola,
    );
  });
});
