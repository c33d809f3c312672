import '@testing-library/jest-dom/vitest';
import { testTiming } from '../test-timing.config';
import { matchMediaAnswering } from './client/test/match-media';
import './shared/zod-setup.js';

// jsdom has no matchMedia; react-hot-toast asks it about prefers-reduced-motion.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    // Writable, so a test can stand in a wide screen (vi.stubGlobal).
    writable: true,
    configurable: true,
    value: matchMediaAnswering(false),
  });
}

// jsdom has no isSecureContext; the portal runs on HTTPS or localhost, where a browser says true and gives
// the Clipboard API (lib/copy-text.ts chooses by it). Writable, so a test can stand in plain HTTP.
if (typeof window !== 'undefined' && !('isSecureContext' in window)) {
  Object.defineProperty(window, 'isSecureContext', { writable: true, configurable: true, value: true });
}

// Test files share their modules (vitest.config.ts: isolate false), the server's clock included: a date one
// file pinned and left pinned was the next file's 'now' (students-departure's 10/12 made an upload window
// of the real day count none of that file's uploads). Every file ends on the real clock, whoever pinned it.
{
  const [{ afterAll }, { clock }] = await Promise.all([import('vitest'), import('./server/lib/clock.js')]);
  afterAll(() => clock.unpin());
}

// react-hot-toast keeps its toasts in one module-level store, and test files share their modules
// (vitest.config.ts: isolate false): a 'Salvo' toast left by one file showed up as an extra
// role="status" in the next. Every client test starts with no toast.
if (typeof window !== 'undefined') {
  const [{ afterAll, afterEach }, { toast }, { configure }] = await Promise.all([
    import('vitest'),
    import('react-hot-toast'),
    import('@testing-library/react'),
  ]);
  afterEach(() => {
    toast.remove();
  });
  // A sign-out a test started and never saw settle leaves api-client's 'signing out' on, and a worker
  // now runs one client file after another (test-sequencer.config.ts): the next file's 401s were read
  // as that sign-out (api-client.test.ts's handler was never called). Every file ends signed-out-free.
  const { setSigningOut } = await import('./client/lib/api-client');
  afterAll(() => setSigningOut(false));
  // A stubbed answer that breaks the shared contract is a test that no longer speaks for the server: the
  // screen under test got 'Erro ao carregar' where the server would answer. api-client says so on
  // console.error (ContractError); here it fails the test that did it instead of scrolling past. A test
  // that wants a drift (api-client.test.ts) silences console.error itself.
  const drifts: string[] = [];
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('não segue o contrato de src/shared'))
      drifts.push(args[0]);
    consoleError(...args);
  };
  afterEach(() => {
    const found = drifts.splice(0);
    if (found.length > 0)
      throw new Error(`Resposta simulada fora do contrato (corrija o stub do teste):\n${found.join('\n')}`);
  });
  // findBy…/waitFor wait up to the margin of test-timing.config.ts, not Testing Library's 1 s: on a
  // loaded 2-core runner a form took longer than that to re-render (login-page.test.tsx).
  configure({ asyncUtilTimeout: testTiming.waitMs });
}
