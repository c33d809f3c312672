// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgendaDiaTurma, AgendaTurmaResumo } from '../../../shared/agenda.schemas';
import { renderAt, searchOf, signedInAs, stubApi } from '../../test/render';
import { AgendaPage } from './agenda-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DIA = '2026-06-10';
const turma = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000001${String(n)}`,
  nome: n === 1 ? 'Girassóis' : 'Margaridas',
  serie: 'Pré I',
  nivel: 'Educação Infantil',
});
const resumo = (n: number): AgendaTurmaResumo => ({
  turma: turma(n),
  ativa: true,
  alunos: 12,
  hoje: { atualizado_em: null, lidas: 0 },
});
const dayOf = (n: number): AgendaDiaTurma => ({
  turma: turma(n),
  data: DIA,
  editavel: true,
  publicada: true,
  itens: {
    refeicoes: [],
    sono: [],
    evacuacao: null,
    trocas_fralda: null,
    humor: null,
    recados: null,
    precisa_trazer: [],
  },
  excecoes: [],
  foto: { url: `/api/agenda/turmas/${turma(n).id}/${DIA}/foto`, largura: 800, altura: 600 },
  autor: 'Marta Reis',
  atualizado_em: `${DIA}T15:00:00.000Z`,
  version: 2,
  alunos: [],
});
const dayUrl = (n: number) => `/api/agenda/turmas/${turma(n).id}/${DIA}`;

function openAgenda() {
  const api = stubApi({
    '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }),
    '/api/agenda/turmas': [resumo(1), resumo(2)],
    [dayUrl(1)]: dayOf(1),
    [dayUrl(2)]: dayOf(2),
    [`${dayUrl(1)}/foto`]: null,
  });
  const router = renderAt(<AgendaPage />, `/lista?turma=${turma(1).id}&data=${DIA}`);
  return { api, router };
}

describe("the teacher's agenda of the day", () => {
  it('asks before another class throws away what was typed, and stays with it when told to', async () => {
    const { router } = openAgenda();
    const recados = await screen.findByLabelText('Recados');
    await userEvent.type(recados, 'Hoje pintamos com guache.');

    await userEvent.selectOptions(screen.getByLabelText('Turma'), turma(2).id);
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar a agenda?' });
    expect(dialog).toHaveTextContent(
      'As alterações na agenda de Girassóis de 10/06/2026 ainda não foram salvas. Se sair agora, elas serão perdidas.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar à agenda' }));
    expect(searchOf(router).turma).toBe(turma(1).id);
    expect(screen.getByLabelText('Recados')).toHaveValue('Hoje pintamos com guache.');

    await userEvent.selectOptions(screen.getByLabelText('Turma'), turma(2).id);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair sem salvar' }),
    );
    await waitFor(() => expect(searchOf(router).turma).toBe(turma(2).id));
  });

  it('changes class without asking when nothing was typed', async () => {
    const { router } = openAgenda();
    await screen.findByLabelText('Recados');
    await userEvent.selectOptions(screen.getByLabelText('Turma'), turma(2).id);
    await waitFor(() => expect(searchOf(router).turma).toBe(turma(2).id));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("removes the day's photo after asking", async () => {
    const { api } = openAgenda();
    await userEvent.click(await screen.findByRole('button', { name: 'Remover foto' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover a foto do dia?' });
    expect(dialog).toHaveTextContent(
      'A foto da atividade de 10/06/2026 sai da agenda de Girassóis e é apagada: as famílias deixam de vê-la.',
    );
    const deletes = () => api.requests.filter((request) => request.method === 'DELETE');
    expect(deletes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover foto' }));
    await waitFor(() => expect(deletes().map((request) => request.path)).toEqual([`${dayUrl(1)}/foto`]));
  });
});
