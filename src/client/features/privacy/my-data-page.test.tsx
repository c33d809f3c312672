// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentConsents } from '../../../shared/consent.schemas';
import { renderAt, stubApi } from '../../test/render';
import { MyDataPage } from './my-data-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000031';
const given = (id: number) => ({
  id,
  concedido: true,
  versao_finalidade: 1,
  registrado_em: '2026-03-02T12:00:00.000Z',
  registrado_por: 'responsavel' as const,
});
const purpose = (id: string, chave: string, titulo: string) => ({
  id,
  chave,
  titulo,
  descricao: `Autorizo ${titulo.toLowerCase()}.`,
  versao: 1,
  ativo: true,
});

/** Ana's consents, both given: the image one and the SMS one, the school sending SMS or not. */
const consents = (sms_disponivel: boolean): StudentConsents => ({
  aluno: { id: ALUNO, nome: 'Ana Souza' },
  sms_disponivel,
  finalidades: [
    {
      finalidade: purpose('00000000-0000-4000-8000-000000000041', 'imagem', 'Uso de imagem'),
      concedido: true,
      historico: [given(1)],
    },
    {
      finalidade: purpose('00000000-0000-4000-8000-000000000042', 'sms', 'Comunicados por SMS'),
      concedido: true,
      historico: [given(2)],
    },
  ],
});

function renderWith(sms: boolean) {
  // Anything else (the guardian's own contact card) answers 404: not what this test reads.
  stubApi({
    '/api/alunos': { items: [{ id: ALUNO, nome: 'Ana Souza' }], total: 1 },
    [`/api/alunos/${ALUNO}/consentimentos`]: consents(sms),
    '/api/solicitacoes': [],
  });
  renderAt(<MyDataPage />);
}

const itemOf = async (titulo: string) => (await screen.findByText(titulo, { selector: 'p' })).closest('li')!;

describe('Meus dados: the consents', () => {
  it("says 'A escola não envia SMS' for the SMS consent while the school sends none, not 'Autorizado'", async () => {
    renderWith(false);
    const sms = await itemOf('Comunicados por SMS');
    expect(within(sms).getByText('A escola não envia SMS')).toBeInTheDocument();
    expect(within(sms).queryByText('Autorizado')).toBeNull();
    // Withdrawing stays possible (LGPD art. 18), and the other consents read as before.
    expect(within(sms).getByRole('button', { name: /Retirar/ })).toBeInTheDocument();
    expect(within(await itemOf('Uso de imagem')).getByText('Autorizado')).toBeInTheDocument();
  });

  it('says before withdrawing what that consent’s withdrawal does, not the image one’s for every consent', async () => {
    renderWith(true);
    await userEvent.click(
      within(await itemOf('Comunicados por SMS')).getByRole('button', { name: /Retirar/ }),
    );
    const sms = await screen.findByRole('dialog', { name: 'Retirar consentimento' });
    expect(sms).toHaveTextContent('a escola deixa de enviar SMS');
    expect(sms).not.toHaveTextContent('fotos');
    await userEvent.click(within(sms).getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(within(await itemOf('Uso de imagem')).getByRole('button', { name: /Retirar/ }));
    expect(await screen.findByRole('dialog', { name: 'Retirar consentimento' })).toHaveTextContent(
      'fotos em que Ana aparece saem do site',
    );
  });

  it("says 'Autorizado' for it where the school sends SMS", async () => {
    renderWith(true);
    const sms = await itemOf('Comunicados por SMS');
    expect(within(sms).getByText('Autorizado')).toBeInTheDocument();
    expect(within(sms).queryByText('A escola não envia SMS')).toBeNull();
  });
});
