// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { defaultSiteContent } from '../../../shared/content.defaults';
import { sectionLabels } from '../../../shared/content.constants';
import { SectionEditor } from './section-editor';

afterEach(cleanup);

function renderWithQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const labels = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button', { name: /^Editar / })
    .map((button) => button.getAttribute('aria-label'));

describe('SectionEditor', () => {
  it("asks for the photo's image and title before sending a new photo", async () => {
    renderWithQueries(
      <SectionEditor section="galeria" data={{ ...defaultSiteContent.galeria, fotos: [] }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar foto' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar foto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Envie a imagem da foto')).toBeVisible();
    expect(within(dialog).getByText('Título da foto é obrigatório')).toBeVisible();
  });

  it('lays the footer out in its groups, in order, with both link lists', () => {
    renderWithQueries(<SectionEditor section="footer" data={defaultSiteContent.footer} />);
    expect(labels(screen.getByRole('group', { name: 'Textos' }))).toEqual([
      'Editar Título',
      'Editar Descrição',
      'Editar E-mail',
      'Editar Telefone',
      'Editar Endereço',
      'Editar Copyright',
      'Editar Política de privacidade (rótulo)',
      'Editar Termos de uso (rótulo)',
    ]);
    const links = screen.getByRole('group', { name: 'Links' });
    expect(within(links).getByText('Links Rápidos')).toBeVisible();
    expect(within(links).getByText('Acadêmico')).toBeVisible();
    expect(labels(screen.getByRole('group', { name: 'Redes sociais (links)' }))).toEqual([
      'Editar Facebook',
      'Editar Instagram',
      'Editar WhatsApp',
      'Editar YouTube',
    ]);
  });

  it("sends the hero's colours to the site's (its own two were saved and never shown)", async () => {
    const opened: string[] = [];
    renderWithQueries(
      <SectionEditor
        section="hero"
        data={defaultSiteContent.hero}
        onOpenSection={(section) => opened.push(section)}
      />,
    );
    expect(screen.queryByLabelText('Cor primária')).toBeNull();
    expect(screen.getByText(/o fundo do topo é o gradiente das cores do site/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Alterar as cores do site' }));
    expect(opened).toEqual(['configuracoes']);
  });

  it('shows the contact section with its map group', () => {
    renderWithQueries(<SectionEditor section="contato" data={defaultSiteContent.contato} />);
    expect(labels(screen.getByRole('group', { name: 'Contato' }))).toHaveLength(8);
    expect(labels(screen.getByRole('group', { name: 'Mapa' }))).toEqual([
      'Editar Link de incorporação do mapa',
      'Editar Link do mapa',
      'Editar Latitude',
      'Editar Longitude',
      'Editar Zoom',
    ]);
  });
});

describe('the content manager in Portuguese', () => {
  // A secretaria met 'Início (Hero)' as the first section and 'Favicon' among the school's images.
  it('names the top of the site and the browser tab icon without web jargon', () => {
    expect(sectionLabels.hero).toBe('Início (topo do site)');
    renderWithQueries(<SectionEditor section="configuracoes" data={defaultSiteContent.configuracoes} />);
    const images = screen.getByRole('group', { name: 'Imagens' });
    expect(within(images).getByText('Ícone da aba do navegador')).toBeVisible();
    expect(within(images).queryByText(/favicon|hero/i)).toBeNull();
  });
});
