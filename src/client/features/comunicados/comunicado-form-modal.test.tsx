// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { ComunicadoFormModal } from './comunicado-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Novo comunicado', () => {
  it('publishes to the whole school only after a confirmation that says to whom', async () => {
    const onClose = vi.fn();
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/comunicados/opcoes': { tipos: ['escola', 'turmas'], segmentos: [], series: [], turmas: [] },
    });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola', 'turmas']} onClose={onClose} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    await userEvent.type(within(form).getByLabelText(/Título/), 'Reunião de pais');
    await userEvent.type(within(form).getByLabelText(/^Mensagem/), 'Sábado, às 9h.');
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar' }));

    const confirm = await screen.findByRole('dialog', { name: 'Publicar o comunicado?' });
    expect(confirm).toHaveTextContent(
      '“Reunião de pais” será enviado agora para as famílias de toda a escola. Depois de publicado, o público não muda',
    );
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    // 'Voltar e revisar' keeps the form as it was, unsent.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Voltar e revisar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publicar o comunicado?' })).toBeNull());
    expect(within(form).getByLabelText(/Título/)).toHaveValue('Reunião de pais');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('marks the Mensagem as required, like the Título', async () => {
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/comunicados/opcoes': { tipos: ['escola'], segmentos: [], series: [], turmas: [] },
    });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola']} onClose={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    const mensagem = within(form).getByLabelText<HTMLTextAreaElement>(/^Mensagem/);
    expect(mensagem).toHaveAttribute('aria-required', 'true');
    expect(mensagem.labels?.[0]).toHaveTextContent('Mensagem *');
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar' }));
    expect(await within(form).findByText('Escreva o comunicado')).toBeTruthy();
  });
});
