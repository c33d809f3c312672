/**
 * Reading a retorno CNAB 240 (no database): the whole file is checked before anything is applied, and a
 * file of another bank, another layout, a line of the wrong length or a header of another agreement is
 * refused whole, with the line number and what is wrong.
 */
import { AppError } from '../../lib/errors.js';
import { readRecord, splitRecords, isoOfCnabDate } from './cnab.format.js';
import { RECORD_LENGTH } from './cnab.layout.js';
import type { CnabBank } from './cnab.bancos.js';
import { layoutOf } from './cnab.remessa-file.js';

export interface RetornoEvento {
  /** The line of segment T (1-based). */
  linha: number;
  t: Record<string, string>;
  u: Record<string, string>;
}

export interface RetornoLido {
  nsa: number;
  /** The file's date (ISO). */
  data: string;
  eventos: RetornoEvento[];
}

/** The largest amount a line may carry, in centavos (R$ 10 milhões): far above any school boleto. */
const MAX_VALOR = 1_000_000_000;

const refuse = (linha: number, what: string) =>
  new AppError('UNPROCESSABLE', `Arquivo recusado, nada foi aplicado. Linha ${linha}: ${what}`);

/** Checks and reads a retorno of `bank` for the agreement whose header identity is `agreementKey`. */
export function readRetorno(text: string, bank: CnabBank, agreementKey: string): RetornoLido {
  const lines = splitRecords(text);
  if (lines.length === 0) throw new AppError('UNPROCESSABLE', 'O arquivo está vazio.');
  const first = lines[0]!;
  if (first.length === 400)
    throw refuse(1, 'este arquivo é CNAB 400; a escola recebe o retorno no layout CNAB 240.');
  lines.forEach((line, index) => {
    if (line.length !== RECORD_LENGTH)
      throw refuse(index + 1, `a linha tem ${line.length} caracteres; no CNAB 240 cada linha tem 240.`);
  });
  lines.forEach((line, index) => {
    const banco = line.slice(0, 3);
    if (banco !== bank.codigo)
      throw refuse(
        index + 1,
        `o arquivo é do banco ${banco}, mas o convênio de boletos da escola é do banco ${bank.codigo}.`,
      );
  });
  if (first[7] !== '0') throw refuse(1, 'a primeira linha não é o cabeçalho de arquivo (registro 0).');
  const header = readRecord(layoutOf(bank, 'headerArquivo'), first);
  if (header.remessa_retorno === '1') throw refuse(1, 'este arquivo é uma remessa, não um retorno do banco.');
  if (header.remessa_retorno !== '2')
    throw refuse(1, 'o cabeçalho não diz que o arquivo é um retorno (código 2).');
  const convenio = bank.convenioOf(header);
  if (convenio !== agreementKey)
    throw refuse(1, `o arquivo é de outro convênio (${convenio}); o convênio da escola é ${agreementKey}.`);
  const data = isoOfCnabDate(header.data_geracao ?? '');
  if (!data) throw refuse(1, 'a data de geração do arquivo (posições 144–151) não é uma data válida.');

  const eventos: RetornoEvento[] = [];
  let trailerSeen = false;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    const linha = index + 1;
    const tipo = line[7];
    if (trailerSeen) throw refuse(linha, 'há registros depois do trailer de arquivo (registro 9).');
    if (tipo === '1') {
      const lote = readRecord(layoutOf(bank, 'headerLote'), line);
      if (lote.operacao !== 'T') throw refuse(linha, 'o lote não é de retorno de cobrança (operação T).');
      if (lote.servico !== '01') throw refuse(linha, 'o lote não é de cobrança (serviço 01).');
      continue;
    }
    if (tipo === '5') continue;
    if (tipo === '9') {
      const trailer = readRecord(layoutOf(bank, 'trailerArquivo'), line);
      if (Number(trailer.quantidade_registros) !== lines.length)
        throw refuse(
          linha,
          `o trailer diz ${Number(trailer.quantidade_registros)} registros e o arquivo tem ${lines.length}: o arquivo está incompleto.`,
        );
      trailerSeen = true;
      continue;
    }
    if (tipo !== '3') throw refuse(linha, `tipo de registro "${tipo ?? ''}" desconhecido.`);
    const segmento = line[13];
    if (segmento === 'U') throw refuse(linha, 'segmento U sem o segmento T antes dele.');
    if (segmento !== 'T') continue;
    const next = lines[index + 1];
    if (next?.[7] !== '3' || next[13] !== 'U')
      throw refuse(linha, 'segmento T sem o segmento U que o acompanha.');
    const t = readRecord(layoutOf(bank, 'T'), line);
    const u = readRecord(layoutOf(bank, 'U'), next);
    for (const [name, value] of [
      ['valor', t.valor],
      ['tarifa', t.tarifa],
      ['valor_pago', u.valor_pago],
      ['acrescimos', u.acrescimos],
      ['desconto', u.desconto],
    ] as const) {
      if (!/^\d+$/.test(value ?? '')) throw refuse(linha, `o campo ${name} não é numérico.`);
      if (Number(value) > MAX_VALOR)
        throw refuse(linha, `o campo ${name} passa de R$ 10.000.000,00: não é um valor de boleto da escola.`);
    }
    if (!/^\d\d$/.test(t.movimento ?? '')) throw refuse(linha, 'o código de movimento não é numérico.');
    if (u.data_ocorrencia !== '00000000' && !isoOfCnabDate(u.data_ocorrencia ?? ''))
      throw refuse(linha + 1, 'a data da ocorrência (posições 138–145) não é uma data válida.');
    eventos.push({ linha, t, u });
    index += 1;
  }
  if (!trailerSeen) throw refuse(lines.length, 'o arquivo termina sem o trailer de arquivo (registro 9).');
  return { nsa: Number(header.nsa), data, eventos };
}
