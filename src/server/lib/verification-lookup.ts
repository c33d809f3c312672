import type { DbOrTx } from '../db/client.js';

/**
 * Something other than an issued document that `/validar/{codigo}` can vouch for (a signed contract,
 * issue 34). The module that owns it passes a lookup to the page when app.ts registers it, so the
 * documents module never imports that module. Each field is shown as text (escaped by the page).
 */
export interface VerifiedRecord {
  /** The page's heading: 'Verificação de contrato'. */
  titulo: string;
  /** 'valido' (green), 'anulado' (red) or 'pendente' (amber). */
  situacao: 'valido' | 'anulado' | 'pendente';
  /** The status line: 'Contrato assinado'. */
  resumo: string;
  /** The line under it. */
  detalhe: string;
  campos: { rotulo: string; valor: string; codigo?: boolean }[];
  /** A list under the fields (the signers), each line shown as text. */
  lista?: { titulo: string; itens: string[] };
}

/** Finds the record with this canonical code (`XXXX-XXXX-XXXX-XXXX-XXXX`), or null. */
export type VerificationLookup = (db: DbOrTx, codigo: string) => Promise<VerifiedRecord | null>;
