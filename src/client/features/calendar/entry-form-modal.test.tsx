// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEntry } from '../../../shared/calendar.schemas';
import { renderAt, reply, stubApi } from '../../test/render';
import { EntryFormModal } from './entry-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubServer() {
  return stubApi({}, ({ method, body }) =>
    method === 'POST' ? reply(201, { success: true, data: body }) : { success: true, data: body },
  ).requests;
}

const publico = () =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: /^Público: aparece no site e para as famílias/ });
const kind = () => screen.getByLabelText(/^Tipo/);

describe('EntryFormModal: Público', () => {
  it('a new entry is public as its kind usually is, until the box is ticked by hand', async () => {
    const requests = stubServer();
    renderAt(<EntryFormModal entry={null} day="2026-05-12" onClose={() => undefined} />);
    const user = userEvent.setup();
    expect(publico()).toBeChecked();
    for (const [tipo, expected] of [
      ['reuniao_pais', true],
      ['conselho_classe', false],
      ['feriado_municipal', true],
      ['recesso', true],
      ['prova', true],
      ['festa', true],
    ] as const) {
      await user.selectOptions(kind(), tipo);
      expect(publico().checked, tipo).toBe(expected);
    }
    // Unticked by hand: it stays so whatever the kind.
    await user.click(publico());
    await user.selectOptions(kind(), 'reuniao_pais');
    expect(publico()).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Título/), 'Reunião interna');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')!.body).toMatchObject({
      tipo: 'reuniao_pais',
      publico: false,
    });
  });

  it('editing keeps what was chosen, whatever the kind becomes', async () => {
    stubServer();
    const entry: CalendarEntry = {
      id: '00000000-0000-4000-8000-000000000005',
      tipo: 'evento',
      titulo: 'Formação dos professores',
      descricao: null,
      inicio: '2026-05-12',
      fim: '2026-05-12',
      publico: false,
      version: 1,
    };
    renderAt(<EntryFormModal entry={entry} day="2026-05-12" onClose={() => undefined} />);
    expect(publico()).not.toBeChecked();
    await userEvent.selectOptions(kind(), 'festa');
    expect(publico()).not.toBeChecked();
  });
});
