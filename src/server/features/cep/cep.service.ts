import { cepMessages, type CepAddress } from '../../../shared/settings.schemas.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { getPublicSettings } from '../settings/index.js';

const TIMEOUT_MS = 3_000;

interface ViaCepAnswer {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

/**
 * The address of a CEP from the public CEP service (ViaCEP's JSON), asked by the server so the
 * portal's CSP stays 'self' and the visitor's address never leaves for a third party from the browser.
 * Only when the school turned it on in Configurações; the form never waits on it (see form-groups).
 */
export async function lookupCep(ctx: AppContext, cep: string): Promise<CepAddress> {
  if (!(await getPublicSettings(ctx.db)).consulta_cep) {
    throw notFound(cepMessages.disabled);
  }
  let answer: ViaCepAnswer;
  try {
    const response = await fetch(`${ctx.config.cepServiceUrl}/${cep}/json/`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    answer = (await response.json()) as ViaCepAnswer;
  } catch {
    // The service failed, not the CEP (no answer, a timeout, its own 5xx, a page that is not its JSON):
    // a temporary failure of an outside service, not a CEP that does not exist.
    throw new AppError('UNAVAILABLE', cepMessages.unavailable);
  }
  if (answer.erro === true || answer.erro === 'true' || !answer.localidade || !answer.uf) {
    throw notFound(cepMessages.notFound);
  }
  return {
    cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    logradouro: answer.logradouro ?? '',
    bairro: answer.bairro ?? '',
    cidade: answer.localidade,
    uf: answer.uf,
  };
}
