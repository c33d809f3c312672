// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchoolDocument } from '../../shared/documents.schemas';
import { holdPosts, renderAt, stubApi } from '../test/render';
import { DocumentsPanel } from './documents-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alunoId = '00000000-0000-4000-8000-000000000001';

const issued = (fields: Partial<SchoolDocument>): SchoolDocument => ({
  id: '00000000-0000-4000-8000-000000000010',
  aluno_id: alunoId,
  tipo: 'declaracao_matricula',
  codigo: 'ABCD-2345',
  url: '/validar/ABCD-2345',
  origem: 'secretaria',
  emitido_em: '2026-03-02T12:00:00.000Z',
  emitido_por: 'Secretaria',
  status: 'valido',
  revogado_em: null,
  revogado_por: null,
  motivo_revogacao: null,
  ...fields,
});

describe('DocumentsPanel', () => {
  it('says a revoked document has no validity since when and why, with no download', async () => {
    stubApi({
      '/api/documentos': [
        issued({}),
        issued({
          id: '00000000-0000-4000-8000-000000000011',
          codigo: 'WXYZ-6789',
          status: 'revogado',
          revogado_em: '2026-03-05T12:00:00.000Z',
          revogado_por: 'Secretaria',
          motivo_revogacao: 'Emitida para o ano errado',
        }),
      ],
    });
    renderAt(<DocumentsPanel alunoId={alunoId} />);
    const list = await screen.findByRole('region', { name: 'Meus documentos' });
    const [valid, revoked] = await within(list).findAllByRole('listitem');
    expect(within(valid!).getByRole('button', { name: /Baixar PDF/ })).toBeTruthy();
    expect(revoked!.textContent).toContain('Sem validade desde 05/03/2026: Emitida para o ano errado');
    expect(within(revoked!).queryByRole('button')).toBeNull();
  });

  it('while one declaration is issued, the others wait held (focusable, aria-disabled) and none goes twice', async () => {
    const user = userEvent.setup();
    const answers = stubApi({ '/api/documentos': [] });
    // The declaration's request stays on its way.
    const posts = holdPosts(answers);
    renderAt(<DocumentsPanel alunoId={alunoId} />);
    const matricula = await screen.findByRole('button', { name: 'Declaração de matrícula' });
    const frequencia = screen.getByRole('button', { name: 'Declaração de frequência' });
    await user.click(matricula);
    expect(posts).toHaveLength(1);
    expect(matricula).toHaveAttribute('aria-busy', 'true');
    expect(matricula).toHaveFocus();
    // A disabled button leaves the Tab order (and drops the focus); a held one stays.
    expect(frequencia).not.toBeDisabled();
    expect(frequencia).toHaveAttribute('aria-disabled', 'true');
    await user.click(frequencia);
    await user.click(matricula);
    expect(posts).toHaveLength(1);
  });
});
