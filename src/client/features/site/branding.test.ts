import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../../../shared/content.defaults';
import { contrastRatio } from '../../../shared/contrast';
import { brandingCss, brandingVariables } from './branding';

const settings = defaultSiteContent.configuracoes;

describe('brandingVariables', () => {
  it('keeps the stylesheet’s strong shade for the default blue', () => {
    expect(brandingVariables(settings)['--color-primary-strong']).toBe('#22519e');
  });

  it('darkens a yellow school’s strong shades until white text on its buttons reads (4.5:1)', () => {
    const yellow = brandingVariables({ ...settings, cor_primaria: '#facc15', cor_secundaria: '#fde047' });
    for (const name of ['--color-primary-strong', '--color-secondary-strong'])
      expect(contrastRatio(yellow[name]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    // The brand colour itself stays the school's (backgrounds, the theme colour).
    expect(yellow['--color-primary']).toBe('#facc15');
    expect(brandingCss({ ...settings, cor_primaria: '#facc15' })).toContain(
      `--color-primary-strong:${yellow['--color-primary-strong']!}`,
    );
  });
});
