// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AssinaturaPublica } from '../../../shared/contratos.schemas';
import { createQueryClient, Providers } from '../../app/providers';
import { AssinaturaPage } from './assinatura-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'T'.repeat(43);

function dados(overrides: Partial<AssinaturaPublica> = {}): AssinaturaPublica {
  return {
    escola: 'Escola Girassol',
    aluno: 'Pedro Souza Lima',
    serie: '1º ano',
    ano_letivo: 2027,
    papel: 'responsavel_financeiro',
    signatario: 'Mariana Souza Lima',
    status: 'pendente',
    contrato_status: 'aguardando',
    email_mascarado: 'm***@e***.com',
    codigo_enviado_em: null,
    assinado_em: null,
    codigo_validacao: null,
    sha256: 'a'.repeat(64),
    resumo: [{ rotulo: 'Anuidade', valor: 'R$ 18.000,00' }],
    signatarios: [{ papel: 'responsavel_financeiro', nome: 'Mariana Souza Lima', assinado: false }],
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The signer's API as a small state machine: the view, the code, the signature. */
function stubApi(options: { codigoCorreto: string }) {
  let state = dados();
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/content/public')) return Promise.resolve(new Response(null, { status: 304 }));
      if (init?.method === 'POST') {
        const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        posts.push({ url, body });
        if (url.endsWith('/codigo')) {
          state = { ...state, codigo_enviado_em: new Date().toISOString() };
          return Promise.resolve(
            json(200, { success: true, data: { email_mascarado: 'm***@e***.com', expira_em: '' } }),
          );
        }
        if ((body as { codigo: string }).codigo !== options.codigoCorreto)
          return Promise.resolve(
            json(400, {
              success: false,
              code: 'VALIDATION',
              message: 'Código incorreto. Restam 4 tentativas.',
            }),
          );
        state = {
          ...state,
          status: 'assinado',
          assinado_em: new Date().toISOString(),
          codigo_validacao: 'ABCD-EFGH-JKMN-PQRS-TVWX',
          signatarios: [{ papel: 'responsavel_financeiro', nome: 'Mariana Souza Lima', assinado: true }],
        };
        return Promise.resolve(
          json(200, {
            success: true,
            data: {
              contrato_id: crypto.randomUUID(),
              assinado_por_todos: true,
              codigo_validacao: 'ABCD-EFGH-JKMN-PQRS-TVWX',
            },
          }),
        );
      }
      return Promise.resolve(json(200, { success: true, data: state }));
    }),
  );
  return posts;
}

function renderPage(token = TOKEN) {
  const router = createMemoryRouter([{ path: '/assinar/:token', Component: AssinaturaPage }], {
    initialEntries: [`/assinar/${token}`],
  });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('AssinaturaPage', () => {
  it('asks for the code after the signer says they read the contract, refuses a wrong code and shows the done state', async () => {
    const posts = stubApi({ codigoCorreto: '123456' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Pedro Souza Lima' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Abrir o contrato completo/ })).toHaveAttribute(
      'href',
      `/api/assinaturas/${TOKEN}/pdf`,
    );
    const enviar = screen.getByRole('button', { name: 'Enviar código para meu e-mail' });
    expect(enviar).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /Li o contrato/ }));
    await userEvent.click(enviar);

    const campo = await screen.findByLabelText('Código recebido por e-mail');
    // The button pressed is gone: the focus goes to the field the code is typed in (the phone's keyboard opens).
    await waitFor(() => expect(campo).toHaveFocus());
    expect(campo).toHaveAttribute('autocomplete', 'one-time-code');
    expect(campo).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(campo, '65a4321');
    expect(campo).toHaveValue('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Assinar contrato' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código incorreto. Restam 4 tentativas.');

    await userEvent.clear(campo);
    await userEvent.type(campo, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Assinar contrato' }));
    // The form is gone too: the focus goes to the answer.
    expect(await screen.findByRole('heading', { name: 'Contrato assinado' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'ABCD-EFGH-JKMN-PQRS-TVWX' })).toHaveAttribute(
      'href',
      '/validar/ABCD-EFGH-JKMN-PQRS-TVWX',
    );
    expect(screen.getByRole('link', { name: /Baixar o contrato assinado/ })).toBeInTheDocument();
    expect(posts.map((post) => post.url.split('/').at(-1))).toEqual(['codigo', 'assinar', 'assinar']);
  });

  it('says so when the link does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(404, { success: false, code: 'NOT_FOUND', message: 'Link de assinatura inválido.' }),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
  });
});
