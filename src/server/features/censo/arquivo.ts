/**
 * The Educacenso file writer (issue 37, ADR 0059): a year's layout (`LayoutAno`) and the sources' lines
 * (`Linha[]`) become the text INEP's Migração takes, and the same table checks every value (`validar`),
 * the generic half of the pending list.
 *
 * The file's rules, as INEP's 'regras gerais' and i-Educar's export (Formatters.php, ArrayToCenso.php,
 * EducacensoExportController.php, educar_exportacao_educacenso.php) apply them:
 * - one record per line, fields in the layout's order joined by `|`, an empty field written as nothing
 *   between two pipes (a trailing empty field leaves the line ending in `|`);
 * - lines end in LF: i-Educar writes PHP_EOL on its Linux servers and INEP takes those files. INEP's
 *   text we could read does not name the line ending; if its validator ever refuses LF, `FIM_DE_LINHA`
 *   is the one place to change;
 * - the whole file in ISO-8859-1 (the 2022 stage-2 layout's rule 1: 'Deve ser utilizado o padrão
 *   ISO-8859-1');
 * - no lower-case letters nor accented characters (the same rule 10): text is upper-cased, accents are
 *   stripped (Ç → C, Ã → A, Ñ → N…) and only A–Z, 0–9, space, ª, º and '-' stay (i-Educar's
 *   `convertStringToCenso`); fields marked `comAcentos` (e-mails) are upper-cased and keep their other
 *   characters (`@`, `.`, `_`), only a pipe or a line break is dropped;
 * - stage 1 ends with the record `99|` (i-Educar's `exportaDadosRegistro99`); stage 2 has no trailer.
 */
import { isValidCnpj } from '../../../shared/settings.schemas.js';
import type { Pendencia } from '../../../shared/censo.schemas.js';
import { isValidCpf } from '../../../shared/validators.js';
import { tiposRegistro, type Campo, type LayoutAno, type Linha, type Valor } from './layout.js';

export const SEPARADOR = '|';
export const FIM_DE_LINHA = '\n';
/** The last line of a stage-1 file. */
export const REGISTRO_FIM_MATRICULA_INICIAL = '99|';

const ACENTOS: readonly [RegExp, string][] = [
  [/[ÁÀÃÂÄ]/g, 'A'],
  [/[ÉÈÊË]/g, 'E'],
  [/[ÍÌÎÏ]/g, 'I'],
  [/[ÓÒÕÔÖ]/g, 'O'],
  [/[ÚÙÛÜ]/g, 'U'],
  [/Ñ/g, 'N'],
  [/Ç/g, 'C'],
];

/** Upper case without accents, only INEP's allowed characters, single spaces. */
export function textoCenso(value: string): string {
  let text = value.toLocaleUpperCase('pt-BR');
  for (const [pattern, letter] of ACENTOS) text = text.replace(pattern, letter);
  return text
    .replace(/[^A-Z0-9 ªº-]/g, '')
    .replace(/ +/g, ' ')
    .trim();
}

/** Upper case, keeping the value's own characters (an e-mail's `@ . _`), never a pipe or a line break. */
function textoComAcentos(value: string): string {
  return value
    .toLocaleUpperCase('pt-BR')
    .replace(/[|\r\n\t]/g, ' ')
    .replace(/[^\u0020-\u00ff]/g, '')
    .trim();
}

const vazio = (value: Valor): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dataValida(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function indicador(value: Valor): '0' | '1' | null {
  if (value === true || value === 1 || value === '1') return '1';
  if (value === false || value === 0 || value === '0') return '0';
  return null;
}

/** A value as the file writes it ('' for an empty or unwritable value; `validar` says why). */
export function formatarValor(campo: Campo, value: Valor): string {
  if (campo.formato === 'fixo') return campo.valor ?? '';
  if (vazio(value)) return '';
  switch (campo.formato) {
    case 'texto':
      return campo.comAcentos ? textoComAcentos(String(value)) : textoCenso(String(value));
    case 'numero':
    case 'cpf':
    case 'cnpj':
      return typeof value === 'number' ? String(Math.trunc(value)) : String(value).replace(/\D/g, '');
    case 'inteiro':
      return typeof value === 'number' ? String(Math.trunc(value)) : String(value).trim();
    case 'data': {
      const text = String(value);
      return dataValida(text) ? `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)}` : '';
    }
    case 'indicador':
      return indicador(value) ?? '';
    case 'codigo':
      return String(value).trim();
  }
}

/** One line of the file (without its line ending). */
export function escreverLinha(layout: LayoutAno, linha: Linha): string {
  return valoresDaLinha(layout, linha, []).join(SEPARADOR);
}

/**
 * A line's written values into `partes` (emptied first), for the stream to join (issue 38): one array
 * reused for every line, not an array of ~60 strings per line, nor ~120 intermediate strings of a
 * concatenation.
 */
export function valoresDaLinha(layout: LayoutAno, linha: Linha, partes: string[]): string[] {
  const campos = layout.registros[linha.tipo];
  partes.length = campos.length;
  for (let i = 0; i < campos.length; i++) {
    const campo = campos[i]!;
    partes[i] = formatarValor(campo, linha.valores[campo.chave]);
  }
  return partes;
}

const ordemDoTipo = (tipo: string) => tiposRegistro.indexOf(tipo as (typeof tiposRegistro)[number]);

/** The lines in INEP's order of records, stable within a record type (the sources' order). */
export function ordenarLinhas(linhas: readonly Linha[]): Linha[] {
  return [...linhas].sort((a, b) => ordemDoTipo(a.tipo) - ordemDoTipo(b.tipo));
}

/** The file's text: sorted lines, each ending in `FIM_DE_LINHA`, then the trailer when given. */
export function textoDoArquivo(layout: LayoutAno, linhas: readonly Linha[], fim?: string): string {
  const texto = ordenarLinhas(linhas).map((linha) => escreverLinha(layout, linha));
  if (fim) texto.push(fim);
  return texto.map((line) => line + FIM_DE_LINHA).join('');
}

/** The file's bytes in ISO-8859-1. */
export function escreverArquivo(layout: LayoutAno, linhas: readonly Linha[], fim?: string): Buffer {
  return Buffer.from(textoDoArquivo(layout, linhas, fim), 'latin1');
}

// --- The generic pending list --------------------------------------------------------------------

function obrigatorio(campo: Campo, linha: Linha): boolean {
  const regra = campo.obrigatorio;
  if (regra === undefined || regra === false) return false;
  if (regra === true) return true;
  const atual = linha.valores[regra.quando];
  if (vazio(atual)) return false;
  return regra.em.some((valor) => valor === atual || String(valor) === String(atual));
}

/** What is wrong with a filled value, or null. */
function problemaDoValor(campo: Campo, value: Valor): string | null {
  const text = typeof value === 'string' ? value.trim() : String(value);
  switch (campo.formato) {
    case 'fixo':
      return null;
    case 'texto': {
      const escrito = formatarValor(campo, value);
      if (escrito === '') return 'Só tem caracteres que o INEP não aceita: use letras e números.';
      if (campo.tamanho !== undefined && escrito.length > campo.tamanho)
        return `Tem ${String(escrito.length)} caracteres; o INEP aceita até ${String(campo.tamanho)}.`;
      return null;
    }
    case 'numero': {
      if (typeof value !== 'number' && !/^[\d.\-/\s]+$/.test(text)) return 'Use só números.';
      const digits = formatarValor(campo, value);
      if (campo.tamanho !== undefined && digits.length > campo.tamanho)
        return `Tem ${String(digits.length)} dígitos; o INEP aceita até ${String(campo.tamanho)}.`;
      return null;
    }
    case 'inteiro':
      return /^\d+$/.test(text) ? null : 'Informe um número inteiro, zero ou maior.';
    case 'data':
      return dataValida(text) ? null : 'Data inválida.';
    case 'indicador':
      return indicador(value) === null ? 'Informe sim ou não.' : null;
    case 'codigo':
      return campo.codigos && !campo.codigos.includes(text)
        ? `O código ${text} não está na lista do INEP para este campo.`
        : null;
    case 'cpf':
      return isValidCpf(text.replace(/\D/g, '')) ? null : 'CPF inválido: confira os dígitos.';
    case 'cnpj':
      return isValidCnpj(text.replace(/\D/g, '')) ? null : 'CNPJ inválido: confira os dígitos.';
  }
}

/** Told of each problem of a line: the field as the screen labels it and what is wrong. */
export type AnotarProblema = (linha: Linha, campo: string, mensagem: string) => void;

/**
 * Every value of one line checked against its field (see `validar`), each problem told to `anotar`
 * without building a pendência: the stream (fluxo.ts) builds one only while its kind is under the
 * task's limit (issue 38).
 */
export function verificarLinha(layout: LayoutAno, linha: Linha, anotar: AnotarProblema): void {
  for (const campo of layout.registros[linha.tipo]) {
    const value = linha.valores[campo.chave];
    const mensagem = vazio(value)
      ? obrigatorio(campo, linha)
        ? 'Não preenchido: o INEP exige este campo.'
        : null
      : problemaDoValor(campo, value);
    if (mensagem === null) continue;
    anotar(linha, linha.rotulos?.[campo.chave] ?? campo.descricao, mensagem);
  }
}

/** A line's problem as the pending list shows it. */
export function pendenciaDe(linha: Linha, campo: string, mensagem: string): Pendencia {
  return {
    registro: linha.tipo,
    entidade: linha.entidade,
    entidade_id: linha.entidadeId,
    nome: linha.nome,
    campo,
    mensagem,
    link: linha.link,
  };
}

/**
 * Every value of every line checked against its field: required and empty (always, or when another
 * field has one of some values), a code outside the list, too long, the wrong form, CPF/CNPJ check
 * digits. Each pendência names the line's entity, the field as its screen labels it and the link.
 */
export function validar(layout: LayoutAno, linhas: readonly Linha[]): Pendencia[] {
  const pendencias: Pendencia[] = [];
  const anotar: AnotarProblema = (linha, campo, mensagem) =>
    pendencias.push(pendenciaDe(linha, campo, mensagem));
  for (const linha of ordenarLinhas(linhas)) verificarLinha(layout, linha, anotar);
  return pendencias;
}
