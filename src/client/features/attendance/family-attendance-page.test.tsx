// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentAttendance } from '../../../shared/attendance.schemas';
import { todayIso } from '../../../shared/format';
import type { Justificativa } from '../../../shared/justificativas.schemas';
import { renderAt, searchOf, stubApi } from '../../test/render';
import { FamilyAttendancePage } from './family-attendance-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ana = '00000000-0000-4000-8000-000000000001';
const beto = '00000000-0000-4000-8000-000000000002';

function daysAgo(days: number): string {
  const date = new Date(`${todayIso()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
const recent = daysAgo(1);
const answered = daysAgo(5);
const old = daysAgo(60);

const absence = (id: string, data: string, situacao: 'injustificada' | 'abonada') => ({
  id,
  data,
  turma_nome: '3º A',
  disciplina: null,
  aula: 0,
  justificativa: null,
  situacao,
  abono_motivo: null,
  abonada_em: null,
});

const attendance: StudentAttendance = {
  aluno: { id: ana, nome: 'Ana Souza', matricula: 'M-1', turma: { id: 't', nome: '3º A' } },
  ano: 2026,
  de: '2026-02-02',
  ate: '2026-12-11',
  geral: {
    aulas_dadas: 40,
    faltas: 2,
    faltas_justificadas: 0,
    faltas_abonadas: 1,
    frequencia: 95,
    abaixo_minimo: false,
    acima_limite_conselho: false,
  },
  frequencia_minima: 75,
  limite_conselho: 7.5,
  limite_faltas_conselho: 15,
  por_disciplina: [],
  faltas: [
    absence('f1', recent, 'injustificada'),
    absence('f2', answered, 'abonada'),
    absence('f3', old, 'injustificada'),
  ],
  somente_aulas_do_professor: false,
};

const accepted: Justificativa = {
  id: 'j1',
  aluno: { id: ana, nome: 'Ana Souza' },
  turma_nome: '3º A',
  data: answered,
  faltas: 1,
  motivo: 'Febre',
  arquivo: null,
  situacao: 'aceita',
  resposta: 'Atestado recebido. Melhoras!',
  enviada_por_nome: 'Maria',
  enviada_em: new Date().toISOString(),
  respondida_por_nome: 'Coordenação',
  respondida_em: new Date().toISOString(),
};

function stubServer(figures: StudentAttendance = attendance) {
  return stubApi({
    '/api/alunos': {
      items: [
        { id: ana, nome: 'Ana Souza' },
        { id: beto, nome: 'Beto Souza' },
      ],
      total: 2,
    },
    [`/api/frequencia/alunos/${ana}`]: figures,
    '/api/frequencia/justificativas/minhas': [accepted],
    '/api/frequencia/justificativas': {
      ...accepted,
      id: 'j2',
      data: recent,
      situacao: 'enviada',
      resposta: null,
    },
  });
}

describe('FamilyAttendancePage', () => {
  it('before the first roll of the year, says when the lessons begin (January) or that none was taken', async () => {
    const none = { ...attendance.geral, aulas_dadas: 0, faltas: 0, faltas_abonadas: 0, frequencia: null };
    const starts = daysAgo(-20);
    stubServer({ ...attendance, ano: 2027, de: starts, geral: none, faltas: [] });
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    expect(
      await screen.findByText(
        `As aulas de 2027 começam em ${starts.split('-').reverse().join('/')}: a frequência aparece a partir das primeiras chamadas.`,
      ),
    ).toBeInTheDocument();
    cleanup();
    stubServer({ ...attendance, geral: none, faltas: [] });
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    expect(await screen.findByText('Nenhuma chamada registrada em 2026.')).toBeInTheDocument();
  });

  it('shows the figures against the minimum, the answered justification, and Justificar only where it can be sent', async () => {
    stubServer();
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    expect(await screen.findByTestId('frequencia-geral')).toHaveTextContent('95,0');
    expect(screen.getByText('Mínimo da etapa: 75 %.')).toBeInTheDocument();
    // A class with one roll a day: its figures count days, not lessons.
    expect(screen.getByText(/2 faltas em 40 dias letivos/)).toBeInTheDocument();
    const answeredDay = screen.getByTestId(`falta-${answered}`);
    expect(within(answeredDay).getByText('Aceita — falta abonada')).toBeInTheDocument();
    expect(within(answeredDay).getByText(/Atestado recebido\. Melhoras!/)).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`falta-${recent}`)).getByRole('button', { name: 'Justificar' }),
    ).toBeInTheDocument();
    // Two months ago: past the 30 days, no button (the secretaria handles it).
    const oldDay = screen.getByTestId(`falta-${old}`);
    expect(within(oldDay).queryByRole('button', { name: 'Justificar' })).toBeNull();
    expect(within(oldDay).getByText('Sem justificativa')).toBeInTheDocument();
    // And the list says why, once, and where to go instead.
    expect(screen.getByTestId('prazo-justificar')).toHaveTextContent(
      'Faltas de mais de 30 dias não se justificam mais pelo portal. Com atestado, fale com a secretaria.',
    );
  });

  it('tells the family, kindly, when the absences come close to and pass the Conselho Tutelar line (ADR 0120)', async () => {
    stubServer();
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    await screen.findByTestId('frequencia-geral');
    // 2 absences of the 15 the year allows before the line: nothing to say.
    expect(screen.queryByTestId('aviso-conselho')).toBeNull();
    cleanup();
    stubServer({
      ...attendance,
      geral: { ...attendance.geral, aulas_dadas: 180, faltas: 13, frequencia: 92.8 },
    });
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    expect(await screen.findByTestId('aviso-conselho')).toHaveTextContent(
      'Atenção às faltas: com mais 3 faltas, passam de 15 no ano, e a lei pede que a escola comunique o Conselho Tutelar. Faltas com atestado podem ser justificadas abaixo.',
    );
    cleanup();
    stubServer({
      ...attendance,
      geral: {
        ...attendance.geral,
        aulas_dadas: 180,
        faltas: 16,
        frequencia: 91.1,
        acima_limite_conselho: true,
      },
    });
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    expect(await screen.findByTestId('aviso-conselho')).toHaveTextContent(
      'Mais de 15 faltas no ano: nesse caso, a lei pede que a escola comunique o Conselho Tutelar, que acompanha a frequência escolar das crianças e dos adolescentes. Converse com a coordenação.',
    );
  });

  it('says a reason the school noted still counts as an absence, and takes the atestado within the 30 days', async () => {
    const noted = (id: string, data: string) => ({
      ...absence(id, data, 'injustificada'),
      justificativa: 'Mãe ligou: febre',
    });
    stubServer({ ...attendance, faltas: [noted('f4', daysAgo(3)), noted('f5', daysAgo(45))] });
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    const within30 = await screen.findByTestId(`falta-${daysAgo(3)}`);
    expect(within(within30).getByText('Justificada na escola · conta como falta')).toBeInTheDocument();
    await userEvent.click(within(within30).getByRole('button', { name: 'Enviar atestado' }));
    expect(await screen.findByRole('dialog', { name: 'Justificar falta' })).toBeInTheDocument();

    const past = screen.getByTestId(`falta-${daysAgo(45)}`);
    expect(within(past).getByText('Justificada na escola · conta como falta')).toBeInTheDocument();
    expect(within(past).queryByRole('button')).toBeNull();
  });

  /** Ana's recent absence, its 'Justificar' dialog open. */
  async function openJustificar() {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    await user.click(
      within(await screen.findByTestId(`falta-${recent}`)).getByRole('button', { name: 'Justificar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Justificar falta' });
    return { fetchMock, user, dialog };
  }

  it('sends the reason and the atestado for the day, as multipart', async () => {
    const { fetchMock, user, dialog } = await openJustificar();
    await user.type(within(dialog).getByLabelText(/Motivo da falta/), 'Consulta médica');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'atestado.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('atestado-arquivo'), file);
    expect(within(dialog).getByText('atestado.jpg')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar justificativa' }));
    const post = fetchMock.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/frequencia/justificativas');
    const form = post!.init!.body as FormData;
    expect(form.get('aluno_id')).toBe(ana);
    expect(form.get('data')).toBe(recent);
    expect(form.get('motivo')).toBe('Consulta médica');
    expect((form.get('arquivo') as File).name).toBe('atestado.jpg');
  });

  it('asks for a reason of at least 5 characters, as the coordenação’s abono does, and sends nothing shorter', async () => {
    const { fetchMock, user, dialog } = await openJustificar();
    await user.type(within(dialog).getByLabelText(/Motivo da falta/), 'Dor');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar justificativa' }));
    expect(
      await within(dialog).findByText('Explique o motivo da falta (ao menos 5 caracteres)'),
    ).toBeInTheDocument();
    expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('once sent, puts the focus on the day, now saying it waits for the school (not at the top of the page)', async () => {
    const sent: Justificativa = { ...accepted, id: 'j2', data: recent, situacao: 'enviada', resposta: null };
    let mine = [accepted];
    stubApi({
      '/api/alunos': { items: [{ id: ana, nome: 'Ana Souza' }], total: 1 },
      [`/api/frequencia/alunos/${ana}`]: attendance,
      '/api/frequencia/justificativas/minhas': () => mine,
      '/api/frequencia/justificativas': () => {
        mine = [accepted, sent];
        return sent;
      },
    });
    const user = userEvent.setup();
    // Opened from the feed's link: no button of the page opened the dialog.
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}&justificar=${recent}`);
    const dialog = await screen.findByRole('dialog', { name: 'Justificar falta' });
    await user.type(within(dialog).getByLabelText(/Motivo da falta/), 'Consulta médica');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar justificativa' }));
    const day = screen.getByTestId(`falta-${recent}`);
    await waitFor(() => expect(day).toHaveFocus());
    expect(day).toHaveTextContent('Enviada — aguardando a escola');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix gives the focus back a moment after closing: it stays on the day.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(day).toHaveFocus();
  });

  it('opened from the link and dismissed, puts the focus on that day’s Justificar', async () => {
    stubServer();
    const user = userEvent.setup();
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}&justificar=${recent}`);
    const dialog = await screen.findByRole('dialog', { name: 'Justificar falta' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const justificar = within(screen.getByTestId(`falta-${recent}`)).getByRole('button', {
      name: 'Justificar',
    });
    await waitFor(() => expect(justificar).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(justificar).toHaveFocus();
  });

  it('opened for an absence past the 30 days (an old link), says so before anything is typed', async () => {
    const fetchMock = stubServer();
    renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}&justificar=${old}`);
    const dialog = await screen.findByRole('dialog', { name: 'Justificar falta' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `A falta de ${old.split('-').reverse().join('/')} tem mais de 30 dias: a justificativa pelo portal vale até 30 dias depois da falta. Fale com a secretaria da escola.`,
    );
    expect(within(dialog).queryByLabelText(/Motivo da falta/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Enviar justificativa' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('switches between the children with the family screens’ one child picker', async () => {
    stubServer();
    const user = userEvent.setup();
    const router = renderAt(<FamilyAttendancePage />, `/lista?aluno=${ana}`);
    const picker = await screen.findByRole('group', { name: 'Escolher filho ou filha' });
    // The chosen chip in the darker shade the other family screens use (white text at AA contrast).
    const chosen = within(picker).getByRole('button', { name: 'Ana', pressed: true });
    expect(chosen).toHaveClass('bg-primary-strong');
    expect(chosen).not.toHaveClass('bg-primary');
    await user.click(within(picker).getByRole('button', { name: 'Beto' }));
    expect(searchOf(router)).toEqual({ aluno: beto });
  });
});
