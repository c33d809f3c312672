// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { mensalidadeAnswer } from '../../test/answers';
import { pinDate } from '../../test/render';
import { MensalidadeValor, mensalidadeColumns } from './mensalidade-columns';
import { MensalidadeActions } from './mensalidade-actions';

afterEach(cleanup);
pinDate('2026-11-27T12:00:00-03:00');

const mensalidade = mensalidadeAnswer({
  turma_nome: null,
  mes_referencia: '2026-11',
  data_vencimento: '2026-11-10',
  status: 'vencido',
  multa: 1_700,
  juros: 500,
  valor_atualizado: 87_200,
  dias_atraso: 17,
});

const noop = () => undefined;
const actions = (row: Mensalidade, manage: boolean) => (
  <MensalidadeActions
    mensalidade={row}
    manage={manage}
    onPay={noop}
    onPix={noop}
    onReceipt={noop}
    onAdjust={noop}
  />
);

describe('MensalidadeActions for a family', () => {
  it('shows PIX and the receipt as buttons with words, named with the child and the month', () => {
    render(actions(mensalidade, false));
    const pix = screen.getByRole('button', { name: 'Pagar com Pix: Lia Souza, novembro de 2026' });
    // Visible text, not only an icon with a tooltip (on a phone there is no hover).
    expect(pix.textContent).toBe('Pagar com Pix');
    expect(pix.getAttribute('title')).toBeNull();
    expect(screen.queryByRole('button', { name: /Registrar pagamento|Cancelar/ })).toBeNull();
    cleanup();

    render(actions({ ...mensalidade, status: 'pago', valor_pago: 87_200 }, false));
    expect(screen.queryByRole('button', { name: /Pix/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Recibo: Lia Souza, novembro de 2026' }).textContent).toBe(
      'Recibo',
    );
  });

  it('keeps the compact icons for the school', () => {
    render(actions(mensalidade, true));
    const pix = screen.getByRole('button', { name: 'Pix de Lia Souza' });
    expect(pix.textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Registrar pagamento de Lia Souza' })).toBeTruthy();
  });
});

describe('MensalidadeValor', () => {
  it('a late month paid with its charges says what was paid, its multa and juros no longer as an alert', () => {
    render(<MensalidadeValor mensalidade={{ ...mensalidade, status: 'pago', valor_pago: 87_200 }} />);
    expect(screen.getByText(/^pago R\$\s872,00$/)).toBeInTheDocument();
    expect(screen.getByText(/^multa/)).not.toHaveClass('text-red-700');
    cleanup();

    render(<MensalidadeValor mensalidade={mensalidade} />);
    expect(screen.queryByText(/^pago /)).toBeNull();
    expect(screen.getByText(/^multa/)).toHaveClass('text-red-700');
    expect(screen.getByText(/^atualizado R\$\s872,00$/)).toBeInTheDocument();
  });

  it('names a discount as a discount, with its reason, never "de R$ 850,00" (read as half paid)', () => {
    render(
      <MensalidadeValor
        mensalidade={{
          ...mensalidade,
          valor_original: 85_000,
          valor: 42_500,
          motivo_desconto: 'Bolsa de 50%',
        }}
      />,
    );
    expect(screen.getByText(/^desconto R\$\s425,00 · Bolsa de 50%$/)).toBeInTheDocument();
    expect(screen.queryByText(/^de R\$/)).toBeNull();
  });
});

describe('the Aluno column', () => {
  const aluno = mensalidadeColumns.find((column) => column.id === 'aluno')!;
  it('names the enrolment fee as the fee of the year it enrols into, not as the month it is charged in', () => {
    render(
      <>
        {aluno.cell({
          ...mensalidade,
          tipo: 'taxa_matricula',
          mes_referencia: '2026-12',
          anuidade_ano: 2027,
        })}
      </>,
    );
    expect(screen.getByText('taxa de matrícula 2027')).toBeInTheDocument();
    expect(screen.queryByText(/dezembro/)).toBeNull();
    cleanup();
    render(<>{aluno.cell(mensalidade)}</>);
    expect(screen.getByText('novembro de 2026')).toBeInTheDocument();
  });
});

describe('the Vencimento column', () => {
  const vencimento = mensalidadeColumns.find((column) => column.id === 'vencimento')!;
  it('says "Venceu" for a date already past and "Vence" for one to come', () => {
    render(<>{vencimento.cell(mensalidade)}</>);
    expect(screen.getByText('Venceu 10/11/2026')).toBeInTheDocument();
    cleanup();

    render(<>{vencimento.cell({ ...mensalidade, data_vencimento: '2026-11-27', status: 'pendente' })}</>);
    expect(screen.getByText('Vence 27/11/2026')).toBeInTheDocument();
    expect(screen.queryByText(/sem multa/)).toBeNull();
  });

  it('a paid charge says when it was paid, never "Vence" (one paid before its due date included)', () => {
    render(
      <>
        {vencimento.cell({
          ...mensalidade,
          data_vencimento: '2026-12-06',
          status: 'pago',
          data_pagamento: '2026-11-27',
        })}
      </>,
    );
    expect(screen.getByText('Pago em 27/11/2026')).toBeInTheDocument();
    expect(screen.getByText('vencimento 06/12/2026')).toBeInTheDocument();
    expect(screen.queryByText(/Vence/)).toBeNull();
  });

  it('a month due on a weekend, still without charges on the Monday, says until when', () => {
    vi.setSystemTime(new Date('2026-11-23T09:00:00-03:00'));
    render(<>{vencimento.cell({ ...mensalidade, data_vencimento: '2026-11-22', status: 'pendente' })}</>);
    expect(screen.getByText('Venceu 22/11/2026')).toBeInTheDocument();
    expect(screen.getByText('sem multa até 23/11/2026')).toBeInTheDocument();
  });
});
