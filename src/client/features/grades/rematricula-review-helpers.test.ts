import { describe, expect, it } from 'vitest';
import type { RematriculaProposal } from '../../../shared/year-end.schemas';
import { sentencesOf } from './rematricula-review-helpers';

const withCounts = (contagem: RematriculaProposal['contagem']): RematriculaProposal => ({
  ano: 2026,
  proximo_ano: 2027,
  aplicada: false,
  dry_run: true,
  turmas: [],
  alunos: [],
  contagem,
  erros: [],
});

describe("the rematrícula's sentences", () => {
  it('each count agrees with its words, one and many', () => {
    const one = sentencesOf(
      withCounts({
        proxima_serie: 1,
        mesma_serie: 1,
        concluido: 1,
        nao_rematriculado: 1,
        sem_turma: 0,
        turmas_novas: 1,
      }),
    );
    expect(one.apply).toMatch(
      /^Será criada 1 turma; 1 aluno vai para a próxima série, 1 fica na mesma série e 1 conclui\. /,
    );
    expect(one.leaving).toBe('Sem turma em 2027: 0 alunos. Inativados (não rematriculados): 1 aluno.');
    const many = sentencesOf(
      withCounts({
        proxima_serie: 30,
        mesma_serie: 2,
        concluido: 0,
        nao_rematriculado: 0,
        sem_turma: 0,
        turmas_novas: 3,
      }),
    );
    expect(many.apply).toMatch(
      /^Serão criadas 3 turmas; 30 alunos vão para a próxima série, 2 ficam na mesma série e 0 concluem\. /,
    );
    expect(many.apply).toContain(many.leaving);
  });
});
