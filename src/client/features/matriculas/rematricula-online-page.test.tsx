// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { statusRematricula, type RodadaRematricula } from '../../../shared/anuidades.schemas';
import { pinDate, renderAt, stubApi, stubScreen } from '../../test/render';
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
