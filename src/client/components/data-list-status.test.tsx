// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Users } from 'lucide-react';
import { stubScreen } from '../test/render';
import { DataList } from './data-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Pupil {
  id: string;
  nome: string;
}
const pupils = (count: number): Pupil[] =>
  Array.from({ length: count }, (_, n) => ({ id: `p${n}`, nome: `Aluno ${n}` }));
const list = { sort: null, setSort: () => undefined, page: 1, setPage: () => undefined };
const query = { isPending: false, isError: false, isFetching: false, refetch: () => undefined };

function Pupils({ rows, total }: { rows: Pupil[] | undefined; total?: number }) {
  return (
    <MemoryRouter>
      <DataList
        label="Alunos"
        query={{ ...query, isPending: rows === undefined }}
        rows={rows}
        list={list}
        paging={total === undefined ? undefined : { total, pageSize: 20 }}
        columns={[{ id: 'nome', header: 'Nome', cell: (pupil: Pupil) => pupil.nome }]}
        rowKey={(pupil) => pupil.id}
        errorMessage="Erro ao carregar alunos"
        empty={{ icon: Users, title: 'Nenhum aluno encontrado' }}
        countWords={{ one: 'aluno encontrado', many: 'alunos encontrados' }}
      />
    </MemoryRouter>
  );
}

describe('the list’s count, for a screen reader', () => {
  it('says the whole count once (not the page’s), and “0 alunos encontrados”, in one status kept mounted', () => {
    stubScreen(true);
    const { rerender } = render(<Pupils rows={pupils(20)} total={45} />);
    const status = screen.getByText('45 alunos encontrados');
    expect(status).toHaveAttribute('role', 'status');
    // A new search: loading, then nothing found — the same status element changes its words.
    rerender(<Pupils rows={undefined} />);
    expect(status.isConnected).toBe(true);
    rerender(<Pupils rows={[]} total={0} />);
    expect(status.isConnected).toBe(true);
    expect(status).toHaveTextContent('0 alunos encontrados');
    rerender(<Pupils rows={pupils(1)} />);
    expect(status).toHaveTextContent('1 aluno encontrado');
  });
});
