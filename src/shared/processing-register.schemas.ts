import { z } from 'zod';
import { retentionValuesSchema } from './retention.schemas.js';

/**
 * `GET /api/lgpd/registro-tratamento`: the 'Registro das operações de tratamento' (LGPD art. 37), generated
 * from the schema's classification, the roles' permissions and the retention settings.
 */
export const processingRegisterSchema = z.object({
  gerado_em: z.string(),
  prazos: retentionValuesSchema,
  entradas: z.array(
    z.object({
      categoria: z.string(),
      titulares: z.string(),
      finalidade: z.string(),
      base_legal: z.string(),
      /** Where the data is kept: the table and its personal columns. */
      dados: z.array(z.object({ tabela: z.string(), colunas: z.array(z.string()) })),
      /** Who accesses it: each role with the permissions that reach it. */
      acesso: z.array(z.object({ perfil: z.string(), permissoes: z.array(z.string()) })),
      retencao: z.string(),
    }),
  ),
});
export type ProcessingRegister = z.infer<typeof processingRegisterSchema>;
