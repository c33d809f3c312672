/**
 * Notes as part 3's emission leaves them (a row of `nfse` with the signed DPS and the NFS-e the national
 * API returned), written straight to the database so the document tests need no certificate. Tests only.
 */
import { randomUUID } from 'node:crypto';
import { nfse } from '../../db/schema/fiscal.js';
import { mensalidades } from '../../db/schema/finance.js';
import type { TestApp } from '../../test/test-app.js';

export const PRESTADOR_CNPJ = '12345678000195';

/** A 50-digit access key of the national layout (município, ambiente, CNPJ, number, AAMM, code, DV). */
export function chaveOf(numero: number, competencia: string): string {
  const aamm = `${competencia.slice(2, 4)}${competencia.slice(5, 7)}`;
  return `3550308` + '2' + '2' + PRESTADOR_CNPJ + String(numero).padStart(13, '0') + aamm + '123456789' + '7';
}

export interface NoteSpec {
  numero: number;
  competencia: string;
  tomador: { nome: string; cpf: string };
  descricao: string;
  valor: number;
}

const reais = (centavos: number) => (centavos / 100).toFixed(2);

export function dpsXmlOf(spec: NoteSpec): string {
  const id = `DPS35503082${PRESTADOR_CNPJ}00001${String(spec.numero).padStart(15, '0')}`;
  return (
    `<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infDPS Id="${id}">` +
    `<tpAmb>2</tpAmb><dhEmi>${spec.competencia}-05T09:59:00-03:00</dhEmi><verAplic>SistemaEscolar</verAplic>` +
    `<serie>1</serie><nDPS>${spec.numero}</nDPS><dCompet>${spec.competencia}-01</dCompet><tpEmit>1</tpEmit>` +
    `<cLocEmi>3550308</cLocEmi><prest><CNPJ>${PRESTADOR_CNPJ}</CNPJ><IM>1234567</IM>` +
    `<regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib></prest>` +
    `<toma><CPF>${spec.tomador.cpf}</CPF><xNome>${spec.tomador.nome}</xNome>` +
    `<end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac><xLgr>Avenida Paulista</xLgr><nro>1000</nro>` +
    `<xBairro>Bela Vista</xBairro></end></toma>` +
    `<serv><locPrest><cLocPrestacao>3550308</cLocPrestacao></locPrest><cServ><cTribNac>080101</cTribNac>` +
    `<xDescServ>${spec.descricao}</xDescServ></cServ></serv>` +
    `<valores><vServPrest><vServ>${reais(spec.valor)}</vServ></vServPrest><trib><tribMun><tribISSQN>1</tribISSQN>` +
    `<tpRetISSQN>1</tpRetISSQN></tribMun><totTrib><indTotTrib>0</indTotTrib></totTrib></trib></valores>` +
    `</infDPS></DPS>`
  );
}

export function nfseXmlOf(spec: NoteSpec): string {
  const iss = Math.round(spec.valor * 0.02);
  return (
    `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00">` +
    `<infNFSe Id="NFS${chaveOf(spec.numero, spec.competencia)}"><xLocEmi>São Paulo</xLocEmi>` +
    `<xLocPrestacao>São Paulo</xLocPrestacao><nNFSe>${spec.numero}</nNFSe><cLocIncid>3550308</cLocIncid>` +
    `<xLocIncid>São Paulo</xLocIncid><xTribNac>Ensino regular pré-escolar, fundamental e médio</xTribNac>` +
    `<verAplic>simulado</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><cStat>100</cStat>` +
    `<dhProc>${spec.competencia}-05T10:00:00-03:00</dhProc><nDFSe>${spec.numero}</nDFSe>` +
    `<emit><CNPJ>${PRESTADOR_CNPJ}</CNPJ><IM>1234567</IM><xNome>Colégio Exemplo Ltda</xNome>` +
    `<enderNac><xLgr>Rua das Flores</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun>` +
    `<UF>SP</UF><CEP>01001000</CEP></enderNac></emit>` +
    `<valores><vBC>${reais(spec.valor)}</vBC><pAliqAplic>2.00</pAliqAplic><vISSQN>${reais(iss)}</vISSQN>` +
    `<vLiq>${reais(spec.valor)}</vLiq></valores>${dpsXmlOf(spec)}</infNFSe></NFSe>`
  );
}

/** A mensalidade of the student and its note in the given state. */
export async function insertNote(
  t: TestApp,
  alunoId: string,
  spec: NoteSpec,
  status: 'pendente' | 'emitida' | 'rejeitada' | 'cancelada' = 'emitida',
) {
  const [mensalidade] = await t.database.db
    .insert(mensalidades)
    .values({
      alunoId,
      mesReferencia: spec.competencia,
      dataVencimento: `${spec.competencia}-10`,
      valorOriginal: spec.valor,
      valor: spec.valor,
    })
    .returning();
  const issued = status === 'emitida' || status === 'cancelada';
  const [row] = await t.database.db
    .insert(nfse)
    .values({
      mensalidadeId: mensalidade!.id,
      alunoId,
      competencia: spec.competencia,
      status,
      ambiente: 'producao_restrita',
      serie: '1',
      numeroDps: spec.numero,
      idDps: `DPS${randomUUID().replace(/-/g, '')}`.slice(0, 45),
      valor: spec.valor,
      tomadorNome: spec.tomador.nome,
      tomadorCpf: spec.tomador.cpf,
      xmlDps: dpsXmlOf(spec),
      xmlNfse: issued ? nfseXmlOf(spec) : null,
      numero: issued ? String(spec.numero) : null,
      chaveAcesso: issued ? chaveOf(spec.numero, spec.competencia) : null,
      codigoRejeicao: status === 'rejeitada' ? 'E0014' : null,
      motivo: status === 'rejeitada' ? 'CPF do tomador inválido' : null,
      emitidaEm: issued ? new Date(`${spec.competencia}-05T13:00:00Z`) : null,
      canceladaEm: status === 'cancelada' ? new Date(`${spec.competencia}-20T13:00:00Z`) : null,
      motivoCancelamento: status === 'cancelada' ? 'Mensalidade lançada em duplicidade' : null,
      xmlEventoCancelamento:
        status === 'cancelada'
          ? `<evento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infEvento><e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>9</cMotivo><xMotivo>Mensalidade lançada em duplicidade</xMotivo></e101101></infEvento></evento>`
          : null,
    })
    .returning();
  return { mensalidade: mensalidade!, nota: row! };
}
