import { request } from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FiscalAmbiente } from '../../../shared/fiscal.schemas.js';
import { textOf } from './xml.js';

/**
 * The adapter of the national API (SEFIN Nacional, ADR 0057): JSON over HTTPS with mutual TLS (the A1
 * certificate is the client certificate), documents gzip+base64 in the body.
 * - `POST {base}/nfse` `{ dpsXmlGZipB64 }` → 201 `{ chaveAcesso, idDps, nfseXmlGZipB64, … }` or 4xx `{ erros: [{ Codigo, Descricao }] }`;
 * - `GET {base}/dps/{idDps}` → `{ chaveAcesso }` (after a timeout: was it issued?);
 * - `GET {base}/nfse/{chave}` → `{ nfseXmlGZipB64 }`;
 * - `POST {base}/nfse/{chave}/eventos` `{ pedidoRegistroEventoXmlGZipB64 }` → 201 `{ eventoXmlGZipB64 }` or 4xx `{ erros }`.
 * A 5xx, a timeout or a broken connection is tried again once here, then reported as
 * `NfseIndisponivelError` (the job queue tries again later, with back-off).
 */
export const URLS_NACIONAIS: Record<FiscalAmbiente, string> = {
  producao_restrita: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
  producao: 'https://sefin.nfse.gov.br/SefinNacional',
};

export interface ConexaoNacional {
  baseUrl: string;
  pfx: Buffer;
  senha: string;
  /** Extra CA to trust (the simulator's); the real API is served with a public certificate. */
  ca?: string | undefined;
  timeoutMs?: number;
}

export class NfseIndisponivelError extends Error {
  constructor(detalhe: string) {
    super(`API nacional da NFS-e indisponível: ${detalhe}`);
    this.name = 'NfseIndisponivelError';
  }
}

export interface Rejeicao {
  codigo: string;
  motivo: string;
}

export type RespostaEmissao =
  | { tipo: 'emitida'; chaveAcesso: string; numero: string | null; xmlNfse: string }
  | ({ tipo: 'rejeitada' } & Rejeicao);

export type RespostaEvento = { tipo: 'registrado'; xmlEvento: string } | ({ tipo: 'rejeitado' } & Rejeicao);

const zip = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
/** An NFS-e's XML is a few kB: an answer that unpacks past this is not one (a gzip bomb). */
const MAX_XML_BYTES = 5 * 1024 * 1024;
/** Nor is an answer larger than this, read whole before it is parsed. */
const MAX_RESPOSTA_BYTES = 10 * 1024 * 1024;
const unzip = (base64: string) =>
  gunzipSync(Buffer.from(base64, 'base64'), { maxOutputLength: MAX_XML_BYTES }).toString('utf8');

interface Resposta {
  status: number;
  corpo: Record<string, unknown>;
}

function umaChamada(
  conexao: ConexaoNacional,
  method: 'GET' | 'POST',
  caminho: string,
  corpo?: object,
): Promise<Resposta> {
  let base = conexao.baseUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  const url = new URL(`${base}${caminho}`);
  const payload = corpo ? Buffer.from(JSON.stringify(corpo), 'utf8') : null;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        pfx: conexao.pfx,
        passphrase: conexao.senha,
        ...(conexao.ca ? { ca: conexao.ca } : {}),
        timeout: conexao.timeoutMs ?? 30_000,
        agent: false,
        headers: {
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > MAX_RESPOSTA_BYTES) res.destroy(new Error('resposta grande demais'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = {};
          }
          resolve({ status: res.statusCode ?? 0, corpo: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** One call, tried twice on a 5xx or a network failure. */
async function chamar(
  conexao: ConexaoNacional,
  method: 'GET' | 'POST',
  caminho: string,
  corpo?: object,
): Promise<Resposta> {
  let detalhe = '';
  for (let tentativa = 1; tentativa <= 2; tentativa++) {
    try {
      const resposta = await umaChamada(conexao, method, caminho, corpo);
      if (resposta.status < 500) return resposta;
      detalhe = `HTTP ${resposta.status}`;
    } catch (error) {
      detalhe = error instanceof Error ? error.message : 'falha de rede';
    }
  }
  throw new NfseIndisponivelError(detalhe);
}

const texto = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The first error of a rejection (`erros` or `Erros`, `Codigo`/`codigo`). */
function rejeicaoDe(resposta: Resposta): Rejeicao {
  const lista = (resposta.corpo.erros ?? resposta.corpo.Erros) as Record<string, unknown>[] | undefined;
  const erro = Array.isArray(lista) ? lista[0] : undefined;
  const codigo = texto(erro?.Codigo) ?? texto(erro?.codigo) ?? `HTTP${resposta.status}`;
  const descricao = texto(erro?.Descricao) ?? texto(erro?.descricao) ?? 'Rejeitada pela API nacional';
  const complemento = texto(erro?.Complemento) ?? texto(erro?.complemento);
  return { codigo, motivo: complemento ? `${descricao} (${complemento})` : descricao };
}

export async function enviarDps(conexao: ConexaoNacional, dpsAssinada: string): Promise<RespostaEmissao> {
  const resposta = await chamar(conexao, 'POST', '/nfse', { dpsXmlGZipB64: zip(dpsAssinada) });
  if (resposta.status === 200 || resposta.status === 201) {
    const chave = texto(resposta.corpo.chaveAcesso) ?? '';
    const xml = typeof resposta.corpo.nfseXmlGZipB64 === 'string' ? unzip(resposta.corpo.nfseXmlGZipB64) : '';
    if (!/^\d{50}$/.test(chave) || xml === '')
      throw new NfseIndisponivelError('resposta sem chave de acesso');
    return { tipo: 'emitida', chaveAcesso: chave, numero: textOf(xml, 'nNFSe'), xmlNfse: xml };
  }
  return { tipo: 'rejeitada', ...rejeicaoDe(resposta) };
}

/** The chave of the NFS-e a DPS became, or null when the national system has none. */
export async function consultarDps(conexao: ConexaoNacional, idDps: string): Promise<string | null> {
  const resposta = await chamar(conexao, 'GET', `/dps/${encodeURIComponent(idDps)}`);
  const chave = texto(resposta.corpo.chaveAcesso) ?? '';
  return resposta.status === 200 && /^\d{50}$/.test(chave) ? chave : null;
}

export async function consultarNfse(conexao: ConexaoNacional, chave: string): Promise<string | null> {
  const resposta = await chamar(conexao, 'GET', `/nfse/${encodeURIComponent(chave)}`);
  const xml = resposta.corpo.nfseXmlGZipB64;
  return resposta.status === 200 && typeof xml === 'string' ? unzip(xml) : null;
}

export async function registrarEvento(
  conexao: ConexaoNacional,
  chave: string,
  pedidoAssinado: string,
): Promise<RespostaEvento> {
  const resposta = await chamar(conexao, 'POST', `/nfse/${encodeURIComponent(chave)}/eventos`, {
    pedidoRegistroEventoXmlGZipB64: zip(pedidoAssinado),
  });
  if (resposta.status === 200 || resposta.status === 201) {
    const xml = resposta.corpo.eventoXmlGZipB64;
    return { tipo: 'registrado', xmlEvento: typeof xml === 'string' ? unzip(xml) : '' };
  }
  return { tipo: 'rejeitado', ...rejeicaoDe(resposta) };
}
