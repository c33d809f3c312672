// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentAttendance as Attendance } from '../../../shared/attendance.schemas';
import { renderAt, reply, stubApi } from '../../test/render';
import { StudentAttendance } from './student-attendance';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alunoId = '00000000-0000-4000-8000-000000000001';

const figures = (aulas: number, faltas: number) => ({
  aulas_dadas: aulas,
  faltas,
  faltas_justificadas: 0,
  faltas_abonadas: 0,
  frequencia: aulas === 0 ? null : ((aulas - faltas) / aulas) * 100,
  abaixo_minimo: aulas > 0 && (aulas - faltas) / aulas < 0.75,
  acima_limite_conselho: false,
});

const falta: Attendance['faltas'][number] = {
  id: '00000000-0000-4000-8000-000000000009',
  data: '2026-03-16',
  turma_nome: '5º ano A',
  disciplina: null,
  aula: 0,
  justificativa: null,
  situacao: 'injustificada',
  abono_motivo: null,
  abonada_em: null,
};

/** The student's attendance of the year asked (2026, the current one, when none is): 2025 had 4 absences. */
function stubServer(
  porDisciplina: Attendance['por_disciplina'] = [],
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const asked: string[] = [];
  stubApi(routes, ({ url }) => {
    asked.push(url);
    const ano = Number(new URL(url, 'http://escola.test').searchParams.get('ano') ?? 2026);
    const body: Attendance = {
      aluno: { id: alunoId, nome: 'Ana Souza', matricula: 'M-1', turma: null },
      ano,
      de: `${String(ano)}-02-02`,
      ate: `${String(ano)}-12-11`,
      geral: ano === 2025 ? figures(40, 4) : figures(0, 0),
      frequencia_minima: 75,
      limite_conselho: 7.5,
      limite_faltas_conselho: 15,
      por_disciplina: porDisciplina,
      faltas: ano === 2026 ? [falta] : [],
      somente_aulas_do_professor: false,
    };
    return body;
  });
  return asked;
}

describe('StudentAttendance: the year of the card', () => {
  it('without ?ano= shows the current year', async () => {
    const asked = stubServer();
    renderAt(<StudentAttendance alunoId={alunoId} canExcuse={false} />, '/lista');
    expect(await screen.findByRole('heading', { name: 'Frequência em 2026' })).toBeInTheDocument();
    expect(screen.getByText('Nenhuma chamada registrada em 2026.')).toBeInTheDocument();
    expect(asked).toEqual([`/api/frequencia/alunos/${alunoId}`]);
  });

  it('follows the year picked on the boletim beside it (?ano=2025), not the current one', async () => {
    const asked = stubServer();
    renderAt(<StudentAttendance alunoId={alunoId} canExcuse={false} />, '/lista?ano=2025');
    expect(await screen.findByRole('heading', { name: 'Frequência em 2025' })).toBeInTheDocument();
    expect(screen.getByTestId('frequencia-geral')).toHaveTextContent('90,0 %');
    expect(asked).toEqual([`/api/frequencia/alunos/${alunoId}?ano=2025`]);
    // One roll a day (no subject's figures): days, not lessons.
    expect(screen.getByText(/4 faltas em 40 dias letivos/)).toBeInTheDocument();
  });

  it('counts lessons where the roll is taken per lesson (a subject per roll)', async () => {
    stubServer([{ ...figures(40, 4), disciplina: 'Matemática' }]);
    renderAt(<StudentAttendance alunoId={alunoId} canExcuse={false} />, '/lista?ano=2025');
    expect(await screen.findByText(/4 faltas em 40 aulas dadas/)).toBeInTheDocument();
  });
});

describe('StudentAttendance: abonar uma falta', () => {
  const closedYear =
    'O ano letivo 2026 foi encerrado: as frequências ficam só para consulta. Um ano letivo encerrado não é reaberto: o abono de faltas dele não é mais possível.';

  it('asks for a reason of a few words, and shows the server’s refusal in the dialog', async () => {
    stubServer([], {
      [`/api/frequencia/faltas/${falta.id}/abonar`]: reply(409, { success: false, message: closedYear }),
    });
    renderAt(<StudentAttendance alunoId={alunoId} canExcuse />, '/lista');
    await userEvent.click(await screen.findByRole('button', { name: 'Abonar' }));
    const dialog = screen.getByRole('dialog', { name: 'Abonar falta' });
    await userEvent.type(within(dialog).getByLabelText(/Motivo do abono/), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abonar falta' }));
    expect(await within(dialog).findByText('Explique o motivo (ao menos 5 caracteres)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Motivo do abono/), ' - atestado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abonar falta' }));
    expect(await within(dialog).findByText(closedYear)).toBeInTheDocument();
  });
});
