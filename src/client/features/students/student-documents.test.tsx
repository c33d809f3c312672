// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, stubApi } from '../../test/render';
import { StudentDocuments } from './student-documents';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000011';

describe('issuing a declaração de transferência', () => {
  it('says the transfer was granted on the exit day the PDF prints, not today', async () => {
    stubApi({ [`/api/documentos?aluno_id=${ALUNO}`]: [] });
    renderAt(
      <StudentDocuments alunoId={ALUNO} studentName="Bruno Prado" canManage transferidoEm="2026-12-04" />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Declaração de transferência' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('transferência foi concedida em 04/12/2026, data da saída');
    expect(dialog).not.toHaveTextContent('hoje');
  });

  it('says "nesta data" for a student not transferred yet (the PDF says so too)', async () => {
    stubApi({ [`/api/documentos?aluno_id=${ALUNO}`]: [] });
    renderAt(<StudentDocuments alunoId={ALUNO} studentName="Bruno Prado" canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Declaração de transferência' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'transferência foi concedida nesta data (hoje)',
    );
  });
});
