/**
 * Who the family of a pré-matrícula is on the school's records (ADR 0071): each guardian of the form
 * checked against the guardians on file, the student on file the form may be, and the links and contact
 * updates the automatic enrolment (`matricula-automatica.ts`) writes for them.
 */
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { PreMatriculaDados, PreMatriculaResponsavel } from '../../../shared/matriculas.schemas.js';
import { enderecoColumnsOf, formatEnderecoLinha } from '../../../shared/endereco.schemas.js';
import { guardianInputSchema, type GuardianData } from '../../../shared/students.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { linkGuardian, resolveGuardian } from '../students/index.js';
import { guardians, studentGuardians, students, type StudentRow } from '../../db/schema/students.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { interessados } from '../../db/schema/matriculas.js';
import { contratoAssinaturas, contratos } from '../../db/schema/contratos.js';
import { responsaveisNoCadastro } from './rematricula-cadastro.js';

type InteressadoRow = typeof interessados.$inferSelect;

/** The address as one line, as the student's and guardian's records keep it. */
export function enderecoEmLinha(endereco: PreMatriculaDados['endereco']): string | null {
  return formatEnderecoLinha(endereco);
}

type EnderecoDoResponsavel = Pick<
  GuardianData,
  'endereco' | 'cep' | 'logradouro' | 'numero' | 'complemento' | 'bairro' | 'cidade' | 'uf'
>;

/**
 * The form's address for the guardians' records (ADR 0058): the parts, checked as the guardian form
 * checks them, with the line derived from them; when the parts are not a valid complete address (a
 * draft typed before the checks, a CEP cut short), only the one-line address, never a guessed part.
 */
export function enderecoDoResponsavel(endereco: PreMatriculaDados['endereco']): EnderecoDoResponsavel {
  const linha = enderecoEmLinha(endereco);
  const parsed = guardianInputSchema.safeParse({
    nome: 'Responsável',
    telefone: '11900000000',
    parentesco: 'outro',
    ...endereco,
  });
  if (!parsed.success) return { endereco: linha };
  const columns = enderecoColumnsOf(parsed.data);
  return columns.cep === null ? { endereco: linha } : columns;
}

export function guardianData(
  responsavel: PreMatriculaResponsavel,
  endereco: EnderecoDoResponsavel,
  principal: boolean,
): GuardianData {
  return {
    nome: responsavel.nome.trim(),
    email: responsavel.email ?? null,
    telefone: responsavel.telefone ?? '',
    cpf: responsavel.cpf ?? null,
    ...endereco,
    parentesco: responsavel.parentesco ?? 'outro',
    eh_principal: principal,
    observacoes: null,
  };
}

/**
 * What the enrolment does with each guardian of the form (ADR 0071). A guardian on file (the same CPF, or
 * the portal account of the e-mail) is that person only when shown to be: a signer of the contract — the
 * financial guardian, and whoever else signed it, each through a one-time code sent to the form's
 * e-mail — whose e-mail is the one on file. A CPF or an e-mail typed on a public form proves nothing: taken
 * on trust, a stranger who knows a family's CPFs would become their child's principal guardian (record,
 * boletim, medication, payments) and rewrite their phone and address.
 * - `novo`: not on file; created.
 * - `comprovado`: on file and shown to be that person; linked, and takes the form's phone and address.
 * - `familia`: on file, did not sign, and is already a guardian of a child of a `comprovado` one (the
 *   sibling's other parent); linked, the contact on file kept.
 * - `fora`: on file, did not sign, and no such tie; not linked (the timeline says so, for the secretaria).
 * A signer on file under another e-mail, or none, stops the enrolment for the secretaria to check. At
 * rematrícula the student's own guardians on file stay linked (the link went to that family): the link's
 * recipient and whoever signed from the e-mail on file are `comprovado`, the others `familia` (their
 * contact kept: security review, 2026-12-06); anyone else the form names goes through the same checks
 * (ADR 0090).
 */
type Vinculo = 'novo' | 'comprovado' | 'familia' | 'fora';

export interface Conferencia {
  vinculo: Map<PreMatriculaResponsavel, Vinculo>;
  /** The record each guardian of the form on file is: the enrolment links that one, never another. */
  noCadastro: Map<PreMatriculaResponsavel, string>;
  /** The guardians on file shown to be the form's: only they tie the form to a student on file. */
  comprovados: string[];
}

/** The e-mails that signed the family's contract (the financial guardian's, and any other signer's). */
async function emailsQueAssinaram(tx: DbOrTx, interessadoId: string, dados: PreMatriculaDados) {
  const rows = await tx
    .select({ email: contratoAssinaturas.email })
    .from(contratoAssinaturas)
    .innerJoin(contratos, eq(contratos.id, contratoAssinaturas.contratoId))
    .where(
      and(
        eq(contratos.interessadoId, interessadoId),
        eq(contratos.status, 'assinado'),
        ne(contratoAssinaturas.papel, 'escola'),
        isNotNull(contratoAssinaturas.assinadoEm),
      ),
    );
  const financeiro = dados.responsaveis.find((item) => item.financeiro)?.email;
  return new Set([...rows.map((row) => row.email), ...(financeiro ? [financeiro] : [])].map(normalEmail));
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * The guardian on file a form's guardian is: the rematrícula's own (`responsavel_id`, kept by `comCadastro`
 * only for a guardian of its student), else the one `resolveGuardian` would find (the CPF, then the
 * portal account of the e-mail).
 */
async function responsavelNoCadastro(tx: DbOrTx, responsavel: PreMatriculaResponsavel) {
  const columns = { id: guardians.id, email: guardians.email, conta: users.email };
  if (responsavel.responsavel_id) {
    const [row] = await tx
      .select(columns)
      .from(guardians)
      .leftJoin(users, eq(users.id, guardians.usuarioId))
      .where(eq(guardians.id, responsavel.responsavel_id));
    if (row) return row;
  }
  if (responsavel.cpf) {
    const [row] = await tx
      .select(columns)
      .from(guardians)
      .leftJoin(users, eq(users.id, guardians.usuarioId))
      .where(eq(guardians.cpf, responsavel.cpf))
      .limit(1);
    if (row) return row;
  }
  if (!responsavel.email) return null;
  const [row] = await tx
    .select(columns)
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.usuarioId))
    .where(and(eq(users.email, responsavel.email), eq(users.nivel, 'responsavel')))
    .limit(1);
  return row ?? null;
}

export async function conferirResponsaveis(
  tx: DbOrTx,
  interessado: InteressadoRow,
  dados: PreMatriculaDados,
): Promise<Conferencia> {
  const vinculo = new Map<PreMatriculaResponsavel, Vinculo>();
  const noCadastro = new Map<PreMatriculaResponsavel, string>();
  const comprovados: string[] = [];
  const responsaveis = dados.responsaveis.filter((item) => item.nome.trim());
  // A rematrícula's link went to the family on file (`aluno_id`, the school's own): the student's
  // guardians on file are theirs. Anyone else the form names is checked as on a new family's form: a CPF
  // typed on the link proves no more there (ADR 0090).
  const daFamilia = new Set(
    interessado.alunoId
      ? (await responsaveisNoCadastro(tx, interessado.alunoId)).map((row) => row.guardian.id)
      : [],
  );
  const assinaram = await emailsQueAssinaram(tx, interessado.id, dados);
  const semAssinar: { responsavel: PreMatriculaResponsavel; id: string }[] = [];
  for (const responsavel of responsaveis) {
    const row = await responsavelNoCadastro(tx, responsavel);
    if (!row) {
      vinculo.set(responsavel, 'novo');
      continue;
    }
    noCadastro.set(responsavel, row.id);
    const emailsNoCadastro = [row.email, row.conta].flatMap((item) => (item ? [normalEmail(item)] : []));
    if (daFamilia.has(row.id)) {
      // Linked either way; only the link's recipient, or one who signed from the e-mail on file, gives
      // the record the form's phone and address: the other parent's are not the recipient's to rewrite.
      const provado = emailsNoCadastro.some(
        (email) => email === normalEmail(interessado.email) || assinaram.has(email),
      );
      vinculo.set(responsavel, provado ? 'comprovado' : 'familia');
      if (provado) comprovados.push(row.id);
      continue;
    }
    const email = responsavel.email ? normalEmail(responsavel.email) : null;
    if (!email || !assinaram.has(email)) {
      semAssinar.push({ responsavel, id: row.id });
      continue;
    }
    if (!emailsNoCadastro.includes(email))
      throw new AppError('CONFLICT', responsavelComOutroEmail(responsavel.nome.trim()));
    vinculo.set(responsavel, 'comprovado');
    comprovados.push(row.id);
  }
  for (const { responsavel, id } of semAssinar) {
    const [tie] =
      comprovados.length === 0
        ? []
        : await tx
            .select({ alunoId: studentGuardians.alunoId })
            .from(studentGuardians)
            .where(
              and(
                eq(studentGuardians.responsavelId, id),
                inArray(
                  studentGuardians.alunoId,
                  tx
                    .select({ alunoId: studentGuardians.alunoId })
                    .from(studentGuardians)
                    .where(inArray(studentGuardians.responsavelId, comprovados)),
                ),
              ),
            )
            .limit(1);
    vinculo.set(responsavel, tie ? 'familia' : 'fora');
  }
  return { vinculo, noCadastro, comprovados };
}

/**
 * The student this family already is: the rematrícula's `aluno_id` (the school's own link), else a
 * student with the CPF given — only when a guardian shown to be the form's (`comprovados`) is already
 * that student's. Another family's student stops the automatic enrolment for the secretaria to check
 * (the family is told nothing of the record).
 */
export async function alunoExistente(
  tx: DbOrTx,
  interessado: InteressadoRow,
  dados: PreMatriculaDados,
  comprovados: string[],
): Promise<StudentRow | null> {
  if (interessado.alunoId) {
    const [row] = await tx.select().from(students).where(eq(students.id, interessado.alunoId));
    if (row) return row;
  }
  if (!dados.aluno.cpf) return null;
  const [row] = await tx.select().from(students).where(eq(students.cpf, dados.aluno.cpf));
  if (!row) return null;
  const [family] =
    comprovados.length === 0
      ? []
      : await tx
          .select({ id: studentGuardians.responsavelId })
          .from(studentGuardians)
          .where(
            and(eq(studentGuardians.alunoId, row.id), inArray(studentGuardians.responsavelId, comprovados)),
          )
          .limit(1);
  if (family) return row;
  throw new AppError('CONFLICT', ALUNO_DE_OUTRA_FAMILIA);
}

/** Why an enrolment whose guardian's CPF is on file under another e-mail waits for the secretaria. */
export const responsavelComOutroEmail = (nome: string) =>
  `${nome} já está no cadastro da escola sem o e-mail do formulário, e o contrato foi assinado por esse e-mail. Confira com a família: se for a mesma pessoa, ponha esse e-mail no cadastro dela e clique em Matricular agora.`;

/** The timeline's line for a guardian of the form on file who did not sign and was not linked. */
export const responsavelNaoVinculado = (nome: string) =>
  `${nome} já está no cadastro da escola e não assinou o contrato: ficou fora dos responsáveis deste aluno. Se for da família, inclua na ficha do aluno.`;

/** Why an enrolment whose student's CPF is another family's student waits for the secretaria. */
export const ALUNO_DE_OUTRA_FAMILIA =
  'o CPF do aluno já é de um aluno da escola, e nenhum dos responsáveis informados está no cadastro dele. Confira com a família; se for o mesmo aluno, vincule os responsáveis na ficha dele e matricule por lá.';

export interface Welcome {
  usuario: UserRow;
  senha: string;
}

/** Links (creating or reusing by CPF or e-mail) every guardian of the form to the student. */
export async function vincularResponsaveis(
  ctx: AppContext,
  tx: Tx,
  alunoId: string,
  dados: PreMatriculaDados,
  {
    vinculo,
    noCadastro,
    endereco,
  }: Pick<Conferencia, 'vinculo' | 'noCadastro'> & { endereco: EnderecoDoResponsavel },
  actor: Actor,
  welcomes: Welcome[],
  skipFinanceiro: boolean,
): Promise<void> {
  for (const responsavel of dados.responsaveis) {
    const como = vinculo.get(responsavel);
    if (!como || como === 'fora') continue;
    if (skipFinanceiro && responsavel.financeiro) continue;
    const data = guardianData(responsavel, endereco, responsavel.financeiro);
    const id = noCadastro.get(responsavel);
    const [onFile] = id ? await tx.select().from(guardians).where(eq(guardians.id, id)) : [];
    const resolved = onFile
      ? { row: onFile, usuario: null, reused: true, senhaGerada: undefined }
      : await resolveGuardian(ctx, tx, data, actor);
    if (resolved.senhaGerada !== undefined && resolved.usuario)
      welcomes.push({ usuario: resolved.usuario, senha: resolved.senhaGerada });
    if (resolved.reused && como === 'comprovado') await atualizarContato(tx, resolved.row.id, data, actor);
    await linkGuardian(tx, alunoId, resolved.row.id, data);
  }
}

/**
 * A guardian already on file keeps name, CPF and e-mail (the login); the phone and address are the
 * form's: the address in parts when the form has them, else the form's line alone (the parts on file,
 * which described the old address, cleared); a form without address keeps the one on file.
 */
export async function atualizarContato(
  tx: DbOrTx,
  id: string,
  data: GuardianData,
  actor: Actor,
): Promise<void> {
  const [current] = await tx.select().from(guardians).where(eq(guardians.id, id));
  if (!current) return;
  const telefone = data.telefone || current.telefone;
  // A new line without valid parts replaces the old parts too: line and parts never tell two addresses.
  const address = data.cep
    ? enderecoColumnsOf(data)
    : data.endereco && data.endereco !== current.endereco
      ? enderecoColumnsOf({ endereco: data.endereco })
      : { endereco: current.endereco };
  const campos = [
    ...(telefone === current.telefone ? [] : ['telefone']),
    ...Object.entries(address)
      .filter(([key, value]) => current[key as keyof typeof address] !== value)
      .map(([key]) => key),
  ];
  if (campos.length === 0) return;
  await tx
    .update(guardians)
    .set({ telefone, ...address, version: current.version + 1, updatedAt: new Date() })
    .where(eq(guardians.id, id));
  await recordAudit(tx, actor, {
    action: 'atualizar',
    entity: 'responsavel',
    entityId: id,
    details: { campos, origem: 'matricula_online' },
  });
}
