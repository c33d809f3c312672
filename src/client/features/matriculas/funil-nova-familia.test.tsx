// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, reply, stubApi } from '../../test/render';
import { NovaFamiliaModal } from './funil-nova-familia';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/matriculas/interessados';
const THIS_YEAR = new Date().getFullYear();

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Nome do responsável/), 'Paulo Ramos');
  await user.type(screen.getByLabelText(/E-mail/), 'paulo@familia.test');
  await user.type(screen.getByLabelText(/Telefone ou WhatsApp/), '11988887777');
  await user.type(screen.getByLabelText(/Nome da criança/), 'Bia Ramos');
  await user.type(screen.getByLabelText(/Data de nascimento/), '2020-02-03');
  await user.type(screen.getByLabelText(/Série desejada/), '1º ano');
  await user.selectOptions(screen.getByLabelText(/Como conheceu a escola/), 'Passei em frente à escola');
}

describe('Nova família (the funnel, at the desk)', () => {
  it('sends nothing until the secretary confirms the guardian’s consent, then the family as typed', async () => {
    const created = vi.fn();
    const api = stubApi({
      [BASE]: reply(409, {
        success: false,
        message: 'Bia Ramos já está no funil de 2027 (etapa Interessado).',
      }),
    });
    const user = userEvent.setup();
    renderAt(<NovaFamiliaModal ano={THIS_YEAR + 1} onClose={() => undefined} onCreated={created} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Incluir no funil' }));
    expect(await screen.findByText(/Confirme que o responsável autorizou/)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /O responsável autorizou/ }));
    await user.click(screen.getByRole('button', { name: 'Incluir no funil' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      responsavel_nome: 'Paulo Ramos',
      email: 'paulo@familia.test',
      telefone: '11988887777',
      aluno_nome: 'Bia Ramos',
      aluno_nascimento: '2020-02-03',
      serie: '1º ano',
      ano_letivo: THIS_YEAR + 1,
      origem: 'passou_em_frente',
      mensagem: null,
      consentimento: true,
    });
    // The same child already in the funnel: the server's words, and the form stays as typed.
    expect(
      await screen.findByText('Bia Ramos já está no funil de 2027 (etapa Interessado).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da criança/)).toHaveValue('Bia Ramos');
    expect(created).not.toHaveBeenCalled();
  });

  it('opened from a past year’s board, starts on this year, as shown and as sent', async () => {
    const api = stubApi({ [BASE]: reply(409, { success: false, message: 'Já está no funil.' }) });
    const user = userEvent.setup();
    renderAt(<NovaFamiliaModal ano={THIS_YEAR - 1} onClose={() => undefined} onCreated={vi.fn()} />);
    expect(screen.getByLabelText(/Ano letivo/)).toHaveValue(String(THIS_YEAR));
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: /O responsável autorizou/ }));
    await user.click(screen.getByRole('button', { name: 'Incluir no funil' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      ano_letivo: THIS_YEAR,
    });
  });
});
