import type { FiscalAmbiente } from '../../../shared/fiscal.schemas.js';
import { dataHoraBrasilia, NFSE_NS, tpAmbOf, VERSAO_APLICATIVO, VERSAO_LEIAUTE } from './dps.js';
import { escapeXml, fit, group, tag } from './xml.js';

/** The cancel event of an NFS-e (e101101, 'Cancelamento de NFS-e'), the only event this product sends. */
export const EVENTO_CANCELAMENTO = '101101';

export interface DadosCancelamento {
  ambiente: FiscalAmbiente;
  em: Date;
  cnpjAutor: string;
  chaveAcesso: string;
  /** 1 erro na emissão, 2 serviço não prestado, 9 outros. */
  codigoMotivo: '1' | '2' | '9';
  /** 15 to 255 characters (TSMotivo). */
  motivo: string;
  /** nPedRegEvento: 1 for the first request of this event on this note. */
  numeroPedido?: number;
}

/** 'PRE' + chave (50) + tipo do evento (6) + nPedRegEvento (3): 62 characters. */
export function idPedidoEvento(chave: string, evento: string, numero: number): string {
  return `PRE${chave}${evento}${String(numero).padStart(3, '0')}`;
}

/** The unsigned pedRegEvento (the signature goes after infPedReg). */
export function montarPedidoCancelamento(dados: DadosCancelamento): string {
  const numero = dados.numeroPedido ?? 1;
  const inf = [
    tag('tpAmb', tpAmbOf(dados.ambiente)),
    tag('verAplic', VERSAO_APLICATIVO),
    tag('dhEvento', dataHoraBrasilia(dados.em)),
    tag('CNPJAutor', dados.cnpjAutor),
    tag('chNFSe', dados.chaveAcesso),
    tag('nPedRegEvento', String(numero)),
    group(
      `e${EVENTO_CANCELAMENTO}`,
      tag('xDesc', 'Cancelamento de NFS-e'),
      tag('cMotivo', dados.codigoMotivo),
      tag('xMotivo', fit(dados.motivo, 255)),
    ),
  ].join('');
  const id = idPedidoEvento(dados.chaveAcesso, EVENTO_CANCELAMENTO, numero);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<pedRegEvento xmlns="${NFSE_NS}" versao="${VERSAO_LEIAUTE}"><infPedReg Id="${escapeXml(id)}">${inf}</infPedReg></pedRegEvento>`
  );
}
