/**
 * Streets of São Paulo with their CEPs, for the demo families' addresses in parts (ADR 0058): a boleto
 * of the demo prints a complete payer's address, and segment Q of a remessa has every field.
 */
import { enderecoColumnsOf } from '../../shared/endereco.schemas.js';

const STREETS = [
  { cep: '01001000', logradouro: 'Praça da Sé', bairro: 'Sé' },
  { cep: '01310100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista' },
  { cep: '01305000', logradouro: 'Rua Augusta', bairro: 'Consolação' },
  { cep: '01426001', logradouro: 'Rua Oscar Freire', bairro: 'Jardim Paulista' },
  { cep: '01504001', logradouro: 'Rua Vergueiro', bairro: 'Liberdade' },
  { cep: '05405000', logradouro: 'Rua Teodoro Sampaio', bairro: 'Pinheiros' },
] as const;

/** The columns of a guardian living at street `index` (any integer), number `numero`; some have an apartment. */
export function demoAddress(index: number, numero: number) {
  const street = STREETS[Math.abs(index) % STREETS.length]!;
  return enderecoColumnsOf({
    ...street,
    numero: String(numero),
    complemento: numero % 3 === 0 ? `Apto ${String((numero % 20) + 1)}` : null,
    cidade: 'São Paulo',
    uf: 'SP',
  });
}

export const DEMO_STREET_COUNT = STREETS.length;
