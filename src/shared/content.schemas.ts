import { z } from 'zod';
import { pageQuery, versionSchema } from './validators.js';
import { defaultPrivacyText, defaultTermsText } from './legal.defaults.js';
import { defaultMatriculaSection } from './content.constants.js';

import {
  contentSections,
  fontNames,
  fontSizes,
  iconNames,
  isSafeLink,
  MAX_GALLERY_PHOTOS,
  type ContentSection,
  type IconName,
} from './content.constants.js';

export * from './content.constants.js';

const LINK_MESSAGE = 'Use um link http(s)://, mailto:, tel:, /caminho ou #âncora.';
const text = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres.`);
const required = (max: number, message: string) => text(max).min(1, message);
const link = z.string().trim().max(2000, 'Link longo demais.').refine(isSafeLink, LINK_MESSAGE);
/** An image is a link (uploaded images are `/media/{id}`, shipped ones `/site/...`). */
const image = link;
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use uma cor no formato #RRGGBB.');
const count = z.union([z.number().int().min(0).max(1_000_000), z.literal('')]);

export const heroSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  subtitulo: text(200),
  descricao: text(600),
  imagem_fundo: image,
  botao_texto: text(40),
  cor_primaria: color,
  cor_secundaria: color,
});

export const sobreSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  descricao: text(2000),
  anos_experiencia: count,
  alunos_formados: count,
  missao: text(600),
  visao: text(600),
  valores: z.array(required(120, 'O valor não pode ficar vazio')).max(12, 'Máximo de 12 valores.'),
  imagem: image,
});

export const photoSchema = z.object({
  id: text(64).min(1),
  url: image.refine((value) => value !== '', 'A foto precisa de um endereço.'),
  titulo: required(120, 'Título da foto é obrigatório'),
  descricao: text(300),
});
export type Photo = z.infer<typeof photoSchema>;

/** The spec allows plain URL strings as photos; they become photo objects. */
const photoList = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.map((item: unknown, index) =>
          typeof item === 'string'
            ? { id: `foto-${index + 1}`, url: item, titulo: `Foto ${index + 1}`, descricao: '' }
            : item,
        )
      : value,
  z.array(photoSchema).max(MAX_GALLERY_PHOTOS, 'Máximo de 10 fotos permitido'),
);

export const galeriaSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  descricao: text(600),
  fotos: photoList,
});

const featureItem = (defaultIcon: IconName) =>
  z.object({
    titulo: required(120, 'Título é obrigatório'),
    descricao: required(600, 'Descrição é obrigatória'),
    icone: z.enum(iconNames).catch(defaultIcon),
  });
export const serviceItemSchema = featureItem('Users');
export const differentiatorItemSchema = featureItem('Star');

export const servicosSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  descricao: text(600),
  servicos: z.array(serviceItemSchema).max(24, 'Máximo de 24 serviços.'),
});

export const diferenciaisSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  descricao: text(600),
  diferenciais: z.array(differentiatorItemSchema).max(24, 'Máximo de 24 diferenciais.'),
});

export const testimonialSchema = z.object({
  nome: required(120, 'Nome é obrigatório'),
  cargo: required(120, 'Cargo é obrigatório'),
  depoimento: required(1000, 'Depoimento é obrigatório'),
  foto: image,
});

export const depoimentosSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  depoimentos: z.array(testimonialSchema).max(24, 'Máximo de 24 depoimentos.'),
});

export const contatoSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  endereco: text(300),
  telefone: text(40),
  whatsapp: text(40),
  email: z.union([z.literal(''), z.email('E-mail inválido')]),
  horario_funcionamento: text(200),
  mapa_url: link,
  mapa_embed_url: link,
  mapa_latitude: z.union([z.literal(''), z.number().min(-90).max(90)]),
  mapa_longitude: z.union([z.literal(''), z.number().min(-180).max(180)]),
  mapa_zoom: z.number().int().min(1).max(21),
  instagram: text(100).refine((value) => !/[<>"\s]/.test(value), 'Informe só o usuário do Instagram.'),
  facebook: link,
});

export const footerLinkSchema = z.object({
  nome: required(80, 'Nome é obrigatório'),
  href: link.refine((value) => value !== '', 'URL é obrigatória'),
});

export const footerSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  descricao: text(600),
  email: z.union([z.literal(''), z.email('E-mail inválido')]),
  telefone: text(40),
  endereco: text(300),
  links_rapidos: z.array(footerLinkSchema).max(20, 'Máximo de 20 links.'),
  links_academicos: z.array(footerLinkSchema).max(20, 'Máximo de 20 links.'),
  redes_sociais: z.object({ facebook: link, instagram: link, whatsapp: link, youtube: link }),
  copyright: text(200),
  politica_privacidade: text(120),
  termos_uso: text(120),
});

export const configuracoesSchema = z.object({
  logo_principal: image,
  logo_alternativo: image,
  favicon: image,
  nome_escola: required(120, 'Nome da escola é obrigatório'),
  slogan: text(200),
  ano_fundacao: text(4).refine((value) => value === '' || /^\d{4}$/.test(value), 'Ano inválido.'),
  cnpj: text(20),
  codigo_inep: text(20),
  cor_primaria: color,
  cor_secundaria: color,
  cor_accent: color,
  cor_texto: color,
  cor_fundo: color,
  gradiente_cor1: color,
  gradiente_cor2: color,
  gradiente_cor3: color,
  mascote_hori: image,
  mascote_horizon: image,
  mostrar_mascotes: z.boolean(),
  modo_escuro: z.boolean(),
  fonte_principal: z.enum(fontNames),
  tamanho_fonte: z.enum(fontSizes),
});

/**
 * 'Agende uma visita / Quero matricular' (issue 34): the public site's interest form, on unless the
 * school turns it off; `series` are the choices of série offered (none: the family writes it).
 */
export const matriculaSectionSchema = z.object({
  ativo: z.boolean(),
  titulo: required(120, 'Título é obrigatório'),
  texto: text(1000),
  series: z.array(required(60, 'A série não pode ficar vazia')).max(30, 'Máximo de 30 séries.'),
});
export type MatriculaSection = z.infer<typeof matriculaSectionSchema>;

/** The privacy notice and the terms of use: each saved version is what guardians accept. */
export const legalTextSchema = z.object({
  titulo: required(120, 'Título é obrigatório'),
  texto: required(30_000, 'O texto não pode ficar vazio'),
});
export type LegalText = z.infer<typeof legalTextSchema>;

export const sectionSchemas = {
  hero: heroSchema,
  sobre: sobreSchema,
  galeria: galeriaSchema,
  servicos: servicosSchema,
  diferenciais: diferenciaisSchema,
  depoimentos: depoimentosSchema,
  contato: contatoSchema,
  matricula: matriculaSectionSchema,
  footer: footerSchema,
  configuracoes: configuracoesSchema,
  privacidade: legalTextSchema,
  termos: legalTextSchema,
} as const;

// A content file exported before the LGPD texts has no privacy notice or terms: they keep their defaults.
export const siteContentSchema = z.object({
  ...sectionSchemas,
  // A file exported before matrícula online (issue 34) has no interest form: it keeps its default.
  matricula: matriculaSectionSchema.default(defaultMatriculaSection),
  privacidade: legalTextSchema.default({ titulo: 'Aviso de Privacidade', texto: defaultPrivacyText }),
  termos: legalTextSchema.default({ titulo: 'Termos de Uso', texto: defaultTermsText }),
});
export type SiteContent = z.infer<typeof siteContentSchema>;
export type SectionData<S extends ContentSection> = SiteContent[S];

export const sectionParamsSchema = z.object({ section: z.enum(contentSections) });
export const restoreInputSchema = z.strictObject({ version: versionSchema });

/**
 * The content as read back and answered: what the section schemas produce. The gallery's photos are
 * already objects there (turning plain URLs into photos is for input only, and cannot run backwards).
 */
export const storedSiteContentSchema = siteContentSchema.extend({
  galeria: galeriaSchema.extend({ fotos: z.array(photoSchema) }),
});

/** What the content manager needs besides the content: each section's version for If-Match. */
export const contentStateSchema = z.object({
  content: storedSiteContentSchema,
  versions: z.record(z.enum(contentSections), z.number().int()),
  version: z.number().int(),
});
export type ContentState = z.infer<typeof contentStateSchema>;

export const contentHistoryEntrySchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  current: z.boolean(),
  /** The section as it was saved then (an older shape, maybe): shown as is. */
  data: z.unknown(),
});
export type ContentHistoryEntry = z.infer<typeof contentHistoryEntrySchema>;

/** Who is looking at the public page: their name, or null when signed out. */
export const contentViewerSchema = z.object({ nome: z.string() }).nullable();

export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** `GET /api/media`: the images already uploaded (Gerenciar Conteúdo, the school's logo), newest first. */
export const MEDIA_PAGE_SIZE = 24;
export const listMediaQuerySchema = z.strictObject({
  ...pageQuery({ defaultSize: MEDIA_PAGE_SIZE, maxSize: 60 }),
});
export const mediaItemSchema = uploadedMediaSchema.extend({
  enviada_em: z.string(),
  enviada_por: z.string().nullable(),
  /** Shows a child without image consent: kept from the public and from new uses. */
  bloqueada: z.boolean(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
