/**
 * The simulated bank's side of boleto registrado (issue 36 §1): it reads a remessa CNAB 240 and checks
 * what a bank checks — layout, lengths, the agreement in the header, the file sequence (NSA), each
 * título's nosso número (format and check digit of that bank), dates, amounts, espécie, the payer's CPF or
 * CNPJ, CEP and UF — answering with a retorno of 02 (entrada confirmada) or 03 (rejeitada, with the G059
 * motivos); it records payments (`pagar`) and writes the day's retorno with the 06 liquidações, each with
 * the tariff it charges. Used by the demo (/banco-simulado) and the tests.
 */
import { daysBetween } from '../../../shared/calendar.js';
import {
  campo,
  cnpjValido,
  cpfValido,
  dataDe,
  ddmmaaaa,
  dvNossoNumeroSicoob,
  registro,
  UFS,
} from './leitura.js';

export interface ConvenioSimulado {
  banco: '001' | '756';
  agencia: string;
  conta: string;
  /** BB: the 7-digit convênio; Sicoob: the código do cliente (beneficiário). */
  convenio: string;
  cnpj: string;
  /** Tariff per liquidação, in centavos (default R$ 1,50). */
  tarifaLiquidacao?: number;
  /** Tariff per entrada confirmada, in centavos (default 0). */
  tarifaEntrada?: number;
}

interface Titulo {
  nossoNumero: string;
  /** The 20 positions as the school wrote them (sent back as they came). */
  campoNossoNumero: string;
  seuNumero: string;
  vencimento: string;
  valor: number;
  jurosDia: number;
  multaBp: number;
  desconto: { valor: number; ate: string } | null;
  pagadorTipo: string;
  pagadorInscricao: string;
  pagadorNome: string;
  situacao: 'registrado' | 'liquidado' | 'baixado';
}

interface Ocorrencia {
  titulo: Pick<
    Titulo,
    | 'campoNossoNumero'
    | 'seuNumero'
    | 'vencimento'
    | 'valor'
    | 'pagadorTipo'
    | 'pagadorInscricao'
    | 'pagadorNome'
  >;
  codigo: string;
  motivos: string[];
  tarifa: number;
  valorPago: number;
  acrescimos: number;
  desconto: number;
  data: string;
}

/** A remessa the bank refuses whole (a real bank returns it as 'arquivo rejeitado'). */
export class ArquivoRecusado extends Error {}

export class BancoCnabSimulado {
  private readonly titulos = new Map<string, Titulo>();
  private ultimoNsaRecebido = 0;
  private nsaRetorno = 0;
  private liquidacoesPendentes: Ocorrencia[] = [];

  constructor(private readonly convenio: ConvenioSimulado) {}

  situacaoDe(nossoNumero: string): Titulo['situacao'] | null {
    return this.titulos.get(nossoNumero)?.situacao ?? null;
  }

  titulosRegistrados(): {
    nossoNumero: string;
    valor: number;
    vencimento: string;
    pagador: string;
    situacao: string;
  }[] {
    return [...this.titulos.values()].map((t) => ({
      nossoNumero: t.nossoNumero,
      valor: t.valor,
      vencimento: t.vencimento,
      pagador: t.pagadorNome,
      situacao: t.situacao,
    }));
  }

  /** Reads the remessa and answers its retorno (02/03 per título; 09/14 for baixas and new due dates). */
  receberRemessa(texto: string, hoje: string): string {
    const linhas = texto.replace(/\r?\n$/, '').split(/\r?\n/);
    this.verificarArquivo(linhas);
    const ocorrencias: Ocorrencia[] = [];
    for (let i = 2; i < linhas.length - 2; i++) {
      const p = linhas[i]!;
      if (campo(p, 14, 14) !== 'P') throw new ArquivoRecusado(`Linha ${i + 1}: esperado o segmento P.`);
      const movimento = campo(p, 16, 17);
      const q = movimento === '01' ? linhas[i + 1] : undefined;
      const r = movimento === '01' ? linhas[i + 2] : undefined;
      if (movimento === '01') {
        if (campo(q ?? '', 14, 14) !== 'Q' || campo(r ?? '', 14, 14) !== 'R')
          throw new ArquivoRecusado(`Linha ${i + 1}: entrada sem os segmentos Q e R.`);
        i += 2;
      }
      ocorrencias.push(this.movimento(p, q, r, movimento, hoje));
    }
    return this.escreverRetorno(ocorrencias, hoje);
  }

  /** What the bank charges on `data`: the desconto until its day, multa and juros per day after the due date. */
  valorDoDia(nossoNumero: string, data: string): number {
    const titulo = this.titulos.get(nossoNumero);
    if (!titulo) throw new Error(`Boleto ${nossoNumero} não está registrado.`);
    if (data <= titulo.vencimento)
      return titulo.valor - (titulo.desconto && data <= titulo.desconto.ate ? titulo.desconto.valor : 0);
    const dias = daysBetween(titulo.vencimento, data);
    return titulo.valor + Math.round((titulo.valor * titulo.multaBp) / 10_000) + titulo.jurosDia * dias;
  }

  /** The family pays a boleto at the bank (the liquidação goes into the next `retornoDoDia`). */
  pagar(nossoNumero: string, valorPago: number, data: string): void {
    const titulo = this.titulos.get(nossoNumero);
    if (!titulo || titulo.situacao !== 'registrado')
      throw new Error(`Boleto ${nossoNumero} não está registrado.`);
    const desconto = titulo.desconto && data <= titulo.desconto.ate ? titulo.desconto.valor : 0;
    const acrescimos = Math.max(0, valorPago - titulo.valor + desconto);
    titulo.situacao = 'liquidado';
    this.liquidacoesPendentes.push({
      titulo,
      codigo: '06',
      motivos: ['04'],
      tarifa: this.convenio.tarifaLiquidacao ?? 150,
      valorPago,
      acrescimos,
      desconto,
      data,
    });
  }

  /** The retorno with the liquidações not reported yet (empty of títulos when there are none). */
  retornoDoDia(hoje: string): string {
    const ocorrencias = this.liquidacoesPendentes;
    this.liquidacoesPendentes = [];
    return this.escreverRetorno(ocorrencias, hoje);
  }

  // ------------------------------------------------------------------ reading the remessa

  private verificarArquivo(linhas: string[]): void {
    linhas.forEach((linha, i) => {
      if (linha.length !== 240)
        throw new ArquivoRecusado(`Linha ${i + 1}: ${linha.length} caracteres (o CNAB 240 tem 240).`);
      if (campo(linha, 1, 3) !== this.convenio.banco)
        throw new ArquivoRecusado(`Linha ${i + 1}: arquivo de outro banco (${campo(linha, 1, 3)}).`);
    });
    if (linhas.length < 4) throw new ArquivoRecusado('Arquivo sem títulos.');
    const header = linhas[0]!;
    if (campo(header, 8, 8) !== '0' || campo(header, 143, 143) !== '1')
      throw new ArquivoRecusado('Linha 1: não é o cabeçalho de uma remessa.');
    if (campo(header, 18, 18) !== '2' || !cnpjValido(campo(header, 19, 32)))
      throw new ArquivoRecusado('Linha 1: CNPJ do beneficiário inválido.');
    if (campo(header, 19, 32) !== this.convenio.cnpj.padStart(14, '0'))
      throw new ArquivoRecusado('Linha 1: o CNPJ não é o do beneficiário deste convênio.');
    this.verificarConvenio(header);
    const nsa = Number(campo(header, 158, 163));
    if (!(nsa > this.ultimoNsaRecebido))
      throw new ArquivoRecusado(`Linha 1: NSA ${nsa} já recebido (o último foi ${this.ultimoNsaRecebido}).`);
    const lote = linhas[1]!;
    if (campo(lote, 8, 8) !== '1' || campo(lote, 9, 9) !== 'R' || campo(lote, 10, 11) !== '01')
      throw new ArquivoRecusado('Linha 2: não é um lote de remessa de cobrança.');
    const trailerLote = linhas[linhas.length - 2]!;
    const trailer = linhas[linhas.length - 1]!;
    if (campo(trailerLote, 8, 8) !== '5' || Number(campo(trailerLote, 18, 23)) !== linhas.length - 2)
      throw new ArquivoRecusado(`Linha ${linhas.length - 1}: quantidade de registros do lote não confere.`);
    if (campo(trailer, 8, 8) !== '9' || Number(campo(trailer, 24, 29)) !== linhas.length)
      throw new ArquivoRecusado(`Linha ${linhas.length}: quantidade de registros do arquivo não confere.`);
    for (let i = 2; i < linhas.length - 2; i++)
      if (Number(campo(linhas[i]!, 9, 13)) !== i - 1)
        throw new ArquivoRecusado(`Linha ${i + 1}: número sequencial do registro fora de ordem.`);
    this.ultimoNsaRecebido = nsa;
  }

  private verificarConvenio(header: string): void {
    const { banco, agencia, conta, convenio } = this.convenio;
    const ok =
      banco === '001'
        ? Number(campo(header, 33, 41)) === Number(convenio) && campo(header, 42, 45) === '0014'
        : Number(campo(header, 53, 57)) === Number(agencia) &&
          Number(campo(header, 59, 70)) === Number(conta);
    if (!ok) throw new ArquivoRecusado('Linha 1: o convênio/conta do cabeçalho não é deste beneficiário.');
  }

  private nossoNumeroDe(p: string): { nossoNumero: string; valido: boolean } {
    const { banco, agencia, convenio } = this.convenio;
    if (banco === '001') {
      const nn = campo(p, 38, 54);
      return { nossoNumero: nn, valido: /^\d{17}$/.test(nn) && nn.startsWith(convenio.padStart(7, '0')) };
    }
    const nn = campo(p, 38, 47);
    const numero = nn.slice(0, 9);
    const dv = nn.slice(9);
    const valido =
      /^\d{10}$/.test(nn) && Number(dv) === dvNossoNumeroSicoob(agencia, convenio, numero.slice(-7));
    return { nossoNumero: nn.slice(2), valido };
  }

  private movimento(
    p: string,
    q: string | undefined,
    r: string | undefined,
    movimento: string,
    hoje: string,
  ): Ocorrencia {
    const { nossoNumero, valido } = this.nossoNumeroDe(p);
    const existente = this.titulos.get(nossoNumero);
    const vencimento = dataDe(campo(p, 78, 85));
    const base = {
      campoNossoNumero: campo(p, 38, 57),
      seuNumero: campo(p, 63, 77),
      vencimento: vencimento ?? hoje,
      valor: Number(campo(p, 86, 100)),
      pagadorTipo: q ? campo(q, 18, 18) : (existente?.pagadorTipo ?? '0'),
      pagadorInscricao: q ? campo(q, 19, 33) : (existente?.pagadorInscricao ?? ''),
      pagadorNome: q ? campo(q, 34, 73).trim() : (existente?.pagadorNome ?? ''),
    };
    const resposta = (codigo: string, motivos: string[]): Ocorrencia => ({
      titulo: base,
      codigo,
      motivos,
      tarifa: codigo === '02' ? (this.convenio.tarifaEntrada ?? 0) : 0,
      valorPago: 0,
      acrescimos: 0,
      desconto: 0,
      data: hoje,
    });
    if (movimento === '02' || movimento === '06') {
      if (!existente || existente.situacao !== 'registrado')
        return resposta(movimento === '02' ? '26' : '30', ['60']);
      if (movimento === '02') {
        existente.situacao = 'baixado';
        return resposta('09', ['10']);
      }
      if (!vencimento) return resposta('30', ['16']);
      existente.vencimento = vencimento;
      return resposta('14', []);
    }
    if (movimento !== '01') return resposta('03', ['05']);
    const motivos = this.motivosDaEntrada(p, q!, r!, valido, vencimento, existente !== undefined, hoje);
    if (motivos.length > 0) return resposta('03', motivos.slice(0, 5));
    this.titulos.set(nossoNumero, {
      ...base,
      nossoNumero,
      vencimento: vencimento!,
      jurosDia: campo(p, 118, 118) === '1' ? Number(campo(p, 127, 141)) : 0,
      multaBp: campo(r!, 66, 66) === '2' ? Number(campo(r!, 75, 89)) : 0,
      desconto:
        campo(p, 142, 142) === '1'
          ? { valor: Number(campo(p, 151, 165)), ate: dataDe(campo(p, 143, 150)) ?? vencimento! }
          : null,
      situacao: 'registrado',
    });
    return resposta('02', []);
  }

  private motivosDaEntrada(
    p: string,
    q: string,
    r: string,
    nossoNumeroValido: boolean,
    vencimento: string | null,
    duplicado: boolean,
    hoje: string,
  ): string[] {
    const motivos: string[] = [];
    const emissao = dataDe(campo(p, 110, 117));
    if (!nossoNumeroValido) motivos.push('08');
    if (duplicado) motivos.push('63');
    if (!vencimento) motivos.push('16');
    else if (emissao && vencimento < emissao) motivos.push('17');
    if (!/^\d{15}$/.test(campo(p, 86, 100)) || Number(campo(p, 86, 100)) <= 0) motivos.push('20');
    if (!['02', '04', '17', '21', '99'].includes(campo(p, 107, 108))) motivos.push('21');
    if (!emissao) motivos.push('24');
    else if (emissao > hoje) motivos.push('25');
    const juros = campo(p, 118, 118);
    if (!['1', '2', '3'].includes(juros)) motivos.push('26');
    else if (juros !== '3' && !(Number(campo(p, 127, 141)) > 0)) motivos.push('27');
    // Multa (segment R): a code the bank knows, from a date not before the due date, of a value above 0.
    const multa = campo(r, 66, 66);
    if (multa === '1' || multa === '2') {
      const desde = dataDe(campo(r, 67, 74));
      if (!desde || (vencimento !== null && desde < vencimento)) motivos.push('58');
      if (!(Number(campo(r, 75, 89)) > 0)) motivos.push('59');
    }
    const tipo = campo(q, 18, 18);
    const inscricao = campo(q, 19, 33);
    const inscricaoOk =
      tipo === '1'
        ? cpfValido(inscricao.slice(4)) && inscricao.startsWith('0000')
        : tipo === '2' && cnpjValido(inscricao.slice(1));
    if (!inscricaoOk) motivos.push('46');
    if (campo(q, 34, 73).trim() === '') motivos.push('45');
    if (campo(q, 74, 113).trim() === '') motivos.push('47');
    const cep = campo(q, 129, 136);
    if (!/^\d{8}$/.test(cep) || cep === '00000000') motivos.push('48');
    if (!UFS.has(campo(q, 152, 153))) motivos.push('52');
    if (!['0', '1', '2'].includes(multa)) motivos.push('57');
    return motivos;
  }

  // ------------------------------------------------------------------ writing the retorno

  private escreverRetorno(ocorrencias: readonly Ocorrencia[], hoje: string): string {
    const { banco, agencia, conta, convenio, cnpj } = this.convenio;
    this.nsaRetorno += 1;
    const contaPecas = (start: number) =>
      [
        [start, start + 4, agencia, 'n'],
        [start + 6, start + 17, conta, 'n'],
      ] as const;
    const convenioPecas = (start: number) =>
      banco === '001'
        ? ([
            [start, start + 8, convenio, 'n'],
            [start + 9, start + 12, '0014', 'n'],
          ] as const)
        : ([] as const);
    const linhas: string[] = [];
    linhas.push(
      registro([
        [1, 3, banco, 'n'],
        [4, 7, 0, 'n'],
        [8, 8, 0, 'n'],
        [18, 18, 2, 'n'],
        [19, 32, cnpj, 'n'],
        ...convenioPecas(33),
        ...contaPecas(53),
        [73, 102, 'ESCOLA', 'a'],
        [103, 132, banco === '001' ? 'BANCO DO BRASIL S.A.' : 'SICOOB', 'a'],
        [143, 143, 2, 'n'],
        [144, 151, ddmmaaaa(hoje), 'n'],
        [152, 157, '120000', 'n'],
        [158, 163, this.nsaRetorno, 'n'],
        [164, 166, banco === '001' ? '083' : '081', 'n'],
      ]),
    );
    linhas.push(
      registro([
        [1, 3, banco, 'n'],
        [4, 7, 1, 'n'],
        [8, 8, 1, 'n'],
        [9, 9, 'T', 'a'],
        [10, 11, '01', 'n'],
        [14, 16, banco === '001' ? '042' : '040', 'n'],
        [18, 18, 2, 'n'],
        [19, 33, cnpj, 'n'],
        ...convenioPecas(34),
        ...contaPecas(54),
        [184, 191, this.nsaRetorno, 'n'],
        [192, 199, ddmmaaaa(hoje), 'n'],
      ]),
    );
    let seq = 0;
    // Positions 1–17 of a detail line of lote 1: bank, lote, record type 3, sequence, segment, movement.
    const inicioDoDetalhe = (segmento: 'T' | 'U', codigo: string) =>
      [
        [1, 3, banco, 'n'],
        [4, 7, 1, 'n'],
        [8, 8, 3, 'n'],
        [9, 13, ++seq, 'n'],
        [14, 14, segmento, 'a'],
        [16, 17, codigo, 'n'],
      ] as const;
    for (const o of ocorrencias) {
      const motivos = o.motivos.join('').padEnd(10, ' ');
      linhas.push(
        registro([
          ...inicioDoDetalhe('T', o.codigo),
          ...contaPecas(18),
          [38, 57, o.titulo.campoNossoNumero, 'a'],
          [58, 58, 1, 'n'],
          [59, 73, o.titulo.seuNumero, 'a'],
          [74, 81, ddmmaaaa(o.titulo.vencimento), 'n'],
          [82, 96, o.titulo.valor, 'n'],
          [97, 99, banco, 'n'],
          [131, 132, '09', 'n'],
          [133, 133, o.titulo.pagadorTipo, 'n'],
          [134, 148, o.titulo.pagadorInscricao, 'n'],
          [149, 188, o.titulo.pagadorNome, 'a'],
          [199, 213, o.tarifa, 'n'],
          [214, 223, motivos, 'a'],
        ]),
      );
      linhas.push(
        registro([
          ...inicioDoDetalhe('U', o.codigo),
          [18, 32, o.acrescimos, 'n'],
          [33, 47, o.desconto, 'n'],
          [48, 62, 0, 'n'],
          [63, 77, 0, 'n'],
          [78, 92, o.valorPago, 'n'],
          [93, 107, Math.max(0, o.valorPago - o.tarifa), 'n'],
          [108, 122, 0, 'n'],
          [123, 137, 0, 'n'],
          [138, 145, ddmmaaaa(o.data), 'n'],
          [146, 153, ddmmaaaa(o.valorPago > 0 ? o.data : hoje), 'n'],
          [158, 165, 0, 'n'],
          [166, 180, 0, 'n'],
          [211, 213, 0, 'n'],
        ]),
      );
    }
    const liquidados = ocorrencias.filter((o) => o.codigo === '06');
    linhas.push(
      registro([
        [1, 3, banco, 'n'],
        [4, 7, 1, 'n'],
        [8, 8, 5, 'n'],
        [18, 23, seq + 2, 'n'],
        [24, 29, liquidados.length, 'n'],
        [30, 46, liquidados.reduce((soma, o) => soma + o.valorPago, 0), 'n'],
      ]),
    );
    linhas.push(
      registro([
        [1, 3, banco, 'n'],
        [4, 7, 9999, 'n'],
        [8, 8, 9, 'n'],
        [18, 23, 1, 'n'],
        [24, 29, linhas.length + 1, 'n'],
      ]),
    );
    return `${linhas.join('\r\n')}\r\n`;
  }
}
