// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RollClass } from '../../../shared/attendance.schemas';
import type { Nivel } from '../../../shared/permissions';
import { rollAnswer, rollClassAnswer } from '../../test/answers';
import { pinDate, renderAt, schoolYearOf, signedInAs, stubApi } from '../../test/render';
import { RollCallTab } from './roll-call-tab';

// A new school on 02/12/2026 that opened 2027 in the Calendário and never 2026.
pinDate('2026-12-02T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const year2027 = schoolYearOf({ id: 'y27', ano: 2027, inicio: '2027-02-02', fim: '2027-12-10' });

const rollClass = (id: string, nome: string, alunos: number): RollClass =>
  rollClassAnswer({
    id,
    nome,
    serie: '6º ano',
    alunos,
    dia: { data: '2026-12-02', tipo: 'fora_do_ano_letivo', letivo: false, descricao: null },
  });

function stubSchool(nivel: Nivel, classes: RollClass[] = []) {
  const user = { id: 'u1', nome: 'Lia', email: 'l@escola', nivel, primeiro_login: false };
  stubApi({
    '/api/auth/me': signedInAs(user),
    '/api/anos-letivos': [year2027],
    '/api/frequencia/turmas': classes,
  });
}

describe('the roll screen of a school preparing next year', () => {
  it('tells the administrator when 2027 starts and points to it, never to open 2026', async () => {
    stubSchool('administrador');
    renderAt(<RollCallTab />);
    expect(await screen.findByText('As aulas de 2027 começam em 02/02/2027')).toBeVisible();
    expect(screen.getByText(/O ano letivo 2027 já está aberto no Calendário/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o ano letivo 2027 no Calendário' })).toHaveAttribute(
      'href',
      '/dashboard/calendario?mes=2027-02',
    );
    // It said 'O ano letivo 2026 não foi aberto', with 'Abrir o ano letivo 2026 no Calendário'.
    expect(screen.queryByText(/2026 não foi aberto/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Abrir o ano letivo/ })).toBeNull();
  });

  it('tells a teacher the same, not that the secretaria has yet to open 2026', async () => {
    stubSchool('professor');
    renderAt(<RollCallTab />);
    expect(await screen.findByText('As aulas de 2027 começam em 02/02/2027')).toBeVisible();
    expect(screen.getByText('A secretaria já abriu o ano letivo 2027.')).toBeVisible();
    expect(screen.queryByText(/ainda não abriu/)).toBeNull();
    expect(screen.queryByRole('link', { name: /ano letivo/ })).toBeNull();
  });

  it("counts a class's students in the singular and the plural", async () => {
    stubSchool('administrador', [rollClass('t1', '6º A', 1), rollClass('t2', '6º B', 2)]);
    renderAt(<RollCallTab />);
    expect(await screen.findByText('6º ano · Manhã · 1 aluno')).toBeVisible();
    expect(screen.getByText('6º ano · Manhã · 2 alunos')).toBeVisible();
  });
});

describe('the class cards of a day', () => {
  const dia = { data: '2026-12-07', tipo: 'letivo', letivo: true, descricao: null } as const;
  const lesson = (disciplina: string, aula: number, registrada: boolean) => ({
    disciplina,
    aula,
    professor_nome: null,
    registrada,
    pode_registrar: true,
    fora_da_grade: false,
    pendente: false,
  });

  it('says Feita only when every roll is on record; lessons ahead are Agendada, never Feita', async () => {
    stubSchool('professor', [
      rollClassAnswer({ id: 't1', nome: '6º A', dia, aulas: [lesson('Matemática', 1, false)] }),
      rollClassAnswer({
        id: 't2',
        nome: '6º B',
        dia,
        aulas: [lesson('Matemática', 1, true), lesson('História', 2, false)],
      }),
      rollClassAnswer({ id: 't3', nome: '6º C', dia, aulas: [lesson('Ciências', 1, true)] }),
    ]);
    renderAt(<RollCallTab />);
    // It said 'Feita' on all three: a future day's lessons are neither taken nor overdue.
    expect(await screen.findByRole('button', { name: /6º A/ })).toHaveTextContent('Agendada');
    expect(screen.getByRole('button', { name: /6º B/ })).toHaveTextContent('1 de 2 feitas');
    expect(screen.getByRole('button', { name: /6º C/ })).toHaveTextContent('Feita');
  });
});

describe('the roll call with the keyboard', () => {
  const dia = { data: '2026-12-02', tipo: 'letivo', letivo: true, descricao: null } as const;
  const roll = rollAnswer('t1', {
    turma: { id: 't1', nome: '6º A', serie: '6º ano', turno: 'manha', frequencia_modo: 'diaria' },
  });

  it('picking a class puts the focus on its roll; "Trocar turma" puts it back on the class', async () => {
    stubApi({
      '/api/auth/me': signedInAs({
        id: 'u1',
        nome: 'Lia',
        email: 'l@escola',
        nivel: 'professor',
        primeiro_login: false,
      }),
      '/api/anos-letivos': [schoolYearOf({ id: 'y26', ano: 2026, inicio: '2026-02-02', fim: '2026-12-11' })],
      '/api/frequencia/turmas': [
        rollClassAnswer({ id: 't0', nome: '5º A', dia }),
        rollClassAnswer({ id: 't1', nome: '6º A', dia }),
      ],
      '/api/frequencia/turmas/t1': roll,
    });
    renderAt(<RollCallTab />);
    (await screen.findByRole('button', { name: /6º A/ })).focus();
    await userEvent.keyboard('{Enter}');
    // The card pressed is gone: the focus fell to the page's top, 15 Tabs before the students.
    expect(await screen.findByRole('heading', { name: '6º A' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Falta de Ana Lima', pressed: false })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Trocar turma' }));
    expect(await screen.findByRole('button', { name: /6º A/ })).toHaveFocus();
    // Once: changing the date afterwards does not pull the focus back to the card.
    screen.getByLabelText('Data da chamada').focus();
    expect(screen.getByLabelText('Data da chamada')).toHaveFocus();
  });
});
