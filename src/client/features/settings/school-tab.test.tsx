// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../../shared/content.schemas';
import type { SchoolSettings } from '../../../shared/settings.schemas';
import { renderAt, stubApi } from '../../test/render';
import { SchoolTab } from './school-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const school: SchoolSettings = {
  nome: 'Escola Girassol',
  endereco: null,
  telefone: null,
  whatsapp: null,
  email: null,
  site: null,
  logo: null,
  cnpj: null,
  codigo_inep: null,
  diretor: null,
  padrao_matricula: '{ano}{sequencial:4}',
  version: 3,
  updated_at: null,
};

const image = (id: string, day: string, bloqueada = false): MediaItem => ({
  id,
  url: `/media/${id}`,
  width: 400,
  height: 200,
  enviada_em: `2026-${day}T12:00:00.000Z`,
  enviada_por: 'Marta Ribeiro',
  bloqueada,
});

describe('Configurações → Escola → Logo', () => {
  it('picks the logo from the images already uploaded (the content editor’s library), no address to type', async () => {
    const logo = image('11111111-1111-4111-8111-111111111111', '11-20');
    const photo = image('22222222-2222-4222-8222-222222222222', '10-02', true);
    stubApi({ '/api/media?page=1&pageSize=24': { items: [logo, photo], total: 2, page: 1, pageSize: 24 } });
    renderAt(<SchoolTab school={school} />);

    expect(screen.getByRole('button', { name: 'Enviar imagem' })).toBeTruthy();
    // The hidden file input the button opens is not a second control of that name for a screen reader.
    expect(screen.queryAllByLabelText('Enviar imagem')).toEqual([]);
    expect(screen.getByText(/mesma biblioteca de Gerenciar Conteúdo/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Escolher das imagens enviadas' }));
    const library = await screen.findByRole('dialog', { name: 'Imagens enviadas' });
    // A photo showing a child without image consent cannot become the logo.
    expect(
      within(library).getByRole('button', { name: /mostra aluno sem consentimento de imagem/ }),
    ).toBeDisabled();
    await userEvent.click(
      within(library).getByRole('button', {
        name: 'Usar a imagem enviada em 20/11/2026 por Marta Ribeiro (400×200)',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Imagens enviadas' })).toBeNull());
    expect(screen.getByLabelText('Logo')).toHaveValue(`/media/${logo.id}`);
    expect(screen.getByRole('img', { name: 'Prévia do logo' })).toHaveAttribute('src', `/media/${logo.id}`);

    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(screen.getByLabelText('Logo')).toHaveValue('');
  });

  it('says so when nothing was uploaded yet, and uploads one right there', async () => {
    stubApi({ '/api/media?page=1&pageSize=24': { items: [], total: 0, page: 1, pageSize: 24 } });
    renderAt(<SchoolTab school={school} />);
    await userEvent.click(screen.getByRole('button', { name: 'Escolher das imagens enviadas' }));
    const library = await screen.findByRole('dialog', { name: 'Imagens enviadas' });
    expect(await within(library).findByText('Nenhuma imagem enviada ainda')).toBeTruthy();
    expect(within(library).getByRole('button', { name: 'Enviar nova imagem' })).toBeTruthy();
  });
});
