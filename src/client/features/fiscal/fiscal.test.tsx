// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FiscalConfiguracao, Nfse, NfseList, NfseSituacao } from '../../../shared/fiscal.schemas';
import { builtInPerfilPermissions } from '../../../shared/permissions';
import { renderAt, signedInAs, stubApi, stubScreen } from '../../test/render';
import { FiscalSettingsTab } from './fiscal-settings-tab';
import { NotasFiscaisTab } from './notas-fiscais-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHAVE = '35503082211222333000181000000000000126031594040169';
const nota = (n: number, status: Nfse['status'], fields: Partial<Nfse> = {}): Nfse => ({
  id: `00000000-0000-4000-8000-00000000000${String(n)}`,
  lote_id: null,
  mensalidade_id: `00000000-0000-4000-8000-00000000010${String(n)}`,
  competencia: '2026-03',
  status,
  ambiente: 'producao_restrita',
  serie: '1',
  numero_dps: n,
  numero: status === 'emitida' ? String(n) : null,
  chave_acesso: status === 'emitida' ? CHAVE : null,
  codigo: null,
  motivo: null,
  aluno: { id: `00000000-0000-4000-8000-00000000020${String(n)}`, nome: `Aluno ${String(n)}` },
  tomador: { nome: `Mãe ${String(n)}`, cpf: '52998224725' },
  valor: 85_000,
  emitida_em: status === 'emitida' ? '2026-03-05T13:00:00Z' : null,
  cancelada_em: null,
  motivo_cancelamento: null,
  mensalidade_cancelada: false,
  ...fields,
});
const listOf = (itens: Nfse[]): NfseList => itens;
const pronta: NfseSituacao = { pronta: true, faltando: [], motivo: null };
const semConfiguracao: NfseSituacao = {
  pronta: false,
  faltando: ['CNPJ', 'município (código IBGE)', 'inscrição municipal', 'código NBS', 'certificado A1'],
  motivo: 'Configure a NFS-e em Configurações → Fiscal (CNPJ, município, inscrição, NBS e o certificado A1).',
};
const financeiro = signedInAs({ permissoes: [...builtInPerfilPermissions.financeiro] });

describe('Financeiro → Notas fiscais', () => {
  it('shows the batch progress, a rejection with its code and reason, and waits before another batch', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/fiscal/nfse/situacao': pronta,
      '/api/fiscal/nfse': listOf([
        nota(1, 'emitida'),
        nota(2, 'rejeitada', { codigo: 'E0014', motivo: 'CPF do tomador inválido' }),
        nota(3, 'pendente'),
      ]),
    });
    renderAt(<NotasFiscaisTab />, '/lista?competencia=2026-03');
    expect(await screen.findByText('Emitindo: 2 de 3 notas processadas…')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Progresso da emissão' }).getAttribute('aria-valuenow'),
    ).toBe('2');
    const rejected = screen.getAllByTestId('nfse-linha')[1]!;
    expect(rejected.textContent).toContain('Rejeitada');
    expect(rejected.textContent).toContain('E0014: CPF do tomador inválido');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Emitir notas de março de 2026' }).disabled,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Baixar o DANFSe da nota 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /DANFSe de Aluno 2/ })).toBeNull();
  });

  it('marks an issued note whose tuition was cancelled, for the Direção to cancel', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': financeiro,
      '/api/fiscal/nfse/situacao': pronta,
      '/api/fiscal/nfse': listOf([nota(1, 'emitida', { mensalidade_cancelada: true }), nota(2, 'emitida')]),
    });
    renderAt(<NotasFiscaisTab />, '/lista?competencia=2026-03');
    await screen.findAllByTestId('nfse-linha');
    const [cancelled, kept] = screen.getAllByTestId('nfse-status');
    expect(cancelled!.textContent).toContain('Mensalidade cancelada — cancele a nota');
    expect(kept!.textContent).not.toContain('Mensalidade cancelada');
  });

  it('says when the month has no note', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/fiscal/nfse/situacao': pronta,
      '/api/fiscal/nfse': listOf([]),
    });
    renderAt(<NotasFiscaisTab />, '/lista?competencia=2026-03');
    expect(await screen.findByText('Nenhuma nota fiscal em março de 2026')).toBeTruthy();
    const emitir = screen.getByRole<HTMLButtonElement>('button', { name: 'Emitir notas de março de 2026' });
    await waitFor(() => expect(emitir.disabled).toBe(false));
    expect(screen.queryByTestId('nfse-nao-configurada')).toBeNull();
  });

  it('keeps "Emitir notas" off until NFS-e is configured, says what is missing and who configures it', async () => {
    stubScreen(true);
    const fetchMock = stubApi({
      '/api/auth/me': financeiro,
      '/api/fiscal/nfse/situacao': semConfiguracao,
      '/api/fiscal/nfse': listOf([]),
    });
    renderAt(<NotasFiscaisTab />, '/lista?competencia=2026-03');
    const notice = await screen.findByTestId('nfse-nao-configurada');
    expect(notice.textContent).toContain('A NFS-e ainda não está configurada.');
    expect(notice.textContent).toContain(
      'Falta em Configurações → Fiscal: CNPJ, município (código IBGE), inscrição municipal, código NBS e certificado A1.',
    );
    // The finance staff cannot open the settings: told who can, no link that would end in 'Acesso negado'.
    expect(notice.textContent).toContain('Peça a quem administra o sistema (Direção) para configurar.');
    expect(within(notice).queryByRole('link')).toBeNull();
    const emitir = screen.getByRole<HTMLButtonElement>('button', { name: 'Emitir notas de março de 2026' });
    expect(emitir.disabled).toBe(true);
    // The reason is the button's description, for who reaches it by keyboard or screen reader.
    expect(emitir.getAttribute('aria-describedby')).toBe(notice.id);
    fireEvent.click(emitir);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('points the administrator to Configurações → Fiscal, and says why when it is the certificate', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/fiscal/nfse/situacao': {
        pronta: false,
        faltando: [],
        motivo: 'O certificado A1 venceu em 01/03/2026: envie um certificado válido.',
      },
      '/api/fiscal/nfse': listOf([]),
    });
    renderAt(<NotasFiscaisTab />, '/lista?competencia=2026-03');
    const notice = await screen.findByTestId('nfse-nao-configurada');
    expect(notice.textContent).toContain('As notas não podem ser emitidas agora.');
    expect(notice.textContent).toContain('O certificado A1 venceu em 01/03/2026');
    expect(within(notice).getByRole('link', { name: 'Configurar a NFS-e' }).getAttribute('href')).toBe(
      '/dashboard/configuracoes?aba=fiscal',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Emitir notas de março de 2026' }).disabled,
    ).toBe(true);
  });

  it('cancels an issued note only with a reason of 15 characters or more', async () => {
    stubScreen(true);
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/fiscal/nfse/situacao': pronta,
      '/api/fiscal/nfse': listOf([nota(1, 'emitida')]),
      [`/api/fiscal/nfse/${nota(1, 'emitida').id}/cancelar`]: {},
    });
    renderAt(<NotasFiscaisTab />, '/lista?competencia=2026-03');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar a nota 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a nota 1' });
    fireEvent.change(within(dialog).getByLabelText(/Motivo do cancelamento/), { target: { value: 'Erro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar nota' }));
    expect(await within(dialog).findByText(/ao menos 15 caracteres/)).toBeTruthy();
    expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Motivo do cancelamento/), {
      target: { value: 'Mensalidade lançada em duplicidade' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar nota' }));
    await waitFor(() => expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(true));
    expect(fetchMock.requests.find((request) => request.method === 'POST')!.body).toEqual({
      motivo: 'Mensalidade lançada em duplicidade',
    });
  });
});

const config: FiscalConfiguracao = {
  configurada: true,
  cnpj: '11222333000181',
  inscricao_municipal: '123456',
  municipio_ibge: '3550308',
  regime: 'simples_nacional',
  codigo_tributacao_nacional: '080101',
  codigo_nbs: '122011000',
  ibscbs_ind_op: null,
  ibscbs_cst: null,
  ibscbs_class_trib: null,
  aliquota_iss_percentual: 2,
  ambiente: 'producao_restrita',
  serie: '1',
  proximo_numero_dps: 5,
  somente_pagas: false,
  url_producao_restrita: null,
  url_producao: null,
  url_efetiva: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
  tem_certificado: true,
  certificado: {
    titular: 'ESCOLA DE TESTE LTDA:11222333000181',
    cnpj: '11222333000181',
    valido_de: '2026-01-01T12:00:00Z',
    valido_ate: '2099-01-01T12:00:00Z',
  },
  version: 3,
};

describe('Configurações → Fiscal', () => {
  it('shows what is stored of the certificate and saves without resending the password', async () => {
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/fiscal/configuracao': (request) =>
        request.method === 'PUT' ? { ...config, version: 4 } : config,
    });
    renderAt(<FiscalSettingsTab />);
    const status = await screen.findByTestId('certificado-status');
    expect(status.textContent).toContain('ESCOLA DE TESTE LTDA:11222333000181');
    expect(status.textContent).toContain('11.222.333/0001-81');
    expect(screen.getByLabelText<HTMLInputElement>('Senha do certificado').value).toBe('');
    fireEvent.change(screen.getByLabelText(/Alíquota do ISS/), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações fiscais' }));
    await waitFor(() => expect(fetchMock.requests.some((request) => request.method === 'PUT')).toBe(true));
    const body = fetchMock.requests.find((request) => request.method === 'PUT')!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ aliquota_iss_percentual: 2.5, version: 3, cnpj: '11222333000181' });
    expect(body.senha_certificado).toBeUndefined();
    expect(body.certificado_pfx).toBeUndefined();
  });
});
