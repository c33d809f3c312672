// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PublicacaoMatriculas } from '../../../shared/anuidades.schemas';
import { renderAt, stubApi } from '../../test/render';
import { PublicacaoMatriculasPage } from './publicacao-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const publicacao: PublicacaoMatriculas = {
  ano_letivo: 2027,
  publicado_em: '2026-12-02T13:00:00.000Z',
  // As the settings keep it when typed without punctuation.
  escola: { nome: 'Colégio Horizonte', cnpj: '11222333000181', endereco: 'Rua das Acácias, 250' },
  series: [
    {
      serie: '1º ano',
      valor_anual_centavos: 1_584_000,
      prazo_matricula: '2027-03-02',
      planos: [
        {
          nome: 'Padrão',
          parcelas: 12,
          valor_parcela_centavos: 125_333,
          taxa_matricula_centavos: 80_000,
          total_centavos: 1_583_996,
          padrao: true,
        },
      ],
    },
  ],
  contrato: null,
  vagas: [],
};

describe('the public page of next year’s values (Lei 9.870, art. 2º)', () => {
  it('shows the school’s CNPJ punctuated, as a family reads it on any document', async () => {
    stubApi({ '/api/matriculas/anuidades/publicacao': publicacao });
    renderAt(<PublicacaoMatriculasPage />);
    expect(await screen.findByRole('heading', { name: 'Matrículas 2027' })).toBeVisible();
    expect(screen.getByText(/CNPJ 11\.222\.333\/0001-81/)).toBeVisible();
    expect(screen.queryByText(/11222333000181/)).toBeNull();
  });

  it('shows the contract with each field as what goes there, and never a version 0 the school did not save', async () => {
    const contrato = {
      titulo: 'Contrato de prestação de serviços educacionais',
      corpo:
        '**CONTRATANTE:** {{responsavel.nome}}, CPF {{responsavel.cpf}}, pelo estudante {{aluno.nome}}; {{escola.cnpj}}.',
      versao: 2,
      atualizado_em: '2026-11-02T13:00:00.000Z',
    };
    stubApi({ '/api/matriculas/anuidades/publicacao': { ...publicacao, contrato } });
    renderAt(<PublicacaoMatriculasPage />);
    expect(
      await screen.findByText(/Contrato de prestação de serviços educacionais — versão 2/),
    ).toBeVisible();
    const texto = screen.getByText(/\[nome do responsável financeiro\], CPF/);
    expect(texto).toHaveTextContent(
      '[nome do responsável financeiro], CPF [CPF do responsável financeiro], pelo estudante [nome do aluno]; [CNPJ da escola].',
    );
    expect(screen.queryByText(/\{\{/)).toBeNull();
    cleanup();

    stubApi({
      '/api/matriculas/anuidades/publicacao': { ...publicacao, contrato: { ...contrato, versao: 0 } },
    });
    renderAt(<PublicacaoMatriculasPage />);
    expect(
      await screen.findByText('O texto do contrato está disponível na secretaria da escola.'),
    ).toBeVisible();
    expect(screen.queryByText(/versão 0/)).toBeNull();
  });

  it('separates a plan’s name from “(plano padrão)” with a space, as it is read aloud or copied', async () => {
    stubApi({ '/api/matriculas/anuidades/publicacao': publicacao });
    renderAt(<PublicacaoMatriculasPage />);
    const item = (await screen.findByText('(plano padrão)')).closest('li')!;
    expect(item.textContent).toContain('Padrão (plano padrão)');
  });

  it('states the standard plan as it adds up to the anuidade: the rounding remainder on the 1st instalment', async () => {
    stubApi({ '/api/matriculas/anuidades/publicacao': publicacao });
    renderAt(<PublicacaoMatriculasPage />);
    const item = (await screen.findByText('(plano padrão)')).closest('li')!;
    // A snapshot published before the rule still stores 1_583_996: the page derives the split again.
    expect(item.textContent.replace(/\u00a0/g, ' ')).toContain(
      'Taxa de matrícula R$ 800,00 + 1ª de R$ 1.253,37 + 11× de R$ 1.253,33 · total R$ 15.840,00',
    );
  });
});
