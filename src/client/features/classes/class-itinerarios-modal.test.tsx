// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ItinerarioChoices } from '../../../shared/curriculum.schemas';
import { schoolClassAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { ClassItinerariosModal } from './class-itinerarios-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const turma = schoolClassAnswer({
  id: 't-medio',
  nome: '1ª série A',
  nivel: 'Ensino Médio',
  serie: '1ª série',
});

function open(choices: Omit<ItinerarioChoices, 'turma_id' | 'turma_nome'>) {
  stubApi({
    '/api/auth/me': signedInAs({}),
    [`/api/turmas/${turma.id}/itinerarios`]: { turma_id: turma.id, turma_nome: turma.nome, ...choices },
  });
  renderAt(<ClassItinerariosModal turma={turma} canWrite onClose={() => {}} />);
}

const aluno = { id: 'a1', nome: 'Lívia Prado', matricula: '20260101', itinerario_id: null };

describe('the class’s Itinerários dialog', () => {
  it('offers no Salvar while the class offers no itinerário: there is nothing to choose', async () => {
    open({ itinerarios: [], alunos: [aluno] });
    expect(await screen.findByText('A turma ainda não oferece itinerários')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Salvar/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeVisible();
  });

  it('offers Salvar once there are itinerários and students to choose for', async () => {
    open({ itinerarios: [{ id: 'i1', nome: 'Ciências da Natureza', tecnico: false }], alunos: [aluno] });
    expect(await screen.findByRole('button', { name: 'Salvar escolhas' })).toBeDisabled();
  });
});
