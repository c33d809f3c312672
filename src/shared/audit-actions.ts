/**
 * Every action and kind of record the audit trail writes, with its words in Portuguese. `recordAudit`
 * accepts only these codes (a new one is a type error until it is described here), and every screen
 * that shows the trail — Auditoria, the dashboard's recent activity — reads its words from here.
 */

interface ActionWords {
  /** The kind of action, for the filter: 'Cadastro'. */
  rotulo: string;
  /** Past tense, lower case, followed by the record: 'cadastrou' (o aluno…), 'registrou pagamento de'. */
  verbo: string;
  /** The action says everything on its own (nothing follows the verb): 'trocou a senha'. */
  frase?: true;
}

export const AUDIT_ACTIONS = {
  criar: { rotulo: 'Cadastro', verbo: 'cadastrou' },
  atualizar: { rotulo: 'Alteração', verbo: 'atualizou' },
  editar: { rotulo: 'Edição', verbo: 'editou' },
  excluir: { rotulo: 'Exclusão', verbo: 'excluiu' },
  cancelar: { rotulo: 'Cancelamento', verbo: 'cancelou' },
  exportar: { rotulo: 'Exportação', verbo: 'exportou' },
  importar: { rotulo: 'Importação', verbo: 'importou' },
  enviar: { rotulo: 'Envio', verbo: 'enviou' },
  emitir: { rotulo: 'Emissão de documento', verbo: 'emitiu' },
  revogar: { rotulo: 'Revogação de documento', verbo: 'revogou' },
  anonimizar: { rotulo: 'Anonimização (LGPD)', verbo: 'anonimizou' },
  alterar_status: { rotulo: 'Mudança de situação', verbo: 'alterou o status de' },
  // People and access
  login: { rotulo: 'Entrada no portal', verbo: 'entrou no portal', frase: true },
  logout: { rotulo: 'Saída do portal', verbo: 'saiu do portal', frase: true },
  login_falhou: { rotulo: 'Tentativa de entrada recusada', verbo: 'não conseguiu entrar', frase: true },
  conta_bloqueada: {
    rotulo: 'Conta bloqueada',
    verbo: 'bloqueou uma conta por excesso de tentativas de senha',
    frase: true,
  },
  confirmacao_senha_falhou: {
    rotulo: 'Senha errada ao confirmar uma ação',
    verbo: 'errou a própria senha ao confirmar uma ação em',
  },
  senha_alterada: { rotulo: 'Troca de senha', verbo: 'trocou a senha', frase: true },
  senha_redefinicao_solicitada: {
    rotulo: 'Pedido de nova senha',
    verbo: 'pediu a redefinição da senha',
    frase: true,
  },
  senha_redefinida: {
    rotulo: 'Senha redefinida pelo e-mail',
    verbo: 'redefiniu a senha pelo link do e-mail',
    frase: true,
  },
  /** Written by older versions (a restored trail still carries it). */
  criar_usuario: { rotulo: 'Cadastro de usuário', verbo: 'criou' },
  resetar_senha: { rotulo: 'Senha redefinida pelo administrador', verbo: 'redefiniu a senha de' },
  aviso_administradores: { rotulo: 'Alerta de segurança', verbo: 'avisou os administradores sobre' },
  encerrar_sessao: { rotulo: 'Sessão encerrada', verbo: 'encerrou uma sessão', frase: true },
  encerrar_outras_sessoes: {
    rotulo: 'Outras sessões encerradas',
    verbo: 'encerrou as outras sessões',
    frase: true,
  },
  confirmar_email: { rotulo: 'E-mail confirmado', verbo: 'confirmou o e-mail', frase: true },
  atualizar_contato: { rotulo: 'Contato atualizado', verbo: 'atualizou o contato de' },
  vincular_acesso: { rotulo: 'Conta de acesso vinculada', verbo: 'vinculou a conta de acesso de' },
  // Students and families
  matricular: { rotulo: 'Matrícula em turma', verbo: 'matriculou' },
  desmatricular: { rotulo: 'Saída de turma', verbo: 'desmatriculou' },
  corrigir_enturmacao: { rotulo: 'Correção de enturmação', verbo: 'corrigiu a enturmação de' },
  vincular_responsavel: { rotulo: 'Responsável vinculado', verbo: 'vinculou' },
  alterar_vinculo_responsavel: { rotulo: 'Vínculo de responsável alterado', verbo: 'alterou o vínculo de' },
  desvincular_responsavel: { rotulo: 'Responsável desvinculado', verbo: 'desvinculou' },
  // Money
  gerar_mensalidades: { rotulo: 'Geração de mensalidades', verbo: 'gerou' },
  desfazer_lote: {
    rotulo: 'Geração de mensalidades desfeita',
    verbo: 'desfez uma geração de mensalidades',
    frase: true,
  },
  // A reminder, a negotiation, a Pix and the record itself may be about a fee too (ADR 0108): a filter's
  // label cannot see which, so it names both kinds.
  enviar_lembrete: {
    rotulo: 'Lembrete de mensalidade ou taxa de matrícula',
    verbo: 'enviou um lembrete de pagamento a',
  },
  marcar_negociacao: {
    rotulo: 'Mensalidade ou taxa de matrícula em negociação',
    verbo: 'marcou em negociação',
  },
  encerrar_negociacao: { rotulo: 'Negociação encerrada', verbo: 'encerrou a negociação de' },
  registrar_pagamento: { rotulo: 'Pagamento registrado', verbo: 'registrou pagamento de' },
  enviar_comprovante: { rotulo: 'Comprovante enviado', verbo: 'enviou o comprovante de' },
  confirmar_comprovante: { rotulo: 'Comprovante confirmado', verbo: 'confirmou o comprovante de' },
  recusar_comprovante: { rotulo: 'Comprovante recusado', verbo: 'recusou o comprovante de' },
  conceder_desconto: { rotulo: 'Desconto concedido', verbo: 'concedeu desconto em' },
  estornar_pagamento: { rotulo: 'Pagamento estornado', verbo: 'estornou pagamento de' },
  reativar: { rotulo: 'Reativação', verbo: 'reativou' },
  definir_bolsa: { rotulo: 'Bolsa definida', verbo: 'definiu bolsa de' },
  remover_bolsa: { rotulo: 'Bolsa removida', verbo: 'removeu bolsa de' },
  aplicar_bolsa: { rotulo: 'Bolsa aplicada a mensalidade', verbo: 'aplicou a bolsa em' },
  testar_conexao_pix: {
    rotulo: 'Conexão com o banco testada (Pix automático)',
    verbo: 'testou a conexão com o banco do Pix automático',
    frase: true,
  },
  // Pix received (issue 33 §2): recorded by the system, then what a person did with one a conciliar.
  receber_pix: { rotulo: 'Pix recebido', verbo: 'registrou' },
  vincular_pix: {
    rotulo: 'Pix vinculado a mensalidade ou taxa de matrícula',
    verbo: 'vinculou a uma mensalidade ou taxa de matrícula',
  },
  lancar_pix_receita: { rotulo: 'Pix lançado como receita', verbo: 'lançou como receita' },
  marcar_pix_devolvido: { rotulo: 'Pix marcado como devolvido', verbo: 'marcou como devolvido' },
  solicitar_devolucao_pix: {
    rotulo: 'Devolução de Pix pedida ao banco',
    verbo: 'pediu ao banco a devolução de',
  },
  resposta_devolucao_pix: {
    rotulo: 'Resposta do banco a uma devolução de Pix',
    verbo: 'registrou a resposta do banco à devolução de',
  },
  conciliar_pix: { rotulo: 'Conciliação de Pix', verbo: 'conciliou os Pix recebidos', frase: true },
  // Boleto: the bank's CNAB 240 files (issue 36 §1)
  gerar_remessa_cnab: { rotulo: 'Remessa de boletos gerada', verbo: 'gerou' },
  processar_retorno_cnab: { rotulo: 'Retorno do banco processado', verbo: 'processou' },
  conciliar_retorno_cnab: { rotulo: 'Linha do retorno conciliada', verbo: 'conciliou' },
  configurar_pix_automatico: {
    rotulo: 'Pix Automático configurado',
    verbo: 'configurou o Pix Automático (débito mensal)',
    frase: true,
  },
  // Boleto registrado (issue 36 §1, ADR 0055).
  configurar_boleto: { rotulo: 'Boleto configurado', verbo: 'configurou o boleto bancário', frase: true },
  emitir_boleto: { rotulo: 'Boleto emitido', verbo: 'emitiu boleto de' },
  pedir_debito_automatico: {
    rotulo: 'Débito automático pedido',
    verbo: 'pediu débito automático via Pix para',
  },
  cancelar_debito_automatico: {
    rotulo: 'Débito automático cancelado',
    verbo: 'cancelou o débito automático via Pix de',
  },
  debito_automatico_banco: {
    rotulo: 'Débito automático alterado pelo banco',
    verbo: 'recebeu do banco a mudança do débito automático de',
  },
  // School life
  atualizar_grade: { rotulo: 'Grade curricular alterada', verbo: 'atualizou a grade curricular de' },
  escolher_itinerario: {
    rotulo: 'Itinerário formativo escolhido',
    verbo: 'registrou os itinerários formativos dos alunos de',
  },
  corrigir_frequencia: { rotulo: 'Chamada corrigida', verbo: 'corrigiu' },
  abonar_falta: { rotulo: 'Falta abonada', verbo: 'abonou' },
  desfazer_abono: { rotulo: 'Abono desfeito', verbo: 'desfez o abono de' },
  enviar_justificativa: { rotulo: 'Justificativa de falta enviada', verbo: 'enviou' },
  aceitar_justificativa: { rotulo: 'Justificativa de falta aceita', verbo: 'aceitou' },
  recusar_justificativa: {
    rotulo: 'Justificativa de falta respondida sem abono',
    verbo: 'respondeu sem abonar',
  },
  notificar_conselho_tutelar: {
    rotulo: 'Notificação ao Conselho Tutelar',
    verbo: 'emitiu a notificação ao Conselho Tutelar sobre',
  },
  alterar_notas: { rotulo: 'Notas alteradas', verbo: 'alterou notas lançadas em' },
  retificar_nota: { rotulo: 'Nota retificada', verbo: 'retificou' },
  solicitar_retificacao: { rotulo: 'Retificação pedida', verbo: 'solicitou' },
  aprovar_retificacao: { rotulo: 'Retificação aprovada', verbo: 'aprovou' },
  recusar_retificacao: { rotulo: 'Retificação recusada', verbo: 'recusou' },
  decisao_conselho: {
    rotulo: 'Decisão do conselho de classe',
    verbo: 'registrou uma decisão do conselho de classe sobre',
  },
  fechar_periodo: { rotulo: 'Período fechado', verbo: 'fechou' },
  reabrir_periodo: { rotulo: 'Período reaberto', verbo: 'reabriu' },
  publicar_periodo: { rotulo: 'Boletim publicado', verbo: 'publicou' },
  despublicar_periodo: { rotulo: 'Publicação retirada', verbo: 'retirou a publicação de' },
  encerrar_ano_letivo: { rotulo: 'Ano letivo encerrado', verbo: 'encerrou' },
  lancar_recuperacao_final: { rotulo: 'Recuperação final lançada', verbo: 'lançou a recuperação final de' },
  revisar_parecer: { rotulo: 'Parecer revisado', verbo: 'revisou' },
  publicar_parecer: { rotulo: 'Parecer publicado', verbo: 'publicou' },
  anexar_foto: { rotulo: 'Foto anexada ao parecer', verbo: 'anexou uma foto a' },
  excluir_foto: { rotulo: 'Foto excluída do parecer', verbo: 'excluiu uma foto de' },
  // The daily agenda (issue 32 §3, ADR 0037)
  publicar_agenda: { rotulo: 'Agenda do dia enviada', verbo: 'enviou às famílias' },
  atualizar_agenda: { rotulo: 'Agenda do dia alterada', verbo: 'alterou' },
  anexar_foto_agenda: { rotulo: 'Foto do dia enviada', verbo: 'enviou a foto do dia de' },
  excluir_foto_agenda: { rotulo: 'Foto do dia excluída', verbo: 'excluiu a foto do dia de' },
  atualizar_modelo_agenda: { rotulo: 'Modelo da agenda alterado', verbo: 'alterou o modelo da agenda de' },
  autorizar_medicacao: { rotulo: 'Medicação autorizada', verbo: 'registrou autorização de medicação para' },
  revogar_medicacao: {
    rotulo: 'Autorização de medicação revogada',
    verbo: 'revogou a autorização de medicação de',
  },
  aplicar_rematricula: { rotulo: 'Rematrícula aplicada', verbo: 'aplicou a rematrícula a partir de' },
  // Communication
  lembrete: { rotulo: 'Lembrete reenviado', verbo: 'reenviou o lembrete de' },
  marcar_alunos_foto: { rotulo: 'Alunos marcados em foto', verbo: 'marcou alunos em' },
  // Site
  restaurar_versao: { rotulo: 'Versão restaurada', verbo: 'restaurou uma versão anterior de' },
  restaurar_padrao: { rotulo: 'Conteúdo padrão restaurado', verbo: 'restaurou o padrão de' },
  despublicar_fotos_sem_consentimento: {
    rotulo: 'Fotos retiradas do site (consentimento retirado)',
    verbo: 'retirou do site as fotos sem consentimento em',
  },
  // Settings, backups and the system
  ativar_manutencao: { rotulo: 'Manutenção ativada', verbo: 'ativou o modo de manutenção', frase: true },
  desativar_manutencao: {
    rotulo: 'Manutenção desativada',
    verbo: 'desativou o modo de manutenção',
    frase: true,
  },
  criar_backup: { rotulo: 'Backup criado', verbo: 'criou um backup', frase: true },
  backup_automatico: { rotulo: 'Backup automático', verbo: 'fez o backup automático', frase: true },
  baixar_backup: { rotulo: 'Backup baixado', verbo: 'baixou um backup', frase: true },
  restaurar_backup: { rotulo: 'Backup restaurado', verbo: 'restaurou um backup', frase: true },
  ver_chave_backup: { rotulo: 'Chave de backup exibida', verbo: 'exibiu a chave de backup', frase: true },
  trocar_chave_instalacao: {
    rotulo: 'Chave da instalação trocada',
    verbo: 'trocou a chave da instalação',
    frase: true,
  },
  // Censo Escolar (issue 37)
  baixar_censo: { rotulo: 'Arquivo do Censo baixado', verbo: 'baixou' },
  baixar_censo_com_pendencias: {
    rotulo: 'Arquivo do Censo baixado com pendências',
    verbo: 'baixou, mesmo com pendências,',
  },
  importar_ids_inep: { rotulo: 'IDs do INEP importados', verbo: 'importou os IDs do INEP de' },
  limpar_dados: { rotulo: 'Dados apagados', verbo: 'apagou os dados da escola', frase: true },
  // LGPD
  aceitar_privacidade: {
    rotulo: 'Aceite do Aviso de Privacidade',
    verbo: 'aceitou o Aviso de Privacidade e os Termos de Uso',
    frase: true,
  },
  conceder_consentimento: { rotulo: 'Consentimento dado', verbo: 'registrou um consentimento', frase: true },
  retirar_consentimento: { rotulo: 'Consentimento retirado', verbo: 'retirou um consentimento', frase: true },
  exportar_meus_dados: {
    rotulo: 'Cópia dos próprios dados',
    verbo: 'exportou os próprios dados (LGPD)',
    frase: true,
  },
  solicitar_correcao: {
    rotulo: 'Pedido de correção (LGPD)',
    verbo: 'pediu a correção de dados',
    frase: true,
  },
  solicitar_exclusao: {
    rotulo: 'Pedido de exclusão (LGPD)',
    verbo: 'pediu a exclusão de dados',
    frase: true,
  },
  responder_solicitacao: { rotulo: 'Resposta a pedido LGPD', verbo: 'respondeu' },
  // Students' own portal accounts (issue 31 §4, ADR 0029)
  criar_acesso_aluno: {
    rotulo: 'Acesso do aluno ao portal criado',
    verbo: 'criou, com o consentimento do responsável, o acesso ao Portal do Aluno de',
  },
  pedir_desativacao_acesso_aluno: {
    rotulo: 'Desativação do acesso do aluno pedida',
    verbo: 'pediu à escola que desative o acesso ao Portal do Aluno de',
  },
  // Matrícula online (issue 34)
  registrar_interesse: { rotulo: 'Interesse em matrícula', verbo: 'registrou pelo site o interesse de' },
  mudar_etapa: { rotulo: 'Etapa do funil de matrículas', verbo: 'moveu no funil de matrículas' },
  enviar_pre_matricula: {
    rotulo: 'Link de pré-matrícula enviado',
    verbo: 'enviou o link de pré-matrícula a',
  },
  enviar_contrato: { rotulo: 'Contrato enviado para assinatura', verbo: 'enviou para assinatura' },
  assinar_contrato: { rotulo: 'Assinatura eletrônica', verbo: 'assinou eletronicamente' },
  anular_assinaturas: { rotulo: 'Assinaturas anuladas', verbo: 'anulou as assinaturas de' },
  matricular_online: { rotulo: 'Matrícula online efetivada', verbo: 'efetivou a matrícula online de' },
  publicar: { rotulo: 'Publicação', verbo: 'publicou' },
  retencao_lgpd: {
    rotulo: 'Retenção de dados aplicada',
    verbo: 'aplicou a política de retenção de dados (LGPD)',
    frase: true,
  },
} as const satisfies Record<string, ActionWords>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

interface EntityWords {
  /** For the filter: 'Aluno'. */
  rotulo: string;
  /** With the indefinite article: 'um aluno' ('' when the action needs no record after it). */
  um: string;
  /** With the definite article, before a name: 'o aluno'. */
  o: string;
}

export const AUDIT_ENTITIES = {
  aluno: { rotulo: 'Aluno', um: 'um aluno', o: 'o aluno' },
  responsavel: { rotulo: 'Responsável', um: 'um responsável', o: 'o responsável' },
  professor: { rotulo: 'Professor', um: 'um professor', o: 'o professor' },
  censo_profissional: {
    rotulo: 'Profissional no Censo Escolar',
    um: 'os dados do Censo de um profissional',
    o: 'os dados do Censo do profissional',
  },
  usuario: { rotulo: 'Usuário', um: 'um usuário', o: 'o usuário' },
  perfil: { rotulo: 'Perfil de acesso', um: 'um perfil de acesso', o: 'o perfil de acesso' },
  sessao: { rotulo: 'Sessão', um: '', o: 'a sessão' },
  turma: { rotulo: 'Turma', um: 'uma turma', o: 'a turma' },
  disciplina: { rotulo: 'Disciplina', um: 'uma disciplina', o: 'a disciplina' },
  // The record's name carries its kind ('mensalidade de março de 2026 de Ana', 'taxa de matrícula 2027 de
  // Ana'): the article only.
  mensalidade: {
    rotulo: 'Mensalidade ou taxa de matrícula',
    um: 'uma mensalidade ou taxa de matrícula',
    o: 'a',
  },
  transacao: { rotulo: 'Lançamento de caixa', um: 'uma transação', o: 'o lançamento' },
  pix_recebido: { rotulo: 'Pix recebido', um: 'um Pix recebido', o: 'o Pix' },
  remessa_cnab: {
    rotulo: 'Remessa de boletos (CNAB)',
    um: 'uma remessa de boletos',
    o: 'a remessa de boletos',
  },
  retorno_cnab: { rotulo: 'Retorno do banco (CNAB)', um: 'um retorno do banco', o: 'o retorno do banco' },
  ocorrencia_cnab: {
    rotulo: 'Linha do retorno do banco',
    um: 'uma linha do retorno do banco',
    o: 'a linha do retorno do banco',
  },
  configuracoes_financeiras: {
    rotulo: 'Configurações financeiras',
    um: 'as configurações financeiras',
    o: 'as configurações financeiras',
  },
  pix_automatico: {
    rotulo: 'Pix Automático (débito mensal)',
    um: 'as configurações do Pix Automático',
    o: 'as configurações do Pix Automático',
  },
  fiscal_configuracao: {
    rotulo: 'Configurações fiscais (NFS-e)',
    um: 'as configurações fiscais',
    o: 'as configurações fiscais',
  },
  nfse: { rotulo: 'Nota fiscal de serviço (NFS-e)', um: 'uma NFS-e', o: 'a NFS-e' },
  boleto_config: {
    rotulo: 'Boleto (banco)',
    um: 'as configurações do boleto',
    o: 'as configurações do boleto',
  },
  pix_provedor: {
    rotulo: 'Pix automático (banco)',
    um: 'as configurações do Pix automático',
    o: 'as configurações do Pix automático',
  },
  lembretes_automaticos: {
    rotulo: 'Lembretes automáticos de mensalidade e taxa de matrícula',
    um: 'os lembretes automáticos de pagamento',
    o: 'os lembretes automáticos de pagamento',
  },
  relatorio_financeiro: {
    rotulo: 'Relatório financeiro',
    um: 'um relatório financeiro',
    o: 'o relatório financeiro',
  },
  ano_letivo: { rotulo: 'Ano letivo', um: 'o ano letivo', o: 'o ano letivo' },
  calendario: { rotulo: 'Calendário', um: 'um item do calendário', o: 'o item do calendário' },
  periodo: { rotulo: 'Período', um: 'um período', o: 'o' },
  chamada: { rotulo: 'Chamada', um: 'uma chamada', o: 'a chamada' },
  falta: { rotulo: 'Falta', um: 'uma falta', o: 'a falta' },
  justificativa_falta: {
    rotulo: 'Justificativa de falta',
    um: 'uma justificativa de falta',
    o: 'a justificativa de falta',
  },
  avaliacao: { rotulo: 'Avaliação', um: 'uma avaliação', o: 'a avaliação' },
  nota: { rotulo: 'Nota', um: 'uma nota', o: 'a nota' },
  agenda: { rotulo: 'Agenda diária', um: 'uma agenda diária', o: 'a agenda diária' },
  parecer: { rotulo: 'Parecer descritivo', um: 'um parecer descritivo', o: 'o parecer descritivo' },
  retificacao: { rotulo: 'Retificação de nota', um: 'uma retificação de nota', o: 'a retificação da nota' },
  configuracoes_academicas: {
    rotulo: 'Configurações acadêmicas',
    um: 'as configurações acadêmicas',
    o: 'as configurações acadêmicas',
  },
  documento: { rotulo: 'Documento escolar', um: 'um documento', o: 'o documento' },
  ano_anterior: {
    rotulo: 'Ano em outra escola',
    um: 'o histórico de um ano anterior',
    o: 'o histórico do ano anterior',
  },
  comunicado: { rotulo: 'Comunicado', um: 'um comunicado', o: 'o comunicado' },
  midia: { rotulo: 'Imagem', um: 'uma imagem', o: 'a imagem' },
  conteudo: { rotulo: 'Conteúdo do site', um: 'o conteúdo do site', o: 'a seção do site' },
  configuracoes_escola: { rotulo: 'Dados da escola', um: 'os dados da escola', o: 'os dados da escola' },
  censo_escola: {
    rotulo: 'Censo Escolar: dados da escola',
    um: 'os dados da escola para o Censo Escolar',
    o: 'os dados da escola para o Censo Escolar',
  },
  configuracoes_matricula: {
    rotulo: 'Matrícula online (documentos e opções)',
    um: 'as opções da matrícula online',
    o: 'as opções da matrícula online',
  },
  configuracoes_sistema: {
    rotulo: 'Configurações do sistema',
    um: 'as configurações do sistema',
    o: 'as configurações do sistema',
  },
  configuracoes_mensagens: {
    rotulo: 'Regras das mensagens',
    um: 'as regras das mensagens',
    o: 'as regras das mensagens',
  },
  configuracoes_retencao: {
    rotulo: 'Retenção de dados',
    um: 'a política de retenção de dados',
    o: 'a política de retenção de dados',
  },
  auditoria: { rotulo: 'Auditoria', um: 'a auditoria', o: 'a auditoria' },
  backup: { rotulo: 'Backup', um: 'um backup', o: 'o backup' },
  relatorio: { rotulo: 'Relatório', um: 'um relatório', o: 'o relatório' },
  arquivo_censo: {
    rotulo: 'Arquivo do Censo Escolar',
    um: 'um arquivo do Censo Escolar',
    o: 'o arquivo do Censo Escolar',
  },
  finalidade: {
    rotulo: 'Finalidade de consentimento',
    um: 'uma finalidade de consentimento',
    o: 'a finalidade',
  },
  solicitacao_lgpd: { rotulo: 'Solicitação LGPD', um: 'uma solicitação LGPD', o: 'a solicitação LGPD' },
  retencao: { rotulo: 'Retenção de dados', um: '', o: '' },
  interessado: { rotulo: 'Família interessada', um: 'uma família interessada', o: 'a família interessada' },
  pre_matricula: { rotulo: 'Pré-matrícula', um: 'uma pré-matrícula', o: 'a pré-matrícula' },
  contrato: { rotulo: 'Contrato de matrícula', um: 'um contrato', o: 'o contrato' },
  modelo_contrato: { rotulo: 'Modelo de contrato', um: 'um modelo de contrato', o: 'o modelo de contrato' },
  anuidade: { rotulo: 'Anuidade e planos', um: 'uma anuidade', o: 'a anuidade' },
  rematricula_online: {
    rotulo: 'Rematrícula online',
    um: 'uma rodada de rematrícula online',
    o: 'a rematrícula online',
  },
  sistema: { rotulo: 'Sistema', um: '', o: '' },
  demo: { rotulo: 'Dados de demonstração', um: 'os dados de demonstração', o: 'os dados de demonstração' },
  financeiro_demo: {
    rotulo: 'Dados financeiros de demonstração',
    um: 'os dados financeiros de demonstração',
    o: 'os dados financeiros de demonstração',
  },
} as const satisfies Record<string, EntityWords>;

export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** Security notices to the other administrators (`aviso_administradores`): what the actor did. */
export const ADMIN_NOTICE_WORDS: Record<string, string> = {
  administrador_criado: 'criou o administrador',
  conta_equipe_criada: 'criou a conta da equipe de',
  administrador_promovido: 'deu acesso de administrador a',
  email_de_administrador_alterado: 'alterou o e-mail do administrador',
  senha_redefinida_por_administrador: 'redefiniu a senha de',
};

export const isAuditAction = (code: string): code is AuditAction => Object.hasOwn(AUDIT_ACTIONS, code);
export const isAuditEntity = (code: string): code is AuditEntity => Object.hasOwn(AUDIT_ENTITIES, code);

/** The filter's words for a code; a code this version does not know (a restored older file) reads as words. */
export function actionLabel(code: string): string {
  return isAuditAction(code) ? AUDIT_ACTIONS[code].rotulo : humanise(code);
}
export function entityLabel(code: string): string {
  return isAuditEntity(code) ? AUDIT_ENTITIES[code].rotulo : humanise(code);
}

function humanise(code: string): string {
  const words = code.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A verb and what follows it, with Portuguese contractions: 'retirou a publicação de' + 'o 1º bimestre'
 * → 'retirou a publicação do 1º bimestre'; 'concedeu desconto em' + 'a mensalidade' → '… na mensalidade'.
 */
export function joinWords(verbo: string, objeto: string): string {
  if (!objeto) return verbo;
  const contracted = verbo.match(/^(.*) (de|em)$/);
  const article = objeto.match(/^(o|a|os|as) (.*)$/);
  if (contracted && article) {
    const [, head, prep] = contracted;
    const [, art, rest] = article;
    return `${head} ${prep === 'de' ? 'd' : 'n'}${art} ${rest}`;
  }
  return `${verbo} ${objeto}`;
}

/** First letter up: a description starts a sentence. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
