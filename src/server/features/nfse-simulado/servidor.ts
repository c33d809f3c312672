import { randomInt, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TLSSocket } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  assinarXml,
  cnpjDoCertificadoPem,
  dataHoraBrasilia,
  NFSE_NS,
  tag,
  textOf,
  validarXsd,
  verificarAssinatura,
  VERSAO_LEIAUTE,
} from '../nfse/index.js';
import { formarChave } from './chave.js';
import { gerarAc, gerarCertificadoServidor, type AcDeTeste } from './certificados.js';

/**
 * The simulated national API of the NFS-e (NFSE_PROVIDER=simulado; the demo and the tests, ADR 0057):
 * HTTPS with mutual TLS and throwaway certificates, the same routes and JSON as SEFIN Nacional, and the
 * checks the real one makes — client certificate present and naming the prestador's CNPJ, the XSD, the
 * signature made with that same certificate, the DPS Id's formation, a DPS sent twice (E0014). Documented
 * rejection triggers (docs/nfse.md): the tomador's CPF 111.444.777-35 → S101, a service value of 666,66 → S102.
 */
export const CPF_REJEITADO = '11144477735';
export const VALOR_REJEITADO = '666.66';

interface NotaSimulada {
  chave: string;
  idDps: string;
  cnpj: string;
  xml: string;
  cancelada: boolean;
}

export interface NfseSimulada {
  baseUrl: string;
  /** The CA that issued the server certificate (the client must trust it) and the schools' A1s. */
  ac: AcDeTeste;
  /** The next `n` requests answer this HTTP status (a 503 to exercise retries). */
  falharProximas(n: number, status?: number): void;
  notas(): readonly NotaSimulada[];
  close(): Promise<void>;
}

class ErroSimulado extends Error {
  constructor(
    readonly status: number,
    readonly codigo: string,
    readonly descricao: string,
  ) {
    super(`${codigo}: ${descricao}`);
  }
}

const erro = (status: number, codigo: string, descricao: string) =>
  new ErroSimulado(status, codigo, descricao);

function lerCorpo(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > 2_000_000) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function responder(res: ServerResponse, status: number, corpo: object): void {
  const json = JSON.stringify(corpo);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(json);
}

const zip = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');

function abrirDocumento(corpo: string, campo: string): string {
  try {
    const json = JSON.parse(corpo) as Record<string, unknown>;
    const valor = json[campo];
    if (typeof valor !== 'string') throw new Error('campo');
    return gunzipSync(Buffer.from(valor, 'base64')).toString('utf8');
  } catch {
    throw erro(400, 'S000', `Corpo inválido: envie { "${campo}": XML em gzip+base64 }`);
  }
}

function certificadoDoCliente(req: IncomingMessage): string {
  if (!(req.socket instanceof TLSSocket)) throw erro(403, 'S001', 'Conexão sem TLS');
  const peer = req.socket.getPeerCertificate();
  if (Object.keys(peer).length === 0)
    throw erro(403, 'S001', 'Certificado digital do cliente ausente (TLS mútuo)');
  return new X509Certificate(peer.raw).toString();
}

const mesmoCertificado = (a: string, b: string) =>
  new X509Certificate(a).fingerprint256 === new X509Certificate(b).fingerprint256;

async function conferirDocumento(
  xml: string,
  esquema: 'DPS_v1.01.xsd' | 'pedRegEvento_v1.01.xsd',
  elemento: string,
  cliente: string,
) {
  const xsd = await validarXsd(xml, esquema);
  if (!xsd.valido) throw erro(400, 'S002', `Falha no esquema XML: ${xsd.erros.slice(0, 3).join('; ')}`);
  const assinatura = verificarAssinatura(xml, elemento);
  if (!assinatura.valida) throw erro(400, 'S003', `Assinatura digital inválida: ${assinatura.motivo}`);
  if (!mesmoCertificado(assinatura.certificadoPem, cliente))
    throw erro(400, 'S004', 'O certificado da assinatura não é o certificado da conexão');
}

export async function startNfseSimulada(opcoes: { port?: number } = {}): Promise<NfseSimulada> {
  const ac = gerarAc();
  const servidor = gerarCertificadoServidor(ac);
  const assinante = servidor;
  const notas: NotaSimulada[] = [];
  let falhas = { restantes: 0, status: 503 };
  let proximoNumero = 1;

  async function emitir(req: IncomingMessage, corpo: string): Promise<[number, object]> {
    const cliente = certificadoDoCliente(req);
    const dps = abrirDocumento(corpo, 'dpsXmlGZipB64');
    await conferirDocumento(dps, 'DPS_v1.01.xsd', 'infDPS', cliente);
    const cnpj = textOf(dps.split('<toma>')[0] ?? '', 'CNPJ') ?? '';
    if (cnpjDoCertificadoPem(cliente) !== cnpj)
      throw erro(403, 'S005', 'O CNPJ do certificado não é o do prestador da DPS');
    const id = /<infDPS[^>]*\sId="([^"]+)"/.exec(dps)?.[1] ?? '';
    const municipio = textOf(dps, 'cLocEmi') ?? '';
    const serie = textOf(dps, 'serie') ?? '';
    const numeroDps = textOf(dps, 'nDPS') ?? '';
    const esperado = `DPS${municipio}2${cnpj.padStart(14, '0')}${serie.padStart(5, '0')}${numeroDps.padStart(15, '0')}`;
    if (id !== esperado) throw erro(400, 'S006', `Id da DPS mal formado: esperado ${esperado}`);
    if (notas.some((nota) => nota.idDps === id))
      throw erro(400, 'E0014', 'DPS já processada: já existe NFS-e gerada a partir desta DPS (mesmo Id)');
    const tomador = dps.split('<toma>')[1] ?? '';
    if (textOf(tomador, 'CPF') === CPF_REJEITADO)
      throw erro(400, 'S101', 'CPF do tomador em situação irregular na Receita Federal (simulação)');
    const valor = textOf(dps, 'vServ') ?? '0';
    if (valor === VALOR_REJEITADO) throw erro(400, 'S102', 'Valor do serviço recusado (simulação)');

    const agora = new Date();
    const dh = dataHoraBrasilia(agora);
    const numero = proximoNumero++;
    const chave = formarChave({
      municipio,
      ambienteGerador: '2',
      cnpj,
      numero,
      anoMes: dh.slice(2, 4) + dh.slice(5, 7),
      codigo: randomInt(0, 999_999_999),
    });
    const dpsInterna = dps.replace(/^<\?xml[^>]*\?>/, '').replace(` xmlns="${NFSE_NS}"`, '');
    const inf = [
      tag('xLocEmi', 'Município da escola (simulação)'),
      tag('xLocPrestacao', 'Município da escola (simulação)'),
      tag('nNFSe', String(numero)),
      tag('cLocIncid', municipio),
      tag('xLocIncid', 'Município da escola (simulação)'),
      tag('xTribNac', 'Ensino regular (simulação)'),
      tag('verAplic', 'NfseSimulada-1.0'),
      tag('ambGer', '2'),
      tag('tpEmis', '1'),
      tag('cStat', '100'),
      tag('dhProc', dh),
      tag('nDFSe', String(numero)),
      `<emit>${tag('CNPJ', cnpj)}${tag('xNome', 'Escola (simulação)')}<enderNac>${tag('xLgr', 'Rua da Escola')}${tag('nro', '1')}${tag('xBairro', 'Centro')}${tag('cMun', municipio)}${tag('UF', 'SP')}${tag('CEP', '01001000')}</enderNac></emit>`,
      `<valores>${tag('vLiq', valor)}</valores>`,
      dpsInterna,
    ].join('');
    const nfse = assinarXml(
      `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="${NFSE_NS}" versao="${VERSAO_LEIAUTE}"><infNFSe Id="NFS${chave}">${inf}</infNFSe></NFSe>`,
      'infNFSe',
      assinante.chavePem,
      assinante.certificadoPem,
    );
    notas.push({ chave, idDps: id, cnpj, xml: nfse, cancelada: false });
    return [
      201,
      {
        tipoAmbiente: Number(textOf(dps, 'tpAmb') ?? 2),
        versaoAplicativo: 'NfseSimulada-1.0',
        dataHoraProcessamento: dh,
        idDps: id,
        chaveAcesso: chave,
        nfseXmlGZipB64: zip(nfse),
        alertas: null,
      },
    ];
  }

  async function cancelar(req: IncomingMessage, chave: string, corpo: string): Promise<[number, object]> {
    const cliente = certificadoDoCliente(req);
    const pedido = abrirDocumento(corpo, 'pedidoRegistroEventoXmlGZipB64');
    await conferirDocumento(pedido, 'pedRegEvento_v1.01.xsd', 'infPedReg', cliente);
    const nota = notas.find((item) => item.chave === chave);
    if (!nota || textOf(pedido, 'chNFSe') !== chave)
      throw erro(404, 'S202', 'NFS-e não encontrada para esta chave');
    if (textOf(pedido, 'CNPJAutor') !== nota.cnpj || cnpjDoCertificadoPem(cliente) !== nota.cnpj)
      throw erro(403, 'S005', 'Só o prestador pode cancelar a NFS-e');
    if (nota.cancelada) throw erro(400, 'E0840', 'NFS-e já cancelada: evento de cancelamento já registrado');
    nota.cancelada = true;
    const dh = dataHoraBrasilia(new Date());
    const interno = pedido.replace(/^<\?xml[^>]*\?>/, '').replace(` xmlns="${NFSE_NS}"`, '');
    const evento = assinarXml(
      `<?xml version="1.0" encoding="UTF-8"?><evento xmlns="${NFSE_NS}" versao="${VERSAO_LEIAUTE}"><infEvento Id="EVT${chave}101101001">${tag('verAplic', 'NfseSimulada-1.0')}${tag('ambGer', '2')}${tag('nSeqEvento', '1')}${tag('dhProc', dh)}${tag('nDFe', '1')}${interno}</infEvento></evento>`,
      'infEvento',
      assinante.chavePem,
      assinante.certificadoPem,
    );
    return [
      201,
      {
        tipoAmbiente: 2,
        versaoAplicativo: 'NfseSimulada-1.0',
        dataHoraProcessamento: dh,
        eventoXmlGZipB64: zip(evento),
      },
    ];
  }

  async function atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (falhas.restantes > 0) {
      falhas.restantes--;
      responder(res, falhas.status, { erro: 'Serviço indisponível (simulação)' });
      return;
    }
    const url = new URL(req.url ?? '/', 'https://localhost');
    const caminho = url.pathname.replace(/^\/SefinNacional/i, '');
    try {
      const corpo = await lerCorpo(req);
      let resultado: [number, object];
      const evento = /^\/nfse\/(\d{50})\/eventos$/.exec(caminho);
      const consultaNfse = /^\/nfse\/(\d{50})$/.exec(caminho);
      const consultaDps = /^\/dps\/(DPS\d{42})$/.exec(caminho);
      if (req.method === 'POST' && caminho === '/nfse') resultado = await emitir(req, corpo);
      else if (req.method === 'POST' && evento) resultado = await cancelar(req, evento[1] ?? '', corpo);
      else if (req.method === 'GET' && consultaNfse) {
        certificadoDoCliente(req);
        const nota = notas.find((item) => item.chave === consultaNfse[1]);
        resultado = nota
          ? [200, { chaveAcesso: nota.chave, nfseXmlGZipB64: zip(nota.xml) }]
          : [404, { erros: [{ Codigo: 'S202', Descricao: 'NFS-e não encontrada' }] }];
      } else if (req.method === 'GET' && consultaDps) {
        certificadoDoCliente(req);
        const nota = notas.find((item) => item.idDps === consultaDps[1]);
        resultado = nota
          ? [200, { idDps: nota.idDps, chaveAcesso: nota.chave }]
          : [404, { erros: [{ Codigo: 'S203', Descricao: 'DPS não encontrada' }] }];
      } else resultado = [404, { erros: [{ Codigo: 'S404', Descricao: 'Rota desconhecida' }] }];
      responder(res, resultado[0], resultado[1]);
    } catch (error) {
      if (error instanceof ErroSimulado)
        responder(res, error.status, { erros: [{ Codigo: error.codigo, Descricao: error.descricao }] });
      else responder(res, 500, { erro: 'Falha interna do simulador' });
    }
  }

  const server: Server = createServer(
    { key: servidor.chavePem, cert: servidor.certificadoPem, requestCert: true, rejectUnauthorized: false },
    (req, res) => void atender(req, res),
  );
  await new Promise<void>((resolve) => server.listen(opcoes.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://127.0.0.1:${port}/SefinNacional`,
    ac,
    falharProximas(n, status = 503) {
      falhas = { restantes: n, status };
    },
    notas: () => notas,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
