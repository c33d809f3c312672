import { z } from 'zod';
import { uuidParam } from './validators.js';

/**
 * Earlier wordings of a default purpose, per `chave`: an installation whose purpose still reads one of
 * them (the school never edited it) is given the current wording as a new version on the next read, as
 * the school's own edit would (consents keep the version they were given under).
 */
export const previousDefaultWordings: Record<string, readonly string[]> = {
  imagem: [
    'Autorizo a escola a publicar, no site e nas redes sociais da escola, fotos e vídeos de atividades escolares em que esta criança aparece. Sem esta autorização, essas fotos não são publicadas.',
  ],
  portal_aluno: [
    'Autorizo a escola a criar para este aluno uma conta própria no Portal do Aluno, com o e-mail informado à secretaria: ele verá o próprio boletim, a frequência, o calendário, os comunicados aos alunos e as declarações, nunca o financeiro nem as conversas da família. Posso pedir a desativação da conta a qualquer momento.',
  ],
};

/** The purposes a new school starts with; the secretaria edits and adds to them. */
export const defaultConsentPurposes = [
  {
    chave: 'imagem',
    titulo: 'Uso de imagem no site e redes sociais',
    descricao:
      'Autorizo a escola a publicar, no site e nas redes sociais da escola, fotos e vídeos de atividades escolares em que esta criança aparece, e a guardar fotos desta criança e dos seus trabalhos nos registros que só a família e a escola veem: o parecer descritivo (relatório de desenvolvimento) e a agenda diária da criança. Sem esta autorização, essas fotos não são publicadas nem guardadas.',
  },
  {
    chave: 'sms',
    titulo: 'Comunicados por SMS',
    descricao:
      'Autorizo a escola a enviar por SMS, para o meu telefone cadastrado, avisos sobre a vida escolar desta criança.',
  },
  {
    chave: 'passeios',
    titulo: 'Participação em passeios e atividades externas',
    descricao:
      'Autorizo a participação desta criança em passeios e atividades fora da escola, com o acompanhamento dos professores. Cada passeio é avisado antes, com data e local.',
  },
  {
    chave: 'portal_aluno',
    titulo: 'Conta própria no Portal do Aluno',
    descricao:
      'Autorizo a escola a criar para este aluno uma conta própria no Portal do Aluno, com o e-mail informado à secretaria: ele verá o próprio boletim, a frequência, o calendário, os comunicados aos alunos e as declarações, nunca o financeiro nem as conversas da família. Posso pedir a desativação da conta a qualquer momento, e retirar esta autorização desativa a conta na hora.',
  },
] as const;

/**
 * What withdrawing a default purpose does at once, said before the family confirms; a purpose the school
 * added has no known effect beyond the record (`null`).
 */
export function withdrawalEffect(chave: string | null, primeiroNome: string): string | null {
  switch (chave) {
    case 'imagem':
      return `fotos em que ${primeiroNome} aparece saem do site, e a escola não guarda novas fotos de ${primeiroNome}.`;
    case 'sms':
      return 'a escola deixa de enviar SMS sobre a vida escolar para o seu telefone.';
    case 'passeios':
      return `a escola passa a saber que ${primeiroNome} não vai aos próximos passeios e atividades fora da escola.`;
    case 'portal_aluno':
      return `a conta de ${primeiroNome} no Portal do Aluno é desativada, e ${primeiroNome} não entra mais nela.`;
    default:
      return null;
  }
}

export const consentPurposeSchema = z.object({
  id: z.uuid(),
  chave: z.string().nullable(),
  titulo: z.string(),
  descricao: z.string(),
  versao: z.number().int(),
  ativo: z.boolean(),
});
export type ConsentPurpose = z.infer<typeof consentPurposeSchema>;

export const purposeInputSchema = z.strictObject({
  titulo: z
    .string({ error: 'Título é obrigatório' })
    .trim()
    .min(3, 'Título é obrigatório')
    .max(120, 'Máximo de 120 caracteres'),
  descricao: z
    .string({ error: 'Descrição é obrigatória' })
    .trim()
    .min(10, 'Explique a finalidade em linguagem simples')
    .max(1000, 'Máximo de 1000 caracteres'),
  ativo: z.boolean().default(true),
});
export type PurposeInput = z.input<typeof purposeInputSchema>;

export const consentEntrySchema = z.object({
  id: z.number().int(),
  concedido: z.boolean(),
  versao_finalidade: z.number().int(),
  registrado_em: z.string(),
  registrado_por: z.enum(['responsavel', 'secretaria']),
});
export type ConsentEntry = z.infer<typeof consentEntrySchema>;

/** `GET /api/alunos/{id}/consentimentos`: per purpose, the current state (latest record) and the history. */
export const studentConsentsSchema = z.object({
  aluno: z.object({ id: z.uuid(), nome: z.string() }),
  /**
   * Whether the school sends SMS now (a provider and the switch in Configurações): while it does not, the
   * 'sms' purpose's consent sends nothing, and the family's screen says so instead of 'Autorizado'.
   */
  sms_disponivel: z.boolean(),
  finalidades: z.array(
    z.object({
      finalidade: consentPurposeSchema,
      /** Null: never answered (treated as not given). */
      concedido: z.boolean().nullable(),
      historico: z.array(consentEntrySchema),
    }),
  ),
});
export type StudentConsents = z.infer<typeof studentConsentsSchema>;

export const giveConsentInputSchema = z.strictObject({
  finalidade_id: uuidParam,
  concedido: z.boolean({ error: 'Informe se concede ou retira o consentimento' }),
});

/** The secretaria's per-class table. */
export const classConsentsSchema = z.object({
  finalidades: z.array(consentPurposeSchema),
  alunos: z.array(
    z.object({
      id: z.uuid(),
      nome: z.string(),
      /** finalidade id → current state (null: never answered). */
      consentimentos: z.record(z.string(), z.boolean().nullable()),
    }),
  ),
});
export type ClassConsents = z.infer<typeof classConsentsSchema>;

/** `PUT /api/media/{id}/alunos`: who appears in a photo. */
export const tagMediaInputSchema = z.strictObject({
  aluno_ids: z.array(uuidParam).max(60, 'Máximo de 60 alunos por foto'),
});
export const mediaTagsSchema = z.object({
  media_id: z.uuid(),
  alunos: z.array(z.object({ id: z.uuid(), nome: z.string(), consentimento_imagem: z.boolean() })),
  /** Whether the photo may be in the public gallery (every tagged child has image consent now). */
  publicavel: z.boolean(),
});
export type MediaTags = z.infer<typeof mediaTagsSchema>;
