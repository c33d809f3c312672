// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Comunicado, Leituras } from '../../../shared/comunicados.schemas';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { ComunicadoDetailsModal } from './comunicado-details-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-000000000061';
const comunicado: Comunicado = {
  id: ID,
  titulo: 'Reunião de pais',
  corpo: 'Sábado, às 9h.',
  publico: {
    tipo: 'turmas',
    segmentos: [],
    series: [],
    turmas: ['00000000-0000-4000-8000-000000000051'],
    alunos: [],
    destinatarios: 'familias',
  },
  publico_descricao: 'Turma 1º Ano A',
  exige_ciente: false,
  publicar_em: '2026-03-20T12:00:00.000Z',
  publicado_em: '2026-03-20T12:00:00.000Z',
  expira_em: null,
  autor: { id: null, nome: 'Marta Reis' },
  anexos: [],
  version: 1,
  versao_texto: 1,
  removido_em: null,
  removido_por: null,
  created_at: '2026-03-20T12:00:00.000Z',
  recebido: null,
  contagem: { destinatarios: 7, lidos: 2, cientes: 0 },
  alunos_escolhidos: [],
  pode_editar: true,
};
const leituras = (semAcesso: Leituras['sem_acesso']): Leituras => ({
  contagem: { destinatarios: 7, lidos: 2, cientes: 0 },
  exige_ciente: false,
  versao_texto: 1,
  enviando: false,
  itens: [],
  sem_acesso: semAcesso,
});

function openDetails(semAcesso: Leituras['sem_acesso']) {
  stubApi({
    '/api/auth/me': signedInAs(),
    [`/api/comunicados/${ID}`]: comunicado,
    [`/api/comunicados/${ID}/leituras`]: leituras(semAcesso),
  });
  renderAt(<ComunicadoDetailsModal id={ID} onClose={vi.fn()} onEdit={vi.fn()} />);
}

describe('the details of a published comunicado', () => {
  it('names the families it did not reach for want of portal access, and says what to do', async () => {
    openDetails({
      total: 2,
      alunos: [
        {
          id: '00000000-0000-4000-8000-000000000071',
          nome: 'Caio Barros',
          turma: '1º Ano A',
          responsaveis: [
            { nome: 'Zilda Barros', telefone: '11987654321' },
            { nome: 'Artur Barros', telefone: null },
          ],
        },
        {
          id: '00000000-0000-4000-8000-000000000072',
          nome: 'Dora Alves',
          turma: '1º Ano A',
          responsaveis: [],
        },
      ],
    });
    const panel = await screen.findByRole('region', {
      name: 'Sem acesso ao portal (não receberam): 2 alunos cujas famílias não têm acesso ao portal',
    });
    expect(panel).toHaveTextContent(
      'As famílias destes alunos não têm conta ativa no portal e não veem este comunicado. Avise-as de outra forma',
    );
    const names = within(within(panel).getByRole('list', { name: 'Não receberam' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // With the phone to call them on, a tap away on a phone.
    expect(names).toEqual([
      'Caio Barros (1º Ano A) — responsáveis: Zilda Barros ((11) 98765-4321) e Artur Barros',
      'Dora Alves (1º Ano A) — nenhum responsável cadastrado',
    ]);
    expect(within(panel).getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute(
      'href',
      'tel:11987654321',
    );
    expect(screen.getByTestId('contagem-recebidos')).toHaveTextContent('7');
  });

  it('says nothing of access when every family of the audience has it', async () => {
    openDetails({ total: 0, alunos: [] });
    expect(await screen.findByText('Ninguém pendente.', { exact: false })).toBeVisible();
    expect(screen.queryByRole('region', { name: /Sem acesso ao portal/ })).toBeNull();
  });
});
