// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CensoTurma } from '../../../shared/censo.schemas';
import { CENSO_TURMA_MANHA } from '../../../shared/censo.testing';
import type { Permission } from '../../../shared/permissions';
import { schoolClassAnswer } from '../../test/answers';
import { renderAt, searchOf, signedInAs, stubApi, stubScreen, type StubRequest } from '../../test/render';
import { ClassesPage } from './classes-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const turma = schoolClassAnswer({
  id: '11111111-1111-4111-8111-111111111111',
  nome: '5º Ano A',
  nivel: 'Fundamental I',
  serie: '5º ano',
  alunos_count: 20,
});

const sugerido = {
  turma_id: turma.id,
  nome: turma.nome,
  inep_id: null,
  ...CENSO_TURMA_MANHA,
  etapa_da_serie: '18',
  version: 0,
} satisfies CensoTurma;

function stubServer(permissoes?: Permission[]) {
  const saved: StubRequest[] = [];
  stubApi({
    '/api/auth/me': signedInAs(permissoes ? { permissoes } : {}),
    '/api/turmas': [turma],
    [`/api/censo/turmas/${turma.id}`]: (request: StubRequest) => {
      if (request.method === 'PUT') saved.push(request);
      return { ...sugerido, version: request.method === 'PUT' ? 1 : 0 };
    },
  });
  return saved;
}

describe('the class’s Censo dialog', () => {
  it('opens from the address (the pending list’s link), shows the suggestion and saves it', async () => {
    stubScreen(true);
    const saved = stubServer();
    const router = renderAt(<ClassesPage />, `/lista?censo=${turma.id}`);
    const dialog = await screen.findByRole('dialog', { name: /Censo Escolar — 5º Ano A/ });
    expect(dialog).toHaveTextContent('Ainda não salvo');
    expect(screen.getByLabelText('Horário de início')).toHaveValue('07:00');
    expect(screen.getByLabelText('Segunda-feira')).toBeChecked();
    expect(screen.getByLabelText('Sábado')).not.toBeChecked();
    expect(
      screen.getByRole('option', { name: /Da série: Ensino Fundamental de 9 anos – 5º ano/ }),
    ).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Sábado'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar dados do Censo' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // A class never saved goes without a version; the form sends the census fields only.
    const dados = {
      inep_id: null,
      tipo_mediacao: '1',
      hora_inicio: '07:00',
      hora_fim: '11:30',
      tipo_atendimento: 'escolarizacao',
      etapa: null,
      local_diferenciado: '0',
    };
    expect(saved[0]!.body).toEqual({ ...dados, dias: [...sugerido.dias, 'sab'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(searchOf(router)).toEqual({});
  });

  it('is not offered to whoever does not prepare the census', async () => {
    stubScreen(true);
    stubServer(['classes.read', 'classes.write']);
    renderAt(<ClassesPage />, `/lista?censo=${turma.id}`);
    await screen.findByText('5º Ano A');
    expect(screen.queryByRole('button', { name: /Censo/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
