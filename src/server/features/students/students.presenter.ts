import type { Guardian, Student, StudentGuardian } from '../../../shared/students.schemas.js';
import { ageOn } from '../../../shared/validators.js';
import type { GuardianRow, StudentGuardianRow, StudentRow } from './students.table.js';

export type LinkedGuardian = GuardianRow & Pick<StudentGuardianRow, 'alunoId' | 'parentesco' | 'ehPrincipal'>;

export function toStudentGuardian(row: LinkedGuardian, showCpf: boolean): StudentGuardian {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    cpf: showCpf ? row.cpf : null,
    endereco: row.endereco,
    observacoes: row.observacoes,
    parentesco: row.parentesco,
    eh_principal: row.ehPrincipal,
    tem_acesso: row.usuarioId !== null,
  };
}

export function toStudent(
  row: StudentRow,
  turma: { id: string; nome: string; serie: string } | null,
  linked: LinkedGuardian[],
  showCpf: boolean,
): Student {
  const responsaveis = linked
    .map((guardian) => toStudentGuardian(guardian, showCpf))
    .sort((a, b) => Number(b.eh_principal) - Number(a.eh_principal) || a.nome.localeCompare(b.nome));
  const principal = responsaveis.find((guardian) => guardian.eh_principal) ?? responsaveis[0] ?? null;
  return {
    id: row.id,
    nome: row.nome,
    data_nascimento: row.dataNascimento,
    idade: ageOn(row.dataNascimento),
    matricula: row.matricula,
    email: row.email,
    telefone: row.telefone,
    endereco: row.endereco,
    cpf: showCpf ? row.cpf : null,
    turma_id: row.turmaId,
    turma,
    data_enturmacao: row.dataEnturmacao,
    data_matricula: row.dataMatricula,
    responsavel_id: principal?.id ?? null,
    responsavel: principal,
    responsaveis,
    status: row.status,
    observacoes: row.observacoes,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

export function toGuardian(row: GuardianRow, showCpf = true): Guardian {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    cpf: showCpf ? row.cpf : null,
    endereco: row.endereco,
    observacoes: row.observacoes,
    usuario_id: row.usuarioId,
    version: row.version,
  };
}
