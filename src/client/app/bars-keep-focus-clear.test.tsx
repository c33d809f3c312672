// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { readFileSync } from 'node:fs';
import { FamilyBottomBar } from './family-bottom-bar';
import { RollSaveBar } from '../features/attendance/roll-save-bar';
import { SiteHeader } from '../features/site/site-header';
import { defaultSiteContent } from '../../shared/content.defaults';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: every element measures `height` px tall. */
function everyElementIs(height: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    height,
  } as DOMRect);
}

const reserved = (edge: 'top' | 'bottom') =>
  document.documentElement.style.getPropertyValue(`--reserved-${edge}`);

describe('the bars that cover an edge of the window', () => {
  it('are what the page keeps the focus clear of (scroll-padding)', () => {
    const css = readFileSync('src/client/styles.css', 'utf8');
    expect(css).toMatch(/scroll-padding-top: calc\(var\(--reserved-top/);
    expect(css).toMatch(/scroll-padding-bottom: calc\(var\(--reserved-bottom/);
  });

  it('leave room above a focused field for its label (a form sent with an empty field scrolls to it)', () => {
    const css = readFileSync('src/client/styles.css', 'utf8');
    const room = /scroll-padding-top: calc\(var\(--reserved-top, 0px\) \+ ([\d.]+)rem\)/.exec(css)?.[1];
    // A label's line (text-sm, 1.25rem) and its gap above the control: the site's 'Seu nome' hid under
    // the header on a phone with half a rem.
    expect(Number(room)).toBeGreaterThanOrEqual(2);
  });

  it("reserve the family's bottom bar at the bottom, and nothing once it is gone", () => {
    everyElementIs(57);
    const { unmount } = render(
      <MemoryRouter>
        <FamilyBottomBar moreOpen={false} onMore={() => undefined} />
      </MemoryRouter>,
    );
    expect(reserved('bottom')).toBe('57px');
    unmount();
    expect(reserved('bottom')).toBe('');
  });

  it("reserve the roll's save bar at the bottom", () => {
    everyElementIs(118);
    render(
      <RollSaveBar
        error={null}
        faltas={0}
        noContent
        saving={false}
        label="Salvar chamada"
        onWriteContent={() => undefined}
        onAllPresent={() => undefined}
        onSave={() => undefined}
      />,
    );
    expect(reserved('bottom')).toBe('118px');
  });

  it("reserve the public site's sticky header at the top", () => {
    everyElementIs(65);
    render(
      <SiteHeader
        settings={defaultSiteContent.configuracoes}
        user={null}
        onLogout={() => undefined}
        shown={new Set()}
      />,
    );
    expect(reserved('top')).toBe('65px');
  });
});
