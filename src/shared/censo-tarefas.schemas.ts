/**
 * The census file built in the background (issue 38, ADR 0063): `POST /api/censo/:ano/tarefas` starts it
 * (202 with the task), `GET …/tarefas/:tarefaId` says how far along it is and, once done, the pending
 * list; `GET …/tarefas/:tarefaId/arquivo` downloads the file under the same rules as the direct download.
 */
import { z } from 'zod';
import { etapasCenso, pendenciaSchema } from './censo.schemas.js';
import { uuidParam } from './validators.js';

export const censoTarefaStatuses = ['na_fila', 'executando', 'concluida', 'falhou'] as const;

export const censoTarefaSchema = z.object({
  id: z.string(),
  ano: z.number().int(),
  etapa: z.enum(etapasCenso),
  status: z.enum(censoTarefaStatuses),
  /** Lines of the file written so far, of about how many. */
  feitos: z.number().int(),
  total: z.number().int(),
  /** What the screen says: 'Montando o arquivo: 12.000 de 100.000 linhas'. */
  mensagem: z.string(),
  /**
   * Once done: how many pendências, and the list (only in the answer about one task; at most 200 of each
   * record, field and message — a school without census data has one per student and field).
   */
  pendencias_total: z.number().int().nullable(),
  pendencias: z.array(pendenciaSchema).nullable(),
  /** Once done: the file's name, size and where to download it. */
  arquivo: z.object({ nome: z.string(), bytes: z.number().int(), url: z.string() }).nullable(),
  erro: z.string().nullable(),
  iniciado_por_nome: z.string(),
  criado_em: z.string(),
  concluido_em: z.string().nullable(),
  url: z.string(),
});
export type CensoTarefa = z.infer<typeof censoTarefaSchema>;

export const censoTarefaInput = z.strictObject({ etapa: z.enum(etapasCenso) });
export const censoTarefasQuery = z.strictObject({ etapa: z.enum(etapasCenso).optional() });
export const censoTarefaParams = z.strictObject({
  ano: z.coerce.number().int('Ano inválido').min(2019, 'Ano inválido').max(2100, 'Ano inválido'),
  tarefaId: uuidParam,
});
