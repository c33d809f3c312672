// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alcance, PublicoOpcoes } from '../../../shared/comunicados.schemas';
import { renderAt, signedInAs, stubApi, type StubRequest } from '../../test/render';
import { ComunicadoFormModal } from './comunicado-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PRIMEIRO_A = '00000000-0000-4000-8000-000000000051';
const opcoes: PublicoOpcoes = {
  tipos: ['escola', 'turmas'],
  segmentos: [],
  series: [],
  turmas: [
    { id: PRIMEIRO_A, nome: '1º Ano A', serie: '1º ano', alunos: 24 },
    { id: '00000000-0000-4000-8000-000000000052', nome: '2º Ano A', serie: '2º ano', alunos: 22 },
  ],
};
const semAcesso = (total: number): Alcance['sem_acesso'] => ({
  total,
  alunos: Array.from({ length: total }, (_item, index) => ({
    id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    nome: `Aluno ${String(index)}`,
    turma: '1º Ano A',
    responsaveis: [],
  })),
});
/** The notice itself is a POST to /api/comunicados; asking its reach is not sending it. */
const published = (requests: StubRequest[]) =>
  requests.some((request) => request.method === 'POST' && request.path === '/api/comunicados');

async function writeNotice(form: HTMLElement) {
  await userEvent.type(within(form).getByLabelText(/Título/), 'Reunião de pais');
  await userEvent.type(within(form).getByLabelText(/^Mensagem/), 'Sábado, às 9h.');
}

describe('Novo comunicado', () => {
  it('publishes to the whole school only after a confirmation that says to whom and who will not see it', async () => {
    const onClose = vi.fn();
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/comunicados/opcoes': opcoes,
      '/api/comunicados/alcance': {
        turmas: [],
        recebem: 180,
        alunos: 150,
        sem_acesso: semAcesso(1),
      } satisfies Alcance,
    });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola', 'turmas']} onClose={onClose} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    await writeNotice(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar' }));

    const confirm = await screen.findByRole('dialog', { name: 'Publicar o comunicado?' });
    expect(confirm).toHaveTextContent(
      '“Reunião de pais” será enviado agora para as famílias de toda a escola. Depois de publicado, o público não muda',
    );
    expect(await within(confirm).findByText(/Recebem no portal/)).toHaveTextContent(
      // Accounts of parents, for 150 students: two parents of one child are not two families.
      'Recebem no portal: 180 responsáveis (de 150 alunos).',
    );
    expect(within(confirm).getByText(/Sem acesso ao portal/)).toHaveTextContent(
      'Sem acesso ao portal: 1 aluno cuja família não tem acesso ao portal. Não verão o comunicado, a menos que a escola as avise de outra forma.',
    );
    expect(published(api.requests)).toBe(false);

    // 'Voltar e revisar' keeps the form as it was, unsent.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Voltar e revisar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publicar o comunicado?' })).toBeNull());
    expect(within(form).getByLabelText(/Título/)).toHaveValue('Reunião de pais');
    expect(published(api.requests)).toBe(false);
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
    expect(mensagem.labels[0]).toHaveTextContent('Mensagem *');
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar' }));
    expect(await within(form).findByText('Escreva o comunicado')).toBeTruthy();
  });

  it('formats with buttons, not marks to learn: Negrito on the selection, and Ver como fica shows the result', async () => {
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/comunicados/opcoes': { tipos: ['escola'], segmentos: [], series: [], turmas: [] },
    });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola']} onClose={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    const mensagem = within(form).getByLabelText<HTMLTextAreaElement>(/^Mensagem/);
    await userEvent.type(mensagem, 'Reunião amanhã');
    mensagem.setSelectionRange(8, 14);
    const toolbar = within(form).getByRole('toolbar', { name: 'Formatação do texto' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Negrito' }));
    expect(mensagem).toHaveValue('Reunião **amanhã**');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Ver como fica' }));
    const preview = within(form).getByRole('region', { name: 'Como as famílias vão ler' });
    expect(within(preview).getByText('amanhã').tagName).toBe('STRONG');
    expect(published(api.requests)).toBe(false);
  });

  it('names the chosen class and counts the families the server says receive it and have no access', async () => {
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/comunicados/opcoes': opcoes,
      '/api/comunicados/alcance': {
        turmas: ['1º Ano A'],
        recebem: 7,
        alunos: 6,
        sem_acesso: semAcesso(17),
      } satisfies Alcance,
    });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola', 'turmas']} onClose={vi.fn()} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    await writeNotice(form);
    await userEvent.selectOptions(within(form).getByLabelText('Para quem'), 'turmas');
    await userEvent.click(await within(form).findByRole('checkbox', { name: '1º Ano A (24 alunos)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar' }));

    const confirm = await screen.findByRole('dialog', { name: 'Publicar o comunicado?' });
    await waitFor(() =>
      expect(confirm).toHaveTextContent(
        '“Reunião de pais” será enviado agora para as famílias da turma 1º Ano A.',
      ),
    );
    expect(confirm).toHaveTextContent('Recebem no portal: 7 responsáveis (de 6 alunos).');
    expect(confirm).toHaveTextContent(
      'Sem acesso ao portal: 17 alunos cujas famílias não têm acesso ao portal.',
    );
    const asked = api.requests.find((request) => request.path === '/api/comunicados/alcance');
    expect(asked).toMatchObject({
      method: 'POST',
      body: { publico: { tipo: 'turmas', turmas: [PRIMEIRO_A] } },
    });
    expect(published(api.requests)).toBe(false);
  });

  it('makes each class a whole-row option, its label wrapping the checkbox, checked by keyboard', async () => {
    stubApi({ '/api/auth/me': signedInAs(), '/api/comunicados/opcoes': opcoes });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola', 'turmas']} onClose={vi.fn()} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    await userEvent.selectOptions(within(form).getByLabelText('Para quem'), 'turmas');
    const turmas = within(form).getByRole('group', { name: 'Turmas' });
    const box = await within(turmas).findByRole('checkbox', { name: '2º Ano A (22 alunos)' });
    const row = box.closest('label');
    // 44 px at least (min-h-11) across the whole width, the text inside the same label.
    expect(row).toHaveClass('min-h-11', 'w-full');
    expect(row).toHaveTextContent('2º Ano A (22 alunos)');
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).toBeChecked();
  });

  it('with no class chosen, says so on the list and puts the focus on it (it was below the fold)', async () => {
    const api = stubApi({ '/api/auth/me': signedInAs(), '/api/comunicados/opcoes': opcoes });
    renderAt(<ComunicadoFormModal comunicado={null} tipos={['escola', 'turmas']} onClose={vi.fn()} />);
    const form = await screen.findByRole('dialog', { name: 'Novo comunicado' });
    await writeNotice(form);
    await userEvent.selectOptions(within(form).getByLabelText('Para quem'), 'turmas');
    const turmas = within(form).getByRole('group', { name: 'Turmas' });
    const first = await within(turmas).findByRole('checkbox', { name: '1º Ano A (24 alunos)' });
    await userEvent.click(within(form).getByRole('button', { name: /Publicar/ }));
    expect(await within(turmas).findByRole('alert')).toHaveTextContent('Escolha ao menos uma turma');
    await waitFor(() => expect(first).toHaveFocus());
    expect(published(api.requests)).toBe(false);
  });
});
