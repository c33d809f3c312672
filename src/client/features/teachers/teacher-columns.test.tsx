// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { teacherAnswer, uuidOf } from '../../test/answers';
import { teacherColumns } from './teacher-columns';

afterEach(cleanup);

const acesso = teacherColumns.find((column) => column.id === 'acesso')!;

describe('Professores → the column Acesso ao portal', () => {
  it('names the account without repeating its header, and breaks the address only where it must', () => {
    const teacher = teacherAnswer({
      id: uuidOf(1),
      nome: 'Marcos Lima',
      tem_acesso: true,
      acesso_email: 'marcos@escola.test',
    });
    render(<>{acesso.cell(teacher)}</>);
    // It read 'Acesso ao portal: marcos@escola.test' under the header 'Acesso ao portal', and on a phone
    // 'marc / os@escola.test' (break-all cut the address wherever the line ended).
    const cell = screen.getByText('Conta: marcos@escola.test');
    expect(cell.className.split(' ')).not.toContain('break-all');
    expect(cell.className.split(' ')).toContain('[overflow-wrap:anywhere]');
  });

  it('says when the teacher has no account', () => {
    render(<>{acesso.cell(teacherAnswer({ id: uuidOf(2), nome: 'Ana Souza' }))}</>);
    expect(screen.getByText('Sem acesso ao portal')).toBeInTheDocument();
  });
});
