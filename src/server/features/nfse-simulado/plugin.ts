import type { FastifyPluginAsync } from 'fastify';
import { fiscalConfiguracaoInputSchema } from '../../../shared/fiscal.schemas.js';
import { systemActor } from '../audit/index.js';
import { confiarNaAcDeTeste, getFiscalConfiguracao, updateFiscalConfiguracao } from '../nfse/index.js';
import { gerarA1 } from './certificados.js';
import { startNfseSimulada } from './servidor.js';

/**
 * NFSE_PROVIDER=simulado (the demo, the e2e journeys): starts the simulated national API, trusts its CA
 * in this process, and points the school's fiscal settings at it — through the same service the screen
 * uses, with a throwaway A1 'e-CNPJ' made now for the school's CNPJ (a demo CNPJ when none is set).
 * Lives as long as the app.
 */
export const DEMO_FISCAL = {
  cnpj: '11222333000181',
  inscricao_municipal: '123456',
  municipio_ibge: '3550308',
  codigo_nbs: '122011000',
} as const;

export const nfseSimuladoPlugin: FastifyPluginAsync = async (app) => {
  const simulada = await startNfseSimulada();
  app.addHook('onClose', async () => simulada.close());
  confiarNaAcDeTeste(app.ctx, simulada.ac.certificadoPem);
  const atual = await getFiscalConfiguracao(app.ctx);
  const cnpj = atual.cnpj ?? DEMO_FISCAL.cnpj;
  const a1 = gerarA1(simulada.ac, { cnpj });
  const input = fiscalConfiguracaoInputSchema.parse({
    cnpj,
    inscricao_municipal: atual.inscricao_municipal ?? DEMO_FISCAL.inscricao_municipal,
    municipio_ibge: atual.municipio_ibge ?? DEMO_FISCAL.municipio_ibge,
    regime: atual.regime,
    codigo_tributacao_nacional: atual.codigo_tributacao_nacional,
    codigo_nbs: atual.codigo_nbs ?? DEMO_FISCAL.codigo_nbs,
    ibscbs_ind_op: atual.ibscbs_ind_op,
    ibscbs_cst: atual.ibscbs_cst,
    ibscbs_class_trib: atual.ibscbs_class_trib,
    aliquota_iss_percentual: atual.aliquota_iss_percentual,
    ambiente: 'producao_restrita',
    serie: atual.serie,
    proximo_numero_dps: atual.proximo_numero_dps,
    somente_pagas: atual.somente_pagas,
    url_producao_restrita: simulada.baseUrl,
    url_producao: atual.url_producao,
    certificado_pfx: a1.pfxBase64,
    senha_certificado: a1.senha,
  });
  await updateFiscalConfiguracao(app.ctx, input, undefined, systemActor);
  app.log.info(
    { api: simulada.baseUrl },
    'NFS-e simulada (NFSE_PROVIDER=simulado) ligada às configurações fiscais',
  );
};
