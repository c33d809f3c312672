import { z } from 'zod';

/**
 * 'Primeiros passos': what a new school sets up before the portal is of use, in order. Each step is
 * computed by the server from the school's data (never ticked by hand), and the list hides itself
 * when every step is done or the school dismisses it.
 */
export const firstStepIds = [
  'escola',
  'ano_letivo',
  'turmas',
  'professores',
  'alunos',
  'mensalidades',
  'site',
] as const;
export type FirstStepId = (typeof firstStepIds)[number];

export const firstStepTexts: Record<FirstStepId, { titulo: string; descricao: string }> = {
  escola: {
    titulo: 'Dados da escola',
    descricao: 'Nome, endereço e telefone ou e-mail, em Configurações → Escola.',
  },
  ano_letivo: {
    titulo: 'Ano letivo',
    descricao: 'Abra o ano letivo no Calendário: as datas, os bimestres e os dias letivos.',
  },
  turmas: {
    titulo: 'Turmas e grade curricular',
    descricao: 'Cadastre as turmas e a grade de cada uma (disciplinas e horários).',
  },
  professores: {
    titulo: 'Professores',
    descricao: 'Cadastre os professores e atribua cada um a uma turma ou disciplina.',
  },
  alunos: {
    titulo: 'Alunos',
    descricao: 'Matricule os alunos nas turmas, com os responsáveis.',
  },
  mensalidades: {
    titulo: 'Mensalidades',
    descricao: 'Defina o valor por turma no Financeiro e gere as mensalidades.',
  },
  site: {
    titulo: 'Site da escola',
    descricao: 'Escreva as seções do site (apresentação, sobre, fotos): só o que a escola escreve aparece.',
  },
};

export const firstStepsSchema = z.object({
  etapas: z.array(z.object({ id: z.enum(firstStepIds), feita: z.boolean() })),
  /** Dismissed by an administrator ('Ocultar'): the home no longer shows the list. */
  dispensado: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
