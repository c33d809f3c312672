// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Autorizacao } from '../../../shared/agenda.schemas';
import { pinDate, renderAt, reply, stubApi } from '../../test/render';
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

pinDate('2026-06-10T12:00:00-03:00');

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

  it('checks the form before sending: each missing field says so under itself, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = stubApi({ [listUrl]: [] });
    renderAt(<FamilyMedication alunoId={ALUNO} />);
    await user.click(await screen.findByRole('button', { name: 'Autorizar um medicamento' }));
    const form = screen.getByRole('form', { name: 'Autorizar um medicamento' });
    expect(within(form).getByLabelText(/^Medicamento/)).toHaveAttribute('aria-required', 'true');
    expect(within(form).getByLabelText(/^Dose/)).toHaveAttribute('aria-required', 'true');
    await user.click(within(form).getByRole('button', { name: 'Autorizar' }));

    expect(await within(form).findByText('Informe o medicamento')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Medicamento/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Informe a dose')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Dose/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText(/^Medicamento/), 'Dipirona');
    await user.type(within(form).getByLabelText(/^Dose/), '10 gotas');
    await user.clear(within(form).getByLabelText(/^Fim/));
    await user.type(within(form).getByLabelText(/^Fim/), '2026-06-09');
    await user.click(within(form).getByRole('button', { name: 'Autorizar' }));
    expect(
      await within(form).findByText('O fim do período deve ser no mesmo dia ou depois do início'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Fim/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('puts what the server still refuses under its field, not only in a banner', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [listUrl]: (request) =>
        request.method === 'POST'
          ? reply(400, {
              success: false,
              code: 'VALIDATION',
              message: 'Dados inválidos. Verifique os campos destacados.',
              details: [{ path: 'dose', message: 'Informe a dose' }],
            })
          : [],
    });
    renderAt(<FamilyMedication alunoId={ALUNO} />);
    await user.click(await screen.findByRole('button', { name: 'Autorizar um medicamento' }));
    const form = screen.getByRole('form', { name: 'Autorizar um medicamento' });
    await user.type(within(form).getByLabelText(/^Medicamento/), 'Dipirona');
    await user.type(within(form).getByLabelText(/^Dose/), '10 gotas');
    await user.click(within(form).getByRole('button', { name: 'Autorizar' }));

    expect(await within(form).findByText('Informe a dose')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Dose/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Medicamento/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(
      api.requests.filter((request) => request.method === 'POST').map((request) => request.body),
    ).toEqual([
      {
        medicamento: 'Dipirona',
        dose: '10 gotas',
        posologia: null,
        inicio: '2026-06-10',
        fim: '2026-06-10',
      },
    ]);
  });
});
