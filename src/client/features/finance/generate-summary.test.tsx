// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { turmaGeracaoSemContagem, type TurmaGeracao } from '../../../shared/mensalidades.schemas';
import { GenerationSummary } from './generate-summary';

afterEach(cleanup);

const turma = (fields: Partial<TurmaGeracao>): TurmaGeracao => ({
  turma_id: '00000000-0000-4000-8000-000000000001',
  turma_nome: '1º A',
  ano_letivo: '2027',
  ano_letivo_de: '2027-02',
  ano_letivo_ate: '2027-12',
  ...turmaGeracaoSemContagem,
  ...fields,
});

describe('GenerationSummary', () => {
  it('says, per class, who pays by the plan of the signed contract and gets no class tuition', () => {
    render(
      <GenerationSummary
        created={false}
        ano={2027}
        summary={{
          mensalidades: 22,
          valor_total: 22 * 110_000,
          turmas: [
            turma({
              alunos: 2,
              mensalidades: 22,
              valor: 22 * 110_000,
              primeiro_mes: '2027-02',
              ultimo_mes: '2027-12',
              com_plano: 1,
            }),
            turma({ turma_nome: '2º A', com_plano: 3 }),
          ],
        }}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent(
      '22 mensalidades de 2 alunos, fevereiro a dezembro de 2027: R$ 24.200,00 1 aluno paga pelo plano do contrato assinado na matrícula online e não recebe a mensalidade da turma.',
    );
    expect(second).toHaveTextContent(
      '3 alunos pagam pelo plano do contrato assinado na matrícula online e não recebem a mensalidade da turma.',
    );
  });

  it('warns of tuition born overdue, and says in good Portuguese what already existed', () => {
    render(
      <GenerationSummary
        created={false}
        summary={{
          mensalidades: 3,
          valor_total: 3 * 98_000,
          turmas: [
            turma({
              turma_nome: '7º Ano A',
              ano_letivo: '2026',
              ano_letivo_de: '2026-02',
              ano_letivo_ate: '2026-12',
              alunos: 1,
              mensalidades: 3,
              valor: 3 * 98_000,
              primeiro_mes: '2026-02',
              ultimo_mes: '2026-04',
              ja_existiam: 253,
              vencidas: 3,
            }),
          ],
        }}
      />,
    );
    const line = screen.getByRole('listitem');
    expect(line).toHaveTextContent('253 mensalidades já existiam e não serão criadas de novo.');
    expect(line).toHaveTextContent(
      '3 mensalidades já nascem vencidas, com multa e juros desde o vencimento: confira os meses antes de gerar.',
    );
  });
});
