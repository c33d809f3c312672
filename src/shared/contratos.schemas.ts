/**
 * Matrícula online, contracts and the electronic signature (issue 34 §2): the template's fields, the
 * template and signature settings, a contract as staff read it, a signer's page and the code check.
 */
import { z } from 'zod';

import { optionalCpfSchema } from './validators.js';
import { requiredText } from './matriculas.schemas.js';

/** The fields a contract template may use, `{{campo}}`, each with what it shows. */
export const camposModeloContrato = {
  'aluno.nome': 'Nome do aluno',
  'aluno.data_nascimento': 'Data de nascimento do aluno',
  'responsavel.nome': 'Nome do responsável financeiro',
  'responsavel.cpf': 'CPF do responsável financeiro',
  'responsavel.email': 'E-mail do responsável financeiro',
  'responsavel.telefone': 'Telefone do responsável financeiro',
  'segundo_responsavel.nome': 'Nome do segundo responsável',
  'segundo_responsavel.cpf': 'CPF do segundo responsável',
  endereco: 'Endereço da família',
  serie: 'Série',
  turma: 'Turma',
  ano_letivo: 'Ano letivo',
  valor_anual: 'Valor da anuidade',
  'plano.nome': 'Plano de pagamento',
  'plano.parcelas': 'Número de parcelas',
  'plano.valor_parcela': 'Valor de cada parcela',
  taxa_matricula: 'Taxa de matrícula (parte da anuidade)',
  dia_vencimento: 'Dia de vencimento',
  multa: 'Multa por atraso (%)',
  juros: 'Juros de mora ao mês (%)',
  'escola.nome': 'Nome da escola',
  'escola.cnpj': 'CNPJ da escola',
  'escola.endereco': 'Endereço da escola',
  data: 'Data de emissão do contrato',
} as const;
export type CampoModeloContrato = keyof typeof camposModeloContrato;

const CAMPO_PATTERN = /\{\{\s*([^{}\s]{1,60})\s*\}\}/g;

/** The `{{campo}}` names a template uses that are not fields (in order of appearance, once each). */
export function camposDesconhecidos(corpo: string): string[] {
  const unknown = new Set<string>();
  for (const match of corpo.matchAll(CAMPO_PATTERN))
    if (!(match[1]! in camposModeloContrato)) unknown.add(match[1]!);
  return [...unknown];
}

/** The template's text with every `{{campo}}` replaced by its value (an empty value shows as '—'). */
export function preencherModelo(
  corpo: string,
  valores: Partial<Record<CampoModeloContrato, string>>,
): string {
  return corpo.replace(CAMPO_PATTERN, (whole, name: string) =>
    name in camposModeloContrato ? valores[name as CampoModeloContrato] || '—' : whole,
  );
}

/**
 * The template as a family reads it before any contract exists (the public page): each `{{campo}}` as
 * what goes there, '[nome do aluno]', never the raw field name.
 */
export function modeloParaLeitura(corpo: string): string {
  return corpo.replace(CAMPO_PATTERN, (whole, name: string) => {
    if (!(name in camposModeloContrato)) return whole;
    const label: string = camposModeloContrato[name as CampoModeloContrato];
    // 'Nome do aluno' → 'nome do aluno'; an acronym ('CNPJ da escola', 'CPF do …') keeps its case.
    const text = /^[A-ZÀ-Ý][a-zà-ÿ]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
    return `[${text}]`;
  });
}

export const MODELO_TITULO_MAX = 200;
export const MODELO_CORPO_MAX = 60_000;

/** `POST /api/matriculas/modelos-contrato`: a new version of the template. */
export const modeloContratoInputSchema = z
  .strictObject({
    titulo: requiredText('Título', MODELO_TITULO_MAX),
    corpo: z
      .string({ error: 'O texto do contrato é obrigatório' })
      .trim()
      .min(50, 'O texto do contrato está curto demais')
      .max(MODELO_CORPO_MAX, `Máximo de ${String(MODELO_CORPO_MAX)} caracteres`),
  })
  .superRefine((value, context) => {
    const unknown = camposDesconhecidos(value.corpo);
    if (unknown.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['corpo'],
        message: `Campo desconhecido no texto: ${unknown.map((name) => `{{${name}}}`).join(', ')}. Use só os campos da lista.`,
      });
  });
export type ModeloContratoInput = z.input<typeof modeloContratoInputSchema>;

export const modeloContratoSchema = z.object({
  id: z.uuid(),
  versao: z.number().int(),
  titulo: z.string(),
  corpo: z.string(),
  autor: z.string().nullable(),
  criado_em: z.string(),
  /** How many contracts were drawn from this version. */
  contratos: z.number().int(),
});
export type ModeloContrato = z.infer<typeof modeloContratoSchema>;

/** `GET /api/matriculas/modelos-contrato/vigente` (public: the Lei 9.870 publication shows it). */
export const modeloVigenteSchema = z.object({
  titulo: z.string(),
  corpo: z.string(),
  versao: z.number().int(),
  atualizado_em: z.string().nullable(),
});
export type ModeloVigente = z.infer<typeof modeloVigenteSchema>;

/** Who signs besides the financial guardian (Configurações → Contrato de matrícula). */
export const contratosConfiguracaoInputSchema = z
  .strictObject({
    exigir_segundo_responsavel: z.boolean(),
    representante_nome: requiredText('Nome do representante da escola', 120),
    representante_cpf: optionalCpfSchema,
    representante_email: z
      .string({ error: 'E-mail do representante é obrigatório' })
      .trim()
      .min(1, 'E-mail do representante é obrigatório')
      .max(254, 'E-mail inválido')
      .pipe(z.email('E-mail inválido'))
      .transform((value) => value.toLowerCase()),
    version: z.number().int().optional(),
  })
  .refine((value) => Boolean(value.representante_cpf), {
    message: 'CPF do representante é obrigatório',
    path: ['representante_cpf'],
  });
export type ContratosConfiguracaoInput = z.input<typeof contratosConfiguracaoInputSchema>;

export const contratosConfiguracaoSchema = z.object({
  exigir_segundo_responsavel: z.boolean(),
  representante_nome: z.string().nullable(),
  representante_cpf: z.string().nullable(),
  representante_email: z.string().nullable(),
  version: z.number().int(),
});
export type ContratosConfiguracao = z.infer<typeof contratosConfiguracaoSchema>;

export const statusContrato = ['aguardando', 'assinado', 'anulado'] as const;
export type StatusContrato = (typeof statusContrato)[number];
export const statusContratoLabels: Record<StatusContrato, string> = {
  aguardando: 'Aguardando assinaturas',
  assinado: 'Assinado',
  anulado: 'Anulado',
};

export const papeisSignatario = ['responsavel_financeiro', 'segundo_responsavel', 'escola'] as const;
export type PapelSignatario = (typeof papeisSignatario)[number];
export const papelSignatarioLabels: Record<PapelSignatario, string> = {
  responsavel_financeiro: 'Responsável financeiro',
  segundo_responsavel: 'Segundo responsável',
  escola: 'Representante da escola',
};

/** A signer as staff see it: `assinado_em` null while pending; `cpf` as given (digits; public pages mask it). */
export const contratoAssinaturaSchema = z.object({
  papel: z.enum(papeisSignatario),
  nome: z.string(),
  cpf: z.string().nullable(),
  canal: z.string().nullable(),
  assinado_em: z.string().nullable(),
  ip: z.string().nullable(),
});

/** `GET /api/matriculas/contratos/:id` (fixed API; the rest is extra). */
export const contratoSchema = z.object({
  id: z.uuid(),
  interessado_id: z.uuid().nullable(),
  status: z.enum(statusContrato),
  sha256: z.string(),
  codigo_validacao: z.string(),
  modelo_versao: z.number().int(),
  criado_em: z.string(),
  assinado_em: z.string().nullable(),
  anulado_em: z.string().nullable(),
  motivo_anulacao: z.string().nullable(),
  assinaturas: z.array(contratoAssinaturaSchema),
});
export type Contrato = z.infer<typeof contratoSchema>;

export const enviarContratoResultSchema = z.object({
  contrato_id: z.uuid(),
  signatarios: z.number().int(),
  anulados: z.number().int(),
});

/** `GET /api/assinaturas/{token}`: what the signer sees (no CPF in full, nothing of the other signers' contacts). */
export const assinaturaPublicaSchema = z.object({
  escola: z.string(),
  aluno: z.string(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  papel: z.enum(papeisSignatario),
  signatario: z.string(),
  /** 'pendente' | 'assinado' (this signer) | 'anulado' (the contract was replaced) | 'expirado' (the link). */
  status: z.enum(['pendente', 'assinado', 'anulado', 'expirado']),
  contrato_status: z.enum(statusContrato),
  /** The e-mail the code goes to, masked: m***@g***.com. */
  email_mascarado: z.string(),
  codigo_enviado_em: z.string().nullable(),
  assinado_em: z.string().nullable(),
  /** Shown once the signer signed. */
  codigo_validacao: z.string().nullable(),
  sha256: z.string(),
  resumo: z.array(z.object({ rotulo: z.string(), valor: z.string() })),
  signatarios: z.array(
    z.object({ papel: z.enum(papeisSignatario), nome: z.string(), assinado: z.boolean() }),
  ),
});
export type AssinaturaPublica = z.infer<typeof assinaturaPublicaSchema>;

export const CODIGO_ASSINATURA_INVALIDO = 'Código inválido. Confira os 6 números recebidos por e-mail.';
export const assinarInputSchema = z.strictObject({
  codigo: z
    .string({ error: CODIGO_ASSINATURA_INVALIDO })
    .trim()
    .regex(/^\d{6}$/, CODIGO_ASSINATURA_INVALIDO),
});

export const assinaturaTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Link inválido'),
});

/** `GET /api/matriculas/contratos/familia`: the signed contracts of a guardian's children (portal). */
export const contratoFamiliaSchema = z.object({
  id: z.uuid(),
  aluno: z.string(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  assinado_em: z.string(),
  codigo_validacao: z.string(),
});
export type ContratoFamilia = z.infer<typeof contratoFamiliaSchema>;
