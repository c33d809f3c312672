// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSiteContent } from '../../../shared/content.defaults';
import { renderAt, stubApi } from '../../test/render';
import { ContentCopyButtons } from './content-copy-buttons';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const copy = { ...defaultSiteContent, hero: { ...defaultSiteContent.hero, titulo: 'Escola da cópia' } };
const fileOf = (text: string) =>
  new File([text], 'conteudo-site-2026-12-04.json', { type: 'application/json' });

describe('ContentCopyButtons', () => {
  it('asks before a copy replaces the whole site, and sends it only when confirmed', async () => {
    const api = stubApi({
      '/api/content': { content: copy, versions: {} },
    });
    renderAt(<ContentCopyButtons content={defaultSiteContent} />);
    await userEvent.upload(
      screen.getByLabelText('Arquivo da cópia do conteúdo'),
      fileOf(JSON.stringify(copy)),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Carregar cópia do conteúdo' });
    expect(dialog).toHaveTextContent('conteudo-site-2026-12-04.json');
    expect(api.requests).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toEqual([]);

    await userEvent.upload(
      screen.getByLabelText('Arquivo da cópia do conteúdo'),
      fileOf(JSON.stringify(copy)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Trocar o conteúdo' }));
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/api/content', body: copy });
  });

  it('says a file that is not a copy is not one, and sends nothing', async () => {
    const api = stubApi({});
    renderAt(<ContentCopyButtons content={defaultSiteContent} />);
    await userEvent.upload(screen.getByLabelText('Arquivo da cópia do conteúdo'), fileOf('não é json'));
    expect(await screen.findByText(/não é uma cópia do conteúdo do site/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toEqual([]);
  });
});
