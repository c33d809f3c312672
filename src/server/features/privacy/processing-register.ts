import { getTableConfig } from 'drizzle-orm/pg-core';
import type { RetentionValues } from '../../../shared/retention.schemas.js';
import type { ProcessingRegister } from '../../../shared/processing-register.schemas.js';
import {
  builtInPerfilNames,
  builtInPerfilPermissions,
  builtInPerfis,
  permissionLabels,
} from '../../../shared/permissions.js';
import { clock } from '../../lib/clock.js';
import { type Retention, type Treatment, columnsOf } from './processing-register.model.js';
import { TREATMENTS_PEOPLE } from './processing-register.people.js';
import { TREATMENTS_SCHOOL_LIFE } from './processing-register.school-life.js';
import { TREATMENTS_COMMUNICATION } from './processing-register.communication.js';
import { TREATMENTS_ACCOUNTABILITY } from './processing-register.accountability.js';
import { TREATMENTS_MATRICULAS } from './processing-register.matriculas.js';
import { TREATMENTS_PRE_MATRICULA } from './processing-register.pre-matricula.js';
import { TREATMENTS_CONTRATOS } from './processing-register.contratos.js';
import { TREATMENTS_FISCAL } from './processing-register.fiscal.js';
import { TREATMENTS_CENSO } from './processing-register.censo.js';

function retentionText(kind: Retention, values: RetentionValues): string {
  switch (kind) {
    case 'vida_escolar':
      return 'Permanente, para emitir o histórico escolar. Depois da saída do aluno, a escola pode anonimizar a identificação e o contato; a vida escolar fica ligada só à matrícula.';
    case 'financeiro':
      return '5 anos após o pagamento ou o vencimento (prazo de cobrança e obrigações fiscais); sem nome nem contato depois da anonimização.';
    case 'responsavel':
      return `Enquanto houver filho na escola; anonimizado automaticamente ${values.responsaveis_anos} anos depois da saída do último filho, ou antes, a pedido.`;
    case 'conta':
      return 'Enquanto o vínculo com a escola durar; a conta é desativada na saída e anonimizada com o titular.';
    case 'tecnico':
      return `Apagado ${values.registros_tecnicos_dias} dias depois de expirar.`;
    case 'entregas':
      return `Apagado ${values.registros_tecnicos_dias} dias depois do envio.`;
    case 'auditoria':
      return `O registro (quem, o quê, quando) é permanente; os detalhes e o IP são apagados após ${values.auditoria_dias} dias.`;
    case 'prova':
      return 'Enquanto puder ser exigida a prova do consentimento ou da resposta (LGPD, art. 8º, § 2º); sem dados de contato após a anonimização.';
    case 'imagem':
      return 'Enquanto houver consentimento; retirado o consentimento, a foto sai do site na hora.';
    case 'comunicacao':
      return 'Enquanto o vínculo com a escola durar; nome e contato são apagados na anonimização do titular.';
    case 'exportacao':
      return 'Apagado 1 dia depois de gerado.';
    case 'fila':
      return 'Apagado quando a tarefa termina.';
    case 'interessados':
      return `Apagado ${values.interessados_meses} meses depois da última movimentação quando a família não matriculou a criança, ou antes, a pedido; quem se matricula passa a ter a ficha de aluno.`;
  }
}

/**
 * The classification of every personal column in the schema (LGPD art. 37), and what anonymisation does
 * to each. A test walks every Drizzle table and fails when a table is neither here nor in
 * NON_PERSONAL_TABLES, or when a column that looks personal (an identifier, an IP, an author's name, a
 * reference to a person) is not classified. Anonymising a person reaches only the rows listed here as
 * theirs (by id, never by searching values across the database): configuration, catalogues, issued
 * documents and the audit trail are never touched.
 */
export const TREATMENTS: Treatment[] = [
  ...TREATMENTS_PEOPLE,
  ...TREATMENTS_SCHOOL_LIFE,
  ...TREATMENTS_COMMUNICATION,
  ...TREATMENTS_ACCOUNTABILITY,
  ...TREATMENTS_MATRICULAS,
  ...TREATMENTS_PRE_MATRICULA,
  ...TREATMENTS_CONTRATOS,
  ...TREATMENTS_FISCAL,
  ...TREATMENTS_CENSO,
];

/** Tables with no personal data, each with the reason (a new table must be classified one way or the other). */
export const NON_PERSONAL_TABLES: Record<string, string> = {
  assessments: 'Avaliações de uma turma (nome, data, peso), sem aluno.',
  calendar_entries: 'Calendário escolar.',
  class_itinerarios: 'Itinerários formativos que uma turma do Ensino Médio oferece (nome, se técnico).',
  class_tuition: 'Valor da mensalidade de uma turma.',
  matricula_online_config:
    'Opções da matrícula online: a lista de documentos pedidos e se a matrícula espera o pagamento da taxa.',
  consent_purposes: 'Textos das finalidades de consentimento.',
  disciplinas: 'Catálogo de disciplinas da escola.',
  finance_settings: 'Chave Pix e regras de multa da escola.',
  pix_provedor:
    'Credenciais do banco (PSP) do Pix automático, cifradas, e a chave Pix da escola; sem pessoa.',
  lembrete_configuracoes: 'Agenda dos lembretes automáticos de mensalidade (dias, ligados ou não).',
  mensalidade_lembretes: 'Marca do dia em que o lembrete de uma mensalidade saiu, sem a pessoa.',
  pix_cobrancas:
    'Estado da cobrança Pix de uma mensalidade no banco (txid, situação, valor e vencimento enviados), sem a pessoa.',
  pix_automatico_config:
    'Pix Automático da escola: ligado ou não e a conta (agência e número) que recebe os débitos; sem pessoa.',
  pix_cobrancas_recorrentes:
    'Cobranças mensais do Pix Automático (txid, valor, vencimento, situação), ligadas à mensalidade; sem pessoa.',
  fiscal_config:
    'Dados fiscais da escola (CNPJ, inscrição, município, série e número da DPS) e o certificado A1 dela, cifrado; sem pessoa.',
  censo_turmas: 'Dados do Censo Escolar de cada turma (código INEP, horário, etapa), sem pessoa.',
  boleto_config: 'Convênio de boleto da escola com o banco (agência, conta, carteira, convênio), sem pessoa.',
  boletos:
    'Boleto de uma mensalidade (nosso número, código de barras, valor, vencimento, situação no banco), sem a pessoa: o pagador é lido do responsável quando o boleto é impresso ou enviado.',
  job_slots: 'Marcação de tarefas diárias já agendadas.',
  perfis: 'Perfis de acesso (nome e permissões), sem pessoa.',
  mensalidade_avisos: 'Marca de que o aviso de uma mensalidade (a vencer, em atraso) já saiu, sem a pessoa.',
  record_versions: 'Contadores internos de cache.',
  school_periods: 'Períodos do ano letivo.',
  school_years: 'Anos letivos.',
  anuidades: 'Anuidade de cada série e ano e o prazo de matrícula (Lei 9.870), sem pessoa.',
  planos_pagamento: 'Planos de pagamento de uma anuidade (parcelas, valores, taxa), sem pessoa.',
  anuidade_publicacoes:
    'Publicação de um ano (Lei 9.870, art. 2º): data, valores, planos e o texto do contrato; quem publicou fica na auditoria.',
  matriculas_configuracoes: 'Escolhas da escola para a rematrícula online (art. 5º, mensagem), sem pessoa.',
  rematricula_rodadas: 'Ano e data de início de uma rodada de rematrícula online, sem pessoa.',
  rematricula_lembretes: 'Marca do dia em que o lembrete de rematrícula de uma família saiu, sem a pessoa.',
};

const columnLabels: Record<string, string> = {
  nome: 'nome',
  email: 'e-mail',
  telefone: 'telefone',
  endereco: 'endereço',
  cep: 'CEP',
  numero: 'número',
  uf: 'UF',
  cpf: 'CPF',
  data_nascimento: 'data de nascimento',
  observacoes: 'observações',
  ip: 'endereço IP',
  user_agent: 'navegador',
  password_hash: 'senha (só o resumo argon2id)',
};

const labelOf = (name: string) => columnLabels[name] ?? name.replace(/_/g, ' ');

/** A profile as the register names it: its name and what it may do. */
export interface RegisterPerfil {
  nome: string;
  permissoes: readonly string[];
}

const builtInRegisterPerfis: RegisterPerfil[] = builtInPerfis.map((chave) => ({
  nome: builtInPerfilNames[chave],
  permissoes: builtInPerfilPermissions[chave],
}));

/**
 * The register as the admin reads and prints it: the schema, who may reach each kind of data — each
 * access profile of the school (ADR 0025: profiles decide what), the built-in ones and the school's own —
 * and the settings.
 */
export function buildProcessingRegister(
  values: RetentionValues,
  perfis: readonly RegisterPerfil[] = builtInRegisterPerfis,
): ProcessingRegister {
  return {
    gerado_em: clock.now().toISOString(),
    prazos: values,
    entradas: TREATMENTS.map((treatment) => ({
      categoria: treatment.categoria,
      titulares: treatment.titulares,
      finalidade: treatment.finalidade,
      base_legal: treatment.base_legal,
      dados: treatment.dados.map((dado) => ({
        tabela: getTableConfig(dado.tabela).name,
        colunas: columnsOf(dado).map((column) => labelOf(column.name)),
      })),
      acesso: perfis
        .map((perfil) => ({
          perfil: perfil.nome,
          permissoes: treatment.acesso
            .filter((permission) => perfil.permissoes.includes(permission))
            .map((permission) => permissionLabels[permission]),
        }))
        .filter((entry) => entry.permissoes.length > 0),
      retencao: retentionText(treatment.retencao, values),
    })),
  };
}
