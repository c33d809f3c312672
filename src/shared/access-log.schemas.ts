import { z } from 'zod';
import { isoDateSchema, pageQuery } from './validators.js';

/**
 * What a member of staff opened that shows one child's record, or a part of it, in any format (LGPD
 * art. 37, accountability): each route that answers one declares its own (`config.childRecord`).
 */
export const accessVias = [
  'ficha',
  'boletim',
  'boletim_pdf',
  'boletins_turma_pdf',
  'frequencia',
  'tarefas',
  'consentimentos',
  'documentos',
  'documento_pdf',
  'anos_anteriores',
  'historico_nota',
  'notificacao_conselho',
  'pareceres',
  'relatorio_desenvolvimento_pdf',
  'acesso_portal',
  'justificativas',
  'agenda',
  'medicacao',
  'debito_automatico',
  'censo_arquivo',
  'censo',
  'censo_inclusao',
] as const;
export type AccessVia = (typeof accessVias)[number];

export const accessViaLabels: Record<AccessVia, string> = {
  ficha: 'Ficha do aluno',
  boletim: 'Boletim',
  boletim_pdf: 'Boletim em PDF',
  boletins_turma_pdf: 'Boletins da turma em PDF',
  frequencia: 'Frequência',
  tarefas: 'Tarefas e conteúdos das aulas',
  consentimentos: 'Consentimentos',
  documentos: 'Documentos emitidos',
  documento_pdf: 'Documento escolar em PDF',
  anos_anteriores: 'Anos em outras escolas',
  historico_nota: 'Histórico de uma nota',
  notificacao_conselho: 'Notificação ao Conselho Tutelar',
  pareceres: 'Pareceres descritivos',
  relatorio_desenvolvimento_pdf: 'Relatório de desenvolvimento em PDF',
  acesso_portal: 'Conta do Portal do Aluno',
  justificativas: 'Justificativas de falta da família',
  agenda: 'Agenda diária',
  medicacao: 'Autorizações de medicação',
  debito_automatico: 'Débito automático via Pix',
  censo_arquivo: 'Arquivo do Censo Escolar (Educacenso)',
  censo: 'Dados do Censo Escolar (cor/raça, deficiência)',
  censo_inclusao: 'Apoio à inclusão (deficiências e recursos da turma)',
};

export const accessEntrySchema = z.object({
  id: z.number().int(),
  em: z.string(),
  aluno_id: z.string(),
  aluno_nome: z.string(),
  usuario_id: z.string().nullable(),
  usuario_nome: z.string().nullable(),
  nivel: z.enum(['administrador', 'professor']),
  via: z.enum(accessVias),
});
export type AccessEntry = z.infer<typeof accessEntrySchema>;

/** `GET /api/alunos/{id}/acessos`: who viewed one student's record, newest first. */
export const studentAccessQuerySchema = z.strictObject({
  ...pageQuery({ defaultSize: 50, maxSize: 200 }),
});
export type StudentAccessQuery = z.input<typeof studentAccessQuerySchema>;

/** `GET /api/auditoria/acessos`: every view, for the Auditoria screen. */
export const accessLogQuerySchema = z.strictObject({
  aluno_id: z.uuid('Aluno inválido').optional(),
  /** Part of the student's name. */
  q: z.string().trim().max(100, 'Máximo de 100 caracteres').optional(),
  usuario_id: z.uuid('Usuário inválido').optional(),
  de: isoDateSchema.optional(),
  ate: isoDateSchema.optional(),
  ...pageQuery({ defaultSize: 50, maxSize: 200 }),
});
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;

/** The people who viewed records, for the Auditoria filter. */
export const accessViewersSchema = z.array(z.object({ id: z.string(), nome: z.string() }));
export type AccessViewer = z.infer<typeof accessViewersSchema>[number];
