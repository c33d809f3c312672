// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pinDate, renderAt, signedInAs, stubApi } from '../../test/render';
import { AssessmentDialog } from './assessment-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
// A Saturday.
pinDate('2026-12-05T12:00:00-03:00');

describe('Nova avaliação', () => {
  it('says when the date is a weekend (it starts on today, a Saturday here), and not for a school day', async () => {
    stubApi({ '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }) });
    renderAt(
      <AssessmentDialog
        assessment={null}
        target={{ turma_id: 't', disciplina: 'Matemática', periodo_id: 'p' }}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova avaliação' });
    const date = within(dialog).getByLabelText(/^Data/);
    expect(date).toHaveValue('2026-12-05');
    expect(dialog).toHaveTextContent('Esta data é um sábado: confira o dia da avaliação.');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-04');
    expect(dialog).not.toHaveTextContent('confira o dia da avaliação');
  });
});
