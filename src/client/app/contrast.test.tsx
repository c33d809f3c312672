// @vitest-environment jsdom
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { InputField } from '../components/field';
import { dayStyles } from '../features/calendar/month-grid';
import { colourOf, contrast } from '../test/contrast';

afterEach(cleanup);

describe('text contrast (WCAG 1.4.3, 4.5:1)', () => {
  it('measures as WCAG does', () => {
    expect(contrast('gray-500', 'red-50')).toBeCloseTo(4.42, 1);
    expect(contrast('gray-500', 'gray-100')).toBeCloseTo(4.39, 1);
  });

  it("reads the calendar's weekend and out-of-year day numbers", () => {
    for (const kind of ['fim_de_semana', 'fora_do_ano_letivo'] as const) {
      const classes = dayStyles[kind];
      expect(contrast(colourOf(classes, 'text-'), colourOf(classes, 'bg-')), kind).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it("reads a field's placeholder", () => {
    render(<InputField label="E-mail" placeholder="seu@email.com" />);
    const classes = screen.getByLabelText('E-mail').className;
    expect(contrast(colourOf(classes, 'placeholder:text-'), 'white')).toBeGreaterThanOrEqual(4.5);
  });

  it('writes text in the brand colour’s strong shade, never in the brand colour itself', () => {
    // The school picks its colour (the default blue reads 3.7:1 on white); `primary-strong` is darkened to
    // keep text at 4.5:1 whatever it is. Plain `text-primary` is for icons (sized with h-/size-).
    const client = path.resolve(import.meta.dirname, '..');
    const offenders = readdirSync(client, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .flatMap((file) =>
        [...readFileSync(path.join(client, file), 'utf8').matchAll(/className="([^"]*)"/g)]
          .map((match) => match[1]!)
          .filter((classes) => /(^|\s)text-primary(\s|$)/.test(classes) && !/(^|\s)(h|size)-\d/.test(classes))
          .map((classes) => `${file}: ${classes}`),
      );
    expect(offenders).toEqual([]);
  });
});
