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
  'Nome, e-mail, CPF, telefone, endereço, observações e dia e mês de nascimento do aluno',
  'Nos registros que se referem ao aluno (justificativas de falta, descrições de mensalidades e lançamentos, solicitações, anotações dos responsáveis), o nome e os contatos dele viram "[anonimizado]"',
  'Conversas com a escola sobre o aluno (assunto e mensagens), notificações que apontam para ele e e-mails ou SMS enviados aos contatos dele',
  'Consentimentos em vigor (encerrados); as fotos em que aparece saem do site e não podem voltar',
];
export const ERASED_GUARDIAN = [
  'Nome, e-mail, CPF, telefone, endereço e observações do responsável',
  'Nos registros dos filhos que se referem ao responsável (observações, justificativas de falta, descrições de mensalidades e lançamentos, solicitações), o nome e os contatos dele viram "[anonimizado]"',
  'As mensagens que escreveu e as conversas com a escola, as notificações e os e-mails ou SMS enviados a ele',
  'A conta de acesso ao portal (desativada; sessões, dispositivos e preferências apagados)',
];
/** What the law requires the school to keep, and why. */
export const KEPT_ACADEMIC =
  'Vida escolar (turmas, notas, frequência, decisões do conselho), ligada só à matrícula: a escola deve guardá-la para emitir o histórico escolar a qualquer tempo (LDB, art. 24, VII; LGPD, art. 16, I)';
export const KEPT_DOCUMENTS =
  'Documentos já emitidos, como foram emitidos: um documento entregue não muda e continua verificável pelo código (a página pública mostra só as iniciais)';
export const KEPT_FINANCIAL =
  'Mensalidades e pagamentos, sem nome nem contato: guardados por 5 anos para cobrança e obrigações fiscais (Código Civil, art. 206, § 5º, I; CTN, art. 173; LGPD, art. 16, I)';
export const KEPT_PROOF =
  'Histórico de consentimentos, aceites e solicitações, sem dados de contato: prova de que a escola respeitou as escolhas da família (LGPD, art. 8º, § 2º, e art. 37)';
export const KEPT_AUDIT =
  'Trilha de auditoria (quem fez o quê e quando), que não é reescrita: os detalhes e o IP de cada entrada são apagados ao fim do prazo de retenção da auditoria (LGPD, art. 37)';
/** Everything kept, in the order the statement says it. */
export const KEPT = [KEPT_ACADEMIC, KEPT_DOCUMENTS, KEPT_FINANCIAL, KEPT_PROOF, KEPT_AUDIT];
