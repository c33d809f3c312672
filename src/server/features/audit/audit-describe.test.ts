import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/api.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, actionLabel, entityLabel } from '../../../shared/audit-actions.js';
import type { AuditEntry } from '../../../shared/settings.schemas.js';
import { clock } from '../../lib/clock.js';
import { rowsOf } from '../../db/rows.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { setupSchool } from '../../test/school-fixtures.js';
import { describeEntry } from './audit-describe.js';
import type { auditLog } from '../../db/schema/audit.js';

const t = setupTestApp();
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());
const { send, get } = requestsOf(() => t.app);

/**
 * Every `recordAudit(…)` call in the server's code (tests aside) with the action and entity it writes,
 * whether a literal or one of a ternary's branches.
 */
function writtenInCode(): { file: string; actions: string[]; entities: string[] }[] {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const calls: { file: string; actions: string[]; entities: string[] }[] = [];
  for (const entry of readdirSync(serverDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(serverDir, entry), 'utf8');
    for (const match of source.matchAll(/recordAudit\(/g)) {
      // The call's text up to its closing parenthesis.
      let depth = 0;
      let end = match.index + 'recordAudit'.length;
      for (; end < source.length; end++) {
        if (source[end] === '(') depth++;
        else if (source[end] === ')' && --depth === 0) break;
      }
      const call = source.slice(match.index, end);
      const field = (name: string) => {
        const value = new RegExp(`${name}:([^,}]*)`).exec(call)?.[1] ?? '';
        // A ternary writes its branches; its condition's literals ('publicar' in `action === 'publicar' ?`) are not codes.
        const written = value.includes('?') ? value.slice(value.indexOf('?') + 1) : value;
        return [...written.matchAll(/'([a-z_]+)'/g)].map((literal) => literal[1]!);
      };
      calls.push({ file: entry, actions: field('action'), entities: field('entity') });
    }
  }
  return calls;
}

type Row = typeof auditLog.$inferSelect;
const row = (action: string, entity: string, details: Record<string, unknown> | null = null): Row => ({
  id: 1,
  at: new Date(),
  actorId: null,
  actorNome: 'Marta',
  action,
  entity,
  entityId: null,
  ip: null,
  details,
  origem: 'local',
});
const humanised = (code: string) => code.replace(/_/g, ' ');

describe('every audit action in plain Portuguese', () => {
  it('every code the server writes is in the shared catalogue (so a new one cannot go undescribed)', () => {
    const calls = writtenInCode();
    expect(calls.length).toBeGreaterThan(90);
    const actions = new Set(calls.flatMap((call) => call.actions));
    const entities = new Set(calls.flatMap((call) => call.entities));
    expect(actions.size).toBeGreaterThan(50);
    expect([...actions].filter((action) => !(action in AUDIT_ACTIONS))).toEqual([]);
    expect([...entities].filter((entity) => !(entity in AUDIT_ENTITIES))).toEqual([]);
  });

  it('describes every action of the catalogue with every kind of record, never by its raw code', () => {
    const raw: string[] = [];
    for (const action of Object.keys(AUDIT_ACTIONS))
      for (const entity of Object.keys(AUDIT_ENTITIES)) {
        const text = describeEntry(row(action, entity), new Map());
        if (
          text.includes('_') ||
          text.toLowerCase().startsWith(humanised(action)) ||
          text.includes('undefined')
        )
          raw.push(`${action}/${entity}: ${text}`);
      }
    expect(raw).toEqual([]);
    // The filters' words too.
    for (const action of Object.keys(AUDIT_ACTIONS)) expect(actionLabel(action)).not.toContain('_');
    for (const entity of Object.keys(AUDIT_ENTITIES)) expect(entityLabel(entity)).not.toContain('_');
  });

  it('names a payment’s way as the school reads it, not by its code', () => {
    const paid = row('registrar_pagamento', 'mensalidade', { valor_pago: 98_000, forma: 'pix' });
    // It read '… (pix)'.
    expect(describeEntry(paid, new Map())).toMatch(/ \(Pix\)$/);
  });

  it('an entry of a code this version does not know (a restored older file) still reads as words', () => {
    expect(describeEntry(row('acao_antiga', 'coisa_velha'), new Map())).toBe('Acao antiga');
  });
});

describe('GET /api/auditoria names the person and the record', () => {
  it("a teacher's grade change: 'Nota de <aluno> em Matemática, 1º bimestre (Prova 1): 6,0 → 7,5'", async () => {
    const {
      admin,
      year,
      teacher: teacherUser,
      turma,
    } = await setupSchool(t, {
      admin: { nome: 'Secretária Ana' },
      teachers: [{ nome: 'Professor Bruno' }],
      mode: 'por_aula',
    });
    const periodo = year!.periodos[0]!;
    const student = await insertStudent(t, turma.id);
    await t.database.db.execute(sql`update students set nome = 'Ana Souza' where id = ${student.id}`);
    const column = await send('POST', '/api/avaliacoes', teacherUser.cookie, {
      turma_id: turma.id,
      disciplina: 'Matemática',
      periodo_id: periodo.id,
      nome: 'Prova 1',
      data: '2026-03-10',
      peso: 1,
    });
    expect(column.statusCode).toBe(201);
    const avaliacao = dataOf<{ id: string }>(column);
    let version = 0;
    for (const valor of [6, 7.5]) {
      const saved = await send('PUT', '/api/notas', teacherUser.cookie, {
        notas: [{ avaliacao_id: avaliacao.id, aluno_id: student.id, valor, version }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      version = dataOf<{ notas: { version: number }[] }>(saved).notas[0]!.version;
    }
    const before = rowsOf<{ details: unknown }>(
      await t.database.db.execute(sql`select details from audit_log where action = 'alterar_notas'`),
    );

    const page = dataOf<Page<AuditEntry>>(await get('/api/auditoria?acao=alterar_notas', admin.cookie));
    expect(page.items.map((entry) => [entry.usuario_nome, entry.descricao])).toEqual([
      ['Professor Bruno', 'Nota de Ana Souza em Matemática, 1º bimestre (Prova 1): 6,0 → 7,5'],
    ]);
    const created = dataOf<Page<AuditEntry>>(
      await get('/api/auditoria?acao=criar&entidade=avaliacao', admin.cookie),
    );
    expect(created.items[0]!.descricao).toBe(
      `Cadastrou a avaliação Prova 1 (Matemática, 1º bimestre, ${turma.nome})`,
    );
    // Names are read, never written back: the stored entry is as it was.
    expect(
      rowsOf<{ details: unknown }>(
        await t.database.db.execute(sql`select details from audit_log where action = 'alterar_notas'`),
      ),
    ).toEqual(before);
    // A renamed student is named as they are now; the raw fields stay for 'Ver detalhes'.
    await t.database.db.execute(sql`update students set nome = 'Ana Souza Lima' where id = ${student.id}`);
    const renamed = dataOf<Page<AuditEntry>>(await get('/api/auditoria?acao=alterar_notas', admin.cookie));
    expect(renamed.items[0]!.descricao).toContain('Ana Souza Lima');
    expect(renamed.items[0]!.acao).toBe('alterar_notas');
    expect(renamed.items[0]!.detalhes).toMatchObject({ alteradas: 1 });
  });

  it("a student's record changed, and a record since deleted named from what the entry stored", async () => {
    const admin = await signedIn(t, 'administrador');
    const student = await insertStudent(t, null);
    await t.database.db.execute(sql`
      insert into audit_log (actor_nome, action, entity, entity_id, details)
      values ('Secretária Ana', 'atualizar', 'aluno', ${student.id}, '{"campos":["nome","telefone","dataNascimento"]}'),
             ('Secretária Ana', 'alterar_status', 'aluno', ${student.id},
              '{"de":"ativo","para":"transferido","data_saida":"2026-08-14","destino":"EE Jorge Amado"}'),
             ('Secretária Ana', 'alterar_status', 'aluno', ${student.id},
              '{"de":"transferido","para":"transferido","data_saida":"2026-08-03","data_saida_anterior":"2026-08-14"}'),
             ('Secretária Ana', 'excluir', 'calendario', gen_random_uuid()::text,
              '{"tipo":"feriado","titulo":"Festa junina","inicio":"2026-06-20"}')`);
    await t.database.db.execute(sql`update students set nome = 'Bruno Costa' where id = ${student.id}`);
    const texts = dataOf<Page<AuditEntry>>(await get('/api/auditoria', admin.cookie)).items.map(
      (entry) => entry.descricao,
    );
    expect(texts).toContain('Alterou a ficha do aluno Bruno Costa: nome, telefone, data de nascimento');
    expect(texts).toContain(
      'Mudou a situação do aluno Bruno Costa: Ativo → Transferido, a partir de 14/08/2026 (para EE Jorge Amado)',
    );
    expect(texts).toContain('Corrigiu a saída do aluno Bruno Costa: 14/08/2026 → 03/08/2026');
    expect(texts).toContain('Excluiu o item do calendário "Festa junina"');
    expect(texts).toContain('Entrou no portal');
  });
});
