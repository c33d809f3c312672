import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { projectRoot } from '../../lib/paths.js';

/**
 * Validation against the official XSDs of the NFS-e padrão nacional, layout 1.01 (vendored unchanged
 * in ./xsd, see its README), with xmllint compiled to WebAssembly: no native libxml needed.
 */
export const XSD_FOLDER = path.join(projectRoot, 'src/server/features/nfse/xsd');

const ARQUIVOS = [
  'DPS_v1.01.xsd',
  'NFSe_v1.01.xsd',
  'pedRegEvento_v1.01.xsd',
  'evento_v1.01.xsd',
  'tiposComplexos_v1.01.xsd',
  'tiposEventos_v1.01.xsd',
  'tiposSimples_v1.01.xsd',
  'xmldsig-core-schema.xsd',
] as const;

export type EsquemaNacional =
  'DPS_v1.01.xsd' | 'NFSe_v1.01.xsd' | 'pedRegEvento_v1.01.xsd' | 'evento_v1.01.xsd';

/**
 * The official 1.01 package writes TSSerieDPS's pattern with a lookahead (`^(?!0{1,5}$)\d{1,5}$`), which
 * XML Schema regular expressions do not have: libxml (like any conforming validator) refuses to compile
 * the whole schema. The files stay unchanged on disk; in memory that one facet becomes its XSD
 * equivalent (1 to 5 digits, not all zeros: maxLength 5 stays on the type).
 */
const SERIE_OFICIAL = '^(?!0{1,5}$)\\d{1,5}$';
const SERIE_EQUIVALENTE = '0*[1-9][0-9]*';

let arquivos: Map<string, XMLFileInfo> | null = null;

function carregar(): Map<string, XMLFileInfo> {
  arquivos ??= new Map(
    ARQUIVOS.map((fileName) => [
      fileName,
      {
        fileName,
        contents: readFileSync(path.join(XSD_FOLDER, fileName), 'utf8').replace(
          SERIE_OFICIAL,
          SERIE_EQUIVALENTE,
        ),
      },
    ]),
  );
  return arquivos;
}

export interface ResultadoXsd {
  valido: boolean;
  /** xmllint's messages (line and what is wrong), empty when valid. */
  erros: string[];
}

export async function validarXsd(xml: string, esquema: EsquemaNacional): Promise<ResultadoXsd> {
  const files = carregar();
  const schema = files.get(esquema);
  if (!schema) throw new Error(`esquema desconhecido: ${esquema}`);
  const result = await validateXML({
    xml: { fileName: 'documento.xml', contents: xml },
    schema,
    preload: [...files.values()].filter((file) => file.fileName !== esquema),
  });
  return { valido: result.valid, erros: result.errors.map((error) => error.message.trim()) };
}
