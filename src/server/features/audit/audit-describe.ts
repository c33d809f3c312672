import {
  ADMIN_NOTICE_WORDS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  isAuditAction,
  isAuditEntity,
  joinWords,
  sentence,
} from '../../../shared/audit-actions.js';
import { sectionLabels } from '../../../shared/content.constants.js';
import { documentoTipoLabels, type DocumentoTipo } from '../../../shared/documents.schemas.js';
import { formatCentavosPlain, formatCount, formatDate } from '../../../shared/format.js';
import { formaPagamentoLabels } from '../../../shared/mensalidades.schemas.js';
import { conselhoResultadoLabels, type ConselhoResultado } from '../../../shared/report-card.schemas.js';
import { parentescoLabels, studentStatusLabels } from '../../../shared/students.schemas.js';
import { userStatusLabels } from '../../../shared/users.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import {
  type AuditRow,
  KINDS,
  type Kind,
  type Ref,
  isId,
  lessonOf,
  monthOf,
  resolve,
  wantedBy,
} from './audit-describe.refs.js';

/** A grade as the school writes it: '7,5'; an empty grade is 'sem nota', never a zero. */
export function gradeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'sem nota';
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (Number.isFinite(number))
    return number.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const FIELD_LABELS: Record<string, string> = {
  nome: 'nome',
  email: 'e-mail',
  telefone: 'telefone',
  endereco: 'endereço',
  cpf: 'CPF',
  dataNascimento: 'data de nascimento',
  data_nascimento: 'data de nascimento',
  observacoes: 'observações',
  turmaId: 'turma',
  turma_id: 'turma',
  status: 'situação',
  matricula: 'matrícula',
  nivel: 'perfil',
  tipo: 'tipo',
  disciplinas: 'disciplinas',
  capacidadeMaxima: 'capacidade',
  professorResponsavelId: 'professor responsável',
  anoLetivo: 'ano letivo',
  dataContratacao: 'data de contratação',
  inicio: 'início',
  fim: 'fim',
  tipo_periodo: 'tipo de período',
  titulo: 'título',
  data: 'data',
  peso: 'peso',
  manutencao: 'modo de manutenção',
};
/** A field's name in words: 'dataNascimento' → 'data de nascimento'. */
function fieldLabel(name: string): string {
  return (
    FIELD_LABELS[name] ??
    name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  );
}

const asText = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatDate(value)
        : value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

/** 'nome: Prova 1 → Prova 2; peso: 1 → 2' — only what changed. */
function changesOf(antes: unknown, depois: unknown): string {
  if (typeof antes !== 'object' || typeof depois !== 'object' || !antes || !depois) return '';
  const before = antes as Record<string, unknown>;
  const after = depois as Record<string, unknown>;
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${fieldLabel(key)}: ${asText(before[key])} → ${asText(after[key])}`)
    .join('; ');
}

/** ' (Pix)', ' (Dinheiro)': a payment's way as the school reads it (it showed the code, '(pix)'). */
const formaOf = (forma: string | null) =>
  forma ? ` (${(formaPagamentoLabels as Partial<Record<string, string>>)[forma] ?? forma})` : '';

const listOf = (items: string[], max = 5) =>
  items.length <= max
    ? items.join('; ')
    : `${items.slice(0, max).join('; ')} e mais ${formatCount(items.length - max, 'outra', 'outras')}`;

const loginReasons: Record<string, string> = {
  usuario_inexistente: 'nenhuma conta com este e-mail',
  usuario_inativo: 'conta desativada',
  senha_incorreta: 'senha incorreta',
};

/**
 * One entry in plain Portuguese, naming the person and the record as they are now (or as the entry
 * stored them, when the record is gone): 'Nota de Ana Souza em Matemática, 2º bimestre (Prova 1):
 * 6,0 → 7,5'. Who did it is the entry's own column; this says what was done.
 */
export function describeEntry(row: AuditRow, refs: Map<string, Ref>): string {
  const details = row.details ?? {};
  const str = (key: string) => (typeof details[key] === 'string' ? details[key] : null);
  const num = (key: string) => (typeof details[key] === 'number' ? details[key] : null);
  const ref = (kind: Kind, id: unknown) => (isId(id) ? (refs.get(`${kind}:${id}`) ?? null) : null);
  const name = (kind: Kind, id: unknown, fallback: string) => ref(kind, id)?.label ?? fallback;
  const aluno = () => name('aluno', details.aluno_id, 'um aluno');
  /** The entry's charge, its kind in its name: 'mensalidade de março de 2026 de Ana' (ADR 0108). */
  const cobranca = () => name('mensalidade', row.entityId, 'cobrança excluída');
  /** A payment's payer of record (ADR 0112), as their record reads now. */
  const pagoPor = () => {
    const pagador = ref('responsavel', details.pagador_id);
    return pagador ? `, pago por ${pagador.label}` : '';
  };
  const action = row.action;
  if (!isAuditAction(action)) return sentence(action.replace(/_/g, ' '));
  const words: { verbo: string; frase?: true } = AUDIT_ACTIONS[action];
  const entity = isAuditEntity(row.entity) ? AUDIT_ENTITIES[row.entity] : null;
  /** The entry's own record: 'o aluno Ana Souza'; gone: named from the details, or 'um aluno'. */
  const subject = (): string => {
    const own = KINDS.has(row.entity) ? ref(row.entity as Kind, row.entityId) : null;
    const stored = str('nome') ?? str('titulo');
    if (entity && own) return `${entity.o} ${own.label}`;
    if (entity && stored) return `${entity.o} "${stored}"`;
    if (row.entity === 'conteudo' && row.entityId)
      return `a seção ${(sectionLabels as Record<string, string | undefined>)[row.entityId] ?? row.entityId} do site`;
    return entity?.um ?? row.entity.replace(/_/g, ' ');
  };
  const generic = () => (words.frase ? sentence(words.verbo) : sentence(joinWords(words.verbo, subject())));
  const withReason = (text: string) => {
    const motivo = str('motivo');
    return motivo ? `${text}. Motivo: ${motivo}` : text;
  };

  switch (action) {
    case 'atualizar':
    case 'editar': {
      const campos = Array.isArray(details.campos)
        ? details.campos.filter((item): item is string => typeof item === 'string')
        : details.alteracoes && typeof details.alteracoes === 'object'
          ? Object.keys(details.alteracoes)
          : [];
      const diff = changesOf(details.antes, details.depois);
      const what =
        row.entity === 'aluno' || row.entity === 'responsavel' || row.entity === 'professor'
          ? `a ficha d${subject()}`
          : subject();
      const base = sentence(joinWords(action === 'editar' ? 'editou' : 'alterou', what));
      if (row.entity === 'transacao' && num('valor') !== null)
        return `${base}: valor ${formatCentavosPlain(num('valor_anterior') ?? 0)} → ${formatCentavosPlain(num('valor')!)}`;
      if (diff) return `${base}: ${diff}`;
      if (campos.length > 0) return `${base}: ${campos.map(fieldLabel).join(', ')}`;
      return base;
    }
    case 'alterar_status': {
      if (row.entity === 'aluno') {
        const de = str('de');
        const para = str('para');
        const label = (value: string | null) =>
          value && value in studentStatusLabels
            ? studentStatusLabels[value as keyof typeof studentStatusLabels]
            : asText(value);
        // A departure's day and, for a transfer, the school (ADR 0086).
        const saida = str('data_saida');
        const destino = str('destino');
        const when = saida ? `, a partir de ${formatDate(saida)}` : '';
        const anterior = str('data_saida_anterior');
        if (de === para)
          return `Corrigiu a saída d${subject()}${anterior && saida ? `: ${formatDate(anterior)} → ${formatDate(saida)}` : ''}${destino ? ` (para ${destino})` : ''}`;
        return `Mudou a situação d${subject()}: ${label(de)} → ${label(para)}${when}${destino ? ` (para ${destino})` : ''}`;
      }
      const status = str('status');
      const label =
        status && status in userStatusLabels
          ? userStatusLabels[status as keyof typeof userStatusLabels]
          : asText(status);
      return `Mudou a situação da conta de ${name('usuario', row.entityId, 'um usuário')} para ${label}`;
    }
    case 'matricular':
      return `Matriculou ${aluno()} na turma ${name('turma', row.entityId, '(excluída)')}${
        str('data_enturmacao') ? ` a partir de ${formatDate(str('data_enturmacao'))}` : ''
      }`;
    case 'desmatricular':
      return `Tirou ${aluno()} da turma ${name('turma', row.entityId, '(excluída)')}`;
    case 'corrigir_enturmacao':
      return `Corrigiu a data de entrada de ${aluno()} na turma ${name('turma', row.entityId, '(excluída)')}: ${asText(
        details.antes,
      )} → ${asText(details.depois)}`;
    case 'vincular_responsavel':
    case 'alterar_vinculo_responsavel':
    case 'desvincular_responsavel': {
      const responsavel = name('responsavel', details.responsavel_id, 'um responsável');
      const child = name('aluno', row.entityId, 'um aluno');
      const parentesco = str('parentesco');
      const as =
        parentesco && parentesco in parentescoLabels
          ? ` (${parentescoLabels[parentesco as keyof typeof parentescoLabels].toLowerCase()})`
          : '';
      if (action === 'desvincular_responsavel') return `Desvinculou ${responsavel} de ${child}`;
      const verb = action === 'vincular_responsavel' ? 'Vinculou' : 'Alterou o vínculo de';
      return `${verb} ${responsavel}${as} como responsável por ${child}${details.eh_principal === true ? ', principal' : ''}`;
    }
    case 'definir_bolsa':
      return `Definiu bolsa de ${((num('bolsa_bp') ?? 0) / 100).toLocaleString('pt-BR')} % para ${name('aluno', row.entityId, 'um aluno')}`;
    case 'remover_bolsa':
      return `Removeu a bolsa de ${name('aluno', row.entityId, 'um aluno')}`;
    case 'gerar_mensalidades': {
      const criadas = num('criadas') ?? 0;
      const mes = num('mes');
      const ano = num('ano');
      const when =
        mes && ano
          ? `de ${monthOf(`${String(ano)}-${String(mes).padStart(2, '0')}`)}`
          : ano
            ? `de ${String(ano)}`
            : '';
      const who = isId(details.aluno_id) ? ` para ${aluno()}` : '';
      return `Gerou ${formatCount(criadas, 'mensalidade', 'mensalidades')} ${when}${who}`
        .replace(/\s+/g, ' ')
        .trim();
    }
    case 'registrar_pagamento':
      return `Registrou o pagamento de ${formatCentavosPlain(num('valor_pago') ?? 0)} da ${cobranca()}${formaOf(
        str('forma'),
      )}${pagoPor()}`;
    case 'cancelar':
      if (row.entity === 'mensalidade') return withReason(`Cancelou a ${cobranca()}`);
      return withReason(generic());
    case 'estornar_pagamento':
      return withReason(
        `Estornou o pagamento de ${formatCentavosPlain(num('valor_pago') ?? 0)} da ${cobranca()}${pagoPor()}`,
      );
    case 'reativar':
      if (row.entity === 'mensalidade') return withReason(`Reativou a ${cobranca()}`);
      return withReason(generic());
    case 'conceder_desconto':
      return withReason(`Concedeu desconto de ${formatCentavosPlain(num('desconto') ?? 0)} na ${cobranca()}`);
    case 'aplicar_bolsa': {
      const bolsa = ((num('bolsa_bp') ?? 0) / 100).toLocaleString('pt-BR');
      const valores = `${formatCentavosPlain(num('valor_anterior') ?? 0)} → ${formatCentavosPlain(num('valor') ?? 0)}`;
      return `${num('bolsa_bp') ? `Aplicou a bolsa de ${bolsa} %` : 'Tirou a bolsa'} na ${cobranca()}: ${valores}`;
    }
    case 'alterar_notas': {
      const notas = Array.isArray(details.notas)
        ? (details.notas as { nota_id?: unknown; antes?: unknown; depois?: unknown }[])
        : [];
      const resolved = notas.map((nota) => ({ nota, found: ref('nota', nota.nota_id) }));
      const avaliacoes = Array.isArray(details.avaliacoes) ? details.avaliacoes : [];
      const column = avaliacoes.length === 1 ? ref('avaliacao', avaliacoes[0]) : null;
      if (resolved.length === 1 && resolved[0]!.found) {
        const { nota, found } = resolved[0]!;
        return `Nota de ${found!.aluno!} em ${found!.avaliacao!}: ${gradeText(nota.antes)} → ${gradeText(nota.depois)}`;
      }
      if (resolved.length > 0) {
        const where = resolved.find((item) => item.found)?.found?.avaliacao;
        const changes = resolved.map(
          ({ nota, found }) =>
            `${found?.aluno ?? 'aluno excluído'} ${gradeText(nota.antes)} → ${gradeText(nota.depois)}`,
        );
        return `Notas${where && avaliacoes.length <= 1 ? ` em ${where}` : ''}: ${listOf(changes)}`;
      }
      const alteradas = num('alteradas') ?? 0;
      return `Alterou ${formatCount(alteradas, 'nota lançada', 'notas lançadas')}${column ? ` em ${column.label}` : ''}`;
    }
    case 'retificar_nota': {
      const found = ref('nota', row.entityId);
      const who = found?.aluno ?? aluno();
      const where = found?.avaliacao ?? name('avaliacao', details.avaliacao_id, 'uma avaliação');
      return withReason(
        `Retificou a nota de ${who} em ${where}: ${gradeText(details.antes)} → ${gradeText(details.depois)}`,
      );
    }
    case 'solicitar_retificacao':
    case 'aprovar_retificacao':
    case 'recusar_retificacao': {
      const found = ref('retificacao', row.entityId);
      const what = found
        ? `a retificação da nota ${found.label}`
        : `a retificação da nota de ${aluno()} em ${name('avaliacao', details.avaliacao_id, 'uma avaliação')}`;
      const verb =
        action === 'solicitar_retificacao'
          ? 'Pediu'
          : action === 'aprovar_retificacao'
            ? 'Aprovou'
            : 'Recusou';
      return withReason(`${verb} ${what}: ${gradeText(details.antes)} → ${gradeText(details.depois)}`);
    }
    case 'abonar_falta':
    case 'desfazer_abono': {
      const falta = ref('falta', row.entityId)?.label ?? `de ${aluno()}`;
      return withReason(
        action === 'abonar_falta' ? `Abonou a falta ${falta}` : `Desfez o abono da falta ${falta}`,
      );
    }
    case 'corrigir_frequencia': {
      const roll = ref('chamada', row.entityId)?.label;
      const where =
        roll ??
        `de ${name('turma', details.turma_id, 'uma turma')} em ${asText(details.data)} (${lessonOf(str('disciplina'), num('aula'))})`;
      const count = (value: unknown) => (Array.isArray(value) ? value.length : null);
      const antes = count(details.antes);
      const depois = count(details.depois);
      return `Corrigiu a chamada ${where}${
        antes !== null && depois !== null
          ? `: ${formatCount(antes, 'falta', 'faltas')} → ${formatCount(depois, 'falta', 'faltas')}`
          : ''
      }`;
    }
    case 'excluir': {
      if (row.entity === 'chamada')
        return withReason(
          `Excluiu a chamada de ${str('turma_nome') ?? name('turma', details.turma_id, 'uma turma')} em ${asText(
            details.data,
          )} (${lessonOf(str('disciplina'), num('aula'))})`,
        );
      if (row.entity === 'avaliacao')
        return `Excluiu a avaliação "${str('nome') ?? '—'}" (${[
          str('disciplina'),
          str('periodo'),
          name('turma', details.turma_id, ''),
        ]
          .filter(Boolean)
          .join(', ')})`;
      if (row.entity === 'transacao')
        return `Excluiu o lançamento "${str('descricao') ?? '—'}" (${formatCentavosPlain(num('valor') ?? 0)})`;
      return generic();
    }
    case 'notificar_conselho_tutelar':
      return `Emitiu a notificação ao Conselho Tutelar sobre ${name('aluno', row.entityId, 'um aluno')} (${formatCount(
        num('faltas') ?? 0,
        'falta',
        'faltas',
      )} em ${formatCount(num('aulas_dadas') ?? 0, 'aula', 'aulas')} de ${String(num('ano') ?? '')})`;
    case 'decisao_conselho': {
      const resultado = str('resultado');
      const label =
        resultado && resultado in conselhoResultadoLabels
          ? conselhoResultadoLabels[resultado as ConselhoResultado]
          : asText(resultado);
      return withReason(
        `Registrou a decisão do conselho de classe sobre ${name('aluno', row.entityId, 'um aluno')} em ${String(
          num('ano') ?? '',
        )}${str('disciplina') ? ` (${str('disciplina')!})` : ''}: ${label}`,
      );
    }
    case 'fechar_periodo':
    case 'reabrir_periodo':
    case 'publicar_periodo':
    case 'despublicar_periodo': {
      const periodo =
        ref('periodo', row.entityId)?.label ?? [str('periodo'), num('ano')].filter(Boolean).join(' de ');
      const turma = isId(details.turma_id)
        ? ` na turma ${name('turma', details.turma_id, '(excluída)')}`
        : ' em todas as turmas';
      return sentence(`${joinWords(words.verbo, `o ${periodo}`)}${turma}`);
    }
    case 'encerrar_ano_letivo':
      return `Encerrou o ano letivo ${String(num('ano') ?? ref('ano_letivo', row.entityId)?.label ?? '')}`;
    case 'aplicar_rematricula':
      return `Aplicou a rematrícula a partir do ano letivo ${ref('ano_letivo', row.entityId)?.label ?? ''}`.trim();
    case 'emitir':
    case 'revogar': {
      const tipo = str('tipo');
      const doc =
        tipo && tipo in documentoTipoLabels
          ? documentoTipoLabels[tipo as DocumentoTipo].toLowerCase()
          : 'um documento';
      const text = `${action === 'emitir' ? 'Emitiu' : 'Revogou'} ${doc} de ${aluno()}${str('codigo') ? ` (código ${str('codigo')!})` : ''}`;
      return action === 'revogar' ? withReason(text) : text;
    }
    case 'conceder_consentimento':
    case 'retirar_consentimento':
      return `${action === 'conceder_consentimento' ? 'Registrou' : 'Retirou'} o consentimento para ${name(
        'finalidade',
        details.finalidade_id,
        'uma finalidade',
      )} de ${name('aluno', row.entityId, 'um aluno')}`;
    case 'anonimizar':
      return `Anonimizou os dados pessoais d${subject()}`;
    case 'exportar': {
      const formato = str('formato')?.toUpperCase();
      const linhas = num('linhas');
      const extra = [formato, linhas !== null ? formatCount(linhas, 'linha', 'linhas') : null]
        .filter(Boolean)
        .join(', ');
      const what =
        row.entity === 'aluno'
          ? 'a lista de alunos'
          : row.entity === 'mensalidade'
            ? 'a lista de mensalidades e taxas de matrícula'
            : row.entity === 'auditoria'
              ? 'a auditoria'
              : row.entity === 'relatorio'
                ? `o relatório ${(str('relatorio') ?? '').replace(/[-_]/g, ' ')}`
                : row.entity === 'relatorio_financeiro'
                  ? `o relatório financeiro ${(str('tipo') ?? '').replace(/[-_]/g, ' ')}${num('ano') ? ` de ${String(num('ano'))}` : ''}`
                  : subject();
      return `Exportou ${what}${extra ? ` (${extra})` : ''}`;
    }
    case 'login_falhou':
      return `Tentativa de entrada recusada${str('email') ? ` para ${str('email')!}` : ''}: ${
        loginReasons[str('motivo') ?? ''] ?? 'não conferiu'
      }`;
    case 'conta_bloqueada':
      return `Bloqueio da conta ${str('email') ?? ''} após ${formatCount(num('falhas') ?? 0, 'tentativa', 'tentativas')} de senha errada${
        num('minutos') ? ` (por ${String(num('minutos'))} min)` : ''
      }`.replace(/\s+/g, ' ');
    case 'aviso_administradores': {
      const evento = str('evento') ?? '';
      const alvo = (details.alvo as { nome?: unknown } | undefined)?.nome;
      return `Alerta de segurança aos outros administradores: ${ADMIN_NOTICE_WORDS[evento] ?? evento.replace(/_/g, ' ')}${
        typeof alvo === 'string' ? ` ${alvo}` : ''
      }`;
    }
    case 'resetar_senha':
      return `Redefiniu a senha de ${name('usuario', row.entityId, 'um usuário')}`;
    case 'confirmacao_senha_falhou':
      return `Errou a própria senha ao confirmar uma ação na conta de ${name('usuario', row.entityId, 'um usuário')}`;
    case 'encerrar_sessao':
      return `Encerrou uma sessão de ${name('usuario', details.usuario_id, 'um usuário')}`;
    case 'encerrar_outras_sessoes':
      return `Encerrou ${formatCount(num('quantidade') ?? 0, 'outra sessão', 'outras sessões')}`;
    case 'vincular_acesso': {
      const conta = isId(details.usuario_id)
        ? `a conta ${name('usuario', details.usuario_id, '')}`
        : 'uma conta de acesso';
      return `Vinculou ${conta} ao professor ${name('professor', row.entityId, '(excluído)')}`;
    }
    case 'lembrete':
      return `Reenviou o lembrete d${subject()}${num('lembrados') !== null ? ` (${formatCount(num('lembrados')!, 'família', 'famílias')})` : ''}`;
    case 'marcar_alunos_foto':
      return `Marcou ${formatCount(num('alunos') ?? 0, 'aluno', 'alunos')} numa foto`;
    case 'responder_solicitacao': {
      const situacao = str('situacao');
      return `Respondeu ${subject()}: ${situacao === 'atendida' ? 'atendida' : situacao === 'recusada' ? 'recusada' : asText(situacao)}`;
    }
    case 'backup_automatico':
    case 'criar_backup':
    case 'baixar_backup': {
      const arquivo = str('arquivo') ?? (row.entityId && action === 'baixar_backup' ? row.entityId : null);
      return `${sentence(words.verbo)}${arquivo ? ` (${arquivo})` : ''}`;
    }
    case 'retencao_lgpd': {
      const anonimizados = num('responsaveis_anonimizados');
      return `${sentence(words.verbo)}${
        anonimizados
          ? `: ${formatCount(anonimizados, 'responsável anonimizado', 'responsáveis anonimizados')}`
          : ''
      }`;
    }
    default:
      return generic();
  }
}

/** The page's entries in words, with one query per kind of record they name. */
export async function describeAuditRows(db: DbOrTx, rows: AuditRow[]): Promise<string[]> {
  const refs = await resolve(db, wantedBy(rows));
  return rows.map((row) => describeEntry(row, refs));
}
