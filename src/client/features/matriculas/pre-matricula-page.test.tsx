// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DOCUMENTOS_EXIGIDOS_PADRAO,
  LINK_PRE_MATRICULA_INVALIDO,
  type MatriculaOnlineView,
} from '../../../shared/pre-matricula.schemas';
import { ENDERECO_SE, preMatriculaView } from '../../test/pre-matricula';
import { renderAt, reply, stubApi } from '../../test/render';
import { PreMatriculaPage } from './pre-matricula-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Rendered outside a `:token` route, the page asks for the empty token's URL.
const FORM = '/api/matricula-online/';
const ENVIAR = '/api/matricula-online//enviar';

const view = preMatriculaView();

// Every step complete as far as the form can tell (it checks each before moving on): what the
// server still refuses, it alone knows.
const completo: MatriculaOnlineView = {
  ...view,
  dados: {
    ...view.dados,
    endereco: { ...ENDERECO_SE, complemento: '' },
    responsaveis: [{ ...view.dados.responsaveis[0]!, cpf: '52998224725', parentesco: 'mae' }],
  },
  documentos: DOCUMENTOS_EXIGIDOS_PADRAO.map((exigido, index) => ({
    id: `00000000-0000-4000-8000-00000000000${String(index)}`,
    tipo: exigido.id,
    nome: `${exigido.id}.pdf`,
    mime_type: 'application/pdf',
    tamanho: 1024,
    enviado_em: '2026-11-20T15:00:00.000Z',
  })),
};

describe('PreMatriculaPage', () => {
  it('shows the expired-link state for a link the server does not know', async () => {
    stubApi({
      [FORM]: reply(404, { success: false, code: 'NOT_FOUND', message: LINK_PRE_MATRICULA_INVALIDO }),
    });
    renderAt(<PreMatriculaPage />);
    expect(await screen.findByRole('heading', { name: 'Link expirado ou inválido' })).toBeInTheDocument();
    expect(screen.getByText(LINK_PRE_MATRICULA_INVALIDO)).toBeInTheDocument();
  });

  it("sends from the review, and the server's missing fields take the family to the step, on the field", async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [FORM]: completo,
      [ENVIAR]: reply(400, {
        success: false,
        code: 'VALIDATION',
        message: 'Faltam dados para enviar a pré-matrícula. Confira os campos indicados.',
        details: [{ path: 'responsaveis.0.cpf', message: 'CPF do responsável financeiro é obrigatório' }],
      }),
    });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    // Without plans on offer the plan step is not there: 5 steps.
    expect(screen.getByText('Etapa 1 de 5: Aluno')).toBeInTheDocument();
    for (const heading of ['Responsáveis', 'Endereço', 'Documentos', 'Revisão']) {
      await user.click(screen.getByRole('button', { name: 'Próximo' }));
      await screen.findByRole('heading', { name: heading });
    }
    await user.click(screen.getByRole('button', { name: 'Enviar pré-matrícula' }));
    expect(await screen.findByRole('heading', { name: 'Responsáveis' })).toBeInTheDocument();
    expect(screen.getByText('CPF do responsável financeiro é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText(/^CPF/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.some((request) => request.method === 'POST' && request.path === ENVIAR)).toBe(true);
    // The 'Enviar' button is gone with the Revisão: the focus goes to the step the family is taken to.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Responsáveis' })).toHaveFocus());
  });

  it('once sent, the focus goes to the answer, which replaced the form and its button', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [FORM]: completo,
      [ENVIAR]: { ...completo, estado: 'enviada', enviado_em: '2026-11-20T15:00:00.000Z' },
    });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    for (const heading of ['Responsáveis', 'Endereço', 'Documentos', 'Revisão']) {
      await user.click(screen.getByRole('button', { name: 'Próximo' }));
      await screen.findByRole('heading', { name: heading });
    }
    await user.click(screen.getByRole('button', { name: 'Enviar pré-matrícula' }));
    expect(await screen.findByRole('heading', { name: 'Recebemos sua pré-matrícula!' })).toHaveFocus();
    expect(api.requests.some((request) => request.method === 'POST' && request.path === ENVIAR)).toBe(true);
  });

  it('a document is chosen through its button: the file field is out of the tab order, and named', async () => {
    const user = userEvent.setup();
    stubApi({ [FORM]: completo });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    for (const heading of ['Responsáveis', 'Endereço', 'Documentos']) {
      await user.click(screen.getByRole('button', { name: 'Próximo' }));
      await screen.findByRole('heading', { name: heading });
    }
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Documentos' })).toHaveFocus());
    const certidao = DOCUMENTOS_EXIGIDOS_PADRAO[0]!.nome;
    expect(screen.getByLabelText(`Arquivo: ${certidao}`)).toHaveAttribute('tabindex', '-1');
    // Tabbing from the step's heading reaches the first document's button, not the hidden field before it.
    await user.tab();
    expect(screen.getByRole('button', { name: `Trocar: ${certidao}` })).toHaveFocus();
  });

  it("a rematrícula's guardians on file: no CPF asked of them, and a blank field says the record's is used", async () => {
    const user = userEvent.setup();
    stubApi({
      [FORM]: {
        ...view,
        tipo: 'rematricula',
        dados: {
          ...view.dados,
          responsaveis: [
            {
              responsavel_id: '8d0f4a52-3c1e-4b7a-9f55-0c2d6e1a9b01',
              nome: 'Mariana Souza',
              cpf: null,
              email: 'mariana@familia.test',
              telefone: '11987654321',
              parentesco: 'mae',
              financeiro: true,
            },
            {
              responsavel_id: '1f6c2b7e-5d44-4a3b-8e21-9c0d7f3a2b10',
              nome: 'Pedro Souza',
              cpf: null,
              email: null,
              telefone: null,
              parentesco: 'pai',
              financeiro: false,
            },
          ],
        },
      },
    });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await screen.findByRole('heading', { name: 'Responsáveis' });
    expect(screen.getAllByText(/Já no cadastro da escola/)).toHaveLength(2);
    const [cpfDela, cpfDele] = screen.getAllByLabelText(/^CPF/);
    expect(cpfDela).not.toBeRequired();
    expect(cpfDela).toHaveAccessibleDescription('Em branco: a escola usa o do cadastro.');
    expect(cpfDele).toHaveAccessibleDescription('Em branco: a escola usa o do cadastro.');
    // Her e-mail came on the link: it needs no hint.
    const [emailDela] = screen.getAllByLabelText(/^E-mail/);
    expect(emailDela).toHaveValue('mariana@familia.test');
    expect(emailDela).not.toHaveAccessibleDescription('Em branco: a escola usa o do cadastro.');
  });

  it('shows the done state once sent', async () => {
    stubApi({ [FORM]: { ...view, estado: 'enviada', enviado_em: '2026-11-20T15:00:00.000Z' } });
    renderAt(<PreMatriculaPage />);
    expect(await screen.findByRole('heading', { name: 'Recebemos sua pré-matrícula!' })).toBeInTheDocument();
    expect(screen.getByText(/O contrato chegará por e-mail/)).toBeInTheDocument();
  });
});
