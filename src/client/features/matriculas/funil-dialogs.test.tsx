// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VISITA_NO_PASSADO } from '../../../shared/matriculas.schemas';
import { interessado } from '../../test/interessados';
import { renderAt, stubApi } from '../../test/render';
import { VisitaDialog } from './funil-dialogs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const familia = interessado(1, {
  responsavel_nome: 'Carla Souza',
  email: 'carla@exemplo.test',
  telefone: '11912345678',
  aluno_nome: 'Lucas Souza',
});

describe('VisitaDialog', () => {
  it('refuses a visit dated before today, saying why, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderAt(<VisitaDialog familia={familia} onClose={() => undefined} />);
    const campo = await screen.findByLabelText('Data e hora da visita');
    fireEvent.change(campo, { target: { value: '2025-01-10T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Salvar visita' }));
    expect(await screen.findByText(VISITA_NO_PASSADO)).toBeVisible();
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});
