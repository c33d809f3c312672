// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onlineManager } from '@tanstack/react-query';
import { createQueryClient, Providers } from '../../app/providers';
import {
  lessonName,
  type Lesson,
  type Roll,
  type RollClass,
  type RollInput,
  type RollStudent,
} from '../../../shared/attendance.schemas';
import { lessonAnswer, rollClassAnswer } from '../../test/answers';
import { orderRollClasses, RollCallTab } from './roll-call-tab';
import { RollSheet } from './roll-sheet';
import {
  countRoll,
  hasChanges,
  hasUnsavedMarks,
  savedAbsences,
  toggleAbsence,
  toRollInput,
} from './roll-state';
import type { Nivel } from '../../../shared/permissions';
import type { SchoolYear } from '../../../shared/calendar.schemas';
import { reply, schoolYearOf, signedInAs, stubApi } from '../../test/render';
import { colourOf, contrast } from '../../test/contrast';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The sheet on the roll screen's address, with another screen to leave to (the app's data router). */
function renderSheet(sheet: ReactElement, url = '/dashboard/frequencia?turma=t1') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/frequencia', element: sheet },
      { path: '/dashboard/outra', element: <p>outra tela</p> },
    ],
    { initialEntries: [url] },
  );
  return {
    ...render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    ),
    router,
  };
}

const student = (index: number, falta: RollStudent['falta'] = null): RollStudent => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  nome: `Aluno ${String(index).padStart(2, '0')}`,
  matricula: `M${String(index)}`,
  presente: falta === null,
  falta,
});

function rollOf(alunos: RollStudent[], overrides: Partial<Roll> = {}): Roll {
  return {
    turma: { id: 't1', nome: '5º A', serie: '5º ano', turno: 'manha', frequencia_modo: 'diaria' },
    data: '2026-03-20',
    dia: { data: '2026-03-20', tipo: 'letivo', letivo: true, descricao: null },
    periodo: { id: 'p1', nome: '1º bimestre', data_fechamento: '2026-04-24', encerrado: false },
    bloqueio: null,
    grade_pendente: null,
    aulas: [lessonAnswer()],
    disciplina: null,
    aula: 0,
    chamada: null,
    alunos,
    ...overrides,
  };
}

/** A roll already saved once (version 1), as the sheet reads it back. */
const SAVED_ONCE: Roll['chamada'] = {
  id: 'c',
  registrada_em: '',
  atualizada_em: '',
  registrada_por: null,
  version: 1,
  conteudo: null,
  atividades: null,
  pode_remover: false,
};

/** A roll Prof. Lia saved at 08:00 on 20/03/2026 (version 1); whether this user may remove it is `pode_remover`. */
const savedByLia = (id: string, pode_remover: boolean): Roll['chamada'] => ({
  ...SAVED_ONCE,
  id,
  registrada_em: '2026-03-20T11:00:00.000Z',
  atualizada_em: '2026-03-20T11:00:00.000Z',
  registrada_por: 'Prof. Lia',
  pode_remover,
});

const NO_CONTENT = { conteudo: '', atividades: '' };

const forty = Array.from({ length: 40 }, (_, index) => student(index + 1));

describe('roll state', () => {
  it('starts from the saved roll, toggles one student and sends the whole list of absences', () => {
    const saved = student(2, {
      id: 'f2',
      justificativa: 'Atestado',
      situacao: 'justificada',
      abono_motivo: null,
    });
    const roll = rollOf([student(1), saved, student(3)], {
      chamada: SAVED_ONCE,
    });
    const start = savedAbsences(roll);
    expect([...start]).toEqual([[saved.id, 'Atestado']]);
    expect(hasChanges(roll, start)).toBe(false);
    const next = toggleAbsence(start, student(3).id);
    expect(countRoll(roll, next)).toEqual({ total: 3, faltas: 2, presentes: 1 });
    expect(hasChanges(roll, next)).toBe(true);
    expect(toRollInput(roll, next, { conteudo: '  Frações ', atividades: '' })).toEqual({
      data: '2026-03-20',
      conteudo: 'Frações',
      atividades: '',
      faltas: [{ aluno_id: saved.id, justificativa: 'Atestado' }, { aluno_id: student(3).id }],
    });
    // Tapping again undoes the absence.
    expect(toggleAbsence(next, student(3).id).has(student(3).id)).toBe(false);
  });

  it('names the lesson of a per-lesson roll', () => {
    const roll = rollOf([student(1)], { disciplina: 'Matemática', aula: 2 });
    expect(toRollInput(roll, toggleAbsence(new Map(), student(1).id), NO_CONTENT)).toEqual({
      data: '2026-03-20',
      disciplina: 'Matemática',
      aula: 2,
      ...NO_CONTENT,
      faltas: [{ aluno_id: student(1).id }],
    });
  });

  it('lists classes with lessons to take first, then those done, then those without lessons', () => {
    const turma = (id: string, aulas: number, pendentes: number): RollClass =>
      rollClassAnswer({
        id,
        nome: id,
        alunos: 1,
        dia: { data: '2026-03-20', tipo: 'letivo', letivo: true, descricao: null },
        aulas: Array.from({ length: aulas }, () => ({
          disciplina: null,
          aula: 0,
          professor_nome: null,
          registrada: pendentes === 0,
          pode_registrar: true,
          pendente: pendentes > 0,
        })),
        pendentes,
      });
    expect(
      orderRollClasses([turma('sem', 0, 0), turma('feita', 1, 0), turma('pendente', 1, 1)]).map((t) => t.id),
    ).toEqual(['pendente', 'feita', 'sem']);
  });
});

describe('RollSheet', () => {
  it('a class of 40: everyone present, two taps mark two absences, the counts follow, save sends them', async () => {
    const sent: RollInput[] = [];
    renderSheet(<RollSheet roll={rollOf(forty)} onSave={async (input) => void sent.push(input)} />);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(40);
    const counts = screen.getByText('presentes').parentElement!;
    expect(counts).toHaveTextContent('40');
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 07', pressed: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 31', pressed: false }));
    expect(screen.getByRole('button', { name: 'Falta de Aluno 07', pressed: true })).toBeInTheDocument();
    expect(screen.getByText('faltas').parentElement).toHaveTextContent('2 faltas');
    expect(screen.getByText('presentes').parentElement).toHaveTextContent('38 presentes');
    await userEvent.click(screen.getAllByRole('button', { name: /Justificar falta/ })[0]!);
    // The link pressed made way for the field, which takes the focus (it fell to the page's top).
    expect(screen.getByLabelText('Justificativa de Aluno 07')).toHaveFocus();
    await userEvent.keyboard('Atestado médico');
    // The lesson's content: the save bar says it is missing and takes the teacher to the field.
    await userEvent.click(screen.getByRole('button', { name: 'Sem conteúdo registrado — escrever' }));
    expect(screen.getByLabelText('Conteúdo do dia')).toHaveFocus();
    await userEvent.keyboard('Frações equivalentes');
    await userEvent.type(screen.getByLabelText('Atividades / tarefa de casa (opcional)'), 'Página 42');
    expect(screen.queryByRole('button', { name: 'Sem conteúdo registrado — escrever' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar chamada' }));
    expect(sent).toEqual([
      {
        data: '2026-03-20',
        conteudo: 'Frações equivalentes',
        atividades: 'Página 42',
        faltas: [{ aluno_id: forty[6]!.id, justificativa: 'Atestado médico' }, { aluno_id: forty[30]!.id }],
      },
    ]);
  });

  it('a student’s toggle keeps its name, “Falta de …”, and says the falta with aria-pressed alone', async () => {
    const user = userEvent.setup();
    renderSheet(<RollSheet roll={rollOf([student(1), student(2)])} onSave={() => Promise.resolve()} />);
    const row = screen.getByRole('button', { name: 'Falta de Aluno 01' });
    expect(row).toHaveAttribute('aria-pressed', 'false');
    // What the eye reads is unchanged: the name, the Matrícula and the green 'Presente'.
    expect(row).toHaveTextContent('Aluno 01Matrícula M1Presente');
    await user.click(row);
    // The same name, not 'Aluno 01: falta, pressed' (a state said twice, the second time as 'pressed').
    expect(row).toHaveAccessibleName('Falta de Aluno 01');
    expect(row).toHaveAttribute('aria-pressed', 'true');
    expect(row).toHaveTextContent('Aluno 01Matrícula M1Falta');
    expect(row).toHaveFocus();
  });

  it('two absent students of one first name: each “Justificar falta” says whose, read out', async () => {
    const user = userEvent.setup();
    const anas = [
      { ...student(1), nome: 'Ana Mendes Santos' },
      { ...student(2), nome: 'Ana Silva Fernandes' },
    ];
    renderSheet(<RollSheet roll={rollOf(anas)} onSave={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Falta de Ana Mendes Santos' }));
    await user.click(screen.getByRole('button', { name: 'Falta de Ana Silva Fernandes' }));
    // The words on screen stay 'Justificar falta de Ana' (the card above says which Ana)…
    const second = screen.getByRole('button', { name: 'Justificar falta de Ana Silva Fernandes' });
    expect(screen.getByRole('button', { name: 'Justificar falta de Ana Mendes Santos' })).toBeInTheDocument();
    expect(second.textContent.trim()).toBe('Justificar falta de Ana');
    await user.click(second);
    // …and the one pressed opens that student's field.
    expect(screen.getByLabelText('Justificativa de Ana Silva Fernandes')).toHaveFocus();
  });

  it("an absent student's number and Matrícula read at 4.5:1 on the row's red", async () => {
    renderSheet(<RollSheet roll={rollOf([student(1)])} onSave={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 01', pressed: false }));
    const row = screen.getByRole('button', { name: 'Falta de Aluno 01', pressed: true });
    const background = colourOf(row.className, 'bg-');
    for (const text of [within(row).getByText('1'), within(row).getByText('Matrícula M1')])
      expect(contrast(colourOf(text.className, 'text-'), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('a closed roll shows its content read-only, or says it has none', () => {
    const closed = (conteudo: string | null) =>
      rollOf([student(1)], {
        bloqueio: 'O 1º bimestre foi encerrado em 24/04/2026.',
        chamada: { ...SAVED_ONCE, conteudo, atividades: conteudo ? 'Página 42' : null },
      });
    const { unmount } = renderSheet(<RollSheet roll={closed('Frações')} onSave={() => Promise.resolve()} />);
    const region = screen.getByRole('region', { name: 'Conteúdo do dia' });
    expect(region).toHaveTextContent('Frações');
    expect(region).toHaveTextContent('Atividades / tarefa de casa: Página 42');
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();
    renderSheet(<RollSheet roll={closed(null)} onSave={() => Promise.resolve()} />);
    expect(screen.getByRole('region', { name: 'Conteúdo do dia' })).toHaveTextContent(
      'Sem conteúdo registrado',
    );
  });

  it('shows the server refusal under the save button and keeps the marks', async () => {
    renderSheet(
      <RollSheet
        roll={rollOf([student(1)])}
        onSave={() =>
          Promise.reject(new Error('Período encerrado: só o administrador pode alterar esta chamada.'))
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 01', pressed: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar chamada' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Período encerrado');
    expect(screen.getByRole('button', { name: 'Falta de Aluno 01', pressed: true })).toBeInTheDocument();
  });

  it('a day that cannot be saved says why and offers no save', () => {
    renderSheet(
      <RollSheet
        roll={rollOf([student(1)], { bloqueio: 'Não há aula em 21/04/2026 (Tiradentes).' })}
        onSave={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Tiradentes');
    expect(screen.queryByRole('button', { name: /Salvar/ })).toBeNull();
    // Never taken: nobody is shown present nor counted (a holiday's roll read as '1 presente').
    expect(screen.getByText('Não há chamada registrada em 20/03/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Falta de Aluno 01', pressed: false })).toBeNull();
    expect(screen.queryByText('presentes')).toBeNull();
    // No lesson that day, none taken: no content to type or to miss.
    expect(screen.queryByRole('region', { name: 'Conteúdo do dia' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a per-lesson roll names its lesson: not taken yet, then saved, and the save sends the lesson', async () => {
    const sent: RollInput[] = [];
    const perLesson: Partial<Roll> = {
      turma: { id: 't1', nome: '7º B', serie: '7º ano', turno: 'tarde', frequencia_modo: 'por_aula' },
      disciplina: 'Matemática',
      aula: 2,
    };
    const { unmount } = renderSheet(
      <RollSheet
        roll={rollOf([student(1), student(2)], perLesson)}
        lesson="Matemática (2ª aula)"
        onSave={async (input) => void sent.push(input)}
      />,
    );
    const sheet = screen.getByRole('region', { name: 'Chamada de 7º B, Matemática (2ª aula)' });
    expect(sheet).toHaveTextContent('Chamada de Matemática (2ª aula) ainda não feita.');
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 02', pressed: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar chamada' }));
    expect(sent).toEqual([
      {
        data: '2026-03-20',
        disciplina: 'Matemática',
        aula: 2,
        ...NO_CONTENT,
        faltas: [{ aluno_id: student(2).id }],
      },
    ]);
    unmount();

    const saved = rollOf([student(1), student(2)], {
      ...perLesson,
      chamada: savedByLia('c1', false),
    });
    renderSheet(<RollSheet roll={saved} lesson="Matemática (2ª aula)" onSave={() => Promise.resolve()} />);
    // Saved on the roll's own day: the time only, not the date twice.
    expect(
      screen.getByText(/Chamada de Matemática \(2ª aula\) de 20\/03\/2026 salva às 08:00/),
    ).toHaveTextContent('por Prof. Lia.');
    expect(screen.queryByText(/ainda não feita/)).toBeNull();
    // Not this user's to remove (another teacher's subject, a closed period): no such button.
    expect(screen.queryByRole('button', { name: 'Remover chamada' })).toBeNull();
  });

  it("a save waiting on the device: the school's earlier save is the previous version, and is not removed from here", () => {
    const saved = rollOf([student(1), student(2)], { chamada: savedByLia('c9', true) });
    renderSheet(<RollSheet roll={saved} onDevice onSave={() => Promise.resolve()} />);
    expect(
      screen.getByText('Versão anterior, já na escola: salva às 08:00 por Prof. Lia.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Chamada de 20\/03\/2026 salva/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover chamada' })).toBeNull();
  });

  it('offline, "Remover chamada" is not offered: the removal needs the server', () => {
    onlineManager.setOnline(false);
    try {
      renderSheet(
        <RollSheet
          roll={rollOf([student(1)], { chamada: savedByLia('c9', true) })}
          onSave={() => Promise.resolve()}
        />,
      );
      expect(screen.getByText(/salva às 08:00/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remover chamada' })).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('a roll the user may remove: "Remover chamada" asks, requires the reason and sends it', async () => {
    const fetchMock = stubApi({}, reply(200, { success: true, data: null, message: 'Chamada removida.' }));
    const falta = { id: 'f1', justificativa: null, situacao: 'injustificada' as const, abono_motivo: null };
    const saved = rollOf([student(1, falta), student(2)], {
      chamada: savedByLia('c9', true),
    });
    renderSheet(<RollSheet roll={saved} onSave={() => Promise.resolve()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover chamada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover chamada' });
    expect(dialog).toHaveTextContent(
      'Remover a chamada de 5º A em 20/03/2026 e a falta registrada nela? A aula deixa de contar na frequência dos alunos',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover chamada' }));
    expect(await within(dialog).findByText('Informe o motivo da remoção')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(/Motivo da remoção/), 'Chamada na turma errada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover chamada' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/frequencia/chamadas/c9');
    expect(init).toMatchObject({
      method: 'DELETE',
      body: JSON.stringify({ motivo: 'Chamada na turma errada' }),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('while the roll saves', () => {
  it('“Todos presentes” and “Remover chamada” stay in the Tab order, aria-disabled, and do nothing', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const falta = { id: 'f1', justificativa: null, situacao: 'injustificada' as const, abono_motivo: null };
    const saved = rollOf([student(1, falta), student(2)], { chamada: savedByLia('c9', true) });
    renderSheet(<RollSheet roll={saved} onSave={() => new Promise<void>((resolve) => (finish = resolve))} />);
    const salvar = screen.getByRole('button', { name: /Salvar de novo/ });
    await user.click(salvar);
    expect(salvar).toHaveAttribute('aria-busy', 'true');
    // Shift+Tab from the busy Salvar lands on 'Todos presentes', not past it.
    await user.tab({ shift: true });
    const allPresent = screen.getByRole('button', { name: /Todos presentes/ });
    expect(allPresent).toHaveFocus();
    expect(allPresent).not.toBeDisabled();
    expect(allPresent).toHaveAttribute('aria-disabled', 'true');
    await user.click(allPresent);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(allPresent).toHaveFocus();

    const remove = screen.getByRole('button', { name: 'Remover chamada' });
    expect(remove).not.toBeDisabled();
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => finish());
    expect(allPresent).not.toHaveAttribute('aria-disabled');
    await user.click(allPresent);
    expect(await screen.findByRole('dialog', { name: 'Marcar todos como presentes?' })).toBeInTheDocument();
  });
});

describe('the roll screen, saving', () => {
  it('keeps the focus on Salvar when the saved roll comes back and the sheet is drawn again', async () => {
    const user = userEvent.setup();
    let version = 0;
    const saved = () => (version ? { chamada: { ...SAVED_ONCE, version } } : {});
    stubApi({
      '/api/auth/me': signedInAs({ id: 'u1', nome: 'Lia', email: 'l@escola', nivel: 'professor' }),
      '/api/frequencia/turmas/t1': (request) => {
        if (request.method === 'PUT') version += 1;
        return rollOf([student(1), student(2)], saved());
      },
    });
    renderSheet(<RollCallTab />, '/dashboard/frequencia?turma=t1&data=2026-03-20');
    await user.click(await screen.findByRole('button', { name: 'Falta de Aluno 01' }));
    await user.click(screen.getByRole('button', { name: 'Salvar chamada' }));
    // Saved, the roll is read again with its new version and its sheet drawn anew.
    const again = await screen.findByRole('button', { name: 'Salvar de novo' });
    await waitFor(() => expect(again).toHaveFocus());
  });
});

describe('the roll screen, removing', () => {
  it('puts the focus on Salvar chamada when the roll removed comes back untaken', async () => {
    const user = userEvent.setup();
    let removed = false;
    stubApi({
      '/api/auth/me': signedInAs({ id: 'u1', nome: 'Lia', email: 'l@escola', nivel: 'professor' }),
      '/api/frequencia/turmas/t1': () =>
        rollOf([student(1), student(2)], removed ? {} : { chamada: savedByLia('c9', true) }),
      '/api/frequencia/chamadas/c9': () => {
        removed = true;
        return null;
      },
    });
    renderSheet(<RollCallTab />, '/dashboard/frequencia?turma=t1&data=2026-03-20');
    await user.click(await screen.findByRole('button', { name: 'Remover chamada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover chamada' });
    await user.type(within(dialog).getByLabelText(/Motivo da remoção/), 'Chamada na turma errada');
    await user.click(within(dialog).getByRole('button', { name: 'Remover chamada' }));
    const untaken = await screen.findByRole('button', { name: 'Salvar chamada' });
    await waitFor(() => expect(untaken).toHaveFocus());
  });
});

describe('unsaved marks', () => {
  const beforeUnloadPrevented = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('counts as unsaved only what differs from the saved roll (a roll never taken, all present, is not)', () => {
    const fresh = rollOf([student(1), student(2)]);
    expect(hasUnsavedMarks(fresh, savedAbsences(fresh))).toBe(false);
    const marked = toggleAbsence(savedAbsences(fresh), student(1).id);
    expect(hasUnsavedMarks(fresh, marked)).toBe(true);
    expect(hasUnsavedMarks(fresh, toggleAbsence(marked, student(1).id))).toBe(false);
    const saved = rollOf(
      [student(1, { id: 'f1', justificativa: null, situacao: 'injustificada', abono_motivo: null })],
      {
        chamada: SAVED_ONCE,
      },
    );
    expect(hasUnsavedMarks(saved, savedAbsences(saved))).toBe(false);
    expect(hasUnsavedMarks(saved, new Map([[student(1).id, 'Atestado']]))).toBe(true);
  });

  it('asks before another class or screen drops the marks: "Voltar à chamada" keeps them, "Sair sem salvar" leaves', async () => {
    const { router } = renderSheet(<RollSheet roll={rollOf(forty)} onSave={() => Promise.resolve()} />);
    expect(beforeUnloadPrevented()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 07', pressed: false }));
    // Closing the tab: the browser asks (the grade grid's same warning).
    expect(beforeUnloadPrevented()).toBe(true);

    // 'Trocar turma' (another class in the address): the app asks, and staying keeps the mark.
    await act(async () => {
      void router.navigate('/dashboard/frequencia');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar a chamada?' });
    expect(dialog).toHaveTextContent(
      'As alterações na chamada de 5º A de 20/03/2026 ainda não foram salvas. Se sair agora, elas serão perdidas.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar à chamada' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?turma=t1');
    expect(screen.getByRole('button', { name: 'Falta de Aluno 07', pressed: true })).toBeInTheDocument();

    // Another screen: leaving without saving is a choice.
    await act(async () => {
      void router.navigate('/dashboard/outra');
    });
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sair sem salvar a chamada?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    expect(await screen.findByText('outra tela')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/outra');
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('“Todos presentes” asks before undoing the absences marked', async () => {
    renderSheet(<RollSheet roll={rollOf(forty)} onSave={() => Promise.resolve()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 03', pressed: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Falta de Aluno 05', pressed: false }));
    await userEvent.click(screen.getByRole('button', { name: /Todos presentes/ }));
    const ask = await screen.findByRole('dialog', { name: 'Marcar todos como presentes?' });
    expect(ask).toHaveTextContent('2 faltas marcadas são desfeitas nesta tela, com as justificativas.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Manter as faltas' }));
    expect(screen.getByRole('button', { name: 'Falta de Aluno 03', pressed: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Todos presentes/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Marcar todos como presentes?' })).getByRole(
        'button',
        {
          name: 'Marcar todos presentes',
        },
      ),
    );
    expect(screen.getByRole('button', { name: 'Falta de Aluno 03', pressed: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Falta de Aluno 05', pressed: false })).toBeInTheDocument();
    // 'Todos presentes' is gone with the last falta: the focus goes on to Salvar, not to the page's top.
    expect(screen.queryByRole('button', { name: /Todos presentes/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar chamada' })).toHaveFocus());
  });

  it('a save waiting on the device, content included, is saved work: leaving does not ask', async () => {
    // As the screen shows it after an offline save: the marks folded into the roll, the content beside it.
    const pending = { conteudo: 'Frações equivalentes', atividades: '' };
    const absent = student(1, {
      id: 'f1',
      justificativa: null,
      situacao: 'injustificada',
      abono_motivo: null,
    });
    const { router } = renderSheet(
      <RollSheet
        roll={rollOf([absent, student(2)])}
        onDevice
        content={pending}
        onSave={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('button', { name: /Salvar de novo/ })).toBeInTheDocument();
    expect(beforeUnloadPrevented()).toBe(false);
    await act(async () => {
      void router.navigate('/dashboard/outra');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('outra tela')).toBeInTheDocument();
  });

  it('leaves without asking when nothing was tapped', async () => {
    const { router } = renderSheet(
      <RollSheet roll={rollOf([student(1)])} onSave={() => Promise.resolve()} />,
    );
    await act(async () => {
      void router.navigate('/dashboard/frequencia?turma=t2');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?turma=t2');
  });
});

describe('lessonName', () => {
  const lesson = (disciplina: string | null, aula: number): Lesson => lessonAnswer({ disciplina, aula });

  it('numbers the lessons only when a subject has more than one that day', () => {
    const day = [lesson('Matemática', 1), lesson('Matemática', 2), lesson('Ciências', 1)];
    expect(day.map((item) => lessonName(item, day))).toEqual([
      'Matemática (1ª aula)',
      'Matemática (2ª aula)',
      'Ciências',
    ]);
    // A second lesson taken outside the timetable still reads as the 2nd, even alone.
    expect(lessonName(lesson('Arte', 2))).toBe('Arte (2ª aula)');
    expect(lessonName(lesson(null, 0), [lesson(null, 0)])).toBe('Chamada do dia');
  });
});

describe('a per-lesson class without a grade curricular', () => {
  /** The roll screen of class t1 for `nivel`, the class's grid lacking `pendencia`. */
  function stubRollScreen(nivel: Nivel, pendencia: 'sem_disciplinas' | 'sem_dias') {
    const roll = rollOf([student(1), student(2)], {
      turma: { id: 't1', nome: '6º A', serie: '6º ano', turno: 'manha', frequencia_modo: 'por_aula' },
      bloqueio:
        'Esta turma faz a chamada por aula e ainda não tem disciplinas na grade curricular: não há aula para registrar.',
      grade_pendente: pendencia,
      aulas: [],
    });
    const picker: RollClass[] = [
      {
        id: 't1',
        nome: '6º A',
        serie: '6º ano',
        turno: 'manha',
        frequencia_modo: 'por_aula',
        alunos: 2,
        grade_pendente: pendencia,
        dia: { data: '2026-03-20', tipo: 'letivo', letivo: true, descricao: null },
        aulas: [],
        pendentes: 0,
      },
    ];
    stubApi({
      '/api/auth/me': signedInAs({ id: 'u1', nome: 'Lia', email: 'l@escola', nivel, primeiro_login: false }),
      '/api/frequencia/turmas': picker,
      '/api/frequencia/turmas/t1': roll,
    });
  }

  it('the administrator reads that the class has no grade curricular and gets a link to it', async () => {
    stubRollScreen('administrador', 'sem_disciplinas');
    renderSheet(<RollCallTab />, '/dashboard/frequencia');
    // The picker says why there is no lesson (not just 'Sem aula').
    expect(await screen.findByText('Sem grade curricular')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /6º A/ }));
    expect(await screen.findByText('6º A ainda não tem grade curricular')).toBeInTheDocument();
    expect(
      screen.getByText(/Esta turma faz a chamada por aula, e sem disciplinas não há aula para registrar/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir a grade curricular de 6º A' })).toHaveAttribute(
      'href',
      '/dashboard/turmas?grade=t1',
    );
    // No sheet of students to tap with nothing to save them to.
    expect(screen.queryByRole('button', { name: /Aluno 01/ })).toBeNull();
  });

  it('a teacher is told the secretaria completes the grid (days of the lessons missing)', async () => {
    stubRollScreen('professor', 'sem_dias');
    renderSheet(<RollCallTab />, '/dashboard/frequencia?turma=t1');
    expect(
      await screen.findByText('A grade curricular de 6º A não tem os dias das aulas'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/A secretaria precisa completá-la \(Turmas → Grade curricular\)/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Abrir a grade curricular/ })).toBeNull();
  });
});

describe('the roll screen of a new school', () => {
  function stubNewSchool(nivel: Nivel, years: SchoolYear[], classes: unknown[]) {
    const user = { id: 'u1', nome: 'Lia', email: 'l@escola', nivel, primeiro_login: false };
    stubApi({
      '/api/auth/me': signedInAs(user),
      '/api/anos-letivos': years,
      '/api/frequencia/turmas': classes,
    });
  }

  it('no school year for the date: the administrator is sent to open it; no class: to Turmas', async () => {
    stubNewSchool('administrador', [], []);
    renderSheet(<RollCallTab />, '/dashboard/frequencia?data=2026-03-20');
    expect(await screen.findByText('O ano letivo 2026 não foi aberto')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir o ano letivo 2026 no Calendário' })).toHaveAttribute(
      'href',
      '/dashboard/calendario?mes=2026-02',
    );
    expect(await screen.findByText('Nenhuma turma ativa')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Turmas' })).toHaveAttribute('href', '/dashboard/turmas');
  });

  it('a date outside the year says so; a teacher without classes is told to ask the secretaria', async () => {
    const year = schoolYearOf({ id: 'y', ano: 2026, inicio: '2026-02-02', fim: '2026-12-11', periodos: [] });
    stubNewSchool('professor', [year], []);
    renderSheet(<RollCallTab />, '/dashboard/frequencia?data=2026-01-15');
    expect(
      await screen.findByText(
        '15/01/2026 fica fora do ano letivo 2026 (02/02/2026 a 11/12/2026): não há chamada nesta data.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma turma para fazer chamada')).toBeInTheDocument();
    expect(screen.getByText(/Se falta alguma, fale com a secretaria/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
