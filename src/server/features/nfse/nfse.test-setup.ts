/**
 * What the NFS-e tests share: the fiscal settings of the school they issue for, without the A1
 * certificate, the numbering and the simulated API's address (each test file brings its own), and with
 * them, against the project's simulator.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FiscalConfiguracaoInput } from '../../../shared/fiscal.schemas.js';
import { signedIn, type TestApp } from '../../test/test-app.js';
import { gerarA1, startNfseSimulada, type NfseSimulada } from '../nfse-simulado/index.js';
import { confiarNaAcDeTeste } from './fiscal-config.service.js';

/** The school's CNPJ, as its A1 certificate carries it. */
export const CNPJ = '11222333000181';
/** The A1 certificate's password. */
export const SENHA = 'senha-do-certificado-A1-7x';

/** A São Paulo school in the Simples Nacional, issuing in the national API's restricted production. */
export const FISCAL_SETTINGS = {
  cnpj: '11.222.333/0001-81',
  inscricao_municipal: '123456',
  municipio_ibge: '3550308',
  regime: 'simples_nacional',
  codigo_tributacao_nacional: '080101',
  codigo_nbs: '122011000',
  aliquota_iss_percentual: 2.5,
  ambiente: 'producao_restrita',
  serie: '1',
} satisfies Partial<FiscalConfiguracaoInput>;

/**
 * The settings to PUT against `simulada`: FISCAL_SETTINGS with a fresh A1 certificate of CNPJ from the
 * simulator's AC, the DPS numbered from `proximoNumeroDps`, notes for every mensalidade (paid or not).
 */
export function simulatedSettings(simulada: NfseSimulada, proximoNumeroDps: number): FiscalConfiguracaoInput {
  const a1 = gerarA1(simulada.ac, { cnpj: CNPJ, senha: SENHA });
  return {
    ...FISCAL_SETTINGS,
    proximo_numero_dps: proximoNumeroDps,
    somente_pagas: false,
    url_producao_restrita: simulada.baseUrl,
    certificado_pfx: a1.pfxBase64,
    senha_certificado: SENHA,
  };
}

/**
 * The simulated national API for a test file: started before its tests and closed after them (it lives
 * across tests, the database does not); before each test its AC is trusted and an administrator signs
 * in (`admin`, the cookie).
 */
export function nfseSimulator(t: TestApp) {
  const state = {} as { simulada: NfseSimulada; admin: string };
  beforeAll(async () => {
    state.simulada = await startNfseSimulada();
  });
  afterAll(() => state.simulada.close());
  beforeEach(async () => {
    confiarNaAcDeTeste(t.app.ctx, state.simulada.ac.certificadoPem);
    state.admin = (await signedIn(t, 'administrador')).cookie;
  });
  return state;
}
