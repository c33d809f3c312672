// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, schoolYearOf, stubApi } from '../../test/render';
import { ClassFormModal } from './class-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClassFormModal: Nível and Série', () => {
  it('refuses a série of another stage under the Série, before anything is sent', async () => {
    const fetchMock = stubApi({ '/api/anos-letivos': [schoolYearOf()], '/api/professores': [] });
    renderAt(<ClassFormModal turma={null} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome da Turma/), '5º Ano A');
    await user.selectOptions(screen.getByLabelText(/^Nível/), 'Ensino Médio');
    await user.type(screen.getByLabelText(/^Série/), '5º ano');
    await user.click(screen.getByRole('button', { name: 'Criar Turma' }));
    expect(
      await screen.findByText(
        '5º ano é do Fundamental I, não do Ensino Médio: escolha o nível Fundamental I ou uma série do Ensino Médio (1ª série, 2ª série e 3ª série)',
      ),
    ).toBeTruthy();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toEqual([]);
    // Choosing the série's own stage clears it (the Nível changed, not the Série).
    await user.selectOptions(screen.getByLabelText(/^Nível/), 'Fundamental I');
    await waitFor(() => expect(screen.queryByText(/^5º ano é do Fundamental I/)).toBeNull());
  });
});

describe('ClassFormModal: a group of Educação Infantil by the school’s own name', () => {
  it('says which stage the group counts as, and the names of the other', async () => {
    stubApi({ '/api/anos-letivos': [schoolYearOf()], '/api/professores': [] });
    renderAt(<ClassFormModal turma={null} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/^Nível/), 'Educação Infantil');
    const grupo = screen.getByLabelText(/^Grupo \(faixa etária\)/);
    expect(screen.getByText(/^Creche: Berçário, Maternal I e II/)).toBeTruthy();
    await user.type(grupo, 'Infantil II');
    expect(
      screen.getByText(
        '"Infantil II" não está na lista: a turma conta como pré-escola (4 e 5 anos) na frequência e no Censo. Se for creche, use Berçário, Maternal I ou Maternal II.',
      ),
    ).toBeTruthy();
    await user.clear(grupo);
    await user.type(grupo, 'Maternal III');
    expect(screen.getByText(/^"Maternal III" não está na lista: a turma conta como creche/)).toBeTruthy();
    await user.clear(grupo);
    await user.type(grupo, 'Pré II');
    expect(screen.getByText(/^Creche: Berçário, Maternal I e II/)).toBeTruthy();
  });
});

describe('ClassFormModal: a missing group of Educação Infantil', () => {
  it('says "Grupo é obrigatório" with the other errors at the first submit, and "Série" elsewhere', async () => {
    const fetchMock = stubApi({ '/api/anos-letivos': [schoolYearOf()], '/api/professores': [] });
    renderAt(<ClassFormModal turma={null} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/^Nível/), 'Educação Infantil');
    await user.click(screen.getByRole('button', { name: 'Criar Turma' }));
    expect(await screen.findByText('Grupo é obrigatório')).toBeTruthy();
    expect(screen.getByText('Nome da turma é obrigatório')).toBeTruthy();
    expect(screen.queryByText('Série é obrigatória')).toBeNull();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.selectOptions(screen.getByLabelText(/^Nível/), 'Fundamental I');
    expect(await screen.findByText('Série é obrigatória')).toBeTruthy();
    expect(screen.queryByText('Grupo é obrigatório')).toBeNull();
  });
});
