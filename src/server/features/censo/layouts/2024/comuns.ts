import type { Campo } from '../../layout.js';

/**
 * Fields INEP's 2024 layout defines alike in several records: the same name, form, size and
 * requirement wherever they stand. Only the key differs (each record's source names it its own way) and
 * the number is the record's, so both stay at the call, where the table still reads field by field.
 * Record 30 keeps its own copies: its table is numbered by position and its descriptions are its own.
 */

/** 'Código de escola - Inep', field 2 of every record but 30. */
export const codigoEscola = (n: number, chave: string): Campo => ({
  n,
  chave,
  descricao: 'Código de escola - Inep',
  formato: 'numero',
  tamanho: 8,
  obrigatorio: true,
});

/** 'Código da pessoa física no sistema próprio', field 3 of records 40, 50 and 60. */
export const codigoPessoa = (n: number, chave: string): Campo => ({
  n,
  chave,
  descricao: 'Código da pessoa física no sistema próprio',
  formato: 'texto',
  tamanho: 20,
  obrigatorio: true,
});

/** 'Identificação única (Inep)' of a person, field 4 of records 40, 50 and 60: empty until INEP gives it. */
export const identificacaoInep = (n: number, chave: string): Campo => ({
  n,
  chave,
  descricao: 'Identificação única (Inep)',
  formato: 'numero',
  tamanho: 12,
});

/** An indicator (written 0/1), required always or under a condition, or optional when none is given. */
export const indicador = (
  n: number,
  chave: string,
  descricao: string,
  obrigatorio?: Campo['obrigatorio'],
): Campo => ({
  n,
  chave,
  descricao,
  formato: 'indicador',
  ...(obrigatorio === undefined ? {} : { obrigatorio }),
});
