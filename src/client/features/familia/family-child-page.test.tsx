// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studentAnswer } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { FamilyChildPage } from './family-child-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lucas = studentAnswer({ id: '00000000-0000-4000-8000-000000000001', nome: 'Lucas Freitas' });
const luiza = studentAnswer({ id: '00000000-0000-4000-8000-000000000002', nome: 'Luiza Freitas' });

describe("the child's page of a family with two children alike", () => {
  it('the picker and the child’s page show each child’s own letters, not LF and L for both', async () => {
    stubApi({ '/api/alunos': { items: [lucas, luiza], total: 2, page: 1, pageSize: 100 } });
    const user = userEvent.setup();
    renderAt(<FamilyChildPage />, `/lista?aluno=${lucas.id}`);
    const picker = await screen.findByRole('group', { name: 'Escolher filho ou filha' });
    // The avatar is decoration (aria-hidden): the chip is named by the name, and shows its own letters.
    const lucasChip = within(picker).getByRole('button', { name: 'Lucas', pressed: true });
    const luizaChip = within(picker).getByRole('button', { name: 'Luiza' });
    expect(lucasChip).toHaveTextContent(/^LucLucas$/);
    expect(luizaChip).toHaveTextContent(/^LuiLuiza$/);
    const header = screen.getByRole('region', { name: 'Lucas Freitas' });
    expect(header).toHaveTextContent(/^LucLucas Freitas/);

    await user.click(luizaChip);
    expect(await screen.findByRole('region', { name: 'Luiza Freitas' })).toHaveTextContent(
      /^LuiLuiza Freitas/,
    );
  });
});
