// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AnexoList } from './comunicado-versions';

afterEach(cleanup);

describe("a notice's attachments on a phone", () => {
  it('are each a tap target of 44 px, the name read from the left', () => {
    render(
      <AnexoList
        anexos={[
          { id: 'a1', nome: 'cardapio.pdf', tipo: 'application/pdf', tamanho: 2048, url: '/api/x/a1' },
          { id: 'a2', nome: 'lista.pdf', tipo: 'application/pdf', tamanho: 1024, url: '/api/x/a2' },
        ]}
      />,
    );
    // A short name was a 20 px line of text, 4 px from the next attachment.
    for (const anexo of within(screen.getByRole('list', { name: 'Anexos' })).getAllByRole('button'))
      expect(anexo).toHaveClass('min-h-11', 'text-left');
    expect(screen.getByRole('button', { name: 'cardapio.pdf (2 KB)' })).toBeInTheDocument();
  });
});
