// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { builtInPerfilPermissions, type Nivel, type Permission } from '../../../shared/permissions';
import { curriculumAnswer, schoolClassAnswer, teacherAnswer, uuidOf } from '../../test/answers';
import {
  renderAt,
  reply,
  searchOf,
  signedInAs,
  stubApi,
  stubScreen,
  type StubRoutes,
} from '../../test/render';
import { ClassesPage } from './classes-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const turma = schoolClassAnswer({
  id: '11111111-1111-4111-8111-111111111111',
  nome: '6º Ano A',
  nivel: 'Fundamental II',
  serie: '6º ano',
});

/** A subject of the grade, without a teacher. */
const subject = (disciplina: string) => ({
  disciplina,
  professor: null,
  aulas_semanais: 4,
  dias_semana: [1],
  itinerario: null,
  area: null,
  carga_horaria_anual: 160,
});

const infantil = schoolClassAnswer({
  id: '33333333-3333-4333-8333-333333333333',
  nome: 'Maternal II A',
  nivel: 'Educação Infantil',
  serie: 'Maternal II',
});

function stubServer(nivel: Nivel, withGrade = false, turmas = [turma], permissoes?: Permission[]) {
  const user = {
    id: 'u1',
    nome: 'Ana',
    email: 'a@escola',
    nivel,
    primeiro_login: false,
    ...(permissoes ? { permissoes } : {}),
  };
  const answers: StubRoutes = {
    '/api/auth/me': signedInAs(user),
    '/api/turmas': turmas,
    [`/api/turmas/${turma.id}/disciplinas`]: curriculumAnswer({
      turma_id: turma.id,
      turma_nome: turma.nome,
      nivel: turma.nivel,
      ...(withGrade ? { disciplinas: [subject('Matemática'), subject('Ciências')] } : {}),
    }),
    '/api/professores': withGrade ? [teacherAnswer({ id: uuidOf(7), nome: 'Rita Lima' })] : [],
  };
  stubApi(answers, reply(404, { success: false, message: 'Não encontrado' }));
}

describe('ClassesPage', () => {
  it('each class’s buttons say which class, read out (two 6º Ano A of two years included)', async () => {
    stubScreen(false);
    const lastYear = schoolClassAnswer({ ...turma, id: uuidOf(41), ano_letivo: '2025' });
    stubServer('administrador', false, [turma, lastYear]);
    renderAt(<ClassesPage />);
    const cards = await screen.findByRole('list', { name: 'Turmas' });
    for (const name of [
      'Editar 6º Ano A de 2026',
      'Ver Alunos de 6º Ano A de 2026',
      'Grade curricular de 6º Ano A de 2026',
      'Ver Alunos de 6º Ano A de 2025',
      'Grade curricular de 6º Ano A de 2025',
    ])
      expect(within(cards).getByRole('button', { name })).toBeInTheDocument();
  });

  it("opens a class's grade curricular from the address (the link of Notas and Frequência)", async () => {
    stubScreen(true);
    stubServer('administrador');
    const router = renderAt(<ClassesPage />, `/lista?grade=${turma.id}`);
    expect(await screen.findByRole('dialog', { name: /Grade curricular — 6º Ano A/ })).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(searchOf(router)).toEqual({});
    // The button sets the address too, so a reload keeps the dialog open.
    await userEvent.click(screen.getByRole('button', { name: /Grade curricular/ }));
    expect(await screen.findByRole('dialog', { name: /Grade curricular — 6º Ano A/ })).toBeVisible();
    expect(searchOf(router)).toEqual({ grade: turma.id });
  });

  it('lets the coordenação build the grade, not create, edit or delete classes (ADR 0107)', async () => {
    stubScreen(true);
    stubServer('administrador', true, [turma], [...builtInPerfilPermissions.coordenacao]);
    renderAt(<ClassesPage />, `/lista?grade=${turma.id}`);
    // The dialog opens as the grade loads, then turns into the form.
    expect(await screen.findByRole('button', { name: 'Salvar grade' })).toBeVisible();
    const dialog = screen.getByRole('dialog', { name: /Grade curricular — 6º Ano A/ });
    expect(within(dialog).getAllByLabelText(/Aulas\/semana/)[0]).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Nova Turma' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir 6º Ano A' })).toBeNull();
  });

  it('an unknown class in the address closes quietly', async () => {
    stubScreen(true);
    stubServer('administrador');
    const router = renderAt(<ClassesPage />, '/lista?grade=22222222-2222-4222-8222-222222222222');
    await screen.findByText('6º Ano A');
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("names the grade's one-teacher shortcut for what it is at any stage (not 'Fundamental I' in 6º Ano)", async () => {
    stubScreen(true);
    stubServer('administrador', true);
    renderAt(<ClassesPage />, `/lista?grade=${turma.id}`);
    const shortcut = await screen.findByRole('combobox', {
      name: /^Um professor para todas as disciplinas:/,
    });
    const dialog = screen.getByRole('dialog', { name: /Grade curricular — 6º Ano A/ });
    expect(within(dialog).queryByText(/Fundamental I/)).toBeNull();
    await userEvent.selectOptions(shortcut, 'Rita Lima');
    for (const teacher of within(dialog).getAllByRole('combobox', { name: 'Professor' }))
      expect(teacher).toHaveValue(uuidOf(7));
  });

  it('warns, as the grid is typed, when its hours are below the LDB (art. 24, I) — a warning, not a block', async () => {
    stubScreen(true);
    stubServer('administrador', true);
    renderAt(<ClassesPage />, `/lista?grade=${turma.id}`);
    await screen.findByRole('combobox', { name: /^Um professor para todas as disciplinas:/ });
    const dialog = screen.getByRole('dialog', { name: /Grade curricular — 6º Ano A/ });
    // 2 subjects × 4 lessons of 50 min × 40 weeks = 267 h.
    const warning = within(dialog).getByRole('status');
    expect(warning).toHaveTextContent('Carga horária abaixo do mínimo legal');
    expect(warning).toHaveTextContent(
      'A grade soma 267 h no ano (8 aulas de 50 min por semana, em 40 semanas letivas); a LDB (art. 24, I) pede no Ensino Fundamental ao menos 800 h anuais, em no mínimo 200 dias letivos.',
    );
    for (const field of within(dialog).getAllByLabelText(/Aulas\/semana/)) {
      await userEvent.clear(field);
      await userEvent.type(field, '12');
    }
    await waitFor(() => expect(within(dialog).queryByText(/Carga horária abaixo/)).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Salvar grade' })).toBeEnabled();
  });

  it('a Fundamental class sets its lesson length too: the hours follow it (ADR 0110)', async () => {
    stubScreen(true);
    stubServer('administrador', true);
    renderAt(<ClassesPage />, `/lista?grade=${turma.id}`);
    await screen.findByRole('combobox', { name: /^Um professor para todas as disciplinas:/ });
    const dialog = screen.getByRole('dialog', { name: /Grade curricular — 6º Ano A/ });
    const length = within(dialog).getByRole('spinbutton', { name: 'Duração da aula (minutos)' });
    expect(length).toHaveValue(50);
    await userEvent.clear(length);
    await userEvent.type(length, '60');
    // 8 lessons of 60 min × 40 weeks = 320 h.
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'A grade soma 320 h no ano (8 aulas de 60 min por semana, em 40 semanas letivas)',
      ),
    );
  });

  it('offers the class’s boletins (PDF) only where there are grades: not for Educação Infantil', async () => {
    stubScreen(true);
    stubServer('administrador', false, [turma, infantil]);
    renderAt(<ClassesPage />);
    await screen.findByText('Maternal II A');
    expect(
      screen.getByRole('button', { name: `Boletins da turma 6º Ano A de ${turma.ano_letivo} (PDF)` }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Boletins da turma Maternal II A/ })).toBeNull();
  });
});
