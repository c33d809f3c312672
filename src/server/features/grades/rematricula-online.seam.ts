import type { DbOrTx } from '../../db/client.js';

/**
 * The online rematrícula round (matriculas module, issue 34) decides which students the year-end
 * rematrícula may move on: when the school chose 'only who signed', the students whose family signed
 * next year's contract; null when every student goes on as before. The matriculas module registers
 * the answer at startup (app.ts), so grades never imports it (modules depend one way only).
 */
export type SignedOnlineQuery = (db: DbOrTx, proximoAno: number) => Promise<ReadonlySet<string> | null>;

let query: SignedOnlineQuery | null = null;

export function registerSignedOnlineQuery(answer: SignedOnlineQuery): void {
  query = answer;
}

export async function signedOnlineOf(db: DbOrTx, proximoAno: number): Promise<ReadonlySet<string> | null> {
  return query ? query(db, proximoAno) : null;
}
