// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VISITA_NO_PASSADO, type Interessado } from '../../../shared/matriculas.schemas';
import { renderAt, stubApi } from '../../test/render';
import { VisitaDialog } from './funil-dialogs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const familia: Interessado = {
  id: '00000000-0000-4000-8000-000000000001',
  tipo: 'nova',
  responsavel_nome: 'Carla Souza',
  email: 'carla@exemplo.test',
  telefone: '11912345678',
  aluno_nome: 'Lucas Souza',
  aluno_nascimento: '2020-03-01',
  serie: '1º ano',
  ano_letivo: 2027,
  origem: null,
  mensagem: null,
  etapa: 'interessado',
  motivo_perda: null,
  visita_em: null,
  aluno_id: null,
  turma_id: null,
  etapa_em: '2026-12-01T12:00:00.000Z',
  created_at: '2026-12-01T12:00:00.000Z',
  version: 1,
};

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
