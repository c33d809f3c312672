// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { CnabPainel } from '../../../shared/cnab.schemas';
import { renderAt, stubApi } from '../../test/render';
import { BoletosTab } from './boletos-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const painel = (changes: Partial<CnabPainel> = {}): CnabPainel => ({
  banco: '001',
  banco_suportado: true,
  pendentes: [],
  remessas: [],
  nao_encontrados: [],
  rejeitados: [],
  ...changes,
});

describe('Boletos', () => {
  it('in the demo, links the simulated bank that takes the remessa; never otherwise', async () => {
    stubApi({ '/api/financeiro/boleto/cnab': painel({ banco_simulado_url: '/banco-simulado/boletos' }) });
    renderAt(<BoletosTab />);
    const link = await screen.findByRole('link', { name: 'Enviar ao banco simulado (demonstração)' });
    expect(link.getAttribute('href')).toBe('/banco-simulado/boletos');
    cleanup();

    stubApi({ '/api/financeiro/boleto/cnab': painel() });
    renderAt(<BoletosTab />);
    expect(await screen.findByRole('button', { name: 'Gerar remessa' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /banco simulado/ })).toBeNull();
  });
});
