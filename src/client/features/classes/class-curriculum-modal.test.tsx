// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classNiveis, type ClassNivel } from '../../../shared/classes.schemas';
import type { Area, ComponenteBncc, Disciplina } from '../../../shared/disciplinas.schemas';
import { renderAt, stubApi } from '../../test/render';
import { curriculumAnswer, schoolClassAnswer, uuidOf } from '../../test/answers';
import { ClassCurriculumModal } from './class-curriculum-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const catalogue: Disciplina[] = (
  [
    ['Matemática', 'Matemática', 'Matemática'],
    ['Ciências', 'Ciências da Natureza', 'Ciências'],
    ['Física', 'Ciências da Natureza', 'Física'],
    ['Sociologia', 'Ciências Humanas', 'Sociologia'],
    ['Musicalização', 'Parte diversificada', null, ['Educação Infantil']],
    ['Robótica', 'Parte diversificada', null, ['Fundamental II']],
  ] as [string, Area, ComponenteBncc | null, ClassNivel[]?][]
).map(([nome, area, componente_bncc, etapas], index) => ({
  id: uuidOf(60 + index),
  nome,
  area,
  componente_bncc,
  etapas: etapas ?? [...classNiveis],
  ativo: true,
  ordem: index + 1,
  version: 1,
}));

/**
 * The subjects the grade curricular's 'Disciplina' offers a class of `nivel` (its grade: Matemática), once
 * `expected` is among them.
 */
async function offeredTo(nivel: ClassNivel, serie: string, expected: string): Promise<(string | null)[]> {
  const turma = schoolClassAnswer({ id: uuidOf(50), nome: `${serie} A`, nivel, serie });
  stubApi({
    [`/api/turmas/${turma.id}/disciplinas`]: curriculumAnswer({
      turma_id: turma.id,
      turma_nome: turma.nome,
      nivel: turma.nivel,
      disciplinas: [
        {
          disciplina: 'Matemática',
          professor: null,
          aulas_semanais: 5,
          dias_semana: [1, 2, 3, 4, 5],
          itinerario: null,
          area: 'Matemática',
          carga_horaria_anual: 167,
        },
      ],
    }),
    '/api/disciplinas': catalogue,
    '/api/professores': [],
  });
  renderAt(<ClassCurriculumModal turma={turma} canWrite onClose={() => undefined} />);
  const select = await screen.findByRole('combobox', { name: 'Disciplina' });
  await within(select).findByRole('option', { name: expected });
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('ClassCurriculumModal: the subjects of the class’s stage', () => {
  it('offers a Pré II neither Física nor Sociologia, and the school’s own Musicalização', async () => {
    expect(await offeredTo('Educação Infantil', 'Pré II', 'Musicalização')).toEqual([
      'Matemática',
      'Ciências',
      'Musicalização',
    ]);
  });
});

describe('ClassCurriculumModal: a school’s own subject at the stages chosen for it (ADR 0132)', () => {
  it('offers a 6º ano Robótica (Fundamental II only), not Musicalização (Infantil only)', async () => {
    expect(await offeredTo('Fundamental II', '6º ano', 'Robótica')).toEqual([
      'Matemática',
      'Ciências',
      'Robótica',
    ]);
  });
});

describe('ClassCurriculumModal: adding a subject', () => {
  it('puts the focus on the new row’s Disciplina, not on its Segunda checkbox', async () => {
    const turma = schoolClassAnswer({
      id: uuidOf(50),
      nome: '6º ano A',
      nivel: 'Fundamental II',
      serie: '6º ano',
    });
    stubApi({
      [`/api/turmas/${turma.id}/disciplinas`]: curriculumAnswer({
        turma_id: turma.id,
        turma_nome: turma.nome,
        nivel: turma.nivel,
        disciplinas: [],
      }),
      '/api/disciplinas': catalogue,
      '/api/professores': [],
    });
    renderAt(<ClassCurriculumModal turma={turma} canWrite onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar disciplina' }));
    const select = await screen.findByRole('combobox', { name: 'Disciplina' });
    await waitFor(() => expect(document.activeElement).toBe(select));
  });
});
