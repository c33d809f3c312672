// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mensalidadeAnswer } from '../../test/answers';
import { descontoFormSchema, descontoFormValues } from './pontualidade-fieldset';
import { PontualidadeNote } from './pontualidade-note';

afterEach(cleanup);

const mensalidade = mensalidadeAnswer({
  turma_nome: null,
  mes_referencia: '2026-03',
  data_vencimento: '2026-03-10',
  valor_atualizado: 80_750,
  desconto_pontualidade: { valor: 4_250, ate: '2026-03-05' },
});

describe('desconto de pontualidade on the screens', () => {
  it('the family reads the discounted amount until its day and the full one after', () => {
    render(<PontualidadeNote mensalidade={mensalidade} />);
    // 'R$' and its amount joined by a no-break space: they never part at a line's end on a phone.
    expect(screen.getByTestId('desconto-pontualidade').textContent).toBe(
      'R$\u00a0807,50 até 05/03 (desconto de pontualidade); depois, R$\u00a0850,00',
    );
  });

  it('says nothing when there is no discount to be had', () => {
    const { container } = render(
      <PontualidadeNote mensalidade={{ ...mensalidade, desconto_pontualidade: null }} />,
    );
    expect(container.textContent).toBe('');
  });

  it("the settings form sends the API's shape and shows the server's messages on its fields", () => {
    expect(
      descontoFormSchema.parse({ tipo: 'valor', percentual: '5', valor: '50,00', dias_antes: '3' }),
    ).toEqual({ tipo: 'valor', percentual: 0, valor: 5_000, dias_antes: 3 });
    expect(descontoFormSchema.parse({ tipo: 'nenhum', percentual: '', valor: '', dias_antes: '9' })).toEqual({
      tipo: 'nenhum',
      percentual: 0,
      valor: 0,
      dias_antes: 0,
    });
    const wrong = descontoFormSchema.safeParse({
      tipo: 'percentual',
      percentual: '60',
      valor: '',
      dias_antes: '0',
    });
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({
        path: ['percentual'],
        message: 'O desconto de pontualidade não pode passar de 50%',
      }),
    ]);
    expect(descontoFormValues({ tipo: 'percentual', percentual: 2.5, valor: 0, dias_antes: 5 })).toEqual({
      tipo: 'percentual',
      percentual: '2,5',
      valor: '',
      dias_antes: '5',
    });
  });
});
