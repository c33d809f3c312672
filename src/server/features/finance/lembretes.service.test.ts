import { describe, expect, it } from 'vitest';
import { emNegociacaoMessage, lembreteTexts } from './lembretes.service.js';

const fee = {
  aluno_nome: 'Ana Souza',
  tipo: 'taxa_matricula' as const,
  mes_referencia: '2026-12',
  anuidade_ano: 2027,
  data_vencimento: '2026-12-09',
  valor_atualizado: 80_000,
};
const tuition = { ...fee, tipo: 'mensalidade' as const, mes_referencia: '2026-11', anuidade_ano: 2026 };
const october = { ...tuition, mes_referencia: '2026-10' };

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

  it('calls a lone fee a taxa de matrícula in the title, the subject, the e-mail and the SMS', () => {
    const one = lembreteTexts([fee], false);
    expect(one.titulo).toBe('Lembrete de taxa de matrícula');
    expect(one.assunto).toBe('Lembrete de taxa de matrícula em aberto');
    expect(one.email).toMatch(
      /^Este é um lembrete da secretaria\. Consta em aberto a taxa de matrícula abaixo:\n/,
    );
    expect(one.sms).toBe(
      'Lembrete da escola: há taxa de matrícula em aberto. Veja no portal ou fale com a secretaria.',
    );
    expect(`${one.titulo} ${one.assunto} ${one.email} ${one.sms}`).not.toMatch(/mensalidade/i);
  });

  it('names both kinds, each with its count, when months and a fee are open', () => {
    const mixed = lembreteTexts([october, tuition, fee], true);
    expect(mixed.titulo).toBe('Lembrete de mensalidade e taxa de matrícula');
    expect(mixed.assunto).toBe('Lembrete de mensalidade e taxa de matrícula em aberto');
    expect(mixed.texto).toBe(
      'Constam em aberto 2 mensalidades e 1 taxa de matrícula (R$ 2.400,00 atualizado hoje). Se já pagou, desconsidere.',
    );
    expect(mixed.email).toMatch(
      /^Este é um lembrete da secretaria\. Constam em aberto 2 mensalidades e 1 taxa de matrícula:\n/,
    );
    expect(mixed.sms).toBe(
      'Lembrete da escola: há mensalidade e taxa de matrícula em aberto. Veja no portal ou fale com a secretaria.',
    );
    // The portal's page for it is the family's 'Financeiro' (the menu's word).
    expect(mixed.email).toContain('No portal, em Financeiro, você vê os valores e pode pagar com Pix.');
  });

  it('says mensalidade, as before, when only months are open', () => {
    const months = lembreteTexts([october, tuition], true);
    expect(months.titulo).toBe('Lembrete de mensalidade');
    expect(months.assunto).toBe('Lembrete de mensalidade em aberto');
    expect(months.texto).toMatch(/^Constam em aberto 2 mensalidades \(R\$ 1\.600,00 atualizado hoje\)\./);
    expect(months.sms).toBe(
      'Lembrete da escola: há mensalidade em aberto. Veja no portal ou fale com a secretaria.',
    );
  });
});

describe('emNegociacaoMessage (no reminder: everything overdue is being negotiated)', () => {
  it('names what is em negociação: the months, the fee, or both', () => {
    const rest = ' deste responsável estão em negociação: os lembretes param até o acordo terminar.';
    expect(emNegociacaoMessage({ mensalidades: 1, taxas_matricula: 0 })).toBe(
      `As mensalidades vencidas${rest}`,
    );
    expect(emNegociacaoMessage({ mensalidades: 0, taxas_matricula: 1 })).toBe(
      'A taxa de matrícula vencida deste responsável está em negociação: os lembretes param até o acordo terminar.',
    );
    expect(emNegociacaoMessage({ mensalidades: 0, taxas_matricula: 2 })).toBe(
      `As taxas de matrícula vencidas${rest}`,
    );
    expect(emNegociacaoMessage({ mensalidades: 2, taxas_matricula: 1 })).toBe(
      `As mensalidades e a taxa de matrícula vencidas${rest}`,
    );
  });
});
