// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Autorizacao } from '../../../shared/agenda.schemas';
import { renderAt, stubApi } from '../../test/render';
import { FamilyMedication } from './family-medication';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000011';
const listUrl = `/api/agenda/alunos/${ALUNO}/medicacoes`;
const dipirona: Autorizacao = {
  id: '00000000-0000-4000-8000-000000000051',
  aluno_id: ALUNO,
  medicamento: 'Dipirona',
  dose: '10 gotas',
  posologia: null,
  inicio: '2026-06-01',
  fim: '2026-06-30',
  origem: 'familia',
  registrada_por: 'Marta Prado',
  registrada_em: '2026-06-01T10:00:00.000Z',
  revogada_em: null,
  vigente: true,
};

describe("the family's medication authorisations", () => {
  it('says it is loading, then that there is none', async () => {
    stubApi({ [listUrl]: [] });
    renderAt(<FamilyMedication alunoId={ALUNO} />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando autorizações...');
    expect(await screen.findByText('Nenhuma autorização de medicação registrada.')).toBeInTheDocument();
  });

  it('asks before revoking, saying the school stops giving the medicine, and revokes only on confirming', async () => {
    const api = stubApi({
      [listUrl]: [dipirona],
      [`/api/agenda/medicacoes/${dipirona.id}/revogar`]: { ...dipirona, vigente: false },
    });
    renderAt(<FamilyMedication alunoId={ALUNO} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revogar' }));
    const dialog = screen.getByRole('dialog', { name: 'Revogar a autorização de Dipirona?' });
    expect(dialog).toHaveTextContent('A escola deixa de dar Dipirona (10 gotas) a partir de agora.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const revogar = () => api.requests.filter((request) => request.method === 'POST');
    expect(revogar()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revogar' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Revogar autorização' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revogar().map((request) => request.path)).toEqual([
      `/api/agenda/medicacoes/${dipirona.id}/revogar`,
    ]);
  });
});
