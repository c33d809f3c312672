// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { schoolClassAnswer, studentAnswer } from '../../test/answers';
import { renderAt, reply, stubApi } from '../../test/render';
import { StudentEditModal, StudentFormModal } from './student-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-000000000031';

describe('Editar Aluno from a row of the list', () => {
  it('fills the form from the whole record, not from the list’s row', async () => {
    // The list's row has no CPF, address or notes (ADR 0067): a form started from it would save them blank.
    const api = stubApi({
      [`/api/alunos/${ID}`]: studentAnswer({
        id: ID,
        nome: 'Lia Souza',
        cpf: '52998224725',
        endereco: 'Rua das Flores, 12',
        observacoes: 'Alergia a amendoim',
      }),
      '/api/turmas': [],
    });
    renderAt(<StudentEditModal id={ID} onClose={() => {}} />);
    expect(await screen.findByDisplayValue('529.982.247-25')).toBeTruthy();
    expect(screen.getByLabelText('Endereço')).toHaveProperty('value', 'Rua das Flores, 12');
    expect(screen.getByLabelText('Observações')).toHaveProperty('value', 'Alergia a amendoim');
    expect(api.requests.some((request) => request.path === `/api/alunos/${ID}`)).toBe(true);
  });

  it('says it is loading, and says so when the record cannot be read — no empty form', async () => {
    stubApi({ [`/api/alunos/${ID}`]: reply(404, { success: false, message: 'Aluno não encontrado.' }) });
    renderAt(<StudentEditModal id={ID} onClose={() => {}} />);
    expect(screen.getByText('Carregando o cadastro...')).toBeTruthy();
    expect(await screen.findByText(/Não foi possível carregar o cadastro do aluno/)).toBeTruthy();
    expect(screen.queryByLabelText('Nome completo')).toBeNull();
  });
});

describe('Novo Aluno in December, with this year’s classes and next year’s', () => {
  it('names each class with its ano letivo: the two 5º Ano A are told apart', async () => {
    const fifth = { nome: '5º Ano A', nivel: 'Fundamental I', serie: '5º ano' } as const;
    stubApi({
      '/api/turmas': [
        schoolClassAnswer({ id: '00000000-0000-4000-8000-000000000041', ...fifth, ano_letivo: '2027' }),
        schoolClassAnswer({
          id: '00000000-0000-4000-8000-000000000042',
          ...fifth,
          ano_letivo: '2026',
          alunos_count: 2,
          capacidade_maxima: 25,
        }),
      ],
    });
    renderAt(<StudentFormModal student={null} onClose={() => {}} />);
    expect(await screen.findByRole('option', { name: '5º Ano A — 5º ano, 2027 (0/30)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '5º Ano A — 5º ano, 2026 (2/25)' })).toBeTruthy();
  });

  it('offers no concluded or inactive class to a new student (last year’s 5º Ano A)', async () => {
    const sixth = { nome: '6º Ano A', nivel: 'Fundamental II', serie: '6º ano' } as const;
    stubApi({
      '/api/turmas': [
        schoolClassAnswer({
          id: '00000000-0000-4000-8000-000000000043',
          ...sixth,
          ano_letivo: '2026',
        }),
        schoolClassAnswer({
          id: '00000000-0000-4000-8000-000000000044',
          ...sixth,
          nome: '5º Ano A',
          ano_letivo: '2025',
          status: 'concluido',
        }),
        schoolClassAnswer({
          id: '00000000-0000-4000-8000-000000000045',
          ...sixth,
          nome: 'Reforço',
          status: 'inativo',
        }),
      ],
    });
    renderAt(<StudentFormModal student={null} onClose={() => {}} />);
    expect(await screen.findByRole('option', { name: /^6º Ano A/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /^5º Ano A/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /^Reforço/ })).toBeNull();
  });
});

describe('Novo Aluno sent blank', () => {
  it("shows the principal guardian's CPF as missing at the first 'Cadastrar Aluno', with the other fields", async () => {
    const fetchMock = stubApi({ '/api/turmas': [] });
    renderAt(<StudentFormModal student={null} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cadastrar Aluno' }));
    const cpf = screen.getByLabelText(/^CPF do responsável/);
    expect(await screen.findByText('Nome do responsável é obrigatório')).toBeTruthy();
    expect(cpf).toHaveAccessibleDescription('CPF do responsável principal é obrigatório');
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('Novo Aluno: the birth date against the class’s série', () => {
  it('warns, without stopping the save, when the child is far older than the série (a mistyped year)', async () => {
    stubApi({
      '/api/turmas': [
        schoolClassAnswer({
          id: '00000000-0000-4000-8000-000000000051',
          nome: '1º Ano A',
          nivel: 'Fundamental I',
          serie: '1º ano',
          ano_letivo: '2026',
        }),
      ],
    });
    renderAt(<StudentFormModal student={null} onClose={() => {}} />);
    await screen.findByRole('option', { name: /1º Ano A/ });
    await userEvent.selectOptions(screen.getByLabelText('Turma'), '00000000-0000-4000-8000-000000000051');
    await userEvent.type(screen.getByLabelText(/Data de nascimento/), '2014-05-10');
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1º ano: idade de 6 anos em 31/03/2026; pela data de nascimento, 11 anos nessa data (distorção idade-série).',
    );
    await userEvent.clear(screen.getByLabelText(/Data de nascimento/));
    await userEvent.type(screen.getByLabelText(/Data de nascimento/), '2020-02-10');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('Novo Aluno for a child already registered (same name and birth date)', () => {
  it('shows who the server found and saves another child only once the box is ticked', async () => {
    const found =
      'Já existe um aluno com este nome e nascimento em 20/05/2016: Beatriz Almeida Santos (matrícula 20260007, 5º Ano A). Se for outra criança, marque esta caixa e cadastre de novo; se for a mesma, feche e abra o cadastro existente.';
    const api = stubApi({
      '/api/turmas': [],
      '/api/alunos': (request) =>
        (request.body as { confirmar_homonimo?: boolean }).confirmar_homonimo === true
          ? reply(201, {
              success: true,
              data: {
                aluno: studentAnswer({ id: ID, nome: 'Beatriz Almeida Santos' }),
                usuarioCriado: false,
              },
            })
          : reply(409, {
              success: false,
              code: 'CONFLICT',
              message: 'Este aluno pode já estar cadastrado.',
              details: [{ path: 'confirmar_homonimo', message: found }],
            }),
    });
    const user = userEvent.setup();
    renderAt(<StudentFormModal student={null} onClose={() => {}} />);
    await user.type(await screen.findByLabelText(/^Nome completo/), 'Beatriz Almeida Santos');
    await user.type(screen.getByLabelText(/^Data de nascimento/), '2016-05-20');
    await user.type(screen.getByLabelText(/^Nome do responsável/), 'Fernanda Almeida Santos');
    await user.type(screen.getByLabelText(/^Telefone do responsável/), '11987654321');
    await user.type(screen.getByLabelText(/^CPF do responsável/), '52998224725');
    await user.selectOptions(screen.getByLabelText(/^Parentesco/), 'Mãe');
    expect(screen.queryByRole('checkbox', { name: /É outra criança/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));
    const box = await screen.findByRole('checkbox', { name: 'É outra criança: cadastrar mesmo assim' });
    expect(box).not.toBeChecked();
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(found);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));
    await vi.waitFor(() =>
      expect(
        api.requests.filter((request) => request.method === 'POST').map((request) => request.body),
      ).toEqual([
        expect.objectContaining({ nome: 'Beatriz Almeida Santos', confirmar_homonimo: false }),
        expect.objectContaining({ nome: 'Beatriz Almeida Santos', confirmar_homonimo: true }),
      ]),
    );
  });
});
