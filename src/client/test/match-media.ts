/**
 * A `window.matchMedia` that answers `matches` to every query: jsdom has none. The test setup installs
 * one that matches nothing; `stubScreen` swaps it for a desktop (true) or a phone (false) screen.
 */
export function matchMediaAnswering(matches: boolean) {
  return (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}
