// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classNiveis } from '../../../shared/classes.schemas';
import type { Disciplina } from '../../../shared/disciplinas.schemas';
import { renderAt, stubApi } from '../../test/render';
import { uuidOf } from '../../test/answers';
import { SubjectFormModal } from './subject-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const robotica: Disciplina = {
  id: uuidOf(70),
  nome: 'Robótica',
  area: 'Parte diversificada',
  componente_bncc: null,
  etapas: [...classNiveis],
  ativo: true,
  ordem: 15,
  version: 2,
};

/** `POST`/`PATCH /api/disciplinas`: the bodies sent, answered with the subject as saved. */
function stubSave() {
  return stubApi({
    '/api/disciplinas': ({ body }) => ({ ...robotica, ...(body as object) }),
    [`/api/disciplinas/${robotica.id}`]: ({ body }) => ({ ...robotica, ...(body as object) }),
  });
}

const stagesGroup = () => screen.getByRole('group', { name: 'Etapas em que é oferecida' });

describe('SubjectFormModal: the stages a school’s own subject is offered at (ADR 0132)', () => {
  it('a new subject is offered at every stage unless the secretaria unticks some; sends the ones left', async () => {
    const api = stubSave();
    renderAt(<SubjectFormModal subject={null} onClose={() => undefined} />);
    await userEvent.type(await screen.findByLabelText(/Nome/), 'Robótica');
    await userEvent.selectOptions(screen.getByLabelText(/Área do conhecimento/), 'Parte diversificada');
    const boxes = within(stagesGroup()).getAllByRole('checkbox');
    expect(boxes.map((box) => [box.getAttribute('value'), (box as HTMLInputElement).checked])).toEqual(
      classNiveis.map((etapa) => [etapa, true]),
    );
    for (const etapa of ['Educação Infantil', 'Fundamental I', 'Ensino Médio'])
      await userEvent.click(within(stagesGroup()).getByRole('checkbox', { name: etapa }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar disciplina' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        nome: 'Robótica',
        area: 'Parte diversificada',
        etapas: ['Fundamental II'],
      }),
    );
  });

  it('no stage ticked: says so on the group and sends nothing', async () => {
    const api = stubSave();
    renderAt(<SubjectFormModal subject={robotica} onClose={() => undefined} />);
    for (const etapa of classNiveis)
      await userEvent.click(
        within(await screen.findByRole('group', { name: /Etapas/ })).getByRole('checkbox', { name: etapa }),
      );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar disciplina' }));
    expect(await within(stagesGroup()).findByRole('alert')).toHaveTextContent('Escolha ao menos uma etapa');
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('unticking a stage warns that the classes which have it keep it', async () => {
    stubSave();
    renderAt(<SubjectFormModal subject={robotica} onClose={() => undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(
      within(await screen.findByRole('group', { name: /Etapas/ })).getByRole('checkbox', {
        name: 'Educação Infantil',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'As turmas da Educação Infantil que já têm Robótica na grade continuam com ela; as outras deixam de oferecê-la.',
    );
  });

  it('a BNCC component: its stages are the BNCC’s, said in place of the boxes', async () => {
    stubSave();
    renderAt(<SubjectFormModal subject={robotica} onClose={() => undefined} />);
    await screen.findByRole('group', { name: /Etapas/ });
    await userEvent.selectOptions(screen.getByLabelText('Componente curricular da BNCC'), 'Física');
    expect(screen.queryByRole('group', { name: /Etapas/ })).toBeNull();
    expect(screen.getByTestId('etapas-bncc')).toHaveTextContent(
      'Etapas em que é oferecida: Ensino Médio, pela BNCC.',
    );
  });
});
