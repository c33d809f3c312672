/** Contracts of closing the school year and the rematrícula (proposal, adjustments, application). */
import { z } from 'zod';
import { situacoes, type Situacao } from './averages.js';
import { turnos } from './classes.schemas.js';
import { requiredName, uuidParam } from './validators.js';

// ---------------------------------------------------------------- closing the year, rematrícula

export const rematriculaQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'dryRun deve ser true ou false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

export const destinoTipos = ['proxima_serie', 'mesma_serie', 'concluido', 'nao_rematriculado'] as const;
export type DestinoTipo = (typeof destinoTipos)[number];
export const destinoTipoLabels: Record<DestinoTipo, string> = {
  proxima_serie: 'Próxima série',
  mesma_serie: 'Mesma série (retido)',
  concluido: 'Concluído',
  nao_rematriculado: 'Não rematriculado',
};

export const rematriculaInputSchema = z.strictObject({
  /** Adjustments to the proposal: a class left out, another shift or capacity, a teacher. */
  turmas: z
    .array(
      z.strictObject({
        origem_id: uuidParam,
        incluir: z.boolean().default(true),
        nome: requiredName('Nome da turma').optional(),
        turno: z.enum(turnos, { error: 'Turno inválido' }).optional(),
        capacidade_maxima: z
          .number({ error: 'Capacidade inválida' })
          .int('Capacidade inválida')
          .min(1, 'Capacidade mínima: 1 aluno')
          .max(200, 'Capacidade máxima: 200 alunos')
          .optional(),
        professor_responsavel_id: uuidParam.nullable().optional(),
      }),
    )
    .max(500)
    .default([]),
  /**
   * A student's destination changed by the administrator (e.g. did not re-enrol), and optionally the
   * class of next year they go to (`turma_nome`, one of the proposal's classes).
   */
  alunos: z
    .array(
      z.strictObject({
        aluno_id: uuidParam,
        destino: z.enum(destinoTipos, { error: 'Destino inválido' }),
        turma_nome: requiredName('Turma de destino').optional(),
      }),
    )
    .max(10_000)
    .default([]),
});
export type RematriculaInput = z.input<typeof rematriculaInputSchema>;

const situacaoCountsSchema = z.object(
  Object.fromEntries(situacoes.map((situacao) => [situacao, z.number().int()])) as Record<
    Situacao,
    z.ZodNumber
  >,
);

export const rematriculaClassSchema = z.object({
  origem_id: z.string(),
  origem_nome: z.string(),
  origem_serie: z.string(),
  /** Null: the last série (its students conclude). */
  nome: z.string().nullable(),
  serie: z.string().nullable(),
  nivel: z.string().nullable(),
  turno: z.enum(turnos),
  capacidade_maxima: z.number().int(),
  professor_responsavel_id: z.string().nullable(),
  incluir: z.boolean(),
  /** The class already created by an earlier application. */
  existente_id: z.string().nullable(),
  /** A copy of the origin class (same série) for retained students when no class below moves up to it. */
  para_retidos: z.boolean(),
  /** What applying would refuse about this class (a name shared with another, a teacher not found). */
  erros: z.object({ nome: z.string().nullable(), professor_responsavel_id: z.string().nullable() }),
  /**
   * A class created in another stage than its origin's (9º ano → 1ª série, Pré II → 1º ano): the subjects
   * of the origin's grade its stage does not offer, which are not copied (ADR 0133); empty otherwise.
   */
  fora_da_grade: z.array(z.string()),
  /** What the secretary is told of them ('1ª série A: as disciplinas “Ciências” e … ficam fora da grade; …'). */
  aviso_grade: z.string().nullable(),
});
export type RematriculaClass = z.infer<typeof rematriculaClassSchema>;

export const rematriculaStudentSchema = z.object({
  aluno_id: z.string(),
  nome: z.string(),
  origem_turma_id: z.string(),
  origem_turma_nome: z.string(),
  situacao: z.enum(situacoes),
  destino: z.enum(destinoTipos),
  /**
   * Next year's class; null for those who conclude or leave, and for a student going on whose class was
   * left out of the proposal (active, with no class, to be placed).
   */
  destino_turma_nome: z.string().nullable(),
});
export type RematriculaStudent = z.infer<typeof rematriculaStudentSchema>;

export const rematriculaProposalSchema = z.object({
  ano: z.number().int(),
  proximo_ano: z.number().int(),
  aplicada: z.boolean(),
  dry_run: z.boolean(),
  turmas: z.array(rematriculaClassSchema),
  alunos: z.array(rematriculaStudentSchema),
  contagem: z.object({
    proxima_serie: z.number().int(),
    mesma_serie: z.number().int(),
    concluido: z.number().int(),
    /** Inactivated: the administrator chose 'Não rematriculado' for them. */
    nao_rematriculado: z.number().int(),
    /**
     * Of those going on (próxima or mesma série), how many have no class next year (their class was
     * left out): they stay active, with no class, for the secretary to place.
     */
    sem_turma: z.number().int(),
    turmas_novas: z.number().int(),
  }),
  /**
   * Field errors applying would answer (400), found beforehand: `turmas.N.nome`,
   * `turmas.N.professor_responsavel_id` (N: the adjustment) or `turmas`. Empty when it can be applied.
   */
  erros: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type RematriculaProposal = z.infer<typeof rematriculaProposalSchema>;

/** The proposal's sentences about the subjects left out of a new class's grade (ADR 0133), in its order. */
export function gradeNoticesOf(proposal: Pick<RematriculaProposal, 'turmas'>): string[] {
  return proposal.turmas.flatMap((turma) => (turma.aviso_grade ? [turma.aviso_grade] : []));
}

export const yearClosingSchema = z.object({
  ano: z.number().int(),
  encerrado_em: z.string(),
  periodos_fechados: z.number().int(),
  situacoes: situacaoCountsSchema,
});
export type YearClosing = z.infer<typeof yearClosingSchema>;

/** The 'Ano letivo' screen: each period's state across the classes, the closing and the rematrícula. */
/**
 * What the recuperação final leaves pending before closing (ADR 0097): students below the passing
 * average with no recuperação final recorded (nor a conselho de classe decision), per class and subject.
 */
export const finalRecoveryPendenciesSchema = z.object({
  /** Student × subject pairs pending. */
  total: z.number().int(),
  itens: z.array(
    z.object({
      turma_id: z.string(),
      turma_nome: z.string(),
      disciplina: z.string(),
      alunos: z.number().int(),
    }),
  ),
});
export type FinalRecoveryPendencies = z.infer<typeof finalRecoveryPendenciesSchema>;

export const yearEndStatusSchema = z.object({
  ano_letivo_id: z.string(),
  ano: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  turmas: z.number().int(),
  alunos: z.number().int(),
  periodos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      data_fechamento: z.string(),
      /** Classes of the year where the period is still open. */
      turmas_abertas: z.number().int(),
      turmas_publicadas: z.number().int(),
    }),
  ),
  encerrado: z.boolean(),
  encerrado_em: z.string().nullable(),
  encerrado_por_nome: z.string().nullable(),
  rematricula_em: z.string().nullable(),
  /** Counts recorded when the rematrícula was applied (destinations and classes created). */
  rematricula_resumo: z
    .object({
      proxima_serie: z.number().int(),
      mesma_serie: z.number().int(),
      concluido: z.number().int(),
      nao_rematriculado: z.number().int(),
      sem_turma: z.number().int(),
      turmas_criadas: z.array(z.string()),
    })
    .nullable(),
  /** Why 'Encerrar ano' is refused today (before the year's last day); null when it can be closed. */
  encerramento_bloqueio: z.string().nullable(),
  /** Why the rematrícula cannot be applied today (until the year has ended); null when it can. */
  rematricula_bloqueio: z.string().nullable(),
  /**
   * The recuperação final still pending (ADR 0097): computed while the year is open, from its last
   * period's start (before, below the average is still only 'Em recuperação'); null otherwise.
   */
  pendencias_recuperacao_final: finalRecoveryPendenciesSchema.nullable(),
});
export type YearEndStatus = z.infer<typeof yearEndStatusSchema>;

// ---------------------------------------------------------------- closing and rematrícula as background tasks

/** `?segundo_plano=true`: the request only queues the work and answers 202 with the task (issue 38). */
export const backgroundQuerySchema = z.strictObject({
  segundo_plano: z
    .enum(['true', 'false', '1', '0'], { error: 'segundo_plano deve ser true ou false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

/** `POST …/encerrar`: with `confirmar_pendencias=true` the year closes though the recuperação final is pending. */
export const yearCloseQuerySchema = backgroundQuerySchema.extend({
  confirmar_pendencias: z
    .enum(['true', 'false', '1', '0'], { error: 'confirmar_pendencias deve ser true ou false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

export const yearEndTaskKinds = ['encerramento', 'rematricula'] as const;
export type YearEndTaskKind = (typeof yearEndTaskKinds)[number];
export const yearEndTaskStatuses = ['na_fila', 'executando', 'concluida', 'falhou'] as const;
/** What the task is doing: computing every student's situation, or writing (one transaction). */
export const yearEndTaskSteps = ['situacoes', 'gravando'] as const;

export const yearEndTaskSchema = z.object({
  id: z.string(),
  ano_letivo_id: z.string(),
  tipo: z.enum(yearEndTaskKinds),
  status: z.enum(yearEndTaskStatuses),
  etapa: z.enum(yearEndTaskSteps).nullable(),
  feitos: z.number().int(),
  total: z.number().int(),
  /** What the screen says: 'Fechando o ano: 12.400 de 50.000 alunos'. */
  mensagem: z.string(),
  /** The closing's counts (`situacoes`) or the rematrícula's (`contagem`), once done. */
  resultado: z
    .object({
      situacoes: situacaoCountsSchema.optional(),
      contagem: z.record(z.string(), z.number().int()).optional(),
      /** The rematrícula's sentences about subjects left out of a new class's grade (ADR 0133). */
      avisos_grade: z.array(z.string()).optional(),
    })
    .nullable(),
  erro: z.string().nullable(),
  iniciado_por_nome: z.string(),
  criado_em: z.string(),
  concluido_em: z.string().nullable(),
  url: z.string(),
});
export type YearEndTask = z.infer<typeof yearEndTaskSchema>;

export const yearEndTaskParams = z.strictObject({ id: uuidParam, tarefaId: uuidParam });

/** POST …/rematricula: a dry run, or applied now or in the background. */
export const rematriculaApplyQuerySchema = z.strictObject({
  ...rematriculaQuerySchema.shape,
  ...backgroundQuerySchema.shape,
});
