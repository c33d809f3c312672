/**
 * The remessa file itself (no database): one lote of cobrança with P (+ Q + R for an entrada) per boleto,
 * the headers and trailers with their counts and sums. Field values only; the layout tables place them.
 */
import { FEBRABAN_240, withOverrides, type RecordKey, type RecordLayout } from './cnab.layout.js';
import { cnabDate, joinRecords, writeRecord, type RecordValues } from './cnab.format.js';
import type { Agreement, CnabBank } from './cnab.bancos.js';
import { MOVIMENTO_REMESSA } from './cnab.codigos.js';

export interface RemessaPagador {
  /** CPF (11 digits) or CNPJ (14). */
  inscricao: string;
  nome: string;
  /** Logradouro, número and complemento in one line (the layout has 40 positions). */
  endereco: string;
  bairro: string;
  /** 8 digits. */
  cep: string;
  cidade: string;
  uf: string;
}

export interface RemessaItem {
  movimento: keyof typeof MOVIMENTO_REMESSA;
  nossoNumero: string;
  vencimento: string;
  /** Centavos. */
  valor: number;
  emissao: string;
  /** Juros de mora per day in centavos (0: none). */
  jurosDia: number;
  /** Desconto de pontualidade: centavos until a day (none: null). */
  desconto: { valor: number; ate: string } | null;
  /** Multa as basis points of the amount (200 = 2 %); 0: none. */
  multaBp: number;
  /** The payer (needed for an entrada). */
  pagador: RemessaPagador | null;
}

export interface RemessaHeader {
  bank: CnabBank;
  agreement: Agreement;
  empresa: { cnpj: string; nome: string };
  nsa: number;
  /** ISO date and HHMMSS of the file (São Paulo). */
  data: string;
  hora: string;
}

export function layoutOf(bank: CnabBank, key: RecordKey): RecordLayout {
  return withOverrides(FEBRABAN_240[key], bank.overrides[key]);
}

/** The day after an ISO date (juros and multa run from the day after the due date). */
function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function contaValues(header: RemessaHeader): RecordValues {
  const { bank, agreement } = header;
  return {
    banco: bank.codigo,
    agencia: agreement.agencia,
    agencia_dv: bank.agenciaDv(agreement.agencia),
    conta: agreement.conta,
    conta_dv: bank.contaDv(agreement.conta),
  };
}

/** The remessa's records (240 characters each) and the file's text (CRLF). */
export function buildRemessa(
  header: RemessaHeader,
  items: readonly RemessaItem[],
): { lines: string[]; text: string; quantidade: number; valorTotal: number } {
  const { bank, agreement, empresa } = header;
  const write = (key: RecordKey, values: RecordValues) => writeRecord(layoutOf(bank, key), values);
  const base = contaValues(header);
  const convenio = bank.convenioValues(agreement);
  const lines: string[] = [];
  lines.push(
    write('headerArquivo', {
      ...base,
      ...convenio,
      inscricao: empresa.cnpj,
      empresa_nome: empresa.nome,
      banco_nome: bank.nome,
      remessa_retorno: '1',
      data_geracao: cnabDate(header.data),
      hora_geracao: header.hora,
      nsa: String(header.nsa),
      versao_layout: bank.versaoArquivo,
    }),
  );
  lines.push(
    write('headerLote', {
      ...base,
      ...convenio,
      lote: '1',
      operacao: 'R',
      versao_layout: bank.versaoLote,
      inscricao: empresa.cnpj,
      empresa_nome: empresa.nome,
      numero_remessa: String(header.nsa),
      data_gravacao: cnabDate(header.data),
    }),
  );
  let sequencial = 0;
  let valorTotal = 0;
  const detalhe = (segmento: 'P' | 'Q' | 'R', item: RemessaItem, values: RecordValues) => {
    sequencial += 1;
    lines.push(
      write(segmento, {
        ...base,
        lote: '1',
        sequencial: String(sequencial),
        movimento: MOVIMENTO_REMESSA[item.movimento],
        ...values,
      }),
    );
  };
  for (const item of items) {
    valorTotal += item.valor;
    const seuNumero = item.nossoNumero.slice(-15);
    detalhe('P', item, {
      ...bank.nossoNumeroValues(agreement, item.nossoNumero),
      carteira: bank.carteiraCodigo(agreement),
      numero_documento: seuNumero,
      vencimento: cnabDate(item.vencimento),
      valor: String(item.valor),
      especie: bank.especie,
      emissao_data: cnabDate(item.emissao),
      ...(item.jurosDia > 0
        ? {
            juros_codigo: '1',
            juros_data: cnabDate(nextDay(item.vencimento)),
            juros_valor: String(item.jurosDia),
          }
        : { juros_codigo: '3' }),
      ...(item.desconto
        ? {
            desconto_codigo: '1',
            desconto_data: cnabDate(item.desconto.ate),
            desconto_valor: String(item.desconto.valor),
          }
        : {}),
      uso_empresa: item.nossoNumero,
    });
    if (item.movimento !== 'entrada') continue;
    const pagador = item.pagador;
    if (!pagador) throw new Error('CNAB: entrada sem pagador');
    detalhe('Q', item, {
      pagador_tipo: pagador.inscricao.length === 14 ? '2' : '1',
      pagador_inscricao: pagador.inscricao,
      pagador_nome: pagador.nome,
      pagador_endereco: pagador.endereco,
      pagador_bairro: pagador.bairro,
      pagador_cep: pagador.cep.slice(0, 5),
      pagador_cep_sufixo: pagador.cep.slice(5, 8),
      pagador_cidade: pagador.cidade,
      pagador_uf: pagador.uf,
    });
    detalhe(
      'R',
      item,
      item.multaBp > 0
        ? {
            multa_codigo: '2',
            multa_data: cnabDate(nextDay(item.vencimento)),
            multa_valor: String(item.multaBp),
          }
        : { multa_codigo: '0' },
    );
  }
  lines.push(
    write('trailerLote', {
      banco: bank.codigo,
      lote: '1',
      quantidade_registros: String(sequencial + 2),
      simples_quantidade: String(items.length),
      simples_valor: String(valorTotal),
    }),
  );
  lines.push(
    write('trailerArquivo', {
      banco: bank.codigo,
      quantidade_lotes: '1',
      quantidade_registros: String(lines.length + 1),
    }),
  );
  return { lines, text: joinRecords(lines), quantidade: items.length, valorTotal };
}
