import type { SiteContent } from './content.schemas.js';
import { DEFAULT_SCHOOL_NAME } from './settings.schemas.js';
import { defaultPrivacyText, defaultTermsText } from './legal.defaults.js';
import { defaultMatriculaSection } from './content.constants.js';

/**
 * The site's content before the school writes any: nothing a visitor could take for a fact about the
 * school. No years, numbers, testimonials, photos or contacts (issue 29: a new school went live saying
 * '25+ anos de experiência', 'Nossa casa desde 1998' and a São Paulo WhatsApp). A section without
 * content is not rendered at all (site-sections.ts); the contacts come from Configurações → Escola.
 * The demo publishes a made-up school's content of its own (content.examples.ts).
 */
export const defaultSiteContent: SiteContent = {
  hero: {
    titulo: 'Bem-vindo à nossa escola',
    subtitulo: '',
    descricao: '',
    imagem_fundo: '',
    botao_texto: 'Portal de Login',
    cor_primaria: '#3B82F6',
    cor_secundaria: '#8B5CF6',
  },
  sobre: {
    titulo: 'Sobre Nós',
    descricao: '',
    anos_experiencia: '',
    alunos_formados: '',
    missao: '',
    visao: '',
    valores: [],
    imagem: '',
  },
  galeria: { titulo: 'Nossa Galeria', descricao: '', fotos: [] },
  servicos: { titulo: 'Nossos Serviços', descricao: '', servicos: [] },
  diferenciais: { titulo: 'Nossos Diferenciais', descricao: '', diferenciais: [] },
  depoimentos: { titulo: 'O que dizem sobre nós', depoimentos: [] },
  contato: {
    titulo: 'Entre em Contato',
    endereco: '',
    telefone: '',
    whatsapp: '',
    email: '',
    horario_funcionamento: '',
    mapa_url: '',
    mapa_embed_url: '',
    mapa_latitude: '',
    mapa_longitude: '',
    mapa_zoom: 15,
    instagram: '',
    facebook: '',
  },
  matricula: { ...defaultMatriculaSection, series: [] },
  footer: {
    titulo: DEFAULT_SCHOOL_NAME,
    descricao: '',
    email: '',
    telefone: '',
    endereco: '',
    links_rapidos: [
      { nome: 'Sobre Nós', href: '/#sobre' },
      { nome: 'Galeria', href: '/#galeria' },
      { nome: 'Serviços', href: '/#servicos' },
      { nome: 'Depoimentos', href: '/#depoimentos' },
      { nome: 'Contato', href: '/#contato' },
    ],
    links_academicos: [
      { nome: 'Portal do Aluno', href: '/login' },
      { nome: 'Portal do Professor', href: '/login' },
      { nome: 'Calendário Acadêmico', href: '/calendario' },
    ],
    redes_sociais: { facebook: '', instagram: '', whatsapp: '', youtube: '' },
    copyright: 'Todos os direitos reservados.',
    politica_privacidade: 'Política de Privacidade',
    termos_uso: 'Termos de Uso',
  },
  configuracoes: {
    logo_principal: '',
    logo_alternativo: '',
    favicon: '',
    nome_escola: DEFAULT_SCHOOL_NAME,
    slogan: '',
    ano_fundacao: '',
    cnpj: '',
    codigo_inep: '',
    cor_primaria: '#3B82F6',
    cor_secundaria: '#8B5CF6',
    cor_accent: '#10B981',
    cor_texto: '#1F2937',
    cor_fundo: '#FFFFFF',
    gradiente_cor1: '#3B82F6',
    gradiente_cor2: '#8B5CF6',
    gradiente_cor3: '#10B981',
    mascote_hori: '/site/mascote-hori.svg',
    mascote_horizon: '/site/mascote-horizon.svg',
    mostrar_mascotes: false,
    modo_escuro: false,
    fonte_principal: 'Inter',
    tamanho_fonte: 'medium',
  },
  privacidade: { titulo: 'Aviso de Privacidade', texto: defaultPrivacyText },
  termos: { titulo: 'Termos de Uso', texto: defaultTermsText },
};
