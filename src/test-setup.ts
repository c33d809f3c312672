import '@testing-library/jest-dom/vitest';
import './shared/zod-setup.js';

// jsdom has no matchMedia; react-hot-toast asks it about prefers-reduced-motion.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    // Writable, so a test can stand in a wide screen (vi.stubGlobal).
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
