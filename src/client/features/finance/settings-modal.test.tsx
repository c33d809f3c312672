// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financeSettingsAnswer } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { FinanceSettingsModal } from './settings-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const turma = (id: string, ano_letivo: string, alunos_count: number) => ({
  turma_id: `00000000-0000-4000-8000-00000000005${id}`,
  turma_nome: '5º Ano A',
  ano_letivo,
  alunos_count,
  valor_mensalidade: null,
  dia_vencimento: null,
});

const settings = financeSettingsAnswer({
  turmas: [turma('1', '2026', 2), turma('2', '2027', 0)],
});

describe('Configurações financeiras in December', () => {
  it('prices this year’s 5º Ano A and next year’s apart: each class is named with its ano letivo', async () => {
    stubApi({ '/api/financeiro/configuracoes': settings, '/api/financeiro/bolsas': [] });
    renderAt(<FinanceSettingsModal onClose={() => {}} />);
    expect(await screen.findByLabelText('Valor 5º Ano A de 2026')).toBeTruthy();
    expect(screen.getByLabelText('Valor 5º Ano A de 2027')).toBeTruthy();
    expect(screen.getByLabelText('Dia 5º Ano A de 2027')).toBeTruthy();
    expect(screen.getByText('5º Ano A de 2027')).toBeTruthy();
  });
});

describe('Configurações financeiras: Pix da escola', () => {
  it('shows the Pix limit of the beneficiary’s name, and how much of it is used, as one types', async () => {
    stubApi({ '/api/financeiro/configuracoes': settings, '/api/financeiro/bolsas': [] });
    renderAt(<FinanceSettingsModal onClose={() => {}} />);
    const beneficiario = await screen.findByLabelText('Beneficiário');
    expect(beneficiario).toHaveAttribute('maxLength', '25');
    expect(beneficiario).toHaveAccessibleDescription('Até 25 letras, como aparece no app do banco. (0/25)');
    await userEvent.type(beneficiario, 'Colégio Ipê Amarelo');
    expect(beneficiario).toHaveAccessibleDescription('Até 25 letras, como aparece no app do banco. (19/25)');
    // Typed or pasted past the limit, the field says it was cut instead of keeping quiet.
    await userEvent.type(beneficiario, ' Ensino Infantil');
    expect(beneficiario).toHaveValue('Colégio Ipê Amarelo Ensin');
    expect(beneficiario).toHaveAccessibleDescription(
      'Até 25 letras, como aparece no app do banco. (25/25) Chegou ao limite: confira se o nome não ficou cortado.',
    );
  });
});

describe('Configurações financeiras: the fixed code and Pix automático', () => {
  it('says whether the fixed code’s payments confirm themselves, as the key is typed', async () => {
    stubApi({
      '/api/financeiro/configuracoes': financeSettingsAnswer({
        pix_chave: '12345678000195',
        pix_automatico_chave: 'pix@escola.com.br',
      }),
      '/api/financeiro/bolsas': [],
    });
    renderAt(<FinanceSettingsModal onClose={() => {}} />);
    const chave = await screen.findByLabelText('Chave Pix');
    expect(chave).toHaveAccessibleDescription(
      'O Pix automático usa a chave pix@escola.com.br. Com outra chave aqui, o pagamento pelo código fixo não se confirma sozinho: a escola o confirma à mão.',
    );
    await userEvent.clear(chave);
    await userEvent.type(chave, 'PIX@escola.com.br');
    expect(chave).toHaveAccessibleDescription(
      'A mesma chave do Pix automático: o pagamento pelo código fixo também se confirma sozinho.',
    );
  });
});
