// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Section } from './relatorios-inadimplencia';

afterEach(cleanup);

describe('a report section', () => {
  it("names its exports with the report, so three sections' buttons are not three 'CSV's", () => {
    render(
      <>
        <Section title="Fluxo de caixa 2026" tipo="fluxo" ano={2026}>
          <p>fluxo</p>
        </Section>
        <Section title="Inadimplência 2026" tipo="inadimplencia" ano={2026}>
          <p>inadimplência</p>
        </Section>
      </>,
    );
    const csv = screen.getByRole('button', { name: 'CSV: Inadimplência 2026' });
    // The visible word starts the name (voice control: "clicar CSV").
    expect(csv).toHaveTextContent('CSV');
    expect(screen.getByRole('button', { name: 'XLSX: Fluxo de caixa 2026' })).toHaveTextContent('XLSX');
    expect(screen.getAllByRole('button', { name: /^CSV/ })).toHaveLength(2);
  });
});
