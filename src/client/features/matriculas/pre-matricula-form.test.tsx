// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CEP_INVALIDO, ENDERECO_OBRIGATORIO, UF_INVALIDA } from '../../../shared/endereco.schemas';
import { ENDERECO_SE, LUCAS, MARIANA, planoMensal, preMatriculaView } from '../../test/pre-matricula';
import { renderAt, stubApi } from '../../test/render';
import { PreMatriculaPage } from './pre-matricula-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Rendered outside a `:token` route, the page asks for the empty token's URL.
const FORM = '/api/matricula-online/';

const PLANO = planoMensal('5b1f0a52-3c1e-4b7a-9f55-0c2d6e1a9b01');

const view = preMatriculaView({
  dados: {
    aluno: { ...LUCAS, sexo: 'masculino' },
    responsaveis: [{ ...MARIANA, cpf: '52998224725', parentesco: null }],
  },
  documentos_exigidos: [],
});

const proximo = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Próximo' }));

describe('PreMatriculaForm: each step checked before moving on', () => {
  it('stays on Responsáveis with the parentesco empty or a wrong CPF, saying so on the field; the draft keeps the rest', async () => {
    const user = userEvent.setup();
    const api = stubApi({ [FORM]: view });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    await proximo(user);
    await screen.findByRole('heading', { name: 'Responsáveis' });

    await proximo(user);
    expect(await screen.findByText('Parentesco é obrigatório')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Responsáveis' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Parentesco/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Corrija os campos indicados para continuar.')).toHaveAttribute('role', 'alert');

    await user.selectOptions(screen.getByLabelText(/^Parentesco/), 'mae');
    const cpf = screen.getByLabelText(/^CPF/);
    await user.clear(cpf);
    await user.type(cpf, '11111111111');
    await proximo(user);
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Responsáveis' })).toBeInTheDocument();
    // The draft went to the server with the parentesco chosen (the server keeps it, leaving out the CPF).
    const saved = api.requests.filter((request) => request.method === 'PUT').at(-1);
    expect(saved?.body).toMatchObject({ responsaveis: [{ parentesco: 'mae', nome: 'Mariana Souza' }] });

    await user.clear(cpf);
    await user.type(cpf, '52998224725');
    await proximo(user);
    expect(await screen.findByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
  });

  it('stays on Endereço with a short CEP, an unknown UF and no street', async () => {
    const user = userEvent.setup();
    stubApi({
      [FORM]: {
        ...view,
        dados: {
          ...view.dados,
          responsaveis: [{ ...view.dados.responsaveis[0]!, parentesco: 'mae' }],
          endereco: {
            cep: '0000',
            logradouro: '',
            numero: '10',
            complemento: '',
            bairro: 'Centro',
            cidade: 'São Paulo',
            uf: 'XX',
          },
        },
      },
    });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    await proximo(user);
    await screen.findByRole('heading', { name: 'Responsáveis' });
    await proximo(user);
    await screen.findByRole('heading', { name: 'Endereço' });
    await proximo(user);
    expect(await screen.findByText(CEP_INVALIDO)).toBeInTheDocument();
    expect(screen.getByText(UF_INVALIDA)).toBeInTheDocument();
    expect(screen.getByText(ENDERECO_OBRIGATORIO.logradouro)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
    // A jump forward through the step dots is checked the same way.
    await user.click(screen.getByRole('button', { name: /^Revisão/ }));
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
  });

  it('shows in Revisão the parentesco, the sex and the fee of the plan chosen', async () => {
    const user = userEvent.setup();
    stubApi({
      [FORM]: {
        ...view,
        planos: [PLANO],
        dados: {
          ...view.dados,
          responsaveis: [{ ...view.dados.responsaveis[0]!, parentesco: 'mae' }],
          endereco: ENDERECO_SE,
          plano_id: PLANO.id,
        },
      },
    });
    renderAt(<PreMatriculaPage />);
    await screen.findByRole('heading', { name: 'Pré-matrícula de Lucas' });
    for (const heading of ['Responsáveis', 'Endereço', 'Documentos', 'Plano de pagamento', 'Revisão']) {
      await proximo(user);
      await screen.findByRole('heading', { name: heading });
    }
    const revisao = screen.getByRole('region', { name: 'Revisão' });
    expect(within(revisao).getByText('Masculino')).toBeInTheDocument();
    expect(within(revisao).getByText(/Mariana Souza · Mãe · 529\.982\.247-25/)).toBeInTheDocument();
    expect(within(revisao).getByText(/Apto 4/)).toBeInTheDocument();
    expect(within(revisao).getByText('Taxa de matrícula').nextSibling).toHaveTextContent('R$ 800,00');
    expect(within(revisao).getByText('Total no ano').nextSibling).toHaveTextContent('R$ 18.800,00');
    // Before the child's data and documents are sent: how the school treats them (LGPD art. 14 §6),
    // opened in a new tab so the form is not lost.
    const aviso = within(revisao).getByRole('link', { name: /^Aviso de Privacidade ?\(abre em nova aba\)$/ });
    expect(aviso).toHaveAttribute('href', '/privacidade');
    expect(aviso).toHaveAttribute('target', '_blank');
    expect(aviso.closest('p')).toHaveTextContent(/os seus e os de Lucas.*acesso, correção ou exclusão/);
  });
});
