/**
 * The school's Pix settings that point it at a simulated bank: what a real bank hands a school (its API's
 * URLs, the client credentials, the certificate it issued, its CA, the school's key), in the fields of
 * `PUT /api/financeiro/pix/provedor`. One place for the demo's wiring, the tests' `connectSimulatedBank`,
 * the journeys and the benchmark. Types only: a journey or the benchmark may load it on its own.
 */
import type { PixProvedorInput } from '../../../shared/pix-provedor.schemas.js';
import type { SimulatedBank } from '../banco-simulado/index.js';

export type BankCredentials = Pick<
  SimulatedBank,
  | 'baseUrl'
  | 'tokenUrl'
  | 'clientId'
  | 'clientSecret'
  | 'certificadoPem'
  | 'chavePrivadaPem'
  | 'caPem'
  | 'chave'
>;

export function provedorDoBancoSimulado(
  bank: BankCredentials,
  validadeAposVencimento = 30,
): PixProvedorInput & { ativo: true } {
  return {
    ativo: true,
    base_url: bank.baseUrl,
    token_url: bank.tokenUrl,
    client_id: bank.clientId,
    client_secret: bank.clientSecret,
    certificado_pem: bank.certificadoPem,
    chave_privada_pem: bank.chavePrivadaPem,
    ca_pem: bank.caPem,
    chave_pix: bank.chave,
    validade_apos_vencimento: validadeAposVencimento,
  };
}
