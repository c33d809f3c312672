import { z } from 'zod';

/** `POST /api/alunos/{id}/anonimizar`: erase a former student's personal data (LGPD art. 16 and 18, VI). */
export const anonymiseStudentInputSchema = z.strictObject({
  /** Also anonymise the guardians who have no other child still at the school. */
  incluir_responsaveis: z.boolean().default(false),
});
export type AnonymiseStudentInput = z.input<typeof anonymiseStudentInputSchema>;

/** What anonymising did: who, what was erased, what was kept and why (said to the requester). */
export const anonymiseResultSchema = z.object({
  alunos: z.array(z.uuid()),
  responsaveis: z.array(z.uuid()),
  apagados: z.array(z.string()),
  mantidos: z.array(z.string()),
  /** The plain-language statement given to the requester (also the answer of an 'exclusão' request). */
  texto: z.string(),
});
export type AnonymiseResult = z.infer<typeof anonymiseResultSchema>;

/** An anonymised student's name starts with this (followed by the matrícula, kept for the histórico). */
export const ANONYMOUS_STUDENT_PREFIX = 'Aluno anonimizado';

/** What erasing a student removes (the confirmation dialog and the answer say the same). */
export const ERASED_STUDENT = [
  'Nome, e-mail, CPF, telefone, endereço, observações e dia e mês de nascimento do aluno, em todos os registros (mensagens, notificações, e-mails enviados, documentos e auditoria)',
  'Consentimentos em vigor (encerrados) e marcações em fotos (fotos retiradas do site)',
];
export const ERASED_GUARDIAN = [
  'Nome, e-mail, CPF, telefone, endereço e observações do responsável, em todos os registros (mensagens, notificações, e-mails enviados e auditoria)',
  'A conta de acesso ao portal (desativada; sessões, dispositivos e notificações apagados)',
];
/** What the law requires the school to keep, and why. */
export const KEPT_ACADEMIC =
  'Vida escolar (turmas, notas, frequência, decisões do conselho, documentos emitidos), ligada só à matrícula: a escola deve guardá-la para emitir o histórico escolar a qualquer tempo (LDB, art. 24, VII; LGPD, art. 16, I)';
export const KEPT_FINANCIAL =
  'Mensalidades e pagamentos, sem nome nem contato: guardados por 5 anos para cobrança e obrigações fiscais (Código Civil, art. 206, § 5º, I; CTN, art. 173; LGPD, art. 16, I)';
export const KEPT_PROOF =
  'Histórico de consentimentos, aceites e solicitações, sem dados de contato: prova de que a escola respeitou as escolhas da família (LGPD, art. 8º, § 2º, e art. 37)';
