/**
 * What a step of the family's form still misses, per field path ('responsaveis.0.parentesco'), checked
 * with the shared schemas before the form moves on. The draft is saved either way (it keeps whatever
 * is valid); this only keeps the family from leaving a step with a field left wrong or empty.
 */
import type { z } from 'zod';
import {
  passoAlunoSchema,
  passoEnderecoSchema,
  passoResponsaveisSchema,
  type MatriculaOnlineView,
} from '../../../shared/pre-matricula.schemas';
import type { ApiError } from '../../lib/api-client';
import type { DadosForm } from './pre-matricula.api';
import type { Errors } from './pre-matricula-form-kit';

export const STEPS = [
  { id: 'aluno', label: 'Aluno' },
  { id: 'responsaveis', label: 'Responsáveis' },
  { id: 'endereco', label: 'Endereço' },
  { id: 'documentos', label: 'Documentos' },
  { id: 'plano', label: 'Plano' },
  { id: 'revisao', label: 'Revisão' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];
type PassoId = StepId;

/** Which step shows the error of a field path ('responsaveis.0.cpf' → 'responsaveis'). */
export function stepOf(path: string): StepId {
  const head = path.split('.')[0] ?? '';
  if (head === 'plano_id') return 'plano';
  return STEPS.find((step) => step.id === head)?.id ?? 'revisao';
}

/** The server's field errors, the first message of each path. */
export function errorsOf(error: ApiError): Errors {
  const errors: Errors = {};
  for (const detail of error.details) errors[detail.path] ??= detail.message;
  return errors;
}

function issuesOf(prefix: string, result: z.ZodSafeParseResult<unknown>, into: Errors) {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].join('.');
    into[path] ??= issue.message;
  }
}

export function pendenciasDoPasso(passo: PassoId, dados: DadosForm, view: MatriculaOnlineView): Errors {
  const errors: Errors = {};
  if (passo === 'aluno') issuesOf('aluno', passoAlunoSchema.safeParse(dados.aluno), errors);
  if (passo === 'responsaveis')
    issuesOf('responsaveis', passoResponsaveisSchema.safeParse(dados.responsaveis), errors);
  if (passo === 'endereco') issuesOf('endereco', passoEnderecoSchema.safeParse(dados.endereco), errors);
  if (passo === 'documentos')
    for (const exigido of view.documentos_exigidos)
      if (exigido.obrigatorio && !view.documentos.some((documento) => documento.tipo === exigido.id))
        errors[`documentos.${exigido.id}`] = `Envie: ${exigido.nome}`;
  if (passo === 'plano' && view.planos.length > 0 && !view.planos.some((p) => p.id === dados.plano_id))
    errors.plano_id = 'Escolha o plano de pagamento';
  return errors;
}

/** The misses of several steps together (the ones a jump forward or the sending passes over). */
export function pendenciasDosPassos(
  passos: readonly PassoId[],
  dados: DadosForm,
  view: MatriculaOnlineView,
): Errors {
  return Object.assign({}, ...passos.map((passo) => pendenciasDoPasso(passo, dados, view))) as Errors;
}
