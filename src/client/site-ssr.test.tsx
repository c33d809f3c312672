import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../shared/content.defaults';
import { exampleSiteContent } from '../shared/content.examples';
import type { SiteContent } from '../shared/content.schemas';
import { renderLanding } from './site-ssr';

describe('renderLanding', () => {
  it('renders the content with title, description, Open Graph and School JSON-LD', () => {
    const page = renderLanding(exampleSiteContent, 'https://escola.example/');
    expect(page.head).toContain(
      '<title>Colégio Horizonte - Educação de qualidade, perto da sua família.</title>',
    );
    expect(page.head).toContain(
      '<meta name="description" content="Educação de qualidade, perto da sua família." />',
    );
    expect(page.head).toContain('<meta property="og:url" content="https://escola.example/" />');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.head)![1]!;
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'School',
      name: 'Colégio Horizonte',
      telephone: exampleSiteContent.contato.telefone,
      email: exampleSiteContent.contato.email,
    });
    expect(page.body).toContain('Educação que transforma vidas');
    expect(page.body).toContain('id="galeria"');
    expect(page.htmlClass).toBe('');
  });

  it('publishes no made-up fact for a school that has written nothing yet (issue 29)', () => {
    const page = renderLanding(defaultSiteContent, 'https://escola.example/');
    // A new school went live with '25+ anos de experiência', '5.000+ alunos formados', 'Nossa casa
    // desde 1998', a made-up mother's testimonial and a São Paulo WhatsApp linked to wa.me.
    for (const made of [
      'anos de experiência',
      'alunos formados',
      '1998',
      'Mariana',
      'wa.me',
      'São Paulo',
      '(11)',
    ])
      expect(page.body).not.toContain(made);
    // Sections without content are not rendered at all, nor linked from the menu or the footer.
    for (const id of ['sobre', 'galeria', 'servicos', 'diferenciais', 'depoimentos', 'contato']) {
      expect(page.body).not.toContain(`id="${id}"`);
      expect(page.body).not.toContain(`href="/#${id}"`);
    }
    expect(page.head).not.toContain('foundingDate');
    expect(page.body).toContain('Bem-vindo à nossa escola');
    expect(page.body).toContain('href="/calendario"');
  });

  it('shows a written section and its menu link, and the WhatsApp only when there is one', () => {
    const content: SiteContent = structuredClone(defaultSiteContent);
    content.contato.telefone = '(62) 3212-4455';
    let page = renderLanding(content, 'https://escola.example/');
    expect(page.body).toContain('id="contato"');
    expect(page.body).toContain('href="/#contato"');
    expect(page.body).not.toContain('wa.me');
    content.contato.whatsapp = '(62) 99876-1234';
    page = renderLanding(content, 'https://escola.example/');
    expect(page.body).toContain('href="https://wa.me/5562998761234"');
  });

  it('cannot be broken out of by text in the content', () => {
    const hostile: SiteContent = structuredClone(exampleSiteContent);
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
