// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENTOS_EXIGIDOS_PADRAO, type PreMatriculaResumo } from '../../../shared/pre-matricula.schemas';
import { uuidOf } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { PreMatriculaPainel } from './pre-matricula-painel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = uuidOf(7);
const base = `/api/matriculas/interessados/${id}`;

const resumo: PreMatriculaResumo = {
  dados: {
    aluno: { nome: 'Lucas Souza' },
    endereco: { cep: '', logradouro: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '' },
    responsaveis: [],
  },
  documentos: [
    {
      id: uuidOf(9),
      tipo: 'certidao-nascimento',
      nome: 'certidao.pdf',
      mime_type: 'application/pdf',
      tamanho: 2048,
      enviado_em: '2026-11-20T15:00:00.000Z',
    },
  ],
  documentos_exigidos: DOCUMENTOS_EXIGIDOS_PADRAO,
  expira_em: '2026-12-04T15:00:00.000Z',
  aberto_em: '2026-11-20T14:00:00.000Z',
  enviado_em: '2026-11-20T15:10:00.000Z',
  pagamento_em: null,
  lista_espera_em: null,
};

describe('PreMatriculaPainel', () => {
  it('offers the link to a family that has none, and sends it', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [`${base}/convite`]: {
        url: 'http://x/matricula/abc',
        expira_em: '2026-12-04T15:00:00.000Z',
        email_configurado: true,
      },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="visita" />);
    await user.click(await screen.findByRole('button', { name: 'Enviar link da pré-matrícula' }));
    expect(
      api.requests.some((request) => request.method === 'POST' && request.path === `${base}/convite`),
    ).toBe(true);
    expect(screen.queryByLabelText('Link da pré-matrícula')).toBeNull();
  });

  it('on a server without e-mail, shows the link to copy and send, and says why', async () => {
    const user = userEvent.setup();
    stubApi({
      [`${base}/convite`]: {
        url: 'http://x/matricula/abc',
        expira_em: '2026-12-04T15:00:00.000Z',
        email_configurado: false,
      },
    });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="visita" />);
    await user.click(await screen.findByRole('button', { name: 'Enviar link da pré-matrícula' }));
    expect(await screen.findByLabelText('Link da pré-matrícula')).toHaveValue('http://x/matricula/abc');
    expect(screen.getByText(/a família não recebe o link\. Copie-o e envie por WhatsApp/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  });

  it("lists the documents with a link to each file, and 'Matricular agora' once the contract is signed", async () => {
    stubApi({ [`${base}/pre-matricula`]: resumo });
    renderAt(<PreMatriculaPainel interessadoId={id} etapa="contrato_assinado" />);
    const link = await screen.findByRole('link', { name: /Abrir/ });
    expect(link).toHaveAttribute('href', `${base}/documentos/${uuidOf(9)}`);
    expect(screen.getAllByText('Não enviado')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Matricular agora' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reenviar link/ })).not.toBeInTheDocument();
  });
});
