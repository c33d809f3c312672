// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RematriculaInput, RematriculaProposal } from '../../../shared/year-end.schemas.js';
import { renderAt, stubApi, stubScreen } from '../../test/render';
import { RematriculaReview } from './rematricula-review';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** 5º Ano A moves up to 6º Ano A with Ana and Bia (or, `medio`, 9º Ano A to 1ª série A, leaving subjects out). */
function proposalOf(input: RematriculaInput, medio = false): RematriculaProposal {
  const left = input.turmas?.some((item) => item.origem_id === uuid(1) && item.incluir === false) ?? false;
  const nome =
    input.turmas?.find((item) => item.origem_id === uuid(1))?.nome ?? (medio ? '1ª série A' : '6º Ano A');
  const aviso = `${nome}: as disciplinas “Ciências” e “Ensino Religioso” não são oferecidas no Ensino Médio e ficam fora da grade; complete a grade na tela da turma.`;
  return {
    ano: 2026,
    proximo_ano: 2027,
    aplicada: false,
    dry_run: true,
    turmas: [
      {
        origem_id: uuid(1),
        origem_nome: medio ? '9º Ano A' : '5º Ano A',
        origem_serie: medio ? '9º ano' : '5º ano',
        nome,
        serie: medio ? '1ª série' : '6º ano',
        nivel: medio ? 'Ensino Médio' : 'Fundamental II',
        turno: 'manha',
        capacidade_maxima: 30,
        professor_responsavel_id: null,
        incluir: !left,
        existente_id: null,
        para_retidos: false,
        erros: {
          nome:
            nome === '5º Ano A'
              ? 'Duas turmas de 2027 com o nome “5º Ano A”: dê um nome diferente a cada uma'
              : null,
          professor_responsavel_id: null,
        },
        fora_da_grade: medio && !left ? ['Ciências', 'Ensino Religioso'] : [],
        aviso_grade: medio && !left ? aviso : null,
      },
    ],
    alunos: ['Ana', 'Bia'].map((aluno, index) => ({
      aluno_id: uuid(10 + index),
      nome: aluno,
      origem_turma_id: uuid(1),
      origem_turma_nome: '5º Ano A',
      situacao: 'aprovado',
      destino: 'proxima_serie',
      destino_turma_nome: left ? null : nome,
    })),
    contagem: {
      proxima_serie: 2,
      mesma_serie: 0,
      concluido: 0,
      nao_rematriculado: 0,
      sem_turma: left ? 2 : 0,
      turmas_novas: left ? 0 : 1,
    },
    erros:
      nome === '5º Ano A'
        ? [
            {
              path: 'turmas.0.nome',
              message: 'Duas turmas de 2027 com o nome “5º Ano A”: dê um nome diferente a cada uma',
            },
          ]
        : [],
  };
}

function stubServer(medio = false) {
  stubApi({ '/api/professores': [] }, ({ body }) => proposalOf(body as RematriculaInput, medio));
}

describe('RematriculaReview', () => {
  it('unchecking a class says how many students are left without a class (active), apart from the inactivated', async () => {
    stubScreen(true);
    stubServer();
    renderAt(<RematriculaReview anoLetivoId={uuid(99)} />);
    expect(
      await screen.findByText('Sem turma em 2027: 0 alunos. Inativados (não rematriculados): 0 alunos.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Criar turma' }));
    expect(
      await screen.findByText(
        'Sem turma em 2027: 2 alunos (a turma deles não será criada) — continuam ativos, para a secretaria enturmar. Inativados (não rematriculados): 0 alunos.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const classes = screen.getByRole('table', { name: 'Turmas propostas para 2027' });
    expect(classes).toHaveTextContent('2 alunos ficam sem turma (continuam ativos)');
    const ana = within(screen.getByRole('table', { name: 'Destino de cada aluno' })).getByRole('row', {
      name: /Ana/,
    });
    expect(ana).toHaveTextContent('Próxima série · sem turma');
    expect(within(ana).getByLabelText('Turma de destino de Ana')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Aplicar rematrícula' }));
    expect(screen.getByRole('dialog', { name: 'Aplicar a rematrícula para 2027' })).toHaveTextContent(
      'Sem turma em 2027: 2 alunos (a turma deles não será criada) — continuam ativos',
    );
  });

  it('says, before applying, which subjects a class changing stage leaves out of its grade', async () => {
    stubScreen(false);
    stubServer(true);
    renderAt(<RematriculaReview anoLetivoId={uuid(99)} />);
    const sentence =
      '1ª série A: as disciplinas “Ciências” e “Ensino Religioso” não são oferecidas no Ensino Médio e ficam fora da grade; complete a grade na tela da turma.';
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByText('Grade curricular das turmas que mudam de etapa')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar rematrícula' }));
    expect(screen.getByRole('dialog', { name: 'Aplicar a rematrícula para 2027' })).toHaveTextContent(
      sentence,
    );
    await userEvent.keyboard('{Escape}');
    // Left out, the class copies nothing: nothing is said of its grade.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Criar turma' }));
    await waitFor(() => expect(screen.queryByText(sentence)).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('puts what the dry run says applying would refuse on the class it names, and does not let it be applied', async () => {
    stubScreen(true);
    stubServer();
    renderAt(<RematriculaReview anoLetivoId={uuid(99)} />);
    const name = await screen.findByLabelText('Nome da turma vinda de 5º Ano A', {}, { timeout: 5000 });
    await userEvent.clear(name);
    await userEvent.type(name, '5º Ano A');
    await userEvent.tab();
    await waitFor(
      () =>
        expect(screen.getByLabelText('Nome da turma vinda de 5º Ano A')).toHaveAccessibleDescription(
          'Duas turmas de 2027 com o nome “5º Ano A”: dê um nome diferente a cada uma',
        ),
      { timeout: 5000 },
    );
    expect(screen.getByRole('button', { name: 'Aplicar rematrícula' })).toBeDisabled();
    expect(screen.getByText(/^Corrija antes de aplicar: Duas turmas de 2027/)).toBeInTheDocument();
  });
});
