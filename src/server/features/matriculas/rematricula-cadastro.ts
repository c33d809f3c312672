/**
 * A rematrícula's form and the guardians the school has on file for its student. The link is a bearer
 * URL in an e-mail (ADR 0090): it starts from the guardians on file by name and parentesco, with the
 * e-mail and phone of the one it was sent to, and never shows a CPF nor another guardian's contacts (the
 * portal hides the other parent's from a family, too). What the family leaves blank on such a guardian
 * (`responsavel_id`) the school reads from its record: the contract, the checks before sending and the
 * enrolment all see the form through `comCadastro`.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PreMatriculaDados } from '../../../shared/matriculas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';

/** The student's guardians on file, the principal first. */
export function responsaveisNoCadastro(db: DbOrTx, alunoId: string, ids?: readonly string[]) {
  return db
    .select({
      guardian: guardians,
      parentesco: studentGuardians.parentesco,
      principal: studentGuardians.ehPrincipal,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(
      and(
        eq(studentGuardians.alunoId, alunoId),
        ids === undefined ? undefined : inArray(studentGuardians.responsavelId, [...ids]),
      ),
    )
    .orderBy(desc(studentGuardians.ehPrincipal), asc(studentGuardians.createdAt));
}

type NoCadastro = Awaited<ReturnType<typeof responsaveisNoCadastro>>[number];

/** How the link starts a guardian on file: what the one who got the link already knows, nothing more. */
export function rascunhoDoResponsavel(row: NoCadastro, emailDoLink: string) {
  const destinatario = isDestinatario(row.guardian, emailDoLink);
  return {
    responsavel_id: row.guardian.id,
    nome: row.guardian.nome,
    cpf: null,
    email: destinatario ? row.guardian.email : null,
    telefone: destinatario ? row.guardian.telefone : null,
    parentesco: row.parentesco,
    financeiro: row.principal,
  };
}

/** Whether a guardian on file is the one the rematrícula's link was sent to (its e-mail is the link's). */
export function isDestinatario(guardian: { email: string | null }, emailDoLink: string): boolean {
  return guardian.email !== null && guardian.email.trim().toLowerCase() === emailDoLink.trim().toLowerCase();
}

/**
 * The form as the school reads it: each `responsavel_id` that is a guardian of the rematrícula's student
 * gets, for what the family left blank, the record's CPF, e-mail and phone; any other `responsavel_id`
 * (another family's, or on a new family's form) is dropped, and that guardian is only what was typed.
 * A guardian on file other than the link's recipient is read from the record whatever was typed (security
 * review, 2026-12-06): the link proves only its recipient, and an e-mail typed for the other parent took
 * that parent's signing link and code — under the record's CPF — to whoever filled the form.
 */
export async function comCadastro(
  db: DbOrTx,
  interessado: { alunoId: string | null; email: string },
  dados: PreMatriculaDados,
): Promise<PreMatriculaDados> {
  const ids = dados.responsaveis.flatMap((item) => (item.responsavel_id ? [item.responsavel_id] : []));
  if (ids.length === 0) return dados;
  const rows = interessado.alunoId ? await responsaveisNoCadastro(db, interessado.alunoId, ids) : [];
  const byId = new Map(rows.map((row) => [row.guardian.id, row.guardian]));
  return {
    ...dados,
    responsaveis: dados.responsaveis.map((item) => {
      const row = item.responsavel_id ? byId.get(item.responsavel_id) : undefined;
      if (!row) return { ...item, responsavel_id: null };
      if (!isDestinatario(row, interessado.email))
        return {
          ...item,
          cpf: row.cpf || item.cpf,
          email: row.email || item.email,
          telefone: row.telefone || item.telefone || null,
        };
      return {
        ...item,
        cpf: item.cpf || row.cpf,
        email: item.email || row.email,
        telefone: item.telefone || row.telefone || null,
      };
    }),
  };
}
