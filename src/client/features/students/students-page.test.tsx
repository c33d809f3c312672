// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Student } from '../../../shared/students.schemas';
import { studentAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { StudentsPage } from './students-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000011';

/** `GET /api/alunos` with one active student. */
const listOf = (student: Student) => ({
  items: [student],
  total: 1,
  page: 1,
  pageSize: 20,
  counts: { total: 1, ativos: 1, novosEsteMes: 0, transferidos: 0 },
  totalCapped: false,
});

describe('the students page', () => {
  it("changes a status from the student's card and comes back to the card, with the new status", async () => {
    let student = studentAnswer({ id: ALUNO, nome: 'Lia Souza' });
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/alunos': listOf(student),
      '/api/turmas': [],
      '/api/financeiro/mensalidades/apos-saida': {
        quantidade: 2,
        taxas_matricula: 0,
        total: 170_000,
        com_pagamento: 1,
        em_confirmacao: 1,
      },
      [`/api/alunos/${ALUNO}`]: () => student,
      [`/api/alunos/${ALUNO}/status`]: (request) => {
        student = {
          ...student,
          status: (request.body as { status: 'transferido' }).status,
          saida: { data: '2026-03-02', escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
          version: 2,
        };
        return { data: student, message: 'Status atualizado' };
      },
    });
    renderAt(<StudentsPage />, `/lista?aluno=${ALUNO}`);

    const card = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Transferir' }));
    // The transfer asks the day the student left and where to; the school's Financeiro may cancel
    // the tuition due after it.
    const confirm = await screen.findByRole('dialog', { name: 'Transferir: Lia Souza' });
    const day = within(confirm).getByLabelText(/Data da saída/);
    await userEvent.clear(day);
    await userEvent.type(day, '2026-03-02');
    await userEvent.type(within(confirm).getByLabelText('Escola de destino'), 'EE Jorge Amado');
    await userEvent.type(within(confirm).getByLabelText('Município'), 'Campinas');
    await userEvent.selectOptions(within(confirm).getByLabelText('UF'), 'SP');
    await within(confirm).findByText(
      '2 mensalidades em aberto vencem depois de 02/03/2026 (R$ 1.700,00). 1 com pagamento parcial e 1 com comprovante aguardando confirmação ficam no Financeiro.',
    );
    await userEvent.click(within(confirm).getByRole('checkbox', { name: /Cancelar as mensalidades/ }));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Transferir' }));

    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        status: 'transferido',
        version: 1,
        data_saida: '2026-03-02',
        destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
        cancelar_mensalidades: true,
      }),
    );
    expect(
      api.requests.find(
        (request) =>
          request.path === '/api/financeiro/mensalidades/apos-saida' && request.url.includes('2026-03-02'),
      )?.url,
    ).toContain(`aluno_id=${ALUNO}`);
    const again = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await waitFor(() => expect(again).toHaveTextContent('Transferido'));
    expect(again).toHaveTextContent('SaídaEm 02/03/2026, para EE Jorge Amado (Campinas/SP)');
    // A student who left only comes back: no 'Marcar como formado' nor 'Inativar' for a transferred one.
    expect(within(again).getByRole('button', { name: 'Reativar' })).toBeInTheDocument();
    expect(
      within(again).queryByRole('button', { name: /Marcar como formado|Inativar|Transferir/ }),
    ).toBeNull();
  });

  it('names the enrolment fee it would cancel as the fee, beside the months', async () => {
    const student = studentAnswer({ id: ALUNO, nome: 'Lia Souza' });
    let aposSaida = {
      quantidade: 3,
      taxas_matricula: 1,
      total: 250_000,
      com_pagamento: 0,
      em_confirmacao: 0,
    };
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/alunos': listOf(student),
      '/api/turmas': [],
      '/api/financeiro/mensalidades/apos-saida': () => aposSaida,
      [`/api/alunos/${ALUNO}`]: () => student,
    });
    renderAt(<StudentsPage />, `/lista?aluno=${ALUNO}`);
    const card = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Transferir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transferir: Lia Souza' });
    const day = within(dialog).getByLabelText(/Data da saída/);
    await userEvent.clear(day);
    await userEvent.type(day, '2026-03-02');
    await within(dialog).findByText(
      '2 mensalidades e 1 taxa de matrícula em aberto vencem depois de 02/03/2026 (R$ 2.500,00).',
    );
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Cancelar as mensalidades e a taxa de matrícula que vencem depois da saída',
      }),
    ).toBeInTheDocument();
    // Only the fee left after a later day: the fee alone.
    aposSaida = { quantidade: 1, taxas_matricula: 1, total: 80_000, com_pagamento: 0, em_confirmacao: 0 };
    await userEvent.clear(day);
    await userEvent.type(day, '2026-11-30');
    await within(dialog).findByText('1 taxa de matrícula em aberto vence depois de 30/11/2026 (R$ 800,00).');
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Cancelar a taxa de matrícula que vence depois da saída',
      }),
    ).toBeInTheDocument();
  });

  it("corrects a transferred student's day and destination, as recorded, without offering the tuition", async () => {
    const student = studentAnswer({
      id: ALUNO,
      nome: 'Lia Souza',
      status: 'transferido',
      version: 2,
      saida: { data: '2026-03-02', escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/alunos': listOf(student),
      '/api/turmas': [],
      [`/api/alunos/${ALUNO}`]: () => student,
      [`/api/alunos/${ALUNO}/status`]: () => ({
        data: student,
        message: 'Status alterado para Transferido.',
      }),
    });
    renderAt(<StudentsPage />, `/lista?aluno=${ALUNO}`);

    const card = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Corrigir saída' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corrigir saída: Lia Souza' });
    const day = within(dialog).getByLabelText<HTMLInputElement>(/Data da saída/);
    expect(day.value).toBe('2026-03-02');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Escola de destino').value).toBe('EE Jorge Amado');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(dialog).toHaveTextContent('Mensalidades ou taxa de matrícula já canceladas na saída não mudam.');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-02-27');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar correção' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        status: 'transferido',
        version: 2,
        data_saida: '2026-02-27',
        destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
        cancelar_mensalidades: false,
      }),
    );
    expect(api.requests.some((request) => request.path.includes('apos-saida'))).toBe(false);
  });

  it('tells whoever lacks the Financeiro that the tuition stays there, and asks no destination to inactivate', async () => {
    const student = studentAnswer({ id: ALUNO, nome: 'Lia Souza' });
    const api = stubApi({
      '/api/auth/me': signedInAs({ nivel: 'administrador', permissoes: ['students.read', 'students.write'] }),
      '/api/alunos': listOf(student),
      '/api/turmas': [],
      [`/api/alunos/${ALUNO}`]: () => student,
    });
    renderAt(<StudentsPage />, `/lista?aluno=${ALUNO}`);

    const card = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inativar: Lia Souza' });
    expect(within(dialog).queryByLabelText('Escola de destino')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    // The server tells the Financeiro itself: nobody is asked to pass it on.
    expect(dialog).toHaveTextContent(
      'se alguma em aberto vencer depois da saída, o Financeiro é avisado ao confirmar (no sino e por e-mail)',
    );
    expect(dialog).toHaveTextContent('Cancelar mensalidades e taxas de matrícula é do Financeiro');
    expect(dialog).not.toHaveTextContent('avise quem cuida dele');
    expect(api.requests.some((request) => request.path.includes('apos-saida'))).toBe(false);
    // The day is asked for: cleared, nothing is sent.
    await userEvent.clear(within(dialog).getByLabelText(/Data da saída/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await within(dialog).findByText('Informe a data da saída')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});

describe("the students page's search", () => {
  it('offers the CPF to the staff, who find a student by it, and not to a teacher', async () => {
    const student = studentAnswer({ id: ALUNO, nome: 'Lia Souza' });
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'administrador', permissoes: ['students.read'] }),
      '/api/alunos': listOf(student),
      '/api/turmas': [],
    });
    renderAt(<StudentsPage />, '/lista');
    expect(await screen.findByPlaceholderText('Nome, matrícula, e-mail ou CPF')).toBeInTheDocument();
    cleanup();

    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', permissoes: ['students.read'] }),
      '/api/alunos': listOf(student),
      '/api/turmas': [],
    });
    renderAt(<StudentsPage />, '/lista');
    expect(await screen.findByPlaceholderText('Nome, matrícula ou e-mail')).toBeInTheDocument();
  });

  it('two students with the same name: each row’s buttons say which one (the matrícula)', async () => {
    const twins = [
      studentAnswer({ id: ALUNO, nome: 'Ana Souza', matricula: '2026001' }),
      studentAnswer({ id: '00000000-0000-4000-8000-000000000012', nome: 'Ana Souza', matricula: '2026002' }),
    ];
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/alunos': { ...listOf(twins[0]!), items: twins, total: 2 },
      '/api/turmas': [],
    });
    renderAt(<StudentsPage />);
    const names = (label: string) =>
      screen
        .getAllByRole('button', { name: new RegExp(`^${label} Ana Souza`) })
        .map((button) => button.getAttribute('aria-label'));
    await screen.findAllByRole('button', { name: /^Ver detalhes de Ana Souza/ });
    for (const label of ['Ver detalhes de', 'Editar', 'Inativar'])
      expect(new Set(names(label))).toEqual(
        new Set([`${label} Ana Souza, matrícula 2026001`, `${label} Ana Souza, matrícula 2026002`]),
      );
  });
});
