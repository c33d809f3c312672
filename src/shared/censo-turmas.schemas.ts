/**
 * Censo Escolar, classes and subjects (issue 37, part 4): the lists the census screens read. The class's
 * and subject's own shapes are in censo.schemas.ts (`censoTurmaSchema`, `censoDisciplinaSchema`).
 */
import { z } from 'zod';

/** GET /api/censo/turmas?ano=: the classes of a school year (the current year when absent). */
export const censoTurmasQuery = z.object({
  ano: z.coerce.number().int('Ano inválido').min(2019, 'Ano inválido').max(2100, 'Ano inválido').optional(),
});

export const censoTurmaResumoSchema = z.object({
  turma_id: z.string(),
  nome: z.string(),
  serie: z.string(),
  turno: z.string(),
  status: z.string(),
  /** The etapa the file carries: the class's own, else the série's (null: neither). */
  etapa: z.string().nullable(),
  etapa_da_serie: z.string().nullable(),
  inep_id: z.string().nullable(),
  /** The class's census data was saved at least once (otherwise the file uses the suggestions). */
  salvo: z.boolean(),
  horario_definido: z.boolean(),
  /** Students enrolled on the year's reference date (the last Wednesday of May). */
  alunos_na_data: z.number(),
});
export type CensoTurmaResumo = z.infer<typeof censoTurmaResumoSchema>;

export const censoTurmasResponseSchema = z.object({
  ano: z.number(),
  data_referencia: z.string(),
  turmas: z.array(censoTurmaResumoSchema),
});
export type CensoTurmasResponse = z.infer<typeof censoTurmasResponseSchema>;

/** A subject of the catalogue with its INEP componente (GET /api/censo/disciplinas). */
export const censoDisciplinaResponseSchema = z.object({
  id: z.string(),
  nome: z.string(),
  componente_bncc: z.string().nullable(),
  /** The code set on the subject (null: the BNCC componente's). */
  codigo_inep: z.string().nullable(),
  /** The code the file carries: `codigo_inep`, else the BNCC componente's, else null (a pendência). */
  componente_efetivo: z.string().nullable(),
  ativo: z.boolean(),
  version: z.number(),
});
export type CensoDisciplina = z.infer<typeof censoDisciplinaResponseSchema>;
