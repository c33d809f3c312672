// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassStudent } from '../../../shared/classes.schemas';
import type { Parecer } from '../../../shared/pareceres.schemas';
import { parecerAnswer, schoolClassAnswer } from '../../test/answers';
import { pinDate, renderAt, schoolYearOf, signedInAs, stubApi, type StubRoutes } from '../../test/render';
import { PareceresPage } from './pareceres-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
pinDate('2026-06-10T12:00:00-03:00');

const PRE_II_2025 = '00000000-0000-4000-8000-000000000041';
const PRE_I_2026 = '00000000-0000-4000-8000-000000000042';
const PRE_II_2026 = '00000000-0000-4000-8000-000000000043';
const PERIODO = '00000000-0000-4000-8000-000000000021';
const ALUNO = '00000000-0000-4000-8000-000000000011';

const lia: ClassStudent = {
  id: ALUNO,
  nome: 'Lia Prado',
  matricula: 'M1',
  email: null,
  data_nascimento: '2021-05-02',
  status: 'ativo',
  responsavel: null,
};
// A reviewed parecer of Lia's, in the 2026 Pré I A (parecerAnswer's class and period).
const revisado: Parecer = parecerAnswer(ALUNO, {
  texto: 'Chegou curiosa e hoje conduz as rodas de conversa.',
  status: 'revisado',
  enviado_em: '2026-06-01T12:00:00.000Z',
  revisado_em: '2026-06-02T12:00:00.000Z',
  version: 3,
});

function openPareceres(url = '/lista', routes: StubRoutes = {}) {
  const api = stubApi({
    '/api/auth/me': signedInAs(),
    // As the server lists them: by name, last year's finished class among this year's.
    '/api/turmas': [
      schoolClassAnswer({
        id: PRE_II_2025,
        nome: 'Pré II A',
        nivel: 'Educação Infantil',
        serie: 'Pré II',
        ano_letivo: '2025',
        status: 'concluido',
      }),
      schoolClassAnswer({ id: PRE_I_2026, nome: 'Pré I A', nivel: 'Educação Infantil', serie: 'Pré I' }),
      schoolClassAnswer({ id: PRE_II_2026, nome: 'Pré II A', nivel: 'Educação Infantil', serie: 'Pré II' }),
    ],
    '/api/anos-letivos': [
      schoolYearOf({
        periodos: [
          {
            id: PERIODO,
            numero: 1,
            nome: '1º semestre',
            inicio: '2026-02-02',
            fim: '2026-07-10',
            data_fechamento: '2026-07-20',
            dias_letivos: 100,
            encerrado: false,
          },
        ],
      }),
    ],
    [`/api/turmas/${PRE_I_2026}/alunos`]: [lia],
    [`/api/turmas/${PRE_II_2026}/alunos`]: [],
    '/api/pareceres': [revisado],
    [`/api/pareceres/${ALUNO}/${PERIODO}/publicar`]: { ...revisado, status: 'publicado', version: 4 },
    ...routes,
  });
  renderAt(<PareceresPage />, url);
  return api;
}

describe('Pareceres descritivos', () => {
  it('lists this year’s classes first and names the year of a class of another year', async () => {
    openPareceres();
    const select = await screen.findByLabelText('Turma');
    const labels = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual(['Pré I A (Pré I)', 'Pré II A (Pré II)', 'Pré II A (Pré II, 2025)']);
    expect(new Set(labels).size).toBe(labels.length);
    expect(select).toHaveValue(PRE_I_2026);
  });

  it('publishes for the family only after saying what will happen, then says it was done', async () => {
    const api = openPareceres(`/lista?turma=${PRE_I_2026}&periodo=${PERIODO}&aluno=${ALUNO}`);
    const editor = await screen.findByRole('region', { name: 'Lia Prado' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Publicar para a família' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publicar o parecer para a família?' });
    expect(confirm).toHaveTextContent(
      'O parecer de Lia Prado (1º semestre) passa a aparecer para a família no portal, com as fotos, e os responsáveis são avisados de que ele foi publicado.',
    );
    const publishes = () => api.requests.filter((request) => request.path.endsWith('/publicar'));
    expect(publishes()).toEqual([]);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(publishes().map((request) => request.method)).toEqual(['POST']));
    expect(publishes()[0]!.body).toEqual({ version: 3 });
    expect(await screen.findByRole('status')).toHaveTextContent('Parecer publicado para a família.');
  });

  it('says where the children of an empty class come from', async () => {
    openPareceres(`/lista?turma=${PRE_II_2026}&periodo=${PERIODO}`);
    expect(await screen.findByText('Nenhuma criança nesta turma')).toBeInTheDocument();
    expect(
      screen.getByText(
        'As crianças aparecem aqui quando são matriculadas na turma, em Alunos (cadastro ou importação da planilha).',
      ),
    ).toBeInTheDocument();
  });

  // On a phone the list and the editor take turns: the focused button went away at each turn and the
  // focus fell to <body>.
  it('moves the focus from the list to the child’s editor and back to the child', async () => {
    openPareceres(`/lista?turma=${PRE_I_2026}&periodo=${PERIODO}`);
    await userEvent.click(await screen.findByRole('button', { name: /Lia Prado/ }));
    const heading = await screen.findByRole('heading', { name: 'Lia Prado' });
    await waitFor(() => expect(heading).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Voltar à lista' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Lia Prado/ })).toHaveFocus());
  });

  it('keeps the focus in the editor that a save draws again', async () => {
    let saved: Parecer | null = null;
    const draft = parecerAnswer(ALUNO, { texto: 'Chegou curiosa.', status: 'rascunho', version: 1 });
    openPareceres(`/lista?turma=${PRE_I_2026}&periodo=${PERIODO}&aluno=${ALUNO}`, {
      '/api/pareceres': () => [saved ?? draft],
      [`/api/pareceres/${ALUNO}/${PERIODO}`]: (request) => {
        saved = { ...draft, texto: 'Chegou curiosa e hoje conduz as rodas.', version: 2 };
        return request.method === 'PUT' ? saved : draft;
      },
    });
    const geral = await screen.findByLabelText('Parecer geral');
    await userEvent.type(geral, ' E hoje conduz as rodas.');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Parecer geral')).toHaveValue('Chegou curiosa e hoje conduz as rodas.'),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Lia Prado' })).toHaveFocus());
  });
});
