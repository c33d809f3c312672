/**
 * What the DANFSe (documento auxiliar da NFS-e) prints, read from the NFS-e XML the national API
 * returned (its `infNFSe` and the DPS inside it): the note is the XML, the PDF only shows it. Fields
 * the XML leaves out stay null and the PDF prints a dash.
 */
import { DOMParser } from '@xmldom/xmldom';
import { formatCep } from '../../../shared/endereco.schemas.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import { formatCpf } from '../../../shared/validators.js';

export type DanfseAmbiente = 'producao' | 'producao_restrita';

export interface DanfsePessoa {
  nome: string | null;
  /** CPF or CNPJ, formatted. */
  documento: string | null;
  inscricaoMunicipal: string | null;
  endereco: string | null;
  email: string | null;
  telefone: string | null;
}

export interface DanfseData {
  numero: string | null;
  chaveAcesso: string | null;
  ambiente: DanfseAmbiente;
  cancelada: boolean;
  /** When the national system generated the note (ISO timestamp). */
  processadaEm: string | null;
  /** The DPS's own issue time, competência (YYYY-MM-DD), series and number. */
  dpsEmitidaEm: string | null;
  competencia: string | null;
  serie: string | null;
  numeroDps: string | null;
  municipioEmissao: string | null;
  prestador: DanfsePessoa & { simplesNacional: boolean | null };
  tomador: DanfsePessoa;
  servico: {
    codigoTributacaoNacional: string | null;
    descricaoTributacaoNacional: string | null;
    descricao: string | null;
    localPrestacao: string | null;
  };
  valores: {
    /** Centavos. */
    servico: number | null;
    baseCalculo: number | null;
    /** Percent, e.g. 2 for 2 %. */
    aliquota: number | null;
    iss: number | null;
    issRetido: boolean;
    totalRetido: number | null;
    liquido: number | null;
  };
  municipioIncidencia: string | null;
}

/** The portal where anyone checks a note by its access key (the DANFSe's QR code, NT DANFSe §2.2). */
export const CONSULTA_PUBLICA_URL = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

export function consultaPublicaUrl(chave: string): string {
  return `${CONSULTA_PUBLICA_URL}${chave}`;
}

/** The 50-digit key in groups of four, as printed keys are read aloud and typed. */
export function formatChaveAcesso(chave: string): string {
  return chave.replace(/(\d{4})(?=\d)/g, '$1 ');
}

type XmlElement = ReturnType<DOMParser['parseFromString']>['documentElement'];

function childrenNamed(parent: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as XmlElement).localName === name) found.push(node as XmlElement);
  }
  return found;
}

/** The element at a path of local names under `from` (namespaces ignored: the layout has one). */
function at(from: XmlElement | null, ...path: string[]): XmlElement | null {
  let current = from;
  for (const name of path) {
    if (!current) return null;
    current = childrenNamed(current, name)[0] ?? null;
  }
  return current;
}

function textAt(from: XmlElement | null, ...path: string[]): string | null {
  const value = at(from, ...path)?.textContent.trim();
  return value ? value : null;
}

function centavosAt(from: XmlElement | null, ...path: string[]): number | null {
  const value = textAt(from, ...path);
  if (value === null || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [reais = '0', fraction = ''] = value.split('.');
  return Number(reais) * 100 + Number(fraction.padEnd(2, '0'));
}

function documentoOf(from: XmlElement | null): string | null {
  const cnpj = textAt(from, 'CNPJ');
  if (cnpj) return formatCnpj(cnpj);
  const cpf = textAt(from, 'CPF');
  return cpf ? formatCpf(cpf) : null;
}

/** One line of an address group (the emitter's `enderNac` or a DPS `end`), whatever parts it has. */
function enderecoOf(end: XmlElement | null, municipio: string | null): string | null {
  if (!end) return null;
  const street = [textAt(end, 'xLgr'), textAt(end, 'nro')].filter(Boolean).join(', ');
  const cep = textAt(end, 'CEP') ?? textAt(end, 'endNac', 'CEP');
  const parts = [
    street,
    textAt(end, 'xCpl'),
    textAt(end, 'xBairro'),
    municipio,
    textAt(end, 'UF'),
    cep && formatCep(cep),
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

function parseRoot(xml: string, name: string): XmlElement | null {
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement as XmlElement | null;
  if (errors.length > 0 || !root) return null;
  if (root.localName === name) return root;
  // The API may wrap the note (e.g. a response envelope): find it below.
  const nested = root.getElementsByTagNameNS('*', name)[0] as XmlElement | undefined;
  return nested ?? null;
}

export interface DanfseRecord {
  numero: string | null;
  chaveAcesso: string | null;
  ambiente: DanfseAmbiente;
  cancelada: boolean;
  nfseXml: string | null;
  dpsXml: string | null;
}

/**
 * The DANFSe's content: the NFS-e XML first (what the national system says), the signed DPS when the
 * note's XML lacks its copy, and the stored number, key and state last.
 */
export function danfseDataOf(record: DanfseRecord): DanfseData {
  const nfse = record.nfseXml ? parseRoot(record.nfseXml, 'NFSe') : null;
  const infNfse = at(nfse, 'infNFSe');
  const dps = at(infNfse, 'DPS') ?? (record.dpsXml ? parseRoot(record.dpsXml, 'DPS') : null);
  const infDps = at(dps, 'infDPS');
  const emit = at(infNfse, 'emit');
  const prest = at(infDps, 'prest');
  const toma = at(infDps, 'toma');
  const trib = at(infDps, 'valores', 'trib', 'tribMun');
  const chaveFromId = /^NFS(\d{50})$/.exec(infNfse?.getAttribute('Id') ?? '')?.[1] ?? null;
  const municipioEmissao = textAt(infNfse, 'xLocEmi');
  const opSimpNac = textAt(prest, 'regTrib', 'opSimpNac');
  const aliquota = textAt(infNfse, 'valores', 'pAliqAplic') ?? textAt(trib, 'pAliq');
  return {
    numero: record.numero ?? textAt(infNfse, 'nNFSe'),
    chaveAcesso: record.chaveAcesso ?? chaveFromId,
    ambiente: record.ambiente,
    cancelada: record.cancelada,
    processadaEm: textAt(infNfse, 'dhProc'),
    dpsEmitidaEm: textAt(infDps, 'dhEmi'),
    competencia: textAt(infDps, 'dCompet'),
    serie: textAt(infDps, 'serie'),
    numeroDps: textAt(infDps, 'nDPS'),
    municipioEmissao,
    prestador: {
      nome: textAt(emit, 'xNome') ?? textAt(prest, 'xNome'),
      documento: documentoOf(emit) ?? documentoOf(prest),
      inscricaoMunicipal: textAt(emit, 'IM') ?? textAt(prest, 'IM'),
      endereco: enderecoOf(at(emit, 'enderNac'), municipioEmissao),
      email: textAt(emit, 'email') ?? textAt(prest, 'email'),
      telefone: textAt(emit, 'fone') ?? textAt(prest, 'fone'),
      // 1 = não optante; 2 = MEI; 3 = ME/EPP optante do Simples Nacional.
      simplesNacional: opSimpNac === null ? null : opSimpNac !== '1',
    },
    tomador: {
      nome: textAt(toma, 'xNome'),
      documento: documentoOf(toma),
      inscricaoMunicipal: textAt(toma, 'IM'),
      endereco: enderecoOf(at(toma, 'end'), null),
      email: textAt(toma, 'email'),
      telefone: textAt(toma, 'fone'),
    },
    servico: {
      codigoTributacaoNacional: textAt(infDps, 'serv', 'cServ', 'cTribNac'),
      descricaoTributacaoNacional: textAt(infNfse, 'xTribNac'),
      descricao: textAt(infDps, 'serv', 'cServ', 'xDescServ'),
      localPrestacao: textAt(infNfse, 'xLocPrestacao'),
    },
    valores: {
      servico: centavosAt(infDps, 'valores', 'vServPrest', 'vServ'),
      baseCalculo: centavosAt(infNfse, 'valores', 'vBC'),
      aliquota: aliquota !== null && /^\d+(\.\d+)?$/.test(aliquota) ? Number(aliquota) : null,
      iss: centavosAt(infNfse, 'valores', 'vISSQN'),
      // tpRetISSQN: 1 = não retido; 2 = retido pelo tomador; 3 = retido pelo intermediário.
      issRetido: (textAt(trib, 'tpRetISSQN') ?? '1') !== '1',
      totalRetido: centavosAt(infNfse, 'valores', 'vTotalRet'),
      liquido: centavosAt(infNfse, 'valores', 'vLiq'),
    },
    municipioIncidencia: textAt(infNfse, 'xLocIncid'),
  };
}
