/**
 * Devoluções requested by the school (BCB Pix API: `PUT /pix/{e2eid}/devolucao/{id}`, scope `pix.write`;
 * `GET /pix/{e2eid}/devolucao/{id}`, scope `pix.read`). The school names each devolução with an id of its
 * own (`[a-zA-Z0-9]{1,35}`); the bank refuses an id already used for that Pix, an amount that is not a
 * positive `\d{1,10}.\d{2}` or that would return more than the Pix brought, a `natureza` other than
 * ORIGINAL (RETIRADA is for a Pix Saque/Troco, which this bank does not hold) and a `descricao` over 140
 * characters. A devolução starts EM_PROCESSAMENTO and is settled by the SPI: at once (the default) or when a
 * test says (`liquidarDevolucao`), DEVOLVIDO or NAO_REALIZADO; the webhook is posted again with it.
 */
import type { IncomingMessage } from 'node:http';
import type { Banco } from './banco.js';
import { type Resposta, isObject, problema, readJson } from './respostas.js';
import type { ComEscopo } from './recorrencias.js';
import type { Violacao } from './validacao.js';
import { centavos } from './valor-do-dia.js';

const ID_DEVOLUCAO = /^[a-zA-Z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;

const invalida = (detail: string, violacoes?: Violacao[]): Resposta =>
  problema(400, 'DevolucaoOperacaoInvalida', 'Devolução inválida.', detail, violacoes);

const pixNaoEncontrado = (): Resposta =>
  problema(404, 'PixNaoEncontrado', 'Pix não encontrado.', 'Nenhum Pix recebido com este endToEndId.');

/** The body's violations, or its amount in centavos and description. */
function lerCorpo(body: unknown): Violacao[] | { valor: number; descricao?: string } {
  if (!isObject(body)) return [{ propriedade: 'valor', razao: 'Corpo JSON obrigatório.' }];
  const violacoes: Violacao[] = [];
  const { valor, natureza, descricao } = body;
  if (typeof valor !== 'string' || !VALOR.test(valor) || centavos(valor) <= 0)
    violacoes.push({
      propriedade: 'valor',
      razao: 'Obrigatório, decimal positivo com duas casas ("123.45").',
      ...(typeof valor === 'string' ? { valor } : {}),
    });
  if (natureza !== undefined && natureza !== 'ORIGINAL')
    violacoes.push({
      propriedade: 'natureza',
      razao:
        natureza === 'RETIRADA'
          ? 'RETIRADA só vale para Pix Saque ou Pix Troco.'
          : 'Valores aceitos: ORIGINAL ou RETIRADA.',
      ...(typeof natureza === 'string' ? { valor: natureza } : {}),
    });
  if (descricao !== undefined && (typeof descricao !== 'string' || descricao.length > 140))
    violacoes.push({ propriedade: 'descricao', razao: 'Texto de até 140 caracteres.' });
  if (violacoes.length > 0) return violacoes;
  return {
    valor: centavos(valor as string),
    ...(typeof descricao === 'string' ? { descricao } : {}),
  };
}

async function solicitar(
  banco: Banco,
  req: IncomingMessage,
  endToEndId: string,
  id: string,
): Promise<Resposta> {
  const body = await readJson(req);
  const pix = banco.pixPorE2e(endToEndId);
  if (!pix) return pixNaoEncontrado();
  if (!ID_DEVOLUCAO.test(id))
    return invalida('O id da devolução não respeita o schema.', [
      { propriedade: 'id', razao: 'Até 35 letras e dígitos.', valor: id },
    ]);
  const lido = lerCorpo(body);
  if (Array.isArray(lido))
    return invalida('A requisição de devolução não respeita o schema ou está semanticamente errada.', lido);
  if (banco.devolucao(endToEndId, id))
    return invalida('Já existe uma devolução com este id para este Pix.', [
      { propriedade: 'id', razao: 'Id de devolução já utilizado.', valor: id },
    ]);
  const jaDevolvido = (pix.devolucoes ?? [])
    .filter((devolucao) => devolucao.status !== 'NAO_REALIZADO')
    .reduce((soma, devolucao) => soma + centavos(devolucao.valor), 0);
  if (jaDevolvido + lido.valor > centavos(pix.valor))
    return invalida('O valor da devolução excede o que resta do Pix.', [
      { propriedade: 'valor', razao: 'A soma das devoluções não pode passar do valor do Pix.' },
    ]);
  return { status: 201, body: banco.solicitarDevolucao(endToEndId, id, lido.valor, lido.descricao) };
}

/** `pix/{e2eid}/devolucao/{id}`: an answer, or undefined for any other path (the next route tries it). */
export function rotasDeDevolucao(banco: Banco) {
  return (
    method: string,
    segments: string[],
    req: IncomingMessage,
    comEscopo: ComEscopo,
  ): Promise<Resposta> | undefined => {
    const [recurso, endToEndId, sub, id, ...resto] = segments;
    if (recurso !== 'pix' || sub !== 'devolucao' || !endToEndId || id === undefined || resto.length > 0)
      return undefined;
    if (method === 'PUT') return comEscopo('pix.write', () => solicitar(banco, req, endToEndId, id));
    if (method === 'GET')
      return comEscopo('pix.read', () => {
        const devolucao = banco.devolucao(endToEndId, id);
        return devolucao
          ? { status: 200, body: devolucao }
          : problema(
              404,
              'DevolucaoNaoEncontrada',
              'Devolução não encontrada.',
              'Nenhuma devolução com este id para este Pix.',
            );
      });
    return Promise.resolve(problema(405, 'RequisicaoInvalida', 'Método não permitido.', 'Use PUT ou GET.'));
  };
}
