/**
 * What the NFS-e tests share: the fiscal settings of the school they issue for, without the A1
 * certificate, the numbering and the simulated API's address (each test file brings its own).
 */
import type { FiscalConfiguracaoInput } from '../../../shared/fiscal.schemas.js';

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
