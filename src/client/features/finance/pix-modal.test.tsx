// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { PIX_WATCH_MS } from './pix-confirmacao';
import { PixModal } from './pix-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const MENSALIDADE = '00000000-0000-4000-8000-000000000001';
const julho = mensalidadeAnswer({ id: MENSALIDADE });

/** The tuition as `GET /api/financeiro/mensalidades/:id` reads it (the dialog follows it while open). */
const detail = (mensalidade: Mensalidade) => ({ ...mensalidade, pagamentos: [], pix: null });

function pixOf(
  dinamico: boolean,
  simulacao_url?: string,
  confirmacao_automatica = dinamico,
  cobranca: Mensalidade = julho,
  lida: () => Mensalidade = () => cobranca,
) {
  stubApi({
    [`/api/financeiro/mensalidades/${MENSALIDADE}`]: () => detail(lida()),
    '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
    [`/api/financeiro/mensalidades/${MENSALIDADE}/pix`]: {
      copia_e_cola: '000201',
      qrcode: 'data:image/png;base64,AA==',
      valor: 90_808,
      txid: dinamico ? 'cob-julho' : 'MENS-JULHO',
      dinamico,
      confirmacao_automatica,
      ...(simulacao_url ? { simulacao_url } : {}),
    },
  });
  renderAt(<PixModal mensalidade={cobranca} onClose={() => undefined} />);
}

describe('PixModal', () => {
  it("the school's static key: says the school confirms the payment, and where to send the comprovante", async () => {
    pixOf(false);
    const note = await screen.findByTestId('pix-estatico');
    expect(note.textContent).toContain('não se confirma sozinho');
    expect(note.textContent).toContain('Já paguei');
    expect(screen.queryByTestId('pix-dinamico')).toBeNull();
  });

  it("the school's static key reported by the PSP: confirmed by itself when paid today with its amount", async () => {
    pixOf(false, undefined, true);
    const note = await screen.findByTestId('pix-estatico');
    expect(note.textContent).toContain('Pago hoje com este valor, o pagamento é confirmado sozinho');
    expect(note.textContent).not.toContain('não se confirma sozinho');
  });

  it("the bank's charge: confirmed by itself", async () => {
    pixOf(true);
    expect((await screen.findByTestId('pix-dinamico')).textContent).toContain(
      'O pagamento é confirmado sozinho.',
    );
    expect(screen.queryByTestId('pix-estatico')).toBeNull();
  });

  it('the enrolment fee is named as a fee, not as a mensalidade (the QR code’s name too)', async () => {
    pixOf(true, undefined, true, { ...julho, tipo: 'taxa_matricula', mes_referencia: '2027-01' });
    expect((await screen.findByTestId('pix-dinamico')).textContent).toContain(
      'Este é o código da cobrança desta taxa de matrícula',
    );
    expect(screen.getByRole('img', { name: 'QR code Pix da taxa de matrícula' })).toBeInTheDocument();
    expect(screen.getByRole('dialog').textContent).not.toContain('mensalidade');
  });

  it("the demo's simulated bank: told which screen opened it, to come back to", async () => {
    pixOf(true, '/banco-simulado/pagar?codigo=000201');
    const link = await screen.findByRole('link', { name: 'Pagar no banco simulado (demonstração)' });
    expect(link.getAttribute('href')).toBe('/banco-simulado/pagar?codigo=000201&voltar=%2Flista');
  });

  it('names each of its buttons once: the X is “Fechar janela”, the footer’s “Fechar”', async () => {
    pixOf(true);
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com Pix' });
    await within(dialog).findByRole('button', { name: /Copiar código Pix/ });
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent.trim());
    expect(new Set(names).size).toBe(names.length);
    expect(within(dialog).getByRole('button', { name: 'Fechar janela' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('the bank pays it while the dialog is open: back in view, the code gives way to “Pagamento confirmado”', async () => {
    let paga = false;
    pixOf(true, undefined, true, julho, () =>
      paga
        ? {
            ...julho,
            status: 'pago',
            valor_pago: 85_000,
            principal_pago: 85_000,
            valor_atualizado: 0,
            data_pagamento: '2026-10-08',
          }
        : julho,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com Pix' });
    expect((await within(dialog).findByTestId('pix-aguardando')).textContent).toContain(
      'a confirmação aparece em poucos segundos',
    );
    expect(within(dialog).queryByTestId('pix-confirmado')).toBeNull();
    // The family paid in the bank's app; the webhook paid the tuition; the portal's tab is looked at again.
    paga = true;
    fireEvent(window, new Event('visibilitychange'));
    const confirmado = await within(dialog).findByTestId('pix-confirmado');
    expect(confirmado.textContent).toContain('Pagamento confirmado');
    expect(confirmado.textContent).toMatch(
      /Recebemos R\$\s850,00 em 08\/10\/2026\. O recibo está no Histórico\./,
    );
    expect(within(dialog).queryByLabelText('Pix copia e cola')).toBeNull();
    expect(within(dialog).queryByTestId('pix-aguardando')).toBeNull();
  });

  it('a code the school confirms by hand does not say the dialog waits for the bank', async () => {
    pixOf(false);
    await screen.findByTestId('pix-estatico');
    expect(screen.queryByTestId('pix-aguardando')).toBeNull();
  });

  it("the school's static key is not watched: the tuition is never read again while the code is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    pixOf(false, undefined, false, julho, () => {
      reads += 1;
      return julho;
    });
    await screen.findByTestId('pix-estatico');
    await vi.advanceTimersByTimeAsync(PIX_WATCH_MS * 4);
    fireEvent(window, new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(PIX_WATCH_MS);
    expect(reads).toBe(0);
    expect(screen.getByTestId('pix-estatico').textContent).toContain(
      'a escola confirma o pagamento quando ele chega',
    );
  });

  it("the bank's charge is watched: the tuition is read again every few seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    pixOf(true, undefined, true, julho, () => {
      reads += 1;
      return julho;
    });
    await screen.findByTestId('pix-aguardando');
    const before = reads;
    await vi.advanceTimersByTimeAsync(PIX_WATCH_MS * 3);
    expect(reads).toBeGreaterThanOrEqual(before + 2);
  });
});
