/**
 * How the printed copy of 'Meus dados' names the tables and columns of the export and writes their values
 * for a family: Portuguese labels, dd/mm/aaaa, R$, CPF with its dots. The JSON copy keeps the stored names
 * and values; this is only how they read on paper.
 */
import { formatCentavosPlain, formatDate, formatDateTime, formatPhone } from '../../../shared/format.js';
import { formatCep } from '../../../shared/endereco.schemas.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import { formatCpf } from '../../../shared/validators.js';
import { requestSituacaoLabels, requestTipoLabels } from '../../../shared/data-rights.schemas.js';
import { documentoTipoLabels } from '../../../shared/documents.schemas.js';
import { formaPagamentoLabels } from '../../../shared/mensalidades.schemas.js';
import { destinoLabels } from '../../../shared/mensagens.schemas.js';
import { notificacaoTipoLabels } from '../../../shared/notificacoes.schemas.js';
import { nivelLabels } from '../../../shared/permissions.js';
import { parentescoLabels, sexoLabels, studentStatusLabels } from '../../../shared/students.schemas.js';

/**
 * The title of each table a family's rows can be in (a test checks every table that refers to a guardian,
 * an account or a student has one: a new table is named here, not printed under its English name).
 */
export const TABLE_TITLES: Record<string, string> = {
  guardians: 'Cadastro de responsável',
  users: 'Conta de acesso ao portal',
  user_perfis: 'Perfil de acesso da conta',
  student_accounts: 'Conta do aluno no portal',
  teachers: 'Cadastro de professor',
  students: 'Ficha do aluno',
  student_guardians: 'Vínculo com os responsáveis',
  consents: 'Consentimentos',
  privacy_acceptances: 'Aceites do aviso de privacidade e dos termos de uso',
  data_requests: 'Solicitações de correção ou exclusão de dados',
  medicacao_autorizacoes: 'Autorizações de medicação',
  pix_recorrencias: 'Autorizações de Pix Automático',
  absence_justifications: 'Justificativas de falta',
  agenda_dias: 'Agenda do dia',
  agenda_fotos: 'Fotos da agenda',
  agenda_leituras: 'Leituras da agenda do dia',
  agenda_modelos: 'Modelos de agenda',
  attendance_rolls: 'Chamadas',
  attendance_absences: 'Faltas',
  class_memberships: 'Turmas',
  grades: 'Notas',
  grade_changes: 'Alterações de notas',
  rectification_requests: 'Pedidos de revisão de nota',
  council_decisions: 'Decisões do conselho de classe',
  final_recoveries: 'Recuperação final',
  pareceres: 'Pareceres descritivos',
  parecer_fotos: 'Fotos de pareceres',
  prior_school_years: 'Anos cursados em outras escolas',
  school_documents: 'Documentos emitidos',
  student_itinerarios: 'Itinerários formativos',
  student_itinerarios_anteriores: 'Itinerários formativos anteriores',
  tutelary_notifications: 'Avisos ao Conselho Tutelar',
  mensalidades: 'Mensalidades',
  pagamentos: 'Pagamentos',
  student_discounts: 'Descontos e bolsas',
  comprovantes_pagamento: 'Comprovantes de pagamento enviados',
  pix_recebidos: 'Pix recebidos',
  transacoes: 'Lançamentos no caixa',
  cnab_remessas: 'arquivos de remessa ao banco',
  cnab_retornos: 'arquivos de retorno do banco',
  cnab_ocorrencias: 'ocorrências de retorno do banco',
  nfse: 'Notas fiscais de serviço',
  nfse_lotes: 'Lotes de notas fiscais',
  contratos: 'Contratos',
  contrato_assinaturas: 'Assinaturas de contrato',
  modelos_contrato: 'Modelos de contrato',
  interessados: 'Pedidos de visita ou de matrícula',
  interessado_eventos: 'Histórico do atendimento de matrícula',
  pre_matriculas: 'Pré-matrículas',
  pre_matricula_documentos: 'Documentos da pré-matrícula',
  comunicados: 'Comunicados publicados',
  comunicado_versoes: 'Versões de comunicados',
  comunicado_destinatarios: 'Comunicados recebidos',
  comunicado_cientes: 'Confirmações de ciência de comunicados',
  comunicado_anexos: 'Anexos de comunicados',
  conversas: 'Conversas com a escola',
  mensagens: 'Mensagens',
  conversa_leituras: 'Leituras de conversas',
  notificacoes: 'Notificações do portal',
  notificacao_preferencias: 'Preferências de notificação',
  push_assinaturas: 'Aparelhos que recebem notificações',
  entregas: 'E-mails e SMS enviados',
  photo_students: 'Marcações em fotos do site',
  student_access_log: 'Acessos à ficha do aluno',
  censo_alunos: 'Dados do aluno para o Censo Escolar',
  censo_matriculas: 'Matrículas informadas ao Censo Escolar',
  censo_arquivo_tarefas: 'arquivos do Censo Escolar montados',
  censo_profissionais: 'Dados de profissional para o Censo Escolar',
  report_exports: 'relatórios exportados',
  idempotency_keys: 'chaves que evitam gravar duas vezes o mesmo pedido',
  jobs: 'tarefas internas em andamento',
  acessos_ao_portal: 'Entradas e saídas do portal',
};

/** Column names whose words alone do not read well; the rest are read by `columnLabel`. */
const COLUMN_LABELS: Record<string, string> = {
  email: 'E-mail',
  cpf: 'CPF',
  cep: 'CEP',
  cnpj: 'CNPJ',
  uf: 'UF',
  ip: 'Endereço IP',
  user_agent: 'Navegador',
  created_at: 'Registrado em',
  criado_em: 'Registrado em',
  updated_at: 'Atualizado em',
  'users.nivel': 'Tipo de conta',
  status: 'Situação',
  ultimo_login: 'Último acesso',
  concedido: 'Consentimento dado',
  versao_finalidade: 'Versão do texto da finalidade',
  versao_privacidade: 'Versão do aviso de privacidade',
  versao_termos: 'Versão dos termos de uso',
  eh_principal: 'Responsável principal',
  turma_id: 'Turma',
  avaliacao_id: 'Avaliação',
  chamada_id: 'Chamada',
  dia_id: 'Agenda do dia',
  perfil_id: 'Perfil de acesso',
  comunicado_id: 'Comunicado',
  conversa_id: 'Conversa',
  mensalidade_id: 'Mensalidade',
  finalidade_id: 'Finalidade',
  aluno_id: 'Aluno',
  aluno_ids: 'Alunos',
  mes_referencia: 'Mês de referência',
  forma: 'Forma de pagamento',
  principal_pago: 'Principal pago',
  abonada: 'Falta abonada',
  abono_motivo: 'Motivo do abono',
  motivo_desconto: 'Motivo do desconto',
  motivo_cancelamento: 'Motivo do cancelamento',
  motivo_revogacao: 'Motivo da revogação',
  lado: 'Enviada por',
  autor_nome: 'Autor',
  codigo: 'Código',
  inep_id: 'Código INEP',
  cor_raca: 'Cor ou raça (código INEP)',
  pais_nacionalidade: 'País de nacionalidade (código INEP)',
  pais_residencia: 'País de residência (código INEP)',
  municipio_nascimento: 'Município de nascimento (código IBGE)',
  municipio_residencia: 'Município de residência (código IBGE)',
  cep_residencia: 'CEP de residência',
  zona_residencia: 'Zona de residência',
  transporte_publico: 'Usa transporte escolar público',
  bolsa_bp: 'Bolsa',
  em: 'Data e hora',
  acao: 'Ação',
  'grades.valor': 'Nota',
  'school_documents.codigo': 'Código de verificação',
};

/** Words of column names as Portuguese writes them (the names are stored without accents). */
const WORDS: Record<string, string> = {
  abono: 'abono',
  anonimizado: 'anonimizado',
  ate: 'até',
  aula: 'aula',
  avaliacao: 'avaliação',
  codigo: 'código',
  comunicacao: 'comunicação',
  conteudo: 'conteúdo',
  descricao: 'descrição',
  emissao: 'emissão',
  endereco: 'endereço',
  enturmacao: 'enturmação',
  exclusao: 'exclusão',
  filiacao: 'filiação',
  frequencia: 'frequência',
  historico: 'histórico',
  inicio: 'início',
  localizacao: 'localização',
  matricula: 'matrícula',
  mes: 'mês',
  municipio: 'município',
  notificacao: 'notificação',
  numero: 'número',
  observacao: 'observação',
  ocorrencia: 'ocorrência',
  pais: 'país',
  periodo: 'período',
  periodos: 'períodos',
  proxima: 'próxima',
  publico: 'público',
  razao: 'razão',
  referencia: 'referência',
  residencia: 'residência',
  responsavel: 'responsável',
  revogacao: 'revogação',
  saida: 'saída',
  serie: 'série',
  situacao: 'situação',
  titulo: 'título',
  ultima: 'última',
  ultimo: 'último',
  usuario: 'usuário',
  versao: 'versão',
};

/**
 * A column as words: the labels above, else its own words ('data_vencimento' is 'Data de vencimento',
 * 'revogado_por_nome' is 'Revogado por', 'ultimoEnvioEm' is 'Último envio em'), so a column added later
 * still reads as words.
 */
export function columnLabel(table: string, column: string): string {
  const known = COLUMN_LABELS[`${table}.${column}`] ?? COLUMN_LABELS[column];
  if (known) return known;
  const words = column
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter((word) => word !== '' && word !== 'id' && word !== 'ids');
  if (words.length > 2 && words.at(-2) === 'por' && words.at(-1) === 'nome') words.pop();
  if (words[0] === 'data' && words.length > 1 && words[1] !== 'de') words.splice(1, 0, 'de');
  const text = words.map((word) => WORDS[word] ?? word).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function tableTitle(table: string): string {
  return TABLE_TITLES[table] ?? columnLabel('', table);
}

/** Stored codes as the portal shows them, by `table.column` or by column. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  parentesco: parentescoLabels,
  sexo: sexoLabels,
  'users.nivel': nivelLabels,
  forma: formaPagamentoLabels,
  'students.status': studentStatusLabels,
  'conversas.destino': destinoLabels,
  'data_requests.tipo': requestTipoLabels,
  'data_requests.situacao': requestSituacaoLabels,
  'school_documents.tipo': documentoTipoLabels,
  'notificacoes.tipo': notificacaoTipoLabels,
  'acessos_ao_portal.acao': { login: 'Entrada', logout: 'Saída' },
  lado: { familia: 'Família', escola: 'Escola' },
  iniciada_por: { familia: 'Família', escola: 'Escola' },
};

/** Columns that mean nothing on paper: row versions, links inside the portal, push keys, secrets. */
const UNPRINTED = /^(id|version|link|endpoint|p256dh|auth)$|(^|_)(hash|token|secret|senha)(_|$)/i;
/** Integer centavos, as the schema names money ('valor', 'multa_paga', 'desconto_concedido', '*_centavos'). */
const MONEY = /^(valor|principal|multa|juros|desconto)(_|$)|_centavos$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** What the printed copy knows besides the rows: names for the ids they point at, and whose copy it is. */
export interface Reading {
  /** An id's name ('Matemática — Prova 1', the child's name, a purpose's title). */
  nomes: ReadonlyMap<string, string>;
  /** The ids of whom the section is about: a column pointing at them says nothing new. */
  proprios: ReadonlySet<string>;
}

function formatText(table: string, column: string, value: string, reading: Reading): string | null {
  if (UUID.test(value)) {
    // An id is printed as the name of what it points at, or not at all; text holding one is machine-made.
    return reading.proprios.has(value) ? null : (reading.nomes.get(value) ?? null);
  }
  if (value.startsWith('data:')) return '[arquivo]';
  const labels = VALUE_LABELS[`${table}.${column}`] ?? VALUE_LABELS[column];
  if (labels?.[value]) return labels[value];
  if (/(^|_)cpf$/i.test(column)) return formatCpf(value);
  if (/(^|_)cnpj$/i.test(column)) return formatCnpj(value);
  if (/(^|_)cep(_|$)/i.test(column)) return formatCep(value);
  if (/telefone|celular/i.test(column)) return formatPhone(value);
  if (DAY.test(value)) return formatDate(value);
  const instant = INSTANT.exec(value);
  if (instant) {
    // PostgreSQL writes '2026-05-18 15:00:00+00'; Date reads the ISO form, '…T15:00:00+00:00'.
    const zone = instant[3] ?? '';
    const iso = `${value.slice(0, value.length - zone.length).replace(' ', 'T')}${/^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone}`;
    if (!Number.isNaN(Date.parse(iso))) return formatDateTime(iso);
  }
  const month = MONTH.exec(value);
  if (month) return `${month[2]!}/${month[1]!}`;
  if (/^-?\d+\.\d+$/.test(value)) return value.replace('.', ',');
  return value;
}

/** A value as text for a family, or null when it says nothing on paper (empty, an id, a secret). */
export function formatValue(table: string, column: string, value: unknown, reading: Reading): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'number') {
    if (MONEY.test(column) && Number.isInteger(value)) return formatCentavosPlain(value);
    // Basis points: 1000 is 10 % (a scholarship).
    if (column.endsWith('_bp')) return `${(value / 100).toLocaleString('pt-BR')} %`;
    // No thousands dot: the numbers here are years, versions and counts ('2026', not '2.026').
    return value.toLocaleString('pt-BR', { useGrouping: false });
  }
  if (typeof value === 'string') return formatText(table, column, value, reading);
  if (Array.isArray(value)) {
    const items = value
      .map((item) => formatValue(table, column, item, reading))
      .filter((item) => item !== null);
    return items.length > 0 ? items.join(', ') : null;
  }
  if (typeof value === 'object') {
    // A JSON value (a document's content, a form's answers) as its own fields.
    const parts = fieldsOf(table, value as Record<string, unknown>, reading, true).map(
      ([label, text]) => `${label}: ${text}`,
    );
    return parts.length > 0 ? parts.join('; ') : null;
  }
  return null;
}

/** A row as the 'Rótulo: valor' pairs a family reads, without ids, secrets or empty fields. */
export function fieldsOf(
  table: string,
  row: Record<string, unknown>,
  reading: Reading,
  inside = false,
): [label: string, text: string][] {
  const fields: [string, string][] = [];
  for (const [column, value] of Object.entries(row)) {
    if (UNPRINTED.test(column)) continue;
    const text = formatValue(table, column, value, reading);
    if (text === null) continue;
    // An object inside a JSON value goes in parentheses, so a reader sees where it ends.
    const nested = inside && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
    fields.push([columnLabel(table, column), nested ? `(${text})` : text]);
  }
  return fields;
}
