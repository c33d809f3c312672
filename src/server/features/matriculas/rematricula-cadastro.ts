/**
 * A rematrícula's form and the guardians the school has on file for its student. The link is a bearer
 * URL in an e-mail (ADR 0090): it starts from the guardians on file by name and parentesco, with the
 * e-mail and phone of the one it was sent to, and never shows a CPF nor another guardian's contacts (the
 * portal hides the other parent's from a family, too). What the family leaves blank on such a guardian
 * (`responsavel_id`) the school reads from its record: the contract, the checks before sending and the
 * enrolment all see the form through `comCadastro`.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PreMatriculaDados, PreMatriculaResponsavel } from '../../../shared/matriculas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';

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

/**
 * Where a signer of a rematrícula's contract gets their link and code. The link is a bearer URL that
 * proves no one's signature: a guardian of the student on file — named by `responsavel_id`, or typed again
 * with the record's CPF — signs from the e-mail on their record (or their portal account's), never from
 * one typed on the form, which is a contact for the secretaria to confirm (ADR 0116); for the link's
 * recipient that is the address the link went to. `null`: the record has none. A new family's form (no
 * `aluno_id`) signs from what it typed (ADR 0071 checks it at enrolment).
 */
async function emailParaAssinar(
  db: DbOrTx,
  interessado: { alunoId: string | null; email: string },
  responsavel: PreMatriculaResponsavel,
): Promise<string | null> {
  if (!interessado.alunoId) return responsavel.email ?? null;
  const rows = await db
    .select({ id: guardians.id, cpf: guardians.cpf, email: guardians.email, conta: users.email })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .leftJoin(users, eq(users.id, guardians.usuarioId))
    .where(eq(studentGuardians.alunoId, interessado.alunoId));
  const row = rows.find(
    (item) =>
      item.id === responsavel.responsavel_id ||
      (responsavel.cpf !== null && responsavel.cpf !== undefined && item.cpf === responsavel.cpf),
  );
  if (!row) return responsavel.email ?? null;
  return row.email ?? row.conta ?? null;
}

/** `emailParaAssinar`, or a 409 for the secretaria when the record has none (the contract is not sent). */
export async function emailDoSignatario(
  db: DbOrTx,
  interessado: { alunoId: string | null; email: string },
  responsavel: PreMatriculaResponsavel,
): Promise<string> {
  const email = await emailParaAssinar(db, interessado, responsavel);
  if (email) return email;
  const nome = responsavel.nome.trim();
  throw new AppError(
    'CONFLICT',
    `${nome} não tem e-mail no cadastro da escola, e o e-mail informado na pré-matrícula foi digitado por quem recebeu o link: confirme-o com ${nome}, registre-o no cadastro do responsável e envie o contrato (ou colha a assinatura na escola).`,
  );
}

/** The guardians (by index) whose typed e-mail is not where they would sign: none on their record. */
export async function emailsAConfirmar(
  db: DbOrTx,
  interessado: { alunoId: string | null; email: string },
  dados: PreMatriculaDados,
): Promise<number[]> {
  if (!interessado.alunoId) return [];
  const indexes: number[] = [];
  for (const [index, responsavel] of dados.responsaveis.entries())
    if (responsavel.email && (await emailParaAssinar(db, interessado, responsavel)) === null)
      indexes.push(index);
  return indexes;
}
