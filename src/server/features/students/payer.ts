/**
 * Who pays a student's mensalidades (issue 36): the principal guardian, the responsável financeiro the
 * boleto, its CNAB segment Q and the NFS-e's tomador name. One read for many students (a class's boletos,
 * a month's invoices), so callers never join the guardians themselves.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { EnderecoPartes } from '../../../shared/endereco.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { addressPartsOf } from './students.presenter.js';

/** The parts (`EnderecoPartes`), and the one-line address older records have instead of them. */
export interface PayerAddress extends EnderecoPartes {
  linha: string | null;
}

export interface Payer {
  responsavelId: string;
  nome: string;
  /** Digits only; null when the guardian has none (a boleto or an invoice then says what is missing). */
  cpf: string | null;
  email: string | null;
  endereco: PayerAddress;
}

/** The payer of each student given (students without a principal guardian are absent from the map). */
export async function payersOf(db: DbOrTx, alunoIds: readonly string[]): Promise<Map<string, Payer>> {
  if (alunoIds.length === 0) return new Map();
  const rows = await db
    .select({ alunoId: studentGuardians.alunoId, guardian: guardians })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(inArray(studentGuardians.alunoId, [...alunoIds]), eq(studentGuardians.ehPrincipal, true)));
  return new Map(
    rows.map(({ alunoId, guardian: g }) => [
      alunoId,
      {
        responsavelId: g.id,
        nome: g.nome,
        cpf: g.cpf,
        email: g.email,
        endereco: { ...addressPartsOf(g), linha: g.endereco },
      },
    ]),
  );
}
