import type { EnderecoPartes } from '../../../shared/endereco.schemas.js';
import type {
  Guardian,
  Student,
  StudentGuardian,
  StudentListItem,
} from '../../../shared/students.schemas.js';
import { ageOn } from '../../../shared/validators.js';
import type { RecordsScope } from './students.scope.js';
import type { GuardianRow, StudentGuardianRow, StudentRow } from '../../db/schema/students.js';

/**
 * Which fields of the school's records a role sees (ASVS 8.2.3), applied to every student and
 * guardian answer and export: a teacher gets the names, birth dates, class and guardians' names and
 * phones — no addresses, CPFs, e-mails, internal notes; a guardian everything of their child and of
 * themselves but the school's internal notes (and CPFs, as before), and of the child's other guardians
 * only name, kinship and who is principal — the school does not hand one parent the other's e-mail, phone
 * or address (LGPD art. 6º III, necessity); the secretaria and the direção everything, the Financeiro and
 * the coordenação less (ADR 0139).
 */
export type FieldView = 'admin' | 'finance' | 'staff' | 'teacher' | 'guardian';

/**
 * The school's staff: the whole record (`admin`), or, by what the account does (ADR 0139), without the
 * internal notes (`finance`) or without the notes and the CPFs (`staff`, the coordenação).
 */
const schoolViews: ReadonlySet<FieldView> = new Set(['admin', 'finance', 'staff']);
const isSchool = (view: FieldView) => schoolViews.has(view);
/** Whether `view` reads the CPFs of students and guardians (the export's CPF column too). */
export const seesCpf = (view: FieldView) => view === 'admin' || view === 'finance';
const seesNotes = (view: FieldView) => view === 'admin';

export function fieldViewOf(scope: RecordsScope): FieldView {
  // A student's own account sees what a guardian sees of the child, with no guardian as 'self': the
  // guardians' contacts stay hidden (ADR 0029).
  if (scope.kind === 'student') return 'guardian';
  if (scope.kind !== 'all') return scope.kind;
  return scope.ficha === 'consulta' ? 'staff' : scope.ficha === 'cobranca' ? 'finance' : 'admin';
}

/** How `scope` reads a record: its field view, and `self`, a guardian's own guardian record (else null). */
export function readerOf(scope: RecordsScope): { view: FieldView; self: string | null } {
  return { view: fieldViewOf(scope), self: scope.kind === 'guardian' ? scope.guardianId : null };
}

export type LinkedGuardian = GuardianRow & Pick<StudentGuardianRow, 'alunoId' | 'parentesco' | 'ehPrincipal'>;

/** An address a reader may not see: every part empty. */
export const NO_ADDRESS_PARTS: EnderecoPartes = {
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: null,
  uf: null,
};

/** The address in parts (ADR 0058) of a guardian's row. */
export function addressPartsOf(row: EnderecoPartes): EnderecoPartes {
  return {
    cep: row.cep,
    logradouro: row.logradouro,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    uf: row.uf,
  };
}

/**
 * A guardian's contacts as `view` sees them: all of them for the school and for the guardian themself
 * (`self`, the signed-in guardian's record), the phone only for a teacher, none for the other parent.
 * The address parts (toStudentGuardian) go wherever the one-line address goes.
 */
export function guardianContacts(
  row: Pick<GuardianRow, 'id' | 'email' | 'telefone' | 'endereco'>,
  view: FieldView,
  self: string | null,
) {
  const all = seesAllContacts(row.id, view, self);
  return {
    email: all ? row.email : null,
    telefone: guardianPhone(row, view, self),
    endereco: all ? row.endereco : null,
  };
}

function seesAllContacts(guardianId: string, view: FieldView, self: string | null): boolean {
  return isSchool(view) || (view === 'guardian' && guardianId === self);
}

/** A guardian's phone as `view` sees it (guardianContacts): the school, the guardian themself, a teacher. */
function guardianPhone(row: Pick<GuardianRow, 'id' | 'telefone'>, view: FieldView, self: string | null) {
  return seesAllContacts(row.id, view, self) || view === 'teacher' ? row.telefone : null;
}

/** `self`: the guardian record of the signed-in guardian (view 'guardian'). */
export function toStudentGuardian(
  row: LinkedGuardian,
  view: FieldView,
  self: string | null = null,
): StudentGuardian {
  return {
    id: row.id,
    nome: row.nome,
    ...guardianContacts(row, view, self),
    ...(isSchool(view) || (view === 'guardian' && row.id === self) ? addressPartsOf(row) : NO_ADDRESS_PARTS),
    cpf: seesCpf(view) ? row.cpf : null,
    observacoes: seesNotes(view) ? row.observacoes : null,
    parentesco: row.parentesco,
    eh_principal: row.ehPrincipal,
    tem_acesso: row.usuarioId !== null,
  };
}

/** The guardian a student's list row shows: the principal, else the first by name (as toStudent). */
function principalOf<T extends { nome: string; ehPrincipal: boolean }>(linked: readonly T[]): T | null {
  let chosen: T | null = null;
  for (const guardian of linked)
    if (
      chosen === null ||
      (guardian.ehPrincipal && !chosen.ehPrincipal) ||
      (guardian.ehPrincipal === chosen.ehPrincipal && guardian.nome.localeCompare(chosen.nome) < 0)
    )
      chosen = guardian;
  return chosen;
}

/** A guardian as a row of the list carries it: who they are and the phone `view` may see. */
export type ListedGuardian = Pick<GuardianRow, 'id' | 'nome' | 'telefone'> &
  Pick<StudentGuardianRow, 'parentesco' | 'ehPrincipal'>;

/** The first fields of a student's row and of their record: the e-mail is not a teacher's to see. */
function whoTheStudentIs(
  row: Pick<StudentRow, 'id' | 'nome' | 'dataNascimento' | 'sexo' | 'matricula' | 'email'>,
  view: FieldView,
) {
  return {
    id: row.id,
    nome: row.nome,
    data_nascimento: row.dataNascimento,
    sexo: row.sexo,
    idade: ageOn(row.dataNascimento),
    matricula: row.matricula,
    email: view !== 'teacher' ? row.email : null,
  };
}

/** A row of the students list (studentListItemSchema): the record's card is toStudent. */
export function toStudentListItem(
  row: Pick<
    StudentRow,
    | 'id'
    | 'nome'
    | 'dataNascimento'
    | 'sexo'
    | 'matricula'
    | 'email'
    | 'turmaId'
    | 'dataMatricula'
    | 'status'
    | 'version'
  >,
  turma: { id: string; nome: string; serie: string; nivel: string } | null,
  linked: readonly ListedGuardian[],
  view: FieldView,
  self: string | null = null,
): StudentListItem {
  const principal = principalOf(linked);
  return {
    ...whoTheStudentIs(row, view),
    turma_id: row.turmaId,
    turma,
    data_matricula: row.dataMatricula,
    status: row.status,
    version: row.version,
    responsavel: principal && {
      id: principal.id,
      nome: principal.nome,
      telefone: guardianPhone(principal, view, self),
      parentesco: principal.parentesco,
      eh_principal: principal.ehPrincipal,
    },
  };
}

export function toStudent(
  row: StudentRow,
  turma: { id: string; nome: string; serie: string; nivel: string } | null,
  linked: LinkedGuardian[],
  view: FieldView,
  self: string | null = null,
): Student {
  const family = view !== 'teacher';
  const responsaveis = linked
    .map((guardian) => toStudentGuardian(guardian, view, self))
    .sort((a, b) => Number(b.eh_principal) - Number(a.eh_principal) || a.nome.localeCompare(b.nome));
  const principal = responsaveis.find((guardian) => guardian.eh_principal) ?? responsaveis[0] ?? null;
  return {
    ...whoTheStudentIs(row, view),
    telefone: family ? row.telefone : null,
    endereco: family ? row.endereco : null,
    cpf: seesCpf(view) ? row.cpf : null,
    turma_id: row.turmaId,
    turma,
    data_enturmacao: row.dataEnturmacao,
    data_matricula: row.dataMatricula,
    responsavel_id: principal?.id ?? null,
    responsavel: principal,
    responsaveis,
    status: row.status,
    // The family and the office: where the child went is not the teachers' business.
    saida:
      family && row.dataSaida
        ? {
            data: row.dataSaida,
            escola: row.escolaDestino,
            municipio: row.municipioDestino,
            uf: row.ufDestino,
          }
        : null,
    observacoes: seesNotes(view) ? row.observacoes : null,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** A guardian's record: the administrator's view, or the guardian's own (without the school's notes). */
export function toGuardian(row: GuardianRow, view: 'admin' | 'guardian' = 'admin'): Guardian {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    cpf: row.cpf,
    endereco: row.endereco,
    ...addressPartsOf(row),
    observacoes: view === 'admin' ? row.observacoes : null,
    usuario_id: row.usuarioId,
    version: row.version,
  };
}
