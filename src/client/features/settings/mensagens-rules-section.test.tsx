// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mensagensConfigPadrao } from '../../../shared/mensagens.schemas';
import { renderAt, stubApi } from '../../test/render';
import { MensagensRulesSection } from './mensagens-rules-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Configurações → Notificações → Mensagens com as famílias', () => {
  it('keeps each choice inside the card on a phone: a select never grows past its column', async () => {
    stubApi({ '/api/mensagens/configuracao': mensagensConfigPadrao });
    renderAt(<MensagensRulesSection />);
    // Their longest option ('Cada responsável vinculado, numa conversa só sua') made them 443 px wide
    // on a 390 px screen; jsdom has no layout, so the class that caps them is what is checked.
    const selects = await screen.findAllByRole('combobox');
    expect(selects).toHaveLength(2);
    for (const select of selects) expect(select.className.split(' ')).toContain('max-w-full');
  });
});
