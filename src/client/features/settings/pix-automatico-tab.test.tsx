// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PixProvedor } from '../../../shared/pix-provedor.schemas';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { PixAutomaticoTab } from './pix-automatico-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const neverConfigured: PixProvedor = {
  ativo: false,
  base_url: null,
  token_url: null,
  client_id: null,
  ca_pem: null,
  chave_pix: null,
  validade_apos_vencimento: 30,
  tem_segredo: false,
  tem_certificado: false,
  formato_certificado: null,
  certificado_valido_ate: null,
  webhook_url: 'http://escola.local/api/pix/webhook/segredo',
  webhook_https: false,
  webhook: { status: 'nao_registrado', registrado_em: null, erro: null },
  version: 0,
};

describe('Pix automático: the webhook card on an installation without https', () => {
  it("tells the school in plain words what to ask for; the variable's name only in the installer's line", async () => {
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/financeiro/pix/provedor': neverConfigured,
      '/api/financeiro/pix/automatico/config': {
        ativo: false,
        agencia: null,
        conta: null,
        tipo_conta: null,
        indisponivel: false,
        version: 0,
      },
    });
    renderAt(<PixAutomaticoTab />);
    const note = await screen.findByRole('note');
    const installerLine = note.querySelector('small');
    expect(installerLine?.textContent).toContain('PUBLIC_URL');
    const forStaff = note.textContent.replace(installerLine?.textContent ?? '', '');
    expect(forStaff).not.toContain('PUBLIC_URL');
    expect(forStaff).toContain('Peça a quem instalou o sistema que configure o endereço público com https');
  });
});
