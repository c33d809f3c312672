// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SchoolClass } from '../../../shared/classes.schemas';
import { adminUser, renderAt, stubApi, stubScreen } from '../../test/render';
import { ClassesPage } from './classes-page';

const turma = (nome: string, alunos: number): SchoolClass => ({
  id: `00000000-0000-4000-8000-00000000010${alunos}`,
  nome,
  nivel: 'Fundamental I',
  serie: '5º ano',
  turno: 'manha',
  ano_letivo: '2026',
  capacidade_maxima: 25,
  professor_responsavel_id: null,
  professor_responsavel: null,
  observacoes: null,
  status: 'ativo',
  alunos_count: alunos,
  version: 1,
});

beforeEach(() => stubScreen(true));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Excluir turma', () => {
  it('names the class, its grade curricular and tuition, and what stays', async () => {
    stubApi({
      '/api/auth/me': { user: adminUser },
      '/api/turmas': [turma('5º Ano A', 0), turma('5º Ano B', 3)],
    });
    renderAt(<ClassesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir 5º Ano A' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir a turma 5º Ano A' });
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja excluir a turma 5º Ano A (5º ano, 2026)? A grade curricular dela (disciplinas, professores e horários) e o valor de mensalidade configurado para ela serão apagados; as mensalidades já geradas continuam.',
    );
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    // With students it cannot be deleted: the dialog says so and leads to them, with no Excluir.
    await userEvent.click(screen.getByRole('button', { name: 'Excluir 5º Ano B' }));
    const full = screen.getByRole('dialog', { name: 'Excluir a turma 5º Ano B' });
    expect(full).toHaveTextContent(
      'A turma 5º Ano B (5º ano, 2026) tem 3 alunos ativos e só pode ser excluída sem alunos.',
    );
    expect(within(full).queryByRole('button', { name: 'Excluir' })).toBeNull();
    await userEvent.click(within(full).getByRole('button', { name: 'Ver Alunos' }));
    expect(await screen.findByRole('dialog', { name: 'Alunos — 5º Ano B' })).toBeTruthy();
  });
});
