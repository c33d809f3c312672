/**
 * Configurações → Sistema as a new installation has them (the spec's defaults), as a `PUT` body: the
 * fields every school sets, without the optional switches, `version` and the read-only fields.
 */
export const SYSTEM_SETTINGS_DEFAULTS = {
  manutencao: false,
  backup_automatico: true,
  notificacoes_email: true,
  notificacoes_sms: false,
  tema: 'claro',
  idioma: 'pt-BR',
  fuso_horario: 'America/Sao_Paulo',
  moeda: 'BRL',
} as const;
