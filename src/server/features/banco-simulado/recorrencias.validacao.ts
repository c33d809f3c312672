/**
 * What the simulated bank checks in Pix Automático's bodies (`POST /rec`, `PUT /cobr/{txid}`) before it
 * accepts them, each problem a `violacao` naming the field, and the journey-2 QR of a recurrence.
 */
import { randomBytes } from 'node:crypto';
import { brCodeText } from '../../lib/br-code.js';
import { RECEBEDOR } from './banco.js';
import { isObject } from './respostas.js';
import type { Cobr, Rec, RecBody } from './recorrencias.tipos.js';
import { type Violacao, cnpjValido, cpfValido, dataValida } from './validacao.js';
import { diasCorridos } from './valor-do-dia.js';

const DECIMAL = /^\d{1,10}\.\d{2}$/;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PERIODICIDADES = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'];
const POLITICAS = ['NAO_PERMITE', 'PERMITE_3R_7D'];
const TIPOS_CONTA = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'];

export function alnum(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');
}

/** A field `id` + length + value of an EMV QR (the BR Code). */
function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The journey-2 QR of a recurrence: the recurrence's location in field 80 (`br.gov.bcb.pix`, sub-field 25),
 * and the payee's name (the school's account at this bank) in field 59.
 */
export function brCodeDaRecorrencia(location: string, recebedor: string = RECEBEDOR.nome): string {
  const semCrc = [
    emv('00', '01'),
    emv('52', '0000'),
    emv('53', '986'),
    emv('58', 'BR'),
    emv('59', brCodeText(recebedor, 25) || brCodeText(RECEBEDOR.nome, 25)),
    emv('60', RECEBEDOR.cidade.slice(0, 15)),
    emv('62', emv('05', '***')),
    emv('80', emv('00', 'br.gov.bcb.pix') + emv('25', location)),
    '6304',
  ].join('');
  return semCrc + crc16(semCrc);
}

function fail(violacoes: Violacao[], propriedade: string, razao: string, valor?: unknown): void {
  violacoes.push({
    razao,
    propriedade,
    ...(valor === undefined ? {} : { valor: typeof valor === 'string' ? valor : JSON.stringify(valor) }),
  });
}

function texto(v: Violacao[], propriedade: string, value: unknown, max: number, obrigatorio: boolean): void {
  if (value === undefined && !obrigatorio) return;
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    fail(v, propriedade, `Texto obrigatório de até ${String(max)} caracteres.`, value);
}

/** Checks a `POST /rec` body as the standard describes it. */
export function validarRec(
  body: unknown,
  hoje: string,
): { ok: true; rec: RecBody } | { ok: false; violacoes: Violacao[] } {
  const v: Violacao[] = [];
  if (!isObject(body))
    return { ok: false, violacoes: [{ propriedade: 'rec', razao: 'O corpo deve ser um objeto JSON.' }] };
  const { vinculo, calendario, valor, politicaRetentativa } = body;
  if (!isObject(vinculo)) fail(v, 'rec.vinculo', 'O vínculo (contrato e devedor) é obrigatório.');
  else {
    texto(v, 'rec.vinculo.contrato', vinculo.contrato, 35, true);
    texto(v, 'rec.vinculo.objeto', vinculo.objeto, 35, false);
    const devedor = vinculo.devedor;
    if (!isObject(devedor)) fail(v, 'rec.vinculo.devedor', 'O devedor é obrigatório.');
    else {
      if ((devedor.cpf === undefined) === (devedor.cnpj === undefined))
        fail(v, 'rec.vinculo.devedor', 'Informe CPF ou CNPJ do devedor (um dos dois).');
      else if (devedor.cpf !== undefined && (typeof devedor.cpf !== 'string' || !cpfValido(devedor.cpf)))
        fail(v, 'rec.vinculo.devedor.cpf', 'CPF inválido.', devedor.cpf);
      else if (devedor.cnpj !== undefined && (typeof devedor.cnpj !== 'string' || !cnpjValido(devedor.cnpj)))
        fail(v, 'rec.vinculo.devedor.cnpj', 'CNPJ inválido.', devedor.cnpj);
      texto(v, 'rec.vinculo.devedor.nome', devedor.nome, 140, true);
    }
  }
  if (!isObject(calendario)) fail(v, 'rec.calendario', 'O calendário é obrigatório.');
  else {
    const { dataInicial, dataFinal, periodicidade } = calendario;
    if (!dataValida(dataInicial))
      fail(v, 'rec.calendario.dataInicial', 'Data obrigatória (AAAA-MM-DD).', dataInicial);
    else if (dataInicial < hoje)
      fail(v, 'rec.calendario.dataInicial', 'A data inicial não pode estar no passado.', dataInicial);
    if (dataFinal !== undefined) {
      if (!dataValida(dataFinal))
        fail(v, 'rec.calendario.dataFinal', 'Data inválida (AAAA-MM-DD).', dataFinal);
      else if (typeof dataInicial === 'string' && dataFinal < dataInicial)
        fail(v, 'rec.calendario.dataFinal', 'A data final é anterior à data inicial.', dataFinal);
    }
    if (typeof periodicidade !== 'string' || !PERIODICIDADES.includes(periodicidade))
      fail(v, 'rec.calendario.periodicidade', `Use ${PERIODICIDADES.join(', ')}.`, periodicidade);
  }
  if (valor !== undefined) {
    if (!isObject(valor)) fail(v, 'rec.valor', 'Objeto esperado.', valor);
    else if ((valor.valorRec === undefined) === (valor.valorMinimoRecebedor === undefined))
      fail(v, 'rec.valor', 'Informe valorRec ou valorMinimoRecebedor, não os dois.');
    else {
      const [campo, decimal] =
        valor.valorRec !== undefined
          ? ['valorRec', valor.valorRec]
          : ['valorMinimoRecebedor', valor.valorMinimoRecebedor];
      if (typeof decimal !== 'string' || !DECIMAL.test(decimal) || Number(decimal) <= 0)
        fail(v, `rec.valor.${campo}`, 'Valor positivo no formato "0.00".', decimal);
    }
  }
  if (typeof politicaRetentativa !== 'string' || !POLITICAS.includes(politicaRetentativa))
    fail(v, 'rec.politicaRetentativa', `Use ${POLITICAS.join(' ou ')}.`, politicaRetentativa);
  return v.length > 0 ? { ok: false, violacoes: v } : { ok: true, rec: body as unknown as RecBody };
}

/** Checks a `PUT /cobr/{txid}` body against its recurrence, the calendar and the 2–10 days window. */
export function validarCobr(
  body: unknown,
  rec: Rec | undefined,
  hoje: string,
  cobrsDaRec: Cobr[],
): Violacao[] {
  const v: Violacao[] = [];
  if (!isObject(body)) return [{ propriedade: 'cobr', razao: 'O corpo deve ser um objeto JSON.' }];
  const { calendario, valor, recebedor, ajusteDiaUtil } = body;
  if (!rec) fail(v, 'cobr.idRec', 'Recorrência inexistente.', body.idRec);
  else if (rec.status !== 'APROVADA')
    fail(
      v,
      'cobr.idRec',
      `A recorrência está ${rec.status}: só uma recorrência aprovada aceita cobranças.`,
      rec.idRec,
    );
  if (typeof ajusteDiaUtil !== 'boolean')
    fail(v, 'cobr.ajusteDiaUtil', 'Booleano obrigatório.', ajusteDiaUtil);
  texto(v, 'cobr.infoAdicional', body.infoAdicional, 140, false);
  if (!isObject(recebedor))
    fail(v, 'cobr.recebedor', 'A conta do recebedor (agência, conta, tipo) é obrigatória.');
  else {
    texto(v, 'cobr.recebedor.agencia', recebedor.agencia, 4, true);
    texto(v, 'cobr.recebedor.conta', recebedor.conta, 20, true);
    if (typeof recebedor.tipoConta !== 'string' || !TIPOS_CONTA.includes(recebedor.tipoConta))
      fail(v, 'cobr.recebedor.tipoConta', `Use ${TIPOS_CONTA.join(', ')}.`, recebedor.tipoConta);
  }
  const original = isObject(valor) ? valor.original : undefined;
  if (typeof original !== 'string' || !DECIMAL.test(original) || Number(original) <= 0)
    fail(v, 'cobr.valor.original', 'Valor positivo no formato "0.00".', original);
  else if (rec?.valor?.valorRec !== undefined && original !== rec.valor.valorRec)
    fail(v, 'cobr.valor.original', `A recorrência tem valor fixo de ${rec.valor.valorRec}.`, original);
  const vencimento = isObject(calendario) ? calendario.dataDeVencimento : undefined;
  if (!dataValida(vencimento))
    fail(v, 'cobr.calendario.dataDeVencimento', 'Data obrigatória (AAAA-MM-DD).', vencimento);
  else {
    const antecedencia = diasCorridos(hoje, vencimento);
    if (antecedencia < 2 || antecedencia > 10)
      fail(
        v,
        'cobr.calendario.dataDeVencimento',
        'A cobrança deve ser enviada de 2 a 10 dias antes do vencimento.',
        vencimento,
      );
    if (rec && vencimento < rec.calendario.dataInicial)
      fail(
        v,
        'cobr.calendario.dataDeVencimento',
        'O vencimento é anterior ao início da recorrência.',
        vencimento,
      );
    if (rec?.calendario.dataFinal !== undefined && vencimento > rec.calendario.dataFinal)
      fail(
        v,
        'cobr.calendario.dataDeVencimento',
        'O vencimento é posterior ao fim da recorrência.',
        vencimento,
      );
    if (
      rec?.calendario.periodicidade === 'MENSAL' &&
      cobrsDaRec.some(
        (cobr) =>
          cobr.status !== 'CANCELADA' &&
          cobr.calendario.dataDeVencimento.slice(0, 7) === vencimento.slice(0, 7),
      )
    )
      fail(
        v,
        'cobr.calendario.dataDeVencimento',
        'Já há uma cobrança desta recorrência neste mês.',
        vencimento,
      );
  }
  return v;
}
