// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Parecer } from '../../../shared/pareceres.schemas';
import { parecerAnswer } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { ParecerFotosField } from './parecer-fotos-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000011';
const PERIODO = '00000000-0000-4000-8000-000000000021';
const foto = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000003${String(n)}`,
  url: `/api/pareceres/${ALUNO}/${PERIODO}/fotos/${String(n)}`,
  largura: 800,
  altura: 600,
});
const parecer: Parecer = parecerAnswer(ALUNO, {
  turma_id: '00000000-0000-4000-8000-000000000041',
  turma: { id: '00000000-0000-4000-8000-000000000041', nome: 'Pré II A', serie: 'Pré II' },
  texto: 'Chegou curiosa.',
  updated_at: '2026-06-01T12:00:00.000Z',
  version: 3,
  fotos: [foto(1), foto(2)],
});
const fotoUrl = (n: number) => `/api/pareceres/${ALUNO}/${PERIODO}/fotos/${foto(n).id}`;

describe("the parecer's photos", () => {
  it('asks before deleting a photo, naming it and what is lost, and deletes only on confirming', async () => {
    const api = stubApi({ [fotoUrl(2)]: { ...parecer, fotos: [foto(1)] } });
    renderAt(<ParecerFotosField parecer={parecer} />);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir foto 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir a foto 2?' });
    expect(dialog).toHaveTextContent(
      'A foto 2 do trabalho de Lia Prado sai do parecer e é apagada: a família deixa de vê-la.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir foto 2' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Excluir a foto 2?' })).getByRole('button', {
        name: 'Excluir foto',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual([fotoUrl(2)]);
  });
});

describe("the parecer's photo upload while a photo is on its way", () => {
  it('keeps the focus on the file field (held, not disabled) and sends a second photo nowhere', async () => {
    const user = userEvent.setup();
    const posts: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(init);
        // The upload stays on its way.
        return new Promise<Response>(() => undefined);
      }),
    );
    renderAt(<ParecerFotosField parecer={parecer} />);
    const input = screen.getByLabelText('Anexar foto');
    input.focus();
    await user.upload(input, new File(['a'], 'desenho.png', { type: 'image/png' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    // A disabled field drops the focus to <body> in the browser; this one waits held.
    await waitFor(() => expect(input).toHaveAttribute('aria-disabled', 'true'));
    expect(input).not.toBeDisabled();
    expect(input).toHaveFocus();
    await user.upload(input, new File(['b'], 'pintura.png', { type: 'image/png' }));
    expect(posts).toHaveLength(1);
    expect(input).toHaveFocus();
  });
});
