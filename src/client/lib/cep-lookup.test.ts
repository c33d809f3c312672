import { describe, expect, it } from 'vitest';
import { cepMessages } from '../../shared/settings.schemas';
import { ApiError } from './api-client';
import { cepLookupFailure } from './cep-lookup';

describe('what the CEP box says when the lookup brings no address', () => {
  it('a CEP the service does not know: check it, or type the address', () => {
    const error = new ApiError(404, 'NOT_FOUND', cepMessages.notFound);
    expect(cepLookupFailure(error)).toBe(
      'CEP não encontrado: confira o número ou preencha os campos abaixo.',
    );
    expect(cepLookupFailure(error, 'preencha o endereço')).toBe(
      'CEP não encontrado: confira o número ou preencha o endereço.',
    );
  });

  it('the service or the connection failed: one sentence, never the server’s and the box’s advice together', () => {
    for (const error of [
      new ApiError(503, 'UNAVAILABLE', cepMessages.unavailable),
      new ApiError(0, 'NETWORK', 'Sem conexão'),
      new ApiError(0, 'TIMEOUT', 'Demorou'),
    ])
      expect(cepLookupFailure(error)).toBe(
        'A consulta de CEP não respondeu agora: preencha os campos abaixo.',
      );
  });

  it('anything else is the server’s own sentence; a failure with none says the lookup failed', () => {
    expect(cepLookupFailure(new ApiError(404, 'NOT_FOUND', cepMessages.disabled))).toBe(cepMessages.disabled);
    expect(cepLookupFailure(new Error('boom'))).toBe(
      'Não foi possível consultar o CEP: preencha os campos abaixo.',
    );
  });
});
