// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('shows the exact total and stops at the last page', () => {
    render(<Pagination page={3} pageSize={20} total={45} onChange={() => {}} />);
    expect(screen.getByText('41–45 de 45')).toBeInTheDocument();
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
  });

  it("a capped total (issue 38): 'de mais de 1.000', no last page, and 'Próxima' goes on past it", async () => {
    const onChange = vi.fn();
    render(<Pagination page={50} pageSize={20} total={1000} capped onChange={onChange} />);
    expect(screen.getByText('981–1.000 de mais de 1.000')).toBeInTheDocument();
    expect(screen.getByText('Página 50')).toBeInTheDocument();
    expect(screen.queryByText(/Página 50 de/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(onChange).toHaveBeenCalledWith(51);
    await userEvent.click(screen.getByRole('button', { name: /Anterior/ }));
    expect(onChange).toHaveBeenCalledWith(49);
  });
});
