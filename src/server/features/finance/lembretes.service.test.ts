import { describe, expect, it } from 'vitest';
import { lembreteTexts } from './lembretes.service.js';

const fee = {
  aluno_nome: 'Ana Souza',
  tipo: 'taxa_matricula' as const,
  mes_referencia: '2026-12',
  anuidade_ano: 2027,
  data_vencimento: '2026-12-09',
  valor_atualizado: 80_000,
};
const tuition = { ...fee, tipo: 'mensalidade' as const, mes_referencia: '2026-11', anuidade_ano: 2026 };

describe('lembreteTexts (the manual reminder)', () => {
  it('names the enrolment fee as the fee, in the bell and in the e-mail (ADR 0094)', () => {
    const one = lembreteTexts([fee], true);
    expect(one.texto).toBe(
      'Consta em aberto a taxa de matrícula 2027 de Ana Souza (R$ 800,00 atualizado hoje). Se já pagou, desconsidere.',
    );
    const both = lembreteTexts([tuition, fee], true);
    expect(both.email).toContain('- Ana Souza, novembro de 2026 (vencimento 09/12/2026): R$ 800,00');
    expect(both.email).toContain('- Ana Souza, taxa de matrícula 2027 (vencimento 09/12/2026): R$ 800,00');
  });
});
