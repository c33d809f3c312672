// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { GALLERY_ADVANCE_MS, TESTIMONIAL_ADVANCE_MS } from '../../../shared/content.constants';
import { Gallery } from './gallery';
import { Testimonials } from './testimonials';

beforeEach(() => {
  vi.useFakeTimers();
  // No preference for reduced motion: the carousels turn by themselves.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs the clock `ms` ahead (act's callback is synchronous: it is done when act returns). */
function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const testimonials = ['Ana', 'Bruno', 'Carla'].map((nome) => ({
  nome,
  cargo: 'Mãe',
  depoimento: `Depoimento de ${nome}`,
  foto: '',
}));

describe('the testimonials carousel', () => {
  it("turns silently, stops at 'Pausar', and speaks only when the visitor moves it", () => {
    render(<Testimonials items={testimonials} />);
    const slide = screen.getByText(/Depoimento de Ana/).closest('figure')!;
    expect(slide).toHaveAttribute('aria-live', 'off');
    wait(TESTIMONIAL_ADVANCE_MS);
    expect(screen.getByText(/Depoimento de Bruno/)).toBeVisible();
    expect(slide).toHaveAttribute('aria-live', 'off');

    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    wait(TESTIMONIAL_ADVANCE_MS * 3);
    expect(screen.getByText(/Depoimento de Bruno/)).toBeVisible();
    expect(slide).toHaveAttribute('aria-live', 'polite');

    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // Focus on 'Continuar' is not the carousel's pause-on-focus: it turns again at once.
    fireEvent.focus(screen.getByRole('button', { name: 'Pausar' }));
    wait(TESTIMONIAL_ADVANCE_MS);
    expect(screen.getByText(/Depoimento de Carla/)).toBeVisible();
    expect(slide).toHaveAttribute('aria-live', 'off');

    fireEvent.click(screen.getByRole('button', { name: 'Ver depoimento 1' }));
    expect(screen.getByText(/Depoimento de Ana/)).toBeVisible();
    expect(slide).toHaveAttribute('aria-live', 'polite');
  });
});

const photos = ['Pátio', 'Biblioteca'].map((titulo, n) => ({
  id: `f${n}`,
  url: `/foto-${n}.jpg`,
  titulo,
  descricao: '',
}));

describe('the gallery carousel', () => {
  it("has a visible 'Pausar' that stops it, and a counter that speaks only when the visitor moves it", () => {
    render(<Gallery photos={photos} />);
    const counter = screen.getByText('1 / 2');
    expect(counter).toHaveAttribute('aria-live', 'off');
    wait(GALLERY_ADVANCE_MS);
    expect(counter).toHaveTextContent('2 / 2');

    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    wait(GALLERY_ADVANCE_MS * 3);
    expect(counter).toHaveTextContent('2 / 2');

    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Próxima foto' }));
    expect(counter).toHaveTextContent('1 / 2');
    expect(counter).toHaveAttribute('aria-live', 'polite');
  });

  it('offers no pause when it does not turn (reduced motion)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    render(<Gallery photos={photos} />);
    expect(screen.queryByRole('button', { name: 'Pausar' })).toBeNull();
  });
});
