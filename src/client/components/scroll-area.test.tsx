// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ScrollArea } from './scroll-area';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: the frame's widths are what a browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const month = (
  <ScrollArea label="Frequência do 5º Ano A no mês">
    <table>
      <tbody>
        <tr>
          <td>1</td>
        </tr>
      </tbody>
    </table>
  </ScrollArea>
);

describe('ScrollArea', () => {
  it('is a named region in the tab order while its table is wider than the screen', () => {
    widths(900, 358);
    render(month);
    const region = screen.getByRole('region', { name: 'Frequência do 5º Ano A no mês' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('adds no tab stop and no landmark while all of it fits', () => {
    widths(600, 600);
    const { container } = render(month);
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.firstElementChild).not.toHaveAttribute('tabindex');
  });

  it('becomes a region when a wider table replaces what it held', async () => {
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(358);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    const { rerender } = render(
      <ScrollArea label="Inadimplência 2026">
        <p>Carregando...</p>
      </ScrollArea>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    scrollWidth.mockReturnValue(900);
    rerender(month);
    expect(await screen.findByRole('region', { name: 'Frequência do 5º Ano A no mês' })).toBeVisible();
  });

  it('with both, is a region when a long list scrolls down within its height, and not when it fits', () => {
    widths(358, 358);
    const height = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2400);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    const list = (
      <ScrollArea label="Mapa de notas do 9º Ano A" both className="max-h-[70vh]">
        <table />
      </ScrollArea>
    );
    const { unmount } = render(list);
    expect(screen.getByRole('region', { name: 'Mapa de notas do 9º Ano A' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    unmount();
    height.mockReturnValue(560);
    render(list);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('without both, a frame taller than it shows is no region: it scrolls only sideways', () => {
    widths(358, 358);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2400);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    render(month);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
