// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENTOS_EXIGIDOS_PADRAO, type PreMatriculaResumo } from '../../../shared/pre-matricula.schemas';
import { uuidOf } from '../../test/answers';
import { builtInPerfilPermissions } from '../../../shared/permissions';
import { ENDERECO_SE, ENDERECO_VAZIO, planoMensal } from '../../test/pre-matricula';
import { inTurn, renderAt, reply, signedInAs, stubApi } from '../../test/render';
import { PreMatriculaPainel } from './pre-matricula-painel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = uuidOf(7);
const base = `/api/matriculas/interessados/${id}`;

const resumo: PreMatriculaResumo = {
  dados: {
    aluno: { nome: 'Lucas Souza' },
    endereco: ENDERECO_VAZIO,
    responsaveis: [],
  },
  plano: null,
  documentos: [
    {
      id: uuidOf(9),
      tipo: 'certidao-nascimento',
      nome: 'certidao.pdf',
      mime_type: 'application/pdf',
      tamanho: 2048,
      enviado_em: '2026-11-20T15:00:00.000Z',
    },
  ],
  documentos_exigidos: DOCUMENTOS_EXIGIDOS_PADRAO,
  expira_em: '2026-12-04T15:00:00.000Z',
  aberto_em: '2026-11-20T14:00:00.000Z',
  enviado_em: '2026-11-20T15:10:00.000Z',
  pagamento_em: null,
  lista_espera_em: null,
  pagamento_exigido: false,
  emails_a_confirmar: [],
  aviso_idade: null,
};

describe('PreMatriculaPainel', () => {
  it('offers the link to a family that has none, and sends it', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [`${base}/convite`]: {
        url: 'http://x/matricula/abc',
        expira_em: '2026-12-04T15:00:00.000Z',
        email_configurado: true,
      },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="visita" />);
    await user.click(await screen.findByRole('button', { name: 'Enviar link da pré-matrícula' }));
    expect(
      api.requests.some((request) => request.method === 'POST' && request.path === `${base}/convite`),
    ).toBe(true);
    expect(screen.queryByLabelText('Link da pré-matrícula')).toBeNull();
  });

  it('on a server without e-mail, shows the link to copy and send, and says why', async () => {
    const user = userEvent.setup();
    stubApi({
      [`${base}/convite`]: {
        url: 'http://x/matricula/abc',
        expira_em: '2026-12-04T15:00:00.000Z',
        email_configurado: false,
      },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="visita" />);
    await user.click(await screen.findByRole('button', { name: 'Enviar link da pré-matrícula' }));
    expect(await screen.findByLabelText('Link da pré-matrícula')).toHaveValue('http://x/matricula/abc');
    expect(screen.getByText(/a família não recebe o link\. Copie-o e envie por WhatsApp/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  });

  it("lists the documents with a link to each file, and 'Matricular agora' once the contract is signed", async () => {
    stubApi({ [`${base}/pre-matricula`]: resumo });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    const link = await screen.findByRole('link', { name: /Abrir/ });
    expect(link).toHaveAttribute('href', `${base}/documentos/${uuidOf(9)}`);
    expect(screen.getAllByText('Não enviado')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Matricular agora' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reenviar link/ })).not.toBeInTheDocument();
  });

  it('shows the secretaria everything the family filled, before the contract: student, guardians, address, plan', async () => {
    stubApi({
      [`${base}/pre-matricula`]: {
        ...resumo,
        dados: {
          aluno: {
            nome: 'Lucas Souza',
            data_nascimento: '2020-04-02',
            sexo: 'masculino',
            cpf: '52998224725',
          },
          endereco: ENDERECO_SE,
          responsaveis: [
            {
              nome: 'Carla Souza',
              cpf: '52998224725',
              email: 'carla@familia.test',
              telefone: '11987654321',
              parentesco: 'mae',
              financeiro: true,
            },
            {
              nome: 'Pedro Souza',
              cpf: '11144477735',
              email: null,
              telefone: '1134567890',
              parentesco: 'pai',
              financeiro: false,
            },
          ],
          plano_id: uuidOf(3),
        },
        plano: planoMensal(uuidOf(3)),
      } satisfies PreMatriculaResumo,
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="pre_matricula" />);
    const dados = await screen.findByRole('region', { name: 'Dados preenchidos pela família' });
    const campo = (bloco: HTMLElement, label: string) => within(bloco).getByText(label).nextSibling;
    const aluno = within(dados).getByRole('heading', { name: 'Aluno' }).parentElement!;
    expect(campo(aluno, 'Sexo')).toHaveTextContent('Masculino');
    expect(campo(aluno, 'CPF')).toHaveTextContent('529.982.247-25');
    const segundo = within(dados).getByRole('heading', { name: 'Responsável 2' }).parentElement!;
    expect(campo(segundo, 'Nome')).toHaveTextContent('Pedro Souza');
    expect(campo(segundo, 'Parentesco')).toHaveTextContent('Pai');
    expect(campo(segundo, 'CPF')).toHaveTextContent('111.444.777-35');
    expect(campo(segundo, 'Telefone')).toHaveTextContent('(11) 3456-7890');
    const primeiro = within(dados).getByRole('heading', {
      name: /^Responsável 1 — financeiro/,
    }).parentElement!;
    expect(campo(primeiro, 'CPF')).toHaveTextContent('529.982.247-25');
    expect(campo(primeiro, 'Parentesco')).toHaveTextContent('Mãe');
    expect(
      within(dados).getByText(/Praça da Sé, 100 - Apto 4 - Sé - São Paulo\/SP - CEP 01001-000/),
    ).toBeVisible();
    const plano = within(dados).getByRole('heading', { name: 'Plano de pagamento' }).parentElement!;
    expect(campo(plano, 'Plano')).toHaveTextContent('Mensal: 12× de R$ 1.500,00');
    expect(campo(plano, 'Taxa de matrícula')).toHaveTextContent('R$ 800,00');
  });

  it('says which e-mail the family typed for a guardian on file who has none, to confirm before the contract (ADR 0116)', async () => {
    const responsavel = (nome: string, email: string, financeiro: boolean) => ({
      nome,
      cpf: null,
      email,
      telefone: null,
      parentesco: financeiro ? ('mae' as const) : ('pai' as const),
      financeiro,
    });
    stubApi({
      [`${base}/pre-matricula`]: {
        ...resumo,
        dados: {
          ...resumo.dados,
          responsaveis: [
            responsavel('Carla Souza', 'carla@familia.test', true),
            responsavel('Pedro Souza', 'pedro@digitado.test', false),
          ],
        },
        emails_a_confirmar: [1],
      } satisfies PreMatriculaResumo,
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="pre_matricula" />);
    const dados = await screen.findByRole('region', { name: 'Dados preenchidos pela família' });
    const bloco = (name: RegExp) => within(dados).getByRole('heading', { name }).parentElement!;
    const email = (name: RegExp) => within(bloco(name)).getByText('E-mail').nextSibling;
    expect(email(/^Responsável 2/)).toHaveTextContent(
      'pedro@digitado.test' +
        'Informado pela família e não está no cadastro: confirme com Pedro Souza e registre-o no cadastro do responsável antes de enviar o contrato.',
    );
    expect(email(/^Responsável 1/)).toHaveTextContent(/^carla@familia\.test$/);
  });

  it('says under the birth date when it does not go with the série, for the secretaria to check (ADR 0134)', async () => {
    const aviso =
      '1º ano: idade de 6 anos em 31/03/2027; pela data de nascimento, 4 anos nessa data. Confira a data de nascimento e a turma.';
    stubApi({
      [`${base}/pre-matricula`]: {
        ...resumo,
        dados: { ...resumo.dados, aluno: { nome: 'Ana Lima', data_nascimento: '2022-04-02' } },
        aviso_idade: aviso,
      } satisfies PreMatriculaResumo,
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="pre_matricula" />);
    const dados = await screen.findByRole('region', { name: 'Dados preenchidos pela família' });
    const aluno = within(dados).getByRole('heading', { name: 'Aluno' }).parentElement!;
    expect(within(aluno).getByText('Nascimento').nextSibling).toHaveTextContent(`02/04/2022${aviso}`);
  });

  it('when the school requires the fee first, whoever receives money records it with how it was paid', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      [`${base}/pre-matricula`]: { ...resumo, pagamento_exigido: true },
      [`${base}/pagamento`]: { matriculado: true, aluno_id: uuidOf(3), turma_id: uuidOf(4), motivo: null },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    await user.click(await screen.findByRole('button', { name: 'Registrar pagamento da taxa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento da taxa' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    // The shared schema's message, on the field it is about.
    expect(within(dialog).getByLabelText('Forma de pagamento')).toHaveAccessibleDescription(
      'Escolha a forma de pagamento',
    );
    await user.selectOptions(within(dialog).getByLabelText('Forma de pagamento'), 'Dinheiro');
    expect(within(dialog).getByLabelText('Forma de pagamento')).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    await vi.waitFor(() =>
      expect(api.requests.find((request) => request.path === `${base}/pagamento`)?.body).toEqual({
        forma: 'dinheiro',
      }),
    );
  });

  it("puts the server's refusal of the form of payment on the field, and keeps the dialog open as filled", async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/auth/me': signedInAs(),
      [`${base}/pre-matricula`]: { ...resumo, pagamento_exigido: true },
      [`${base}/pagamento`]: inTurn(
        reply(400, {
          success: false,
          code: 'VALIDATION',
          message: 'Dados inválidos.',
          details: [{ path: 'forma', message: 'Forma de pagamento não aceita para a taxa' }],
        }),
        reply(409, { success: false, code: 'CONFLICT', message: 'A taxa desta família já foi registrada.' }),
      ),
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    await user.click(await screen.findByRole('button', { name: 'Registrar pagamento da taxa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento da taxa' });
    const forma = within(dialog).getByLabelText('Forma de pagamento');
    await user.selectOptions(forma, 'Dinheiro');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    await vi.waitFor(() =>
      expect(forma).toHaveAccessibleDescription('Forma de pagamento não aceita para a taxa'),
    );
    expect(forma).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Dados inválidos.')).toBeNull();
    expect(screen.queryByText('Dados inválidos.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Registrar pagamento da taxa' })).toBe(dialog);
    expect(forma).toHaveValue('dinheiro');
    // A refusal about no field stays in the dialog, not on the field.
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(await within(dialog).findByText('A taxa desta família já foi registrada.')).toBeVisible();
    expect(forma).not.toHaveAttribute('aria-invalid');
    expect(forma).toHaveValue('dinheiro');
  });

  it('does not offer it to the secretaria (no finance), nor when the school does not require it', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ permissoes: [...builtInPerfilPermissions.secretaria] }),
      [`${base}/pre-matricula`]: { ...resumo, pagamento_exigido: true },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    expect(await screen.findByText('Aguardando o pagamento da taxa')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Registrar pagamento da taxa' })).toBeNull();
    // Nor 'Matricular agora': the server refuses it until the fee is paid (409).
    expect(screen.queryByRole('button', { name: 'Matricular agora' })).toBeNull();
    cleanup();
    stubApi({ '/api/auth/me': signedInAs(), [`${base}/pre-matricula`]: resumo });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    expect(await screen.findByRole('button', { name: 'Matricular agora' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Registrar pagamento da taxa' })).toBeNull();
  });

  it('says the family is waiting for the fee once everyone signed, when the school requires it first', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ permissoes: [...builtInPerfilPermissions.secretaria] }),
      [`${base}/pre-matricula`]: { ...resumo, pagamento_exigido: true },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    expect(await screen.findByText('Aguardando o pagamento da taxa')).toBeVisible();
    cleanup();
    stubApi({
      '/api/auth/me': signedInAs(),
      [`${base}/pre-matricula`]: {
        ...resumo,
        pagamento_exigido: true,
        pagamento_em: '2026-11-21T10:00:00.000Z',
      },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="matriculado" />);
    expect(await screen.findByText('Taxa paga')).toBeVisible();
    expect(screen.queryByText('Aguardando o pagamento da taxa')).toBeNull();
    cleanup();
    stubApi({ '/api/auth/me': signedInAs(), [`${base}/pre-matricula`]: resumo });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    expect(await screen.findByRole('button', { name: 'Matricular agora' })).toBeVisible();
    expect(screen.queryByText('Aguardando o pagamento da taxa')).toBeNull();
  });
});
