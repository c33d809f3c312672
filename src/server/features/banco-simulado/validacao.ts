/**
 * What a PSP checks in a `cobv` body before it accepts it (BCB Pix API, `PUT`/`PATCH /cobv/{txid}`): each
 * problem is a `violacao` naming the field (`cobv.valor.original`), as the standard's 400 answer lists them.
 */
import type { CobvBody, Desconto, Modalidade } from './tipos.js';

export interface Violacao {
  razao: string;
  propriedade: string;
  valor?: string;
}

export const TXID_COBV = /^[a-zA-Z0-9]{26,35}$/;
const DECIMAL = /^\d{1,10}\.\d{2}$/;
const DATA = /^\d{4}-\d{2}-\d{2}$/;

export function dataValida(data: unknown): data is string {
  if (typeof data !== 'string' || !DATA.test(data)) return false;
  const parsed = new Date(`${data}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === data;
}

function digitosConferem(digits: string, pesosPrimeiro: number[], pesosSegundo: number[]): boolean {
  const dv = (pesos: number[]): number => {
    const soma = pesos.reduce((sum, peso, i) => sum + peso * Number(digits[i]), 0);
    const resto = soma % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  return (
    dv(pesosPrimeiro) === Number(digits[pesosPrimeiro.length]) &&
    dv(pesosSegundo) === Number(digits[pesosSegundo.length])
  );
}

export function cpfValido(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const pesos = (n: number): number[] => Array.from({ length: n }, (_, i) => n + 1 - i);
  return digitosConferem(cpf, pesos(9), pesos(10));
}

export function cnpjValido(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const primeiro = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return digitosConferem(cnpj, primeiro, [6, ...primeiro]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Checker {
  readonly violacoes: Violacao[] = [];

  fail(propriedade: string, razao: string, valor?: unknown): void {
    this.violacoes.push({
      razao,
      propriedade,
      ...(valor === undefined ? {} : { valor: typeof valor === 'string' ? valor : JSON.stringify(valor) }),
    });
  }

  /** A decimal string with two places; `positivo` refuses "0.00". */
  decimal(propriedade: string, value: unknown, positivo: boolean): boolean {
    if (typeof value !== 'string' || !DECIMAL.test(value)) {
      this.fail(propriedade, 'Campo não respeita o formato "0.00" (ponto, duas casas decimais).', value);
      return false;
    }
    if (positivo && Number(value) <= 0) {
      this.fail(propriedade, 'O valor deve ser maior que zero.', value);
      return false;
    }
    return true;
  }

  modalidade(propriedade: string, value: unknown, permitidas: number[]): value is Modalidade {
    if (!isObject(value)) {
      this.fail(propriedade, 'Objeto esperado.', value);
      return false;
    }
    if (typeof value.modalidade !== 'number' || !permitidas.includes(value.modalidade)) {
      this.fail(
        `${propriedade}.modalidade`,
        `Modalidade deve ser uma de ${permitidas.join(', ')}.`,
        value.modalidade,
      );
      return false;
    }
    return this.decimal(`${propriedade}.valorPerc`, value.valorPerc, true);
  }

  string(propriedade: string, value: unknown, max: number, obrigatorio: boolean): void {
    if (value === undefined && !obrigatorio) return;
    if (typeof value !== 'string' || value.trim() === '') this.fail(propriedade, 'Campo obrigatório.', value);
    else if (value.length > max) this.fail(propriedade, `Campo excede ${String(max)} caracteres.`);
  }
}

function checkDevedor(check: Checker, devedor: unknown): void {
  if (!isObject(devedor))
    return check.fail('cobv.devedor', 'O devedor é obrigatório na cobrança com vencimento.');
  const { cpf, cnpj } = devedor;
  if (cpf !== undefined && cnpj !== undefined)
    check.fail('cobv.devedor', 'Informe CPF ou CNPJ do devedor, não os dois.');
  else if (cpf === undefined && cnpj === undefined)
    check.fail('cobv.devedor.cpf', 'O CPF ou o CNPJ do devedor é obrigatório.');
  else if (cpf !== undefined && (typeof cpf !== 'string' || !cpfValido(cpf)))
    check.fail('cobv.devedor.cpf', 'CPF inválido.', cpf);
  else if (cnpj !== undefined && (typeof cnpj !== 'string' || !cnpjValido(cnpj)))
    check.fail('cobv.devedor.cnpj', 'CNPJ inválido.', cnpj);
  check.string('cobv.devedor.nome', devedor.nome, 200, true);
  if (devedor.uf !== undefined && (typeof devedor.uf !== 'string' || !/^[A-Z]{2}$/.test(devedor.uf)))
    check.fail('cobv.devedor.uf', 'UF deve ter duas letras maiúsculas.', devedor.uf);
  if (devedor.cep !== undefined && (typeof devedor.cep !== 'string' || !/^\d{8}$/.test(devedor.cep)))
    check.fail('cobv.devedor.cep', 'CEP deve ter 8 dígitos.', devedor.cep);
}

function checkDesconto(check: Checker, desconto: unknown, vencimento: unknown): void {
  if (!isObject(desconto)) return check.fail('cobv.valor.desconto', 'Objeto esperado.');
  const { modalidade, descontoDataFixa, valorPerc } = desconto as Partial<Desconto>;
  if (typeof modalidade !== 'number' || ![1, 2, 3, 4, 5, 6].includes(modalidade))
    return check.fail(
      'cobv.valor.desconto.modalidade',
      'Modalidade deve ser uma de 1, 2, 3, 4, 5, 6.',
      modalidade,
    );
  if (modalidade > 2) {
    check.decimal('cobv.valor.desconto.valorPerc', valorPerc, true);
    return;
  }
  if (!Array.isArray(descontoDataFixa) || descontoDataFixa.length < 1 || descontoDataFixa.length > 3)
    return check.fail(
      'cobv.valor.desconto.descontoDataFixa',
      'As modalidades 1 e 2 exigem de uma a três datas fixas de desconto.',
    );
  descontoDataFixa.forEach((item: unknown, i) => {
    const base = `cobv.valor.desconto.descontoDataFixa[${String(i)}]`;
    if (!isObject(item)) return check.fail(base, 'Objeto esperado.');
    if (!dataValida(item.data)) check.fail(`${base}.data`, 'Data inválida (AAAA-MM-DD).', item.data);
    else if (typeof vencimento === 'string' && item.data > vencimento)
      check.fail(`${base}.data`, 'A data do desconto não pode ser posterior ao vencimento.', item.data);
    check.decimal(`${base}.valorPerc`, item.valorPerc, true);
  });
}

/**
 * Checks a whole cobv body (a PUT, or a stored charge with a PATCH applied). `chaves` are the keys of
 * the receiving account at this bank.
 */
export function validarCobv(
  body: unknown,
  chaves: readonly string[],
): { ok: true; cobv: CobvBody } | { ok: false; violacoes: Violacao[] } {
  const check = new Checker();
  if (!isObject(body)) {
    check.fail('cobv', 'O corpo da requisição deve ser um objeto JSON.');
    return { ok: false, violacoes: check.violacoes };
  }
  const { calendario, valor } = body;
  if (!isObject(calendario)) check.fail('cobv.calendario', 'O calendário é obrigatório.');
  else {
    if (!dataValida(calendario.dataDeVencimento))
      check.fail(
        'cobv.calendario.dataDeVencimento',
        'Data inválida (AAAA-MM-DD).',
        calendario.dataDeVencimento,
      );
    const validade = calendario.validadeAposVencimento;
    if (
      validade !== undefined &&
      (typeof validade !== 'number' || !Number.isInteger(validade) || validade < 0)
    )
      check.fail('cobv.calendario.validadeAposVencimento', 'Deve ser um inteiro não negativo.', validade);
  }
  checkDevedor(check, body.devedor);
  if (!isObject(valor)) check.fail('cobv.valor', 'O valor é obrigatório.');
  else {
    check.decimal('cobv.valor.original', valor.original, true);
    if (valor.multa !== undefined) check.modalidade('cobv.valor.multa', valor.multa, [1, 2]);
    if (valor.juros !== undefined)
      check.modalidade('cobv.valor.juros', valor.juros, [1, 2, 3, 4, 5, 6, 7, 8]);
    if (valor.abatimento !== undefined) check.modalidade('cobv.valor.abatimento', valor.abatimento, [1, 2]);
    if (valor.desconto !== undefined)
      checkDesconto(check, valor.desconto, isObject(calendario) ? calendario.dataDeVencimento : undefined);
  }
  if (typeof body.chave !== 'string' || body.chave === '') check.fail('cobv.chave', 'A chave é obrigatória.');
  else if (!chaves.includes(body.chave))
    check.fail('cobv.chave', 'A chave não pertence a uma conta do usuário recebedor neste PSP.', body.chave);
  check.string('cobv.solicitacaoPagador', body.solicitacaoPagador, 140, false);
  if (body.infoAdicionais !== undefined) {
    if (!Array.isArray(body.infoAdicionais) || body.infoAdicionais.length > 50)
      check.fail('cobv.infoAdicionais', 'Lista de até 50 itens esperada.');
    else
      body.infoAdicionais.forEach((item: unknown, i) => {
        const base = `cobv.infoAdicionais[${String(i)}]`;
        if (!isObject(item)) return check.fail(base, 'Objeto esperado.');
        check.string(`${base}.nome`, item.nome, 50, true);
        check.string(`${base}.valor`, item.valor, 200, true);
      });
  }
  if (body.loc !== undefined) check.fail('cobv.loc.id', 'Location inexistente neste PSP.', body.loc);
  if (check.violacoes.length > 0) return { ok: false, violacoes: check.violacoes };
  return { ok: true, cobv: body as unknown as CobvBody };
}
