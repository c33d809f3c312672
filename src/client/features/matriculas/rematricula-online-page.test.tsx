// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  statusRematricula,
  type FamiliaRematricula,
  type RodadaRematricula,
} from '../../../shared/anuidades.schemas';
import { holdPosts, pinDate, renderAt, stubApi, stubScreen } from '../../test/render';
import { RematriculaOnlinePage } from './rematricula-online-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rodada = (email_configurado: boolean): RodadaRematricula => ({
  ano_letivo: 2027,
  iniciada_em: null,
  contagem: Object.fromEntries(
    statusRematricula.map((status) => [status, 0]),
  ) as RodadaRematricula['contagem'],
  pendentes: 0,
  familias: [],
  email_configurado,
});

describe('Rematrícula online on a server without e-mail', () => {
  pinDate('2026-12-02T12:00:00-03:00');

  it('says before starting that the links will reach no family', async () => {
    stubScreen(true);
    stubApi({ '/api/matriculas/rematricula-online': rodada(false), '/api/matriculas/anuidades/avisos': [] });
    renderAt(<RematriculaOnlinePage />);
    expect(
      await screen.findByText(
        /O e-mail não está configurado neste servidor: os links da rematrícula não chegam/,
      ),
    ).toBeVisible();
  });

  it('says nothing of it when the server sends e-mail', async () => {
    stubScreen(true);
    stubApi({ '/api/matriculas/rematricula-online': rodada(true), '/api/matriculas/anuidades/avisos': [] });
    renderAt(<RematriculaOnlinePage />);
    expect(await screen.findByRole('button', { name: 'Iniciar a rematrícula de 2027' })).toBeVisible();
    expect(screen.queryByText(/O e-mail não está configurado/)).toBeNull();
  });
});

const pendente = (n: number, aluno_nome: string): FamiliaRematricula => ({
  id: `00000000-0000-4000-8000-00000000000${String(n)}`,
  aluno_id: null,
  aluno_nome,
  serie: '3º ano',
  responsavel_nome: `Mãe de ${aluno_nome}`,
  email: `familia${String(n)}@exemplo.com`,
  etapa: 'interessado',
  status: 'enviado',
  pendente: true,
  inadimplente: false,
  aberto_em: null,
  enviado_em: '2026-11-20T12:00:00.000Z',
  ultimo_lembrete_em: null,
});

describe("Rematrícula online: a family's reminder", () => {
  pinDate('2026-12-02T12:00:00-03:00');

  it('while it is sent, the button pressed keeps the focus (busy) and no reminder goes twice', async () => {
    stubScreen(true);
    const user = userEvent.setup();
    const answers = stubApi({
      '/api/matriculas/rematricula-online': {
        ...rodada(true),
        iniciada_em: '2026-11-20T12:00:00.000Z',
        pendentes: 2,
        familias: [pendente(1, 'Ana Lima'), pendente(2, 'Bruno Reis')],
      },
      '/api/matriculas/anuidades/avisos': [],
    });
    // The reminder's request stays on its way.
    const posts = holdPosts(answers);
    renderAt(<RematriculaOnlinePage />);
    await screen.findByText('Ana Lima');
    // Each row's button says whose family it reminds: a screen reader's list of buttons is not ten
    // identical 'Enviar lembrete'.
    const first = screen.getByRole('button', { name: 'Enviar lembrete à família de Ana Lima' });
    const second = screen.getByRole('button', { name: 'Enviar lembrete à família de Bruno Reis' });
    await user.click(first);
    expect(posts).toHaveLength(1);
    expect(first).not.toBeDisabled();
    expect(first).toHaveAttribute('aria-busy', 'true');
    expect(first).toHaveFocus();
    // The other family's waits for this one, held the same way (aria-disabled, not disabled).
    expect(second).not.toBeDisabled();
    expect(second).toHaveAttribute('aria-disabled', 'true');
    await user.click(first);
    await user.click(second);
    expect(posts).toHaveLength(1);
  });
});
