import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnonymiseResult } from '../../../shared/anonymise.schemas.js';
import type { DataRequest } from '../../../shared/data-rights.schemas.js';
import { formatPhone } from '../../../shared/format.js';
import { formatCpf } from '../../../shared/validators.js';
import { rowsOf } from '../../db/rows.js';
import { loginAs, requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertClass, messageOf, newCpf } from '../../test/records-fixtures.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  expectOnlyTheGuardianErased,
  schoolWithCollidingGuardian,
  rowsGone,
  snapshotDatabase,
} from '../../test/privacy-fixtures.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;

interface Person {
  nome: string;
  email: string;
  cpf: string;
  telefone: string;
  endereco: string;
}

/**
 * A former student and their guardian (with a portal account), and rows about them in every kind of
 * table that holds free text: audit details, the e-mail/SMS outbox, notifications, messages, requests,
 * issued documents, the cash book, sign-in counters. Plus grades, attendance and payments.
 */
async function formerFamily(status: 'inativo' | 'ativo' = 'inativo') {
  const admin = await signedIn(t, 'administrador');
  const child: Person = {
    nome: 'Valentina Quaresma Bittencourt',
    email: 'valentina.quaresma@familia.test',
    cpf: newCpf(),
    telefone: '11955501234',
    endereco: 'Rua das Acácias Ocultas, 742, Vila Sigilo',
  };
  const parent: Person = {
    nome: 'Heloísa Quaresma Bittencourt',
    email: 'heloisa.quaresma@familia.test',
    cpf: newCpf(),
    telefone: '21966605678',
    endereco: 'Avenida Reservada, 1001, apto 33',
  };
  const account = await signedIn(t, 'responsavel', {
    nome: parent.nome,
    email: parent.email,
    telefone: parent.telefone,
    endereco: parent.endereco,
  });
  const turma = await insertClass(t, null);
  const guardian = await one<{ id: string }>(sql`
    insert into guardians (nome, email, telefone, cpf, endereco, observacoes, usuario_id)
    values (${parent.nome}, ${parent.email}, ${parent.telefone}, ${parent.cpf}, ${parent.endereco},
            ${`Mãe da ${child.nome}`}, ${account.user.id}) returning id`);
  const student = await one<{ id: string; matricula: string }>(sql`
    insert into students (nome, data_nascimento, matricula, email, telefone, endereco, cpf, turma_id, status, observacoes)
    values (${child.nome}, '2012-07-19', '2020-0042', ${child.email}, ${child.telefone}, ${child.endereco},
            ${child.cpf}, ${status === 'ativo' ? turma.id : null}, ${status}, ${`Irmã de ninguém; mãe ${parent.nome}`})
    returning id, matricula`);
  await t.database.db.execute(sql`
    insert into student_guardians (aluno_id, responsavel_id, parentesco, eh_principal)
    values (${student.id}, ${guardian.id}, 'mae', true)`);
  // Another family, who must keep every word.
  const other = await one<{ id: string }>(sql`
    insert into students (nome, data_nascimento, matricula, status)
    values ('Bernardo Outrafamília Lins', '2013-01-02', '2021-0001', 'ativo') returning id`);

  // Academic record: a year, a period, an assessment with a grade, a roll with an absence.
  const year = await one<{ id: string }>(sql`
    insert into school_years (ano, inicio, fim, tipo_periodo) values (2025, '2025-02-01', '2025-12-15', 'bimestre') returning id`);
  const period = await one<{ id: string }>(sql`
    insert into school_periods (ano_letivo_id, numero, inicio, fim, data_fechamento)
    values (${year.id}, 1, '2025-02-01', '2025-04-30', '2025-05-10') returning id`);
  const assessment = await one<{ id: string }>(sql`
    insert into assessments (turma_id, disciplina, periodo_id, nome, data)
    values (${turma.id}, 'Matemática', ${period.id}, 'Prova 1', '2025-03-10') returning id`);
  await t.database.db.execute(sql`
    insert into grades (avaliacao_id, aluno_id, valor) values (${assessment.id}, ${student.id}, 8.5)`);
  const roll = await one<{ id: string }>(sql`
    insert into attendance_rolls (turma_id, data, aula, disciplina) values (${turma.id}, '2025-03-11', 1, 'Matemática') returning id`);
  await t.database.db.execute(sql`
    insert into attendance_absences (chamada_id, aluno_id, justificativa)
    values (${roll.id}, ${student.id}, ${`Atestado: ${child.nome} com febre, ligar ${formatPhone(parent.telefone)}`})`);
  await t.database.db.execute(sql`
    insert into class_memberships (aluno_id, turma_id, inicio, fim) values (${student.id}, ${turma.id}, '2025-02-01', '2025-12-15')`);
  // Money: a tuition with its payment and the cash-book line that names the child.
  const tuition = await one<{ id: string }>(sql`
    insert into mensalidades (aluno_id, mes_referencia, data_vencimento, valor_original, valor, motivo_desconto)
    values (${student.id}, '2025-03', '2025-03-10', 85000, 80000, ${`Bolsa pedida por ${parent.nome}`}) returning id`);
  const payment = await one<{ id: string }>(sql`
    insert into pagamentos (mensalidade_id, valor_pago, principal, multa, juros, data_pagamento, forma)
    values (${tuition.id}, 80000, 80000, 0, 0, '2025-03-09', 'pix') returning id`);
  await t.database.db.execute(sql`
    insert into transacoes (tipo, descricao, categoria, valor, data, status, pagamento_id)
    values ('receita', ${`Mensalidade 03/2025 — ${child.nome} (CPF ${formatCpf(child.cpf)})`}, 'Mensalidade', 80000, '2025-03-09', 'pago', ${payment.id})`);
  // Free text everywhere.
  await recordAudit(
    t.database.db,
    { id: admin.user.id, nome: admin.user.nome, nivel: 'administrador', ip: null },
    {
      action: 'atualizar',
      entity: 'aluno',
      entityId: student.id,
      details: {
        antes: { nome: child.nome, cpf: child.cpf },
        responsavel: { email: parent.email, endereco: parent.endereco },
      },
    },
  );
  await t.database.db.execute(sql`
    insert into entregas (canal, destino, assunto, texto, usuario_id, status)
    values ('email', ${parent.email}, 'Boletim', ${`Olá, ${parent.nome}: o boletim de ${child.nome} saiu.`}, ${account.user.id}, 'enviado'),
           ('sms', ${parent.telefone}, 'Falta', ${`${child.nome} faltou hoje.`}, null, 'pendente')`);
  const conversa = await one<{ id: string }>(sql`
    insert into conversas (aluno_id, responsavel_usuario_id, destino, assunto)
    values (${student.id}, ${account.user.id}, 'secretaria', ${`Transferência de ${child.nome}`}) returning id`);
  await t.database.db.execute(sql`
    insert into mensagens (conversa_id, autor_id, autor_nome, lado, texto)
    values (${conversa.id}, ${account.user.id}, ${parent.nome}, 'familia',
            ${`Meu novo endereço é ${child.endereco}; e-mail ${child.email}; tel. ${formatPhone(child.telefone)}`})`);
  // The family's bell, and the secretaria's notice pointing at the family's conversation.
  await t.database.db.execute(sql`
    insert into notificacoes (usuario_id, tipo, titulo, texto, link)
    values (${account.user.id}, 'comunicado', 'Aviso', ${`Reunião sobre ${child.nome}`}, null),
           (${admin.user.id}, 'mensagem', ${`Nova mensagem: Transferência de ${child.nome}`},
            ${`${parent.nome} enviou uma mensagem.`}, ${`/dashboard/mensagens?id=${conversa.id}`})`);
  await t.database.db.execute(sql`
    insert into school_documents (codigo, tipo, aluno_id, iniciais, conteudo, origem)
    values ('ABCD-1234', 'historico_escolar', ${student.id}, 'V. Q. B.',
            ${JSON.stringify({ aluno: child.nome, cpf: formatCpf(child.cpf), nascimento: '19/07/2012' })}::jsonb, 'secretaria')`);
  await t.database.db.execute(sql`
    insert into login_throttle (key, failures) values (${`account:${parent.email}`}, 2), (${`pair:${parent.email}|ip:10.0.0.9`}, 1)`);
  const request = await send('POST', '/api/solicitacoes', account.cookie, {
    tipo: 'exclusao',
    descricao: `Peço a exclusão dos meus dados. Meu CPF é ${formatCpf(parent.cpf)} e moro na ${parent.endereco}.`,
  });
  expect(request.statusCode).toBe(201);
  return {
    admin,
    account,
    child,
    parent,
    guardian,
    student,
    other,
    tuition,
    payment,
    request: dataOf<DataRequest>(request),
  };
}

/** Every stored form of the person's identifiers, as stored and as printed. */
function needles(person: Person): string[] {
  return [
    person.nome,
    person.email,
    person.cpf,
    formatCpf(person.cpf),
    person.telefone,
    formatPhone(person.telefone),
    person.endereco,
  ];
}

/** Searches EVERY text, JSON and text-array column of every table (from the catalogue) for each needle. */
async function findAnywhere(values: string[]): Promise<string[]> {
  const columns = rowsOf<{ tbl: string; col: string; data_type: string }>(
    await t.database.db.execute(sql`
      select c.table_name as tbl, c.column_name as col, c.data_type
      from information_schema.columns c join information_schema.tables tb
        on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`),
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { tbl, col, data_type } of columns) {
    const expr = data_type === 'ARRAY' ? `array_to_string("${col}", ' ')` : `"${col}"::text`;
    for (const value of values) {
      // JSON escapes nothing in these values, so one search covers text and JSON columns.
      const row = await one<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(`"${tbl}"`)} where ${sql.raw(expr)} ilike ${`%${value}%`}`,
      );
      if (row.n > 0) found.push(`${tbl}.${col}: ${value}`);
    }
  }
  return found;
}

async function countsOf(alunoId: string) {
  return one<{
    notas: number;
    faltas: number;
    mensalidades: number;
    pagamentos: number;
    turmas: number;
    documentos: number;
  }>(sql`
    select (select count(*)::int from grades where aluno_id = ${alunoId}) as notas,
           (select count(*)::int from attendance_absences where aluno_id = ${alunoId}) as faltas,
           (select count(*)::int from mensalidades where aluno_id = ${alunoId}) as mensalidades,
           (select count(*)::int from pagamentos p join mensalidades m on m.id = p.mensalidade_id
             where m.aluno_id = ${alunoId}) as pagamentos,
           (select count(*)::int from class_memberships where aluno_id = ${alunoId}) as turmas,
           (select count(*)::int from school_documents where aluno_id = ${alunoId}) as documentos`);
}

describe('anonymising a former student and their guardian', () => {
  it("erases the family's identifiers from their rows and the rows that point to them, keeps the record linked, and leaves the audit trail and issued documents as they were", async () => {
    const family = await formerFamily();
    const snapshot = await snapshotDatabase(t);
    // The search itself finds them before (a search that cannot find would prove nothing).
    const before = await findAnywhere([...needles(family.child), ...needles(family.parent)]);
    for (const table of [
      'students',
      'guardians',
      'users',
      'audit_log',
      'entregas',
      'notificacoes',
      'mensagens',
      'school_documents',
      'transacoes',
      'data_requests',
      'login_throttle',
    ])
      expect(
        before.some((hit) => hit.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    const counts = await countsOf(family.student.id);
    expect(counts).toEqual({ notas: 1, faltas: 1, mensalidades: 1, pagamentos: 1, turmas: 1, documentos: 1 });

    const response = await send('POST', `/api/alunos/${family.student.id}/anonimizar`, family.admin.cookie, {
      incluir_responsaveis: true,
    });
    expect(response.statusCode).toBe(200);
    const result = dataOf<AnonymiseResult>(response);
    expect(result.alunos).toEqual([family.student.id]);
    expect(result.responsaveis).toEqual([family.guardian.id]);
    expect(result.texto).toContain('histórico escolar');
    expect(result.texto).toContain('5 anos');

    // What is left is only where the law and the register keep it untouched: the audit trail (its
    // details expire with the audit period) and the document already issued (immutable).
    expect((await findAnywhere([...needles(family.child), ...needles(family.parent)])).sort()).toEqual(
      [
        // Who filed the request, as the entry recorded it (accountability; never rewritten).
        `audit_log.actor_nome: ${family.parent.nome}`,
        `audit_log.details: ${family.child.nome}`,
        `audit_log.details: ${family.child.cpf}`,
        `audit_log.details: ${family.parent.email}`,
        `audit_log.details: ${family.parent.endereco}`,
        `school_documents.conteudo: ${family.child.nome}`,
        `school_documents.conteudo: ${formatCpf(family.child.cpf)}`,
      ].sort(),
    );
    const gone = rowsGone(snapshot, await snapshotDatabase(t));
    expect(gone.audit_log).toBeUndefined();
    expect(gone.school_documents).toBeUndefined();
    // Still linked to the anonymous record.
    expect(await countsOf(family.student.id)).toEqual(counts);
    const student = await one<{
      nome: string;
      matricula: string;
      data_nascimento: string;
      anonimizado_em: Date | null;
    }>(
      sql`select nome, matricula, data_nascimento::text, anonimizado_em from students where id = ${family.student.id}`,
    );
    expect(student.nome).toBe('Aluno anonimizado (matrícula 2020-0042)');
    expect(student.data_nascimento).toBe('2012-01-01');
    expect(student.anonimizado_em).not.toBeNull();
    // The other family keeps every word; the account can never sign in again.
    expect(await findAnywhere(['Bernardo Outrafamília Lins'])).toEqual([
      'students.nome: Bernardo Outrafamília Lins',
    ]);
    expect((await get('/api/auth/me', family.account.cookie)).statusCode).toBe(401);
    expect(await loginAs(t.app, family.parent.email).catch(() => '')).toBe('');
    // Done once: a second try is refused.
    const again = await send('POST', `/api/alunos/${family.student.id}/anonimizar`, family.admin.cookie, {});
    expect(again.statusCode).toBe(409);
  });

  it('refuses an active student with a clear message, and changes nothing', async () => {
    const family = await formerFamily('ativo');
    const response = await send('POST', `/api/alunos/${family.student.id}/anonimizar`, family.admin.cookie, {
      incluir_responsaveis: true,
    });
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toMatch(/aluno ativo não pode ser anonimizado/);
    expect(await findAnywhere([family.child.nome])).toContain(`students.nome: ${family.child.nome}`);
    // The guardian of an active child is refused too.
    const guardian = await send(
      'POST',
      `/api/responsaveis/${family.guardian.id}/anonimizar`,
      family.admin.cookie,
    );
    expect(guardian.statusCode).toBe(409);
    expect(messageOf(guardian)).toContain('ainda tem aluno ativo');
  });

  it('is all or nothing: a failure halfway leaves every row as it was', async () => {
    const family = await formerFamily();
    // A check that only fails at the end (the audit row) rolls back the whole erasure.
    await t.database.db.execute(sql`
      create or replace function refuse_anonimizar() returns trigger language plpgsql as $$
      begin if new.action = 'anonimizar' then raise exception 'falha simulada'; end if; return new; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_anonimizar before insert on audit_log for each row execute function refuse_anonimizar()`);
    try {
      const response = await send(
        'POST',
        `/api/alunos/${family.student.id}/anonimizar`,
        family.admin.cookie,
        {
          incluir_responsaveis: true,
        },
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_anonimizar on audit_log`);
      await t.database.db.execute(sql`drop function refuse_anonimizar()`);
    }
    const hits = await findAnywhere([family.child.nome, family.parent.email]);
    expect(hits).toContain(`students.nome: ${family.child.nome}`);
    expect(hits).toContain(`users.email: ${family.parent.email}`);
    expect(hits).toContain(`entregas.texto: ${family.child.nome}`);
  });

  it("answering a guardian's deletion request as done anonymises them and says what was kept and why", async () => {
    const family = await formerFamily();
    const response = await send(
      'POST',
      `/api/solicitacoes/${family.request.id}/responder`,
      family.admin.cookie,
      {
        situacao: 'atendida',
        resposta: `Prezada ${family.parent.nome}, seus dados foram excluídos.`,
      },
    );
    expect(response.statusCode).toBe(200);
    const answered = dataOf<DataRequest>(response);
    expect(answered.situacao).toBe('atendida');
    expect(answered.resposta).toContain('Mantido, como a lei exige');
    expect(answered.resposta).toContain('histórico escolar');
    expect(answered.resposta).toContain('5 anos');
    expect(answered.resposta).not.toContain(family.parent.nome);
    // Mailed once to the address, which is then nowhere in the database.
    expect(t.mailer.last()?.to).toBe(family.parent.email);
    expect(t.mailer.last()?.text).toContain('Mantido, como a lei exige');
    // Only the audit trail still holds what an entry recorded before (cleared with the audit period).
    expect((await findAnywhere(needles(family.parent))).sort()).toEqual(
      [
        `audit_log.actor_nome: ${family.parent.nome}`,
        `audit_log.details: ${family.parent.email}`,
        `audit_log.details: ${family.parent.endereco}`,
      ].sort(),
    );
    // The child (a separate data subject) is untouched by their guardian's erasure.
    expect(await findAnywhere([family.child.nome])).toContain(`students.nome: ${family.child.nome}`);
  });

  it('a deletion request the school cannot carry out yet is refused with the reason, and nothing is answered', async () => {
    const family = await formerFamily('ativo');
    const response = await send(
      'POST',
      `/api/solicitacoes/${family.request.id}/responder`,
      family.admin.cookie,
      {
        situacao: 'atendida',
        resposta: 'Dados excluídos.',
      },
    );
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toContain('ainda tem aluno ativo');
    const request = await one<{ situacao: string }>(
      sql`select situacao from data_requests where id = ${family.request.id}`,
    );
    expect(request.situacao).toBe('pendente');
  });

  it('only the administrator may anonymise', async () => {
    const family = await formerFamily();
    const teacher = await signedIn(t, 'professor');
    for (const cookie of [teacher.cookie, family.account.cookie]) {
      const response = await send('POST', `/api/alunos/${family.student.id}/anonimizar`, cookie, {});
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('anonymising by reference, never by value', () => {
  it("a guardian whose address is a subject's name and whose phone is the school's: only their own rows change", async () => {
    const family = await schoolWithCollidingGuardian(t);
    const filed = await send('POST', '/api/solicitacoes', family.account.cookie, {
      tipo: 'exclusao',
      descricao: 'Peço a exclusão dos meus dados.',
    });
    expect(filed.statusCode).toBe(201);
    const before = await snapshotDatabase(t);
    const answered = await send(
      'POST',
      `/api/solicitacoes/${dataOf<DataRequest>(filed).id}/responder`,
      family.admin.cookie,
      { situacao: 'atendida', resposta: 'Seus dados foram anonimizados.' },
    );
    expect(answered.statusCode).toBe(200);
    await expectOnlyTheGuardianErased(t, before, family);
  });
});
