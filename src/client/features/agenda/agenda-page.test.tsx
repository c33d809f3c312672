// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agendaSemItens, type AgendaDiaTurma, type AgendaTurmaResumo } from '../../../shared/agenda.schemas';
import { formatDate } from '../../../shared/format';
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
  sem_aula: null,
  publicada: true,
  // An empty day: the tests type what they change.
  itens: agendaSemItens,
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

  it('keeps the focus on the photo field while a photo goes (held, not disabled), and sends no second', async () => {
    const { api } = openAgenda();
    const puts: string[] = [];
    // The photo's upload stays on its way.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return api(url, init);
      puts.push(url);
      return new Promise<Response>(() => undefined);
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Trocar foto');
    await user.upload(input, new File(['a'], 'pintura.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-disabled', 'true'));
    expect(puts).toEqual([`${dayUrl(1)}/foto`]);
    // A disabled field drops the focus to <body> in the browser.
    expect(input).not.toBeDisabled();
    expect(input).toHaveFocus();
    await user.upload(input, new File(['b'], 'outra.jpg', { type: 'image/jpeg' }));
    expect(input).toHaveFocus();
    expect(puts).toHaveLength(1);
  });
});

const ANA = '00000000-0000-4000-8000-000000000021';
const BIA = '00000000-0000-4000-8000-000000000022';
const child = (
  id: string,
  nome: string,
  faltou: boolean,
  portal = true,
): AgendaDiaTurma['alunos'][number] => ({
  id,
  nome,
  falta_na_chamada: faltou,
  consentimento_imagem: true,
  familia_no_portal: portal,
  autorizacoes: [],
  leituras: [],
});

/** Today's agenda of one class of `stage`, with Ana absent in the roll (as the server answers it). */
function openClassOf(stage: { nome: string; serie: string; nivel: string }) {
  const one = { ...turma(1), ...stage };
  const day: AgendaDiaTurma = {
    ...dayOf(1),
    turma: one,
    foto: null,
    excecoes: [{ aluno_id: ANA, ausente: true, itens: {} }],
    alunos: [child(ANA, 'Ana Souza', true), child(BIA, 'Bia Lima', false)],
  };
  stubApi({
    '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }),
    '/api/agenda/turmas': [{ ...resumo(1), turma: one }],
    [dayUrl(1)]: day,
  });
  renderAt(<AgendaPage />, `/lista?turma=${one.id}&data=${DIA}`);
}

describe('the agenda and the day’s roll', () => {
  it('shows a child absent in the roll as not come, and sends the teacher to the roll to change it', async () => {
    openClassOf({ nome: '1º Ano A', serie: '1º ano', nivel: 'Fundamental I' });
    expect(await screen.findByText(/Faltaram na chamada de hoje: Ana Souza\./)).toBeVisible();
    const list = screen.getByRole('list', { name: 'Crianças da turma' });
    expect(within(list).getByRole('button', { name: /Ana Souza/ })).toHaveTextContent('Faltou');
    expect(within(list).getByRole('button', { name: /Bia Lima/ })).not.toHaveTextContent('Faltou');

    await userEvent.click(within(list).getByRole('button', { name: /Ana Souza/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Ana Souza' });
    const absent = within(sheet).getByRole('checkbox', { name: /Não veio hoje/ });
    expect(absent).toBeChecked();
    expect(absent).toBeDisabled();
    expect(absent).toHaveAccessibleDescription(
      'Falta registrada na chamada de hoje. Se a criança veio, corrija a chamada: a agenda acompanha.',
    );
    // Nothing of the day (meals, mood) is offered for a child who did not come.
    expect(within(sheet).queryByRole('group', { name: 'Humor' })).toBeNull();
  });
});

describe('the agenda’s items fit the class’s age', () => {
  it('offers no diaper items to a 1º ano or a pré-escola class', async () => {
    for (const stage of [
      { nome: '1º Ano A', serie: '1º ano', nivel: 'Fundamental I' },
      { nome: 'Pré I A', serie: 'Pré I', nivel: 'Educação Infantil' },
    ]) {
      openClassOf(stage);
      const turmaToda = within(await screen.findByRole('region', { name: 'Para toda a turma' }));
      expect(turmaToda.getByRole('button', { name: 'Roupa' })).toBeVisible();
      expect(turmaToda.queryByLabelText('Trocas de fralda')).toBeNull();
      expect(turmaToda.queryByRole('button', { name: 'Fralda' })).toBeNull();
      expect(turmaToda.queryByRole('button', { name: 'Pomada' })).toBeNull();
      cleanup();
    }
  });

  it('a day without class says so, and asks before sending', async () => {
    const api = stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }),
      '/api/agenda/turmas': [resumo(1)],
      [dayUrl(1)]: { ...dayOf(1), publicada: false, version: null, sem_aula: 'Recesso escolar' },
      [`${dayUrl(1)}/foto`]: null,
    });
    renderAt(<AgendaPage />, `/lista?turma=${turma(1).id}&data=${DIA}`);
    expect(
      await screen.findByText(`Pelo calendário, não há aula em ${formatDate(DIA)} (recesso escolar).`, {
        exact: false,
      }),
    ).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: /Enviar agenda às famílias/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar a agenda de um dia sem aula?' });
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar mesmo assim' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'PUT').map((r) => r.path)).toEqual([
        dayUrl(1),
      ]),
    );
  });

  it('keeps them for the creche', async () => {
    openClassOf({ nome: 'Berçário A', serie: 'Berçário', nivel: 'Educação Infantil' });
    const turmaToda = within(await screen.findByRole('region', { name: 'Para toda a turma' }));
    expect(turmaToda.getByLabelText('Trocas de fralda')).toBeVisible();
    expect(turmaToda.getByRole('button', { name: 'Fralda' })).toBeVisible();
    expect(turmaToda.getByRole('button', { name: 'Pomada' })).toBeVisible();
  });
});

/** Today's agenda, not sent yet, of Ana and Bia, whose families do or do not use the portal. */
function openWithFamilies(ana: boolean, bia: boolean) {
  stubApi({
    '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }),
    '/api/agenda/turmas': [resumo(1)],
    [dayUrl(1)]: {
      ...dayOf(1),
      publicada: false,
      version: null,
      foto: null,
      alunos: [child(ANA, 'Ana Souza', false, ana), child(BIA, 'Bia Lima', false, bia)],
    },
  });
  renderAt(<AgendaPage />, `/lista?turma=${turma(1).id}&data=${DIA}`);
}

describe('whom the agenda reaches', () => {
  it('says so when no family of the class uses the portal: the agenda reaches nobody', async () => {
    openWithFamilies(false, false);
    const notice = await screen.findByText(
      'Nenhuma família desta turma usa o portal: a agenda não chegará a ninguém. Envie-a impressa ou por outro meio.',
    );
    expect(notice).toBeVisible();
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // Nor does its button promise to send it to the families.
    expect(screen.getByRole('button', { name: 'Salvar agenda' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Enviar agenda/ })).toBeNull();
  });

  it('names the children whose families do not use it when only some do', async () => {
    openWithFamilies(false, true);
    expect(
      await screen.findByText(
        '1 de 2 famílias usa o portal. A agenda não chegará à família de Ana Souza: envie-a impressa ou por outro meio.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Enviar agenda às famílias/ })).toBeVisible();
  });

  it('says nothing when every family uses the portal', async () => {
    openWithFamilies(true, true);
    await screen.findByRole('region', { name: 'Para toda a turma' });
    expect(screen.queryByText(/usa(m)? o portal/)).toBeNull();
  });
});
