// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FileField } from './file-field';

afterEach(cleanup);

function Chooser() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      id="planilha"
      label="Planilha (CSV ou XLSX)"
      fileName={file?.name ?? null}
      input={{ accept: '.csv', onChange: (event) => setFile(event.target.files?.[0] ?? null) }}
    />
  );
}

describe('FileField', () => {
  it('speaks Portuguese before and after a file is chosen, and names the input by its field', () => {
    render(<Chooser />);
    const input = screen.getByLabelText('Planilha (CSV ou XLSX)');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('.csv');
    expect(screen.getByText('Escolher arquivo')).toBeTruthy();
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(['nome'], 'alunos-2027.csv')] } });
    expect(screen.getByText('alunos-2027.csv')).toBeTruthy();
    expect(screen.queryByText('Nenhum arquivo escolhido')).toBeNull();
  });
});
