import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeAudit } from './dashboard.service.js';

const row = (action: string, entity: string) => ({ action, entity, actorNome: 'Marta', details: null });

describe('Atividades Recentes: the class diary in words', () => {
  it('names what was done to the calendar, the roll and the absences', () => {
    expect(describeAudit(row('criar', 'calendario'))).toBe('Marta cadastrou um item do calendário');
    expect(describeAudit(row('atualizar', 'ano_letivo'))).toBe('Marta atualizou o ano letivo');
    expect(describeAudit(row('abonar_falta', 'falta'))).toBe('Marta abonou uma falta');
    expect(describeAudit(row('corrigir_frequencia', 'chamada'))).toBe('Marta corrigiu uma chamada');
    expect(describeAudit(row('atualizar_grade', 'turma'))).toBe(
      'Marta atualizou a grade curricular de uma turma',
    );
  });

  it('names what was done to grades, periods and the school year', () => {
    const withDetails = (action: string, entity: string, details: Record<string, unknown>) => ({
      ...row(action, entity),
      details,
    });
    expect(describeAudit(withDetails('publicar_periodo', 'periodo', { periodo: '1º bimestre' }))).toBe(
      'Marta publicou o 1º bimestre',
    );
    expect(describeAudit(withDetails('despublicar_periodo', 'periodo', { periodo: '2º bimestre' }))).toBe(
      'Marta retirou a publicação do 2º bimestre',
    );
    expect(describeAudit(withDetails('fechar_periodo', 'periodo', { periodo: '3º trimestre' }))).toBe(
      'Marta fechou o 3º trimestre',
    );
    expect(describeAudit(row('retificar_nota', 'nota'))).toBe('Marta retificou uma nota');
    expect(describeAudit(row('solicitar_retificacao', 'retificacao'))).toBe(
      'Marta solicitou uma retificação de nota',
    );
    expect(describeAudit(row('alterar_notas', 'avaliacao'))).toBe(
      'Marta alterou notas lançadas em uma avaliação',
    );
    expect(describeAudit(row('decisao_conselho', 'aluno'))).toBe(
      'Marta registrou uma decisão do conselho de classe sobre um aluno',
    );
    expect(describeAudit(row('encerrar_ano_letivo', 'ano_letivo'))).toBe('Marta encerrou o ano letivo');
    expect(describeAudit(row('aplicar_rematricula', 'ano_letivo'))).toBe(
      'Marta aplicou a rematrícula a partir do ano letivo',
    );
    expect(describeAudit(row('atualizar', 'configuracoes_academicas'))).toBe(
      'Marta atualizou as configurações acadêmicas',
    );
  });
});

/** Every `action: '…'` and `entity: '…'` written in the server's code (tests aside). */
function recordedInCode(): { actions: Set<string>; entities: Set<string> } {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const actions = new Set<string>();
  const entities = new Set<string>();
  for (const entry of readdirSync(serverDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(serverDir, entry), 'utf8');
    for (const match of source.matchAll(/action: '([a-z_]+)'/g)) actions.add(match[1]!);
    for (const match of source.matchAll(/entity: '([a-z_]+)'/g)) entities.add(match[1]!);
  }
  return { actions, entities };
}

describe('Atividades Recentes: every recorded action in words', () => {
  it('has no raw action or entity name (the system jobs, backups, LGPD, documents, notices)', () => {
    const { actions, entities } = recordedInCode();
    expect(actions.size).toBeGreaterThan(50);
    // Built at run time, so not found as one literal above.
    for (const action of [
      'retencao_lgpd',
      'desfazer_abono',
      'alterar_vinculo_responsavel',
      'ativar_manutencao',
      'desativar_manutencao',
      'conceder_consentimento',
      'retirar_consentimento',
      'remover_bolsa',
    ])
      actions.add(action);
    // The fallback writes the code's name with spaces ('Marta backup automatico um backup'), and an
    // entity without a label comes right after the verb with no article ('Marta criou documento').
    const rawActions = [...actions]
      .filter((action) => !['aviso_administradores', 'solicitar_'].includes(action))
      .filter((action) =>
        describeAudit(row(action, 'aluno')).startsWith(`Marta ${action.replace(/_/g, ' ')}`),
      );
    // 'mensalidade' is written bare on purpose: 'registrou pagamento de mensalidade'.
    const rawEntities = [...entities]
      .filter((entity) => entity !== 'mensalidade')
      .filter((entity) =>
        describeAudit(row('criar', entity)).endsWith(`cadastrou ${entity.replace(/_/g, ' ')}`),
      );
    const raw = [...rawActions, ...rawEntities];
    expect(raw).toEqual([]);
    expect(describeAudit({ ...row('backup_automatico', 'backup'), actorNome: null })).toBe(
      'Sistema fez o backup automático',
    );
    expect(describeAudit({ ...row('retencao_lgpd', 'retencao'), actorNome: null })).toBe(
      'Sistema aplicou a política de retenção de dados (LGPD)',
    );
    // Which request, from the shared catalogue (src/shared/audit-actions.ts).
    expect(describeAudit(row('solicitar_exclusao', 'solicitacao_lgpd'))).toBe(
      'Marta pediu a exclusão de dados',
    );
    expect(describeAudit(row('emitir', 'documento'))).toBe('Marta emitiu um documento');
    expect(describeAudit(row('lembrete', 'comunicado'))).toBe('Marta reenviou o lembrete de um comunicado');
  });
});
