import { z } from 'zod';
import { calendarDaySchema } from './calendar.schemas.js';
import { turnos } from './classes.schemas.js';
import { mensalidadeStatuses, tiposCobranca } from './mensalidades.schemas.js';

/** GET /api/dashboard/stats: the school's figures for an admin, a teacher's classes, a guardian's children. */
export const atividadeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_nome: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  descricao: z.string(),
});
export type Atividade = z.infer<typeof atividadeSchema>;

export const dashboardEscolaSchema = z.object({
  escopo: z.literal('escola'),
  /** The school year the figures are of (the current one: `resolveYear`; the calendar year without one). */
  ano_letivo: z.number().int(),
  /** The active students of that year's classes (not next year's, pre-enrolled in December). */
  total_alunos: z.number().int(),
  total_professores: z.number().int(),
  total_turmas: z.number().int(),
  /** The finance figures: null for whoever lacks `finance.figures` (ADR 0025). */
  mensalidades_pendentes: z.number().int().nullable(),
  /** The enrolment fees overdue or due this month, which `mensalidades_pendentes` leaves out (ADR 0099). */
  taxas_matricula_pendentes: z.number().int().nullable(),
  receita_mes: z.number().int().nullable(),
  /** The school's attendance % over the current school year (null before any roll, or without `academics.read`). */
  frequencia_media: z.number().nullable(),
  /** The chart of the year's students (as `total_alunos`, whatever their status) by enrolment date. */
  matriculas_por_mes: z.array(
    z.object({ mes: z.string(), novas: z.number().int(), total: z.number().int() }),
  ),
  /** The students who belonged to a class of the year, by their status now. */
  alunos_por_status: z.array(z.object({ status: z.string(), total: z.number().int() })),
  /** Per active class with rolls: `media` (grades) is null until the boletim exists; empty without `academics.read`. */
  performance_turmas: z.array(
    z.object({
      turma: z.string(),
      media: z.number().nullable(),
      frequencia: z.number().nullable(),
      /** The minimum of the class's stage (%; null: none, the creche); absent: the law's 75 %. */
      frequencia_minima: z.number().nullable().optional(),
    }),
  ),
  atividades: z.array(atividadeSchema),
});
export type DashboardEscola = z.infer<typeof dashboardEscolaSchema>;

/** A class on the teacher's home: what it is and how full; next year's (opened in December) no more. */
export const teacherClassSchema = z.object({
  id: z.string(),
  nome: z.string(),
  serie: z.string(),
  turno: z.enum(turnos),
  alunos_count: z.number().int(),
  capacidade_maxima: z.number().int(),
  /** Educação Infantil: assessed by pareceres descritivos, not grades (LDB art. 31). */
  pareceres: z.boolean().optional(),
});

export const dashboardProfessorSchema = z.object({
  escopo: z.literal('professor'),
  /** The school year of `turmas` and the totals (the current one, as the school's home resolves it). */
  ano_letivo: z.number().int(),
  total_alunos: z.number().int(),
  total_turmas: z.number().int(),
  /** Next school year's classes already opened (the rematrícula, in December), apart; absent when none. */
  proximo_ano: z.object({ ano: z.number().int(), turmas: z.array(teacherClassSchema) }).optional(),
  turmas: z.array(
    teacherClassSchema.extend({
      frequencia: z.number().nullable(),
      /** The minimum of the class's stage (%; null: none, the creche). */
      frequencia_minima: z.number().nullable().optional(),
    }),
  ),
  /**
   * Today's rolls, as the roll list answers for today (`pendente` lessons): the day as the calendar has
   * it (no lessons unless `dia.letivo`), the rolls still to take and how many of today's are taken.
   */
  chamadas_hoje: z.object({
    data: z.string(),
    dia: calendarDaySchema,
    /** On a day without class, the latest school day of the two weeks before (null on a school day). */
    ultimo_dia_letivo: z.string().nullable(),
    pendentes: z.array(
      z.object({
        turma_id: z.string(),
        turma_nome: z.string(),
        disciplina: z.string().nullable(),
        aula: z.number().int(),
        /** 'Chamada do dia', 'Matemática', 'Matemática (2ª aula)' (`lessonName`). */
        nome: z.string(),
      }),
    ),
    feitas: z.number().int(),
  }),
  /** The teacher's assessments (up to today, periods still open, no recuperação) missing grades. */
  avaliacoes_pendentes: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      disciplina: z.string(),
      data: z.string(),
      turma_id: z.string(),
      turma_nome: z.string(),
      periodo_id: z.string(),
      faltam: z.number().int(),
    }),
  ),
  /** The teacher's classes whose period closes within 7 days. */
  periodos_fechando: z.array(
    z.object({
      turma_id: z.string(),
      turma_nome: z.string(),
      periodo_id: z.string(),
      periodo_nome: z.string(),
      data_fechamento: z.string(),
    }),
  ),
  /** Present while the teacher record is 'inativo' or 'afastado': why the teacher reaches no class. */
  acesso_suspenso: z.enum(['inativo', 'afastado']).optional(),
});
export type DashboardProfessor = z.infer<typeof dashboardProfessorSchema>;

/** A family's tuition at a glance (the whole family's, or one child's). */
export const tuitionSummarySchema = z.object({
  /**
   * Owed now: overdue or due this month (`isEmAberto`); months ahead are not 'em aberto'. Months of
   * tuition only: the enrolment fees are counted apart (`taxas_matricula_*`, ADR 0103).
   */
  mensalidades_em_aberto: z.number().int(),
  mensalidades_vencidas: z.number().int(),
  /** The same two counts of the enrolment fees. */
  taxas_matricula_em_aberto: z.number().int(),
  taxas_matricula_vencidas: z.number().int(),
  /** What every overdue charge (tuition and fees) costs today, multa and juros included (centavos). */
  valor_vencido: z.number().int(),
  /** The next tuition not yet overdue (an overdue one is 'vencida', never 'próxima'). */
  proxima_mensalidade: z
    .object({
      id: z.string(),
      aluno_nome: z.string(),
      mes_referencia: z.string(),
      /** A tuition or the enrolment fee (ADR 0094): how the home names it. */
      tipo: z.enum(tiposCobranca),
      anuidade_ano: z.number().int().nullable(),
      data_vencimento: z.string(),
      valor_atualizado: z.number().int(),
      status: z.enum(mensalidadeStatuses),
      /**
       * The day a Pix Automático debit is scheduled at the bank for it (null: none, it is paid by Pix):
       * the home says it will be debited, not 'pagar com Pix'.
       */
      debito_automatico_em: z.string().nullable(),
    })
    .nullable(),
});
export type TuitionSummary = z.infer<typeof tuitionSummarySchema>;

export const dashboardResponsavelSchema = z.object({
  escopo: z.literal('responsavel'),
  filhos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      turma_nome: z.string().nullable(),
      status: z.string(),
      frequencia: z.number().nullable(),
      /** Below the stage's minimum, compared exactly (74,96 % shows as 75,0 % and is still below). */
      abaixo_minimo: z.boolean(),
      /** The minimum of the child's class's stage (%; null: none, the creche). */
      frequencia_minima: z.number().nullable().optional(),
      /** Lessons given so far (with `por_dia`, school days with a roll), and the absences that count. */
      aulas_dadas: z.number().int(),
      faltas: z.number().int(),
      /** The class takes one roll a day: the figures are days, not lessons. */
      por_dia: z.boolean(),
      /**
       * The year's total for the 75 % line: given so far plus those still scheduled from tomorrow to the
       * year's end (school days, or the grid's lessons on them). Null when it cannot be known (no class,
       * no school year, a per-lesson grid without the days of its lessons).
       */
      previstas_ano: z.number().int().nullable(),
      /** The most absences over the year that keep 75 % (`maxAbsencesForYear`); null with `previstas_ano`. */
      limite_faltas_ano: z.number().int().nullable(),
      /**
       * The Conselho Tutelar line (ADR 0117, 0120): past it (`isPastTutelaryLine`), and the most absences
       * it allows in the year (`tutelaryLimit` of the planned lessons; null: no line, the creche).
       */
      acima_limite_conselho: z.boolean().optional(),
      limite_faltas_conselho: z.number().int().nullable().optional(),
      /** This child's tuition alone: what the home shows when the family picks this child. */
      mensalidades: tuitionSummarySchema,
    }),
  ),
  ...tuitionSummarySchema.shape,
});
export type DashboardResponsavel = z.infer<typeof dashboardResponsavelSchema>;

export const dashboardStatsSchema = z.discriminatedUnion('escopo', [
  dashboardEscolaSchema,
  dashboardProfessorSchema,
  dashboardResponsavelSchema,
]);
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/**
 * GET /api/dashboard/pendencias: what the staff chase this week, by what the profile may act on — the
 * coordenação's (and the direção's) rolls not taken in the last school days, students under the stage's
 * minimum attendance or past the Conselho Tutelar line and the current period's grades not entered; the
 * secretaria's families waiting in the enrolment funnel and the families' requests about the Portal do
 * Aluno; and everyone's conversations not read.
 */
export const pendenciasAcademicasSchema = z.object({
  /**
   * Whether the school has registered a school year. Before the first one (a new school's first days),
   * rolls, attendance and grades have nothing to report, and the panel asks for the year instead.
   */
  ano_letivo_cadastrado: z.boolean(),
  chamadas: z.object({
    /** The school days looked at, oldest first (up to 5, today included when it is one). */
    dias: z.array(z.string()),
    /** Lessons (or, in a class with a daily roll, days) still without a roll, and in how many classes. */
    aulas: z.number().int(),
    turmas: z.number().int(),
  }),
  abaixo_minimo: z.number().int(),
  conselho_tutelar: z.number().int(),
  /** Null outside a period (holidays between years). */
  notas: z
    .object({
      periodo_nome: z.string(),
      /** Subjects of the classes with no avaliação yet in the period. */
      sem_avaliacao: z.number().int(),
      /** Grades missing in avaliações already given. */
      notas_faltando: z.number().int(),
      disciplinas: z.number().int(),
    })
    .nullable(),
  /**
   * The current period's pareceres descritivos of the Educação Infantil still to write (the Lançamento de
   * notas' own figures: `pareceresProgress`): the children without one and the classes they are in. Null
   * outside a period or in a school without Infantil classes.
   */
  pareceres_faltando: z
    .object({
      periodo_id: z.string(),
      periodo_nome: z.string(),
      /** Children of the period's Infantil classes with no parecer of it yet (or one left blank). */
      criancas: z.number().int(),
      /** The Infantil classes with children still without one, in the school's order. */
      turmas: z.array(
        z.object({
          turma_id: z.string(),
          turma_nome: z.string(),
          sem_parecer: z.number().int(),
          criancas: z.number().int(),
        }),
      ),
    })
    .nullable(),
  /** Pareceres sent for review or reviewed and not yet published (0 without `pareceres.review`). */
  pareceres_para_revisao: z.number().int(),
  /** Teachers' rectification requests waiting for a decision. */
  retificacoes_pendentes: z.number().int(),
});

export const pendenciasSecretariaSchema = z.object({
  /** Per school year (this one and the next) with families waiting on the secretaria. */
  matriculas: z.array(
    z.object({
      ano: z.number().int(),
      /** New families not contacted yet (stage 'Interessado'). */
      interessados: z.number().int(),
      /** Pré-matrículas sent, to check and answer with the contract. */
      pre_matriculas: z.number().int(),
      /** Contracts signed, the student still to enrol. */
      contratos_assinados: z.number().int(),
    }),
  ),
  /** Families' requests to disable a student's portal account, unanswered. */
  pedidos_portal: z.number().int(),
});

export const pendenciasSchema = z.object({
  /** Null without `academics.manage`. */
  academico: pendenciasAcademicasSchema.nullable(),
  /** Null without `matriculas.manage`. */
  secretaria: pendenciasSecretariaSchema.nullable(),
  mensagens_nao_lidas: z.number().int(),
});
export type Pendencias = z.infer<typeof pendenciasSchema>;
export type PendenciasAcademicas = z.infer<typeof pendenciasAcademicasSchema>;
export type PendenciasSecretaria = z.infer<typeof pendenciasSecretariaSchema>;
