import type { FiscalAmbiente, FiscalRegime } from '../../../shared/fiscal.schemas.js';
import {
  descricaoCobranca,
  MONTH_NAMES,
  type CobrancaNomeavel,
} from '../../../shared/mensalidades.schemas.js';
import { decimal2, escapeXml, fit, group, tag } from './xml.js';

/**
 * The DPS (Declaração de Prestação de Serviço) of the NFS-e padrão nacional, layout 1.01 (ADR 0057), for
 * one mensalidade: the school (prestador) serves the responsável financeiro (tomador). Written by hand in
 * the element order of `TCInfDPS`; the tests validate every DPS built here against the official XSD.
 */
export const NFSE_NS = 'http://www.sped.fazenda.gov.br/nfse';
export const VERSAO_LEIAUTE = '1.01';
/** verAplic (1 to 20 characters): the program that wrote the document. */
export const VERSAO_APLICATIVO = 'SistemaEscolar-1.0';

export interface DadosDps {
  ambiente: FiscalAmbiente;
  emitidaEm: Date;
  serie: string;
  numero: number;
  /** AAAA-MM */
  competencia: string;
  prestador: { cnpj: string; inscricaoMunicipal: string; municipioIbge: string; regime: FiscalRegime };
  tomador: {
    cpf: string;
    nome: string;
    email?: string | null;
    /** Only with the city's IBGE code (the layout's endNac needs it). */
    endereco?: {
      cep: string;
      logradouro: string;
      numero: string;
      complemento?: string | null;
      bairro: string;
      municipioIbge: string;
    } | null;
  };
  servico: { codigoTributacaoNacional: string; codigoNbs: string; descricao: string };
  /** Centavos. */
  valor: number;
  /** Basis points (200 = 2 %). */
  aliquotaIssBp: number;
  /** The IBS/CBS group, in the regime normal only. */
  ibscbs?: { indOp: string; cst: string; classTrib: string } | null;
}

/** tpAmb: 1 produção, 2 produção restrita. */
export const tpAmbOf = (ambiente: FiscalAmbiente) => (ambiente === 'producao' ? '1' : '2');

/**
 * The DPS Id, 45 characters: 'DPS' + município (7) + tipo de inscrição (1: CPF, 2: CNPJ) + inscrição
 * (14) + série (5) + número (15), the numbers left-padded with zeros.
 */
export function idDps(municipioIbge: string, cnpj: string, serie: string, numero: number): string {
  return `DPS${municipioIbge}2${cnpj.padStart(14, '0')}${serie.padStart(5, '0')}${String(numero).padStart(15, '0')}`;
}

/** 'AAAA-MM-DDThh:mm:ss-03:00' (TSDateTimeUTC: no fraction, an offset): Brasília time, as the school lives it. */
export function dataHoraBrasilia(moment: Date): string {
  const local = new Date(moment.getTime() - 3 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/**
 * 'Mensalidade escolar de março/2026 — Ana Souza'; the enrolment fee is named as every charge is
 * (`descricaoCobranca`, ADR 0094): 'Taxa de matrícula 2027 — Ana Souza', never a month's tuition.
 */
export function descricaoMensalidade(cobranca: CobrancaNomeavel | string, aluno: string): string {
  const charge: CobrancaNomeavel =
    typeof cobranca === 'string'
      ? { tipo: 'mensalidade', mes_referencia: cobranca, anuidade_ano: null }
      : cobranca;
  if (charge.tipo === 'taxa_matricula') return fit(`${descricaoCobranca(charge)} — ${aluno}`, 2000);
  const [ano, mes] = charge.mes_referencia.split('-');
  return fit(`Mensalidade escolar de ${MONTH_NAMES[Number(mes) - 1] ?? mes}/${ano} — ${aluno}`, 2000);
}

function regTrib(regime: FiscalRegime): string {
  // Simples Nacional: ME/EPP (3) paying by the Simples (regApTribSN 1); normal: not an optant (1).
  return regime === 'simples_nacional'
    ? group('regTrib', tag('opSimpNac', '3'), tag('regApTribSN', '1'), tag('regEspTrib', '0'))
    : group('regTrib', tag('opSimpNac', '1'), tag('regEspTrib', '0'));
}

function tomador(dados: DadosDps['tomador']): string {
  const end = dados.endereco;
  return group(
    'toma',
    tag('CPF', dados.cpf),
    tag('xNome', fit(dados.nome, 300)),
    end &&
      group(
        'end',
        group('endNac', tag('cMun', end.municipioIbge), tag('CEP', end.cep)),
        tag('xLgr', fit(end.logradouro, 255)),
        tag('nro', fit(end.numero, 60)),
        end.complemento ? tag('xCpl', fit(end.complemento, 156)) : null,
        tag('xBairro', fit(end.bairro, 60)),
      ),
    dados.email && dados.email.length <= 80 ? tag('email', dados.email) : null,
  );
}

function tributacao(dados: DadosDps): string {
  const simples = dados.prestador.regime === 'simples_nacional';
  return group(
    'trib',
    group(
      'tribMun',
      // 1: operação tributável; 1: ISS não retido (the family does not withhold it).
      tag('tribISSQN', '1'),
      tag('tpRetISSQN', '1'),
      // The Simples' ISS rate is the school's own (its revenue bracket); otherwise the city's parameters say it.
      simples ? tag('pAliq', (dados.aliquotaIssBp / 100).toFixed(2)) : null,
    ),
    // 0: no estimate of the taxes printed (Decreto 8.264/2014).
    group('totTrib', tag('indTotTrib', '0')),
  );
}

function ibscbs(dados: DadosDps): string {
  if (dados.prestador.regime !== 'normal' || !dados.ibscbs) return '';
  return group(
    'IBSCBS',
    tag('finNFSe', '0'),
    tag('indFinal', '1'),
    tag('cIndOp', dados.ibscbs.indOp),
    tag('indDest', '0'),
    group(
      'valores',
      group(
        'trib',
        group('gIBSCBS', tag('CST', dados.ibscbs.cst), tag('cClassTrib', dados.ibscbs.classTrib)),
      ),
    ),
  );
}

/** The unsigned DPS (the signature goes after infDPS). */
export function montarDps(dados: DadosDps): string {
  const { prestador } = dados;
  const id = idDps(prestador.municipioIbge, prestador.cnpj, dados.serie, dados.numero);
  const inf = [
    tag('tpAmb', tpAmbOf(dados.ambiente)),
    tag('dhEmi', dataHoraBrasilia(dados.emitidaEm)),
    tag('verAplic', VERSAO_APLICATIVO),
    tag('serie', dados.serie),
    tag('nDPS', String(dados.numero)),
    tag('dCompet', `${dados.competencia}-01`),
    // 1: emitted by the prestador.
    tag('tpEmit', '1'),
    tag('cLocEmi', prestador.municipioIbge),
    group(
      'prest',
      tag('CNPJ', prestador.cnpj),
      tag('IM', prestador.inscricaoMunicipal),
      regTrib(prestador.regime),
    ),
    tomador(dados.tomador),
    group(
      'serv',
      group('locPrest', tag('cLocPrestacao', prestador.municipioIbge)),
      group(
        'cServ',
        tag('cTribNac', dados.servico.codigoTributacaoNacional),
        tag('xDescServ', fit(dados.servico.descricao, 2000)),
        tag('cNBS', dados.servico.codigoNbs),
      ),
    ),
    group('valores', group('vServPrest', tag('vServ', decimal2(dados.valor))), tributacao(dados)),
    ibscbs(dados),
  ].join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<DPS xmlns="${NFSE_NS}" versao="${VERSAO_LEIAUTE}"><infDPS Id="${escapeXml(id)}">${inf}</infDPS></DPS>`
  );
}
