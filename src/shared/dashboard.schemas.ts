import type { MensalidadeStatus } from './finance.schemas.js';

/** GET /api/dashboard/stats: the school's figures for an admin, a teacher's classes, a guardian's children. */
export interface Atividade {
  id: number;
  at: string;
  actor_nome: string | null;
  action: string;
  entity: string;
  descricao: string;
}

export interface DashboardEscola {
  escopo: 'escola';
  total_alunos: number;
  total_professores: number;
  total_turmas: number;
  mensalidades_pendentes: number;
  receita_mes: number;
  /** The school's attendance % over the current school year (null before any roll). */
  frequencia_media: number | null;
  matriculas_por_mes: { mes: string; novas: number; total: number }[];
  alunos_por_status: { status: string; total: number }[];
  /** Per active class with rolls: `media` (grades) is null until the boletim exists. */
  performance_turmas: { turma: string; media: number | null; frequencia: number | null }[];
  atividades: Atividade[];
}

export interface DashboardProfessor {
  escopo: 'professor';
  total_alunos: number;
  total_turmas: number;
  turmas: {
    id: string;
    nome: string;
    serie: string;
    turno: string;
    alunos_count: number;
    capacidade_maxima: number;
    frequencia: number | null;
  }[];
  /** The teacher's assessments (up to today) still missing grades (issue 14). */
  avaliacoes_pendentes: {
    id: string;
    nome: string;
    disciplina: string;
    data: string;
    turma_id: string;
    turma_nome: string;
    faltam: number;
  }[];
  /** The teacher's classes whose period closes within 7 days. */
  periodos_fechando: {
    turma_id: string;
    turma_nome: string;
    periodo_id: string;
    periodo_nome: string;
    data_fechamento: string;
  }[];
}

export interface DashboardResponsavel {
  escopo: 'responsavel';
  filhos: {
    id: string;
    nome: string;
    turma_nome: string | null;
    status: string;
    frequencia: number | null;
  }[];
  mensalidades_em_aberto: number;
  proxima_mensalidade: {
    id: string;
    aluno_nome: string;
    mes_referencia: string;
    data_vencimento: string;
    valor_atualizado: number;
    status: MensalidadeStatus;
  } | null;
}

export type DashboardStats = DashboardEscola | DashboardProfessor | DashboardResponsavel;
