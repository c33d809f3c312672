// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteContent } from '../../../shared/content.defaults';
import { pinDate, reply, stubApi } from '../../test/render';
import { anosOferecidos, InteresseSection } from './interesse-section';

pinDate('2026-11-28T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const matricula = { ...defaultSiteContent.matricula, series: ['1º ano', '2º ano'] };

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Seu nome'), 'Roberta Sampaio');
  await user.type(screen.getByLabelText('E-mail'), 'roberta@exemplo.com.br');
  await user.type(screen.getByLabelText('Telefone ou WhatsApp (com DDD)'), '11977771234');
  await user.type(screen.getByLabelText('Nome da criança'), 'Joaquim Sampaio');
  await user.type(screen.getByLabelText('Data de nascimento', { exact: true }), '2019-06-20');
  await user.selectOptions(screen.getByLabelText('Série desejada'), '2º ano');
}

describe('the school years the form offers', () => {
  it('this year and the next, starting on this one until June and on the next from July; only the next in December', () => {
    expect(anosOferecidos(new Date(2027, 0, 15))).toEqual({ anos: [2027, 2028], inicial: 2027 });
    expect(anosOferecidos(new Date(2027, 5, 30))).toEqual({ anos: [2027, 2028], inicial: 2027 });
    expect(anosOferecidos(new Date(2027, 6, 1))).toEqual({ anos: [2027, 2028], inicial: 2028 });
    expect(anosOferecidos(new Date(2027, 10, 30))).toEqual({ anos: [2027, 2028], inicial: 2028 });
    expect(anosOferecidos(new Date(2027, 11, 1))).toEqual({ anos: [2028], inicial: 2028 });
  });
});

describe('the public interest form', () => {
  it('sends nothing without the consent for the child’s data, and says so on the checkbox', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    render(<InteresseSection matricula={matricula} />);
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Aviso de Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Quero agendar uma visita' }));
    expect(api.requests).toHaveLength(0);
    expect(screen.getByText(/Para enviar, autorize o uso dos dados da criança/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveFocus();
  });

  it('sends the form with how long the page was open, and shows the confirmation', async () => {
    const api = stubApi({
      '/api/interessados': reply(201, { success: true, data: null, message: 'Recebemos o seu interesse!' }),
    });
    const user = userEvent.setup();
    render(<InteresseSection matricula={matricula} />);
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    vi.setSystemTime(new Date('2026-11-28T15:01:00Z'));
    await user.click(screen.getByRole('button', { name: 'Quero agendar uma visita' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Recebemos o seu interesse!');
    const body = api.requests[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      responsavel_nome: 'Roberta Sampaio',
      serie: '2º ano',
      ano_letivo: 2027,
      consentimento: true,
      website: '',
    });
    expect(body.preenchido_em_ms).toBeGreaterThanOrEqual(60_000);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Interesse enviado' })).toHaveFocus());
  });

  it('while it sends, the button keeps the focus, held (aria-disabled, not disabled), and nothing goes twice', async () => {
    // The request stays on its way.
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<InteresseSection matricula={matricula} />);
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Quero agendar uma visita' }));
    const sending = screen.getByRole('button', { name: 'Enviando…' });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(sending).toHaveFocus();
    expect(sending).not.toBeDisabled();
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    await user.click(sending);
    await user.type(screen.getByLabelText('Seu nome'), '{Enter}');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('shows the server’s field errors on their fields, focused, with the message above the button', async () => {
    stubApi({
      '/api/interessados': reply(400, {
        success: false,
        message: 'Dados inválidos.',
        code: 'VALIDATION',
        details: [{ path: 'telefone', message: 'Telefone inválido. Use DDD + número, ex.: (11) 91234-5678' }],
      }),
    });
    const user = userEvent.setup();
    render(<InteresseSection matricula={matricula} />);
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Quero agendar uma visita' }));
    const phone = screen.getByLabelText('Telefone ou WhatsApp (com DDD)');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(/Telefone inválido/);
    expect(phone).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Dados inválidos.');
  });
});
