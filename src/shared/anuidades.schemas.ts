/**
 * Anuidades e planos (Lei 9.870/1999) and the online rematrícula round — the anuidades part of
 * matrícula online (issue 34): the plan rules the editor and the server share, the publication
 * (art. 2º) and its warnings, the art. 5º settings and the round's shapes. (Kept apart from
 * matriculas.schemas.ts, which would otherwise pass the 500-line limit.)
 */
import { z } from 'zod';
import { etapasFunil } from './matriculas.schemas.js';
import { isoDateSchema, singleLineText, uuidParam } from './validators.js';

// The plans' arithmetic (ADR 0094) lives in parcelamento.ts; its names are read from here as before.
export * from './parcelamento.js';
import { parcelaPadrao, totalDoPlano } from './parcelamento.js';

const requiredText = (label: string, max: number) =>
  singleLineText()
    .min(1, `${label} é obrigatório`)
    .max(max, `Máximo de ${String(max)} caracteres`);

/** Lei 9.870, art. 1º §5º: the annual value in up to 12 equal instalments. */
export const MAX_PARCELAS = 12;
/** Lei 9.870, art. 2º: published at least 45 days before the enrolment deadline. */
export const DIAS_ANTECEDENCIA_PUBLICACAO = 45;
/** R$ 1.000.000,00: far above any school's anuidade, well inside an integer column. */
const MAX_CENTAVOS = 100_000_000;

const centavosSchema = (label: string) =>
  z
    .number({ error: `${label}: informe um valor em centavos` })
    .int(`${label}: informe um valor em centavos`)
    .min(0, `${label} não pode ser negativo`)
    .max(MAX_CENTAVOS, `${label} acima do permitido`);

const anoLetivoSchema = z.coerce
  .number({ error: 'Ano letivo inválido' })
  .int('Ano letivo inválido')
  .min(2000, 'Ano letivo inválido')
  .max(2100, 'Ano letivo inválido');

export const planoPagamentoInputSchema = z.strictObject({
  /** Kept when editing, so a family's chosen `plano_id` still points at it. */
  id: uuidParam.optional(),
  nome: requiredText('Nome do plano', 80),
  parcelas: z
    .number({ error: 'Número de parcelas inválido' })
    .int('Número de parcelas inválido')
    .min(1, 'O plano precisa de ao menos 1 parcela')
    .max(MAX_PARCELAS, `No máximo ${String(MAX_PARCELAS)} parcelas (Lei 9.870, art. 1º, §5º)`),
  valor_parcela_centavos: centavosSchema('Valor da parcela'),
  taxa_matricula_centavos: centavosSchema('Taxa de matrícula').default(0),
  /** The standard plan: the anuidade less the fee in equal instalments (exactly one per série). */
  padrao: z.boolean().default(false),
});
export type PlanoPagamentoInput = z.input<typeof planoPagamentoInputSchema>;
export type PlanoPagamentoData = z.output<typeof planoPagamentoInputSchema>;

/** `PUT /api/matriculas/anuidades`: one série's anuidade of a year, with its plans (saved whole). */
export const anuidadeInputSchema = z.strictObject({
  ano_letivo: anoLetivoSchema,
  serie: requiredText('Série', 60),
  valor_anual_centavos: centavosSchema('Valor anual').min(1, 'Informe o valor anual'),
  prazo_matricula: isoDateSchema,
  planos: z
    .array(planoPagamentoInputSchema)
    .min(1, 'Cadastre ao menos o plano padrão')
    .max(12, 'No máximo 12 planos'),
  version: z.number().int().nonnegative().optional(),
});
export type AnuidadeInput = z.input<typeof anuidadeInputSchema>;
export type AnuidadeData = z.output<typeof anuidadeInputSchema>;

const reais = (centavos: number) =>
  `R$ ${(centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What the plan editor refuses (Lei 9.870, art. 1º §5º), as field errors: the server refuses a save
 * with them, the settings card shows them while the secretary types.
 */
export function problemasDosPlanos(
  valorAnual: number,
  planos: readonly {
    nome: string;
    parcelas: number;
    valor_parcela_centavos: number;
    taxa_matricula_centavos?: number;
    padrao?: boolean;
  }[],
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const padroes = planos.filter((plano) => plano.padrao);
  if (padroes.length !== 1)
    problems.push({
      path: 'planos',
      message:
        padroes.length === 0
          ? 'Marque um plano como padrão (a anuidade em parcelas iguais)'
          : 'Só um plano pode ser o padrão',
    });
  const nomes = new Set<string>();
  planos.forEach((plano, index) => {
    const at = (field: string) => `planos.${String(index)}.${field}`;
    const taxa = plano.taxa_matricula_centavos ?? 0;
    const nome = plano.nome.trim().toLocaleLowerCase('pt-BR');
    if (nomes.has(nome)) problems.push({ path: at('nome'), message: 'Já existe um plano com este nome' });
    nomes.add(nome);
    if (plano.parcelas < 1 || plano.parcelas > MAX_PARCELAS || !Number.isInteger(plano.parcelas)) {
      problems.push({
        path: at('parcelas'),
        message: `No máximo ${String(MAX_PARCELAS)} parcelas (Lei 9.870, art. 1º, §5º)`,
      });
      return;
    }
    if (taxa > valorAnual) {
      problems.push({
        path: at('taxa_matricula_centavos'),
        message: `A taxa de matrícula (${reais(taxa)}) passa da anuidade (${reais(valorAnual)}): ela faz parte do valor anual`,
      });
      return;
    }
    if (plano.padrao) {
      const parcela = parcelaPadrao(valorAnual, taxa, plano.parcelas);
      if (plano.valor_parcela_centavos !== parcela)
        problems.push({
          path: at('valor_parcela_centavos'),
          message: `No plano padrão as parcelas são iguais: ${String(plano.parcelas)} × ${reais(parcela)} (a anuidade menos a taxa, dividida igualmente)`,
        });
      return;
    }
    const total = totalDoPlano(plano);
    if (total > valorAnual)
      problems.push({
        path: at('valor_parcela_centavos'),
        message: `O plano “${plano.nome.trim()}” soma ${reais(total)}, acima da anuidade de ${reais(valorAnual)}: planos alternativos não podem passar do valor anual (Lei 9.870, art. 1º, §5º)`,
      });
  });
  return problems;
}

export const planoPagamentoSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  parcelas: z.number().int(),
  valor_parcela_centavos: z.number().int(),
  taxa_matricula_centavos: z.number().int(),
  /** The first instalment: `valor_parcela` plus the standard plan's rounding remainder (ADR 0094). */
  primeira_parcela_centavos: z.number().int(),
  total_centavos: z.number().int(),
  valor_anual_centavos: z.number().int(),
  padrao: z.boolean(),
});

export const anuidadeSchema = z.object({
  id: z.uuid(),
  ano_letivo: z.number().int(),
  serie: z.string(),
  valor_anual_centavos: z.number().int(),
  prazo_matricula: z.string(),
  planos: z.array(planoPagamentoSchema),
  version: z.number().int(),
  atualizado_em: z.string(),
});
export type Anuidade = z.infer<typeof anuidadeSchema>;

export const anuidadesQuerySchema = z.strictObject({ ano: anoLetivoSchema.optional() });

/** The contract template in force, as `GET /api/matriculas/modelos-contrato/vigente` answers it. */
export const contratoPublicadoSchema = z.strictObject({
  titulo: z.string().trim().min(1).max(200),
  corpo: z.string().max(200_000, 'Contrato longo demais para publicar'),
  versao: z.number().int().nonnegative(),
  atualizado_em: z.string().max(40),
});
export type ContratoPublicado = z.infer<typeof contratoPublicadoSchema>;

/** `POST /api/matriculas/anuidades/publicar`: publishes a year (the contract as the screen read it, or none). */
export const publicarAnuidadesInputSchema = z.strictObject({
  ano_letivo: anoLetivoSchema,
  contrato: contratoPublicadoSchema.nullable().default(null),
});

export const publicacaoInfoSchema = z.object({
  publicado_em: z.string(),
  /** Values or plans changed after publishing: publish again (the 45 days count from then). */
  alterado_depois: z.boolean(),
  com_contrato: z.boolean(),
});

export const anuidadesAnoSchema = z.object({
  ano_letivo: z.number().int(),
  anuidades: z.array(anuidadeSchema),
  publicacao: publicacaoInfoSchema.nullable(),
  /** The séries of the year's classes (or of this year's, moved up), to start from. */
  series_sugeridas: z.array(z.string()),
});
export type AnuidadesAno = z.infer<typeof anuidadesAnoSchema>;

export const vagaTurmaSchema = z.object({
  turma: z.string(),
  serie: z.string(),
  turno: z.string(),
  capacidade: z.number().int(),
  matriculados: z.number().int(),
  vagas: z.number().int(),
});

/** `GET /api/matriculas/anuidades/publicacao?ano=` — the public page `/matriculas` (no session). */
export const publicacaoMatriculasSchema = z.object({
  ano_letivo: z.number().int(),
  publicado_em: z.string(),
  escola: z.object({ nome: z.string(), cnpj: z.string().nullable(), endereco: z.string().nullable() }),
  series: z.array(
    z.object({
      serie: z.string(),
      valor_anual_centavos: z.number().int(),
      prazo_matricula: z.string(),
      // A snapshot has no first instalment: the page derives it (`parcelasDoPlano`), with `padrao`.
      planos: z.array(
        planoPagamentoSchema.omit({ id: true, valor_anual_centavos: true, primeira_parcela_centavos: true }),
      ),
    }),
  ),
  contrato: contratoPublicadoSchema.nullable(),
  vagas: z.array(vagaTurmaSchema),
});
export type PublicacaoMatriculas = z.infer<typeof publicacaoMatriculasSchema>;
export const publicacaoQuerySchema = z.strictObject({ ano: anoLetivoSchema.optional() });

export const tiposAvisoAnuidade = [
  'sem_anuidades',
  'nao_publicado',
  'publicado_tarde',
  'alterado',
  'sem_contrato',
] as const;
export const avisoAnuidadeSchema = z.object({
  tipo: z.enum(tiposAvisoAnuidade),
  ano_letivo: z.number().int(),
  /** 'alerta': the law's 45 days are at stake; 'info': something to check. */
  nivel: z.enum(['alerta', 'info']),
  mensagem: z.string(),
});
export type AvisoAnuidade = z.infer<typeof avisoAnuidadeSchema>;

/** How the year-end rematrícula treats the online round: only families who signed, or everyone (as before). */
export const rematriculaAplicaOpcoes = ['todos', 'assinados'] as const;

/**
 * The art. 5º refusal when every open debt is a payment the family declared ('Já paguei') and the school
 * has not confirmed yet (ADR 0073): the family is told what it waits for, not that it owes.
 */
export const PAGAMENTO_EM_CONFIRMACAO_REMATRICULA =
  'O pagamento que a família informou ("Já paguei") aguarda a confirmação da escola. A rematrícula fica ' +
  'disponível assim que a escola confirmar o pagamento; em caso de dúvida, fale com o financeiro ou a secretaria.';

export const MENSAGEM_INADIMPLENCIA_PADRAO =
  'Consta um débito em aberto nas mensalidades ou na taxa de matrícula do aluno. Conforme a Lei ' +
  '9.870/1999, art. 5º, a escola pode recusar a renovação da matrícula enquanto houver inadimplência. ' +
  'Procure a secretaria ou o financeiro da escola para regularizar e concluir a rematrícula. Os ' +
  'documentos escolares do aluno continuam à sua disposição (art. 6º).';

export const matriculasConfigInputSchema = z.strictObject({
  /** Art. 5: refuse the online renewal to families in default. */
  recusar_inadimplentes: z.boolean(),
  mensagem_inadimplencia: z
    .string()
    .trim()
    .min(20, 'Escreva a mensagem que a família verá (ao menos 20 caracteres)')
    .max(1000, 'Máximo de 1000 caracteres'),
  rematricula_aplica: z.enum(rematriculaAplicaOpcoes, { error: 'Opção inválida' }),
  version: z.number().int().nonnegative().optional(),
});
export const matriculasConfigSchema = z.object({
  recusar_inadimplentes: z.boolean(),
  mensagem_inadimplencia: z.string(),
  rematricula_aplica: z.enum(rematriculaAplicaOpcoes),
  version: z.number().int(),
});
export type MatriculasConfig = z.infer<typeof matriculasConfigSchema>;

/** Where a family stands in the online rematrícula round. */
export const statusRematricula = [
  'sem_convite',
  'convidado',
  'aberto',
  'enviado',
  'assinado',
  'pago',
  'perdido',
] as const;
export type StatusRematricula = (typeof statusRematricula)[number];
export const statusRematriculaLabels: Record<StatusRematricula, string> = {
  sem_convite: 'Link não enviado',
  convidado: 'Link enviado',
  aberto: 'Abriu o formulário',
  enviado: 'Enviou a pré-matrícula',
  assinado: 'Contrato assinado',
  pago: 'Pago',
  perdido: 'Não renova',
};

export const iniciarRematriculaInputSchema = z.strictObject({ ano_letivo: anoLetivoSchema });
export const rematriculaOnlineQuerySchema = z.strictObject({
  ano_letivo: anoLetivoSchema.optional(),
  status: z.enum([...statusRematricula, 'pendentes'], { error: 'Situação inválida' }).optional(),
  serie: z.string().trim().max(60).optional(),
  busca: z.string().trim().max(120).optional(),
});
export const lembretesRematriculaInputSchema = z.strictObject({
  ano_letivo: anoLetivoSchema,
  /** Only these families (rows of the round); all pending ones when absent. */
  ids: z.array(uuidParam).max(2000).optional(),
});

export const familiaRematriculaSchema = z.object({
  id: z.uuid(),
  aluno_id: z.uuid().nullable(),
  aluno_nome: z.string(),
  serie: z.string(),
  responsavel_nome: z.string(),
  email: z.string(),
  etapa: z.enum(etapasFunil),
  status: z.enum(statusRematricula),
  pendente: z.boolean(),
  inadimplente: z.boolean(),
  aberto_em: z.string().nullable(),
  enviado_em: z.string().nullable(),
  ultimo_lembrete_em: z.string().nullable(),
});
export type FamiliaRematricula = z.infer<typeof familiaRematriculaSchema>;

export const rodadaRematriculaSchema = z.object({
  ano_letivo: z.number().int(),
  iniciada_em: z.string().nullable(),
  contagem: z.record(z.enum(statusRematricula), z.number().int()),
  pendentes: z.number().int(),
  familias: z.array(familiaRematriculaSchema),
  /** False when the server has no mail server (SMTP_URL): the links land in DATA_DIR/outbox, no family gets them. */
  email_configurado: z.boolean(),
});
export type RodadaRematricula = z.infer<typeof rodadaRematriculaSchema>;

/** What the rematrícula screens say when the server has no mail server (the README's rule: never 'enviado'). */
export const EMAIL_NAO_CONFIGURADO_REMATRICULA =
  'O e-mail não está configurado neste servidor: os links da rematrícula não chegam às famílias. Quem instalou o sistema configura o envio na variável SMTP_URL (veja o README).';

/** The pré-matrícula link made on a server without e-mail: the secretaria sends it by another way. */
export const EMAIL_NAO_CONFIGURADO_CONVITE =
  'O e-mail não está configurado neste servidor: a família não recebe o link. Copie-o e envie por WhatsApp ou outro meio; para que os links saiam por e-mail, quem instalou o sistema configura a variável SMTP_URL (veja o README).';

export const inicioRematriculaSchema = z.object({
  criadas: z.number().int(),
  convites_enviados: z.number().int(),
  /** Families whose link could not be sent (no e-mail, or the sending failed): the table shows them. */
  convites_falhos: z.number().int(),
  inadimplentes: z.number().int(),
});
export const lembretesRematriculaResultSchema = z.object({
  enviados: z.number().int(),
  /** Already reminded today (one reminder per family per day). */
  ja_lembrados_hoje: z.number().int(),
  falhas: z.number().int(),
});
