/**
 * The month's XMLs for the accountant (issue 36 §2): one zip with, for each note issued in the
 * competência (cancelled ones included: the cancellation is a fiscal fact too), the NFS-e the national
 * system returned, the signed DPS the school sent and, when cancelled, the cancel event — named by the
 * note's number and access key — plus an index (CSV) the accountant can open in a spreadsheet.
 * Rejected and pending DPS are not fiscal documents and stay out.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { nfse, type NfseRow } from '../../db/schema/fiscal.js';
import { notFound } from '../../lib/errors.js';
import { csvText } from '../../lib/spreadsheet.js';

export interface NfseXmlZip {
  body: Buffer;
  fileName: string;
  notas: number;
}

/** A piece of a file name made only of what the key and number hold (digits, letters, dashes). */
const safe = (text: string) => text.replace(/[^0-9A-Za-z-]/g, '');

function baseNameOf(row: Pick<NfseRow, 'numero' | 'chaveAcesso' | 'idDps'>): string {
  const numero = row.numero ? safe(row.numero).padStart(6, '0') : 'sem-numero';
  return row.chaveAcesso ? `${numero}_${safe(row.chaveAcesso)}` : `${numero}_${safe(row.idDps)}`;
}

/**
 * A pt-BR CSV cell: an amount in reais with the decimal comma; text as the spreadsheet exports write it (a
 * formula neutralised, quoted as needed): the tomador's name comes from a family.
 */
const csvCell = (value: string | number | null): string =>
  typeof value === 'number' ? value.toFixed(2).replace('.', ',') : csvText(value ?? '');

function indexOf(rows: NfseRow[]): string {
  const header = [
    'numero',
    'chave_acesso',
    'competencia',
    'situacao',
    'tomador',
    'cpf_tomador',
    'valor',
    'emitida_em',
    'cancelada_em',
    'arquivo_nfse',
  ];
  const lines = rows.map((row) =>
    [
      row.numero,
      row.chaveAcesso,
      row.competencia,
      row.status,
      row.tomadorNome,
      row.tomadorCpf,
      row.valor / 100,
      row.emitidaEm?.toISOString() ?? null,
      row.canceladaEm?.toISOString() ?? null,
      `nfse/${baseNameOf(row)}.xml`,
    ]
      .map(csvCell)
      .join(';'),
  );
  // A BOM so that spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}

export async function buildNfseXmlZip(db: DbOrTx, competencia: string): Promise<NfseXmlZip> {
  const rows = await db
    .select()
    .from(nfse)
    .where(and(eq(nfse.competencia, competencia), inArray(nfse.status, ['emitida', 'cancelada'])))
    .orderBy(asc(nfse.numeroDps));
  if (rows.length === 0)
    throw notFound(`Nenhuma nota fiscal emitida em ${formatMesReferencia(competencia)} para exportar.`);
  const files: Zippable = {};
  for (const row of rows) {
    const name = baseNameOf(row);
    if (row.xmlNfse) files[`nfse/${name}.xml`] = strToU8(row.xmlNfse);
    if (row.xmlDps) files[`dps/${name}_dps.xml`] = strToU8(row.xmlDps);
    if (row.xmlEventoCancelamento)
      files[`eventos/${name}_cancelamento.xml`] = strToU8(row.xmlEventoCancelamento);
  }
  files['indice.csv'] = strToU8(indexOf(rows));
  const zipped = zipSync(files, { level: 6 });
  return {
    body: Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength),
    fileName: `nfse-xml-${competencia}.zip`,
    notas: rows.length,
  };
}
