import { z } from 'zod';
import {
  curriculumInputSchema,
  curriculumItemInputSchema,
  itinerarioInputSchema,
} from '../../../shared/curriculum.schemas';
import { MAX_SUBJECTS_PER_LIST } from '../../../shared/disciplinas.schemas';

/** The checkboxes hold text; the API takes the weekday numbers. '' in a select is 'none'. */
export const gradeFormSchema = z.object({
  frequencia_modo: curriculumInputSchema.shape.frequencia_modo,
  aula_minutos: z.coerce
    .number()
    .int()
    .min(30, 'A aula dura ao menos 30 minutos')
    .max(120, 'A aula dura no máximo 120 minutos'),
  itinerarios: z.array(itinerarioInputSchema.extend({ id: z.string().optional() })).default([]),
  disciplinas: z
    .array(
      curriculumItemInputSchema.extend({
        professor_id: z.string().transform((value) => (value === '' ? null : value)),
        dias_semana: z.array(z.coerce.number().int().min(1).max(6)).default([]),
        itinerario: z
          .string()
          .optional()
          .transform((value) => (value ? value : null)),
      }),
    )
    .max(MAX_SUBJECTS_PER_LIST),
  version: z.number().optional(),
});
export type GradeFormInput = z.input<typeof gradeFormSchema>;
