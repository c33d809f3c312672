import { cepMessages } from '../../shared/settings.schemas';
import { ApiError } from './api-client';

/**
 * What the CEP box says when a lookup brings no address: one sentence, the cause and what to do (`fill`:
 * where the address is typed by hand). A CEP the service does not know is not a service that failed: the
 * first is worth checking, the second only waits (or is typed).
 */
export function cepLookupFailure(error: unknown, fill = 'preencha os campos abaixo'): string {
  if (error instanceof ApiError) {
    if (error.status === 404 && error.message === cepMessages.notFound)
      return `CEP não encontrado: confira o número ou ${fill}.`;
    if (error.status === 503 || error.code === 'NETWORK' || error.code === 'TIMEOUT')
      return `A consulta de CEP não respondeu agora: ${fill}.`;
    // Anything else (the lookup turned off meanwhile, too many lookups) is the server's own sentence.
    if (error.message) return error.message;
  }
  return `Não foi possível consultar o CEP: ${fill}.`;
}
