/**
 * A departure recorded without the Financeiro (the secretaria): whoever holds it is told, once, of the
 * months left open after the exit day — and of the NFS-e already issued for them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { insertClass, insertStudent, insertTuition, messageOf } from '../../test/records-fixtures.js';
import { insertIssuedNfse } from '../../test/fiscal-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { patchStudentStatusOf } from '../../test/school-fixtures.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';
import { students } from '../../db/schema/students.js';
import { mensalidades } from '../../db/schema/finance.js';
import { userPerfis } from '../../db/schema/perfis.js';
import { builtInPerfilId } from '../perfis/index.js';

const t = setupTestApp();
afterEach(() => clock.unpin());

const patchStatus = patchStudentStatusOf(t);

const noticesOf = (usuarioId: string) =>
  t.database.db.select().from(notificacoes).where(eq(notificacoes.usuarioId, usuarioId));

/** A student of a class since February with tuition due on the 10th of October to December. */
async function studentWithTuition() {
  const turma = await insertClass(t, null);
  const student = await insertStudent(t, turma.id, undefined, '2026-02-02');
  await t.database.db.update(students).set({ nome: 'Lucas Almeida' }).where(eq(students.id, student.id));
  const months: Record<string, { id: string }> = {};
  for (const mes of ['10', '11', '12'])
    months[mes] = await insertTuition(t, student.id, `2026-${mes}`, `2026-${mes}-10`);
  return { student, months };
}

describe('a departure the secretaria records, with tuition open after it', () => {
  it('tells whoever holds the Financeiro (bell and e-mail), naming the student, the day, the months and the NFS-e', async () => {
    clock.pin('2026-12-06');
    const secretaria = await staffWith(t, 'secretaria');
    const financeiro = await staffWith(t, 'financeiro');
    const direcao = await signedIn(t, 'administrador');
    const coordenacao = await staffWith(t, 'coordenacao');
    const both = await staffWith(t, 'financeiro');
    await t.database.db
      .insert(userPerfis)
      .values({ usuarioId: both.user.id, perfilId: await builtInPerfilId(t.database.db, 'direcao') });
    const { student, months } = await studentWithTuition();
    await insertIssuedNfse(t, {
      mensalidadeId: months['12']!.id,
      alunoId: student.id,
      competencia: '2026-12',
      tomadorNome: 'Carla Almeida',
    });
    // The family sent a comprovante for December: the notice says so, the Financeiro decides.
    await t.database.db
      .update(mensalidades)
      .set({ confirmacaoDesde: '2026-12-05' })
      .where(eq(mensalidades.id, months['12']!.id));

    const response = await patchStatus(student.id, secretaria.cookie, {
      status: 'transferido',
      data_saida: '2026-12-04',
      destino: { escola: 'Escola Estadual Jorge Amado' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(messageOf(response)).toBe(
      'Status alterado para Transferido. O Financeiro foi avisado: 1 mensalidade em aberto vence depois da saída.',
    );

    const [notice, ...more] = await noticesOf(financeiro.user.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      tipo: 'mensalidade',
      titulo: 'Saída de Lucas Almeida: mensalidades em aberto',
      link: `/dashboard/financeiro?aba=mensalidades&aluno=${student.id}&mes=`,
    });
    expect(notice!.texto).toContain('registrou a transferência de Lucas Almeida, com saída em 04/12/2026.');
    expect(notice!.texto).toContain('1 mensalidade continua em aberto com vencimento depois da saída');
    expect(notice!.texto).toContain(
      'dezembro de 2026 (R$ 850,00, vence 10/12/2026; comprovante aguardando confirmação; NFS-e emitida)',
    );
    expect(notice!.texto).toContain(
      'Uma com comprovante aguardando confirmação só é cancelada depois de o comprovante ser confirmado ou recusado.',
    );
    expect(notice!.texto).toContain('A NFS-e emitida precisa ser cancelada pela Direção em Notas fiscais.');
    // October and November were due before the exit: not named.
    expect(notice!.texto).not.toMatch(/outubro|novembro/);
    // The Direção holds the Financeiro too; the secretaria and the coordenação do not.
    expect(await noticesOf(direcao.user.id)).toHaveLength(1);
    expect(await noticesOf(secretaria.user.id)).toEqual([]);
    expect(await noticesOf(coordenacao.user.id)).toEqual([]);
    // And by e-mail, as other staff notices go.
    const mails = await t.database.db
      .select()
      .from(entregas)
      .where(and(eq(entregas.usuarioId, financeiro.user.id), eq(entregas.canal, 'email')));
    expect(mails.map((mail) => mail.assunto)).toEqual(['Saída de Lucas Almeida: mensalidades em aberto']);

    // The same departure sent again (a second click) and its correction tell no one twice.
    const twice = await patchStatus(student.id, secretaria.cookie, {
      status: 'transferido',
      data_saida: '2026-12-04',
      destino: { escola: 'Escola Estadual Jorge Amado' },
    });
    expect(twice.statusCode).toBe(200);
    const corrected = await patchStatus(student.id, secretaria.cookie, {
      status: 'transferido',
      data_saida: '2026-12-04',
      destino: { escola: 'Escola Estadual Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(corrected.statusCode).toBe(200);
    expect(await noticesOf(financeiro.user.id)).toHaveLength(1);
    // Someone holding the Financeiro through two profiles is told once.
    expect(await noticesOf(both.user.id)).toHaveLength(1);
  });

  it('links to the student by id: the list it opens holds that student’s charges, not a namesake’s', async () => {
    clock.pin('2026-12-06');
    const secretaria = await staffWith(t, 'secretaria');
    const financeiro = await staffWith(t, 'financeiro');
    const { student } = await studentWithTuition();
    const namesake = await studentWithTuition();
    // The enrolment fee after the exit is named as the fee (ADR 0094).
    await t.database.db
      .update(mensalidades)
      .set({ tipo: 'taxa_matricula', anuidadeAno: 2027 })
      .where(eq(mensalidades.id, (await insertTuition(t, student.id, '2026-09', '2026-12-15')).id));
    const response = await patchStatus(student.id, secretaria.cookie, {
      status: 'transferido',
      data_saida: '2026-12-04',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [notice] = await noticesOf(financeiro.user.id);
    expect(notice!.texto).toContain('taxa de matrícula 2027 (R$ 850,00, vence 15/12/2026)');
    // What is counted is said: the month and the fee, each as itself.
    expect(notice!.titulo).toBe('Saída de Lucas Almeida: mensalidades e taxa de matrícula em aberto');
    expect(notice!.texto).toContain(
      '1 mensalidade e 1 taxa de matrícula continuam em aberto com vencimento depois da saída',
    );
    expect(messageOf(response)).toBe(
      'Status alterado para Transferido. O Financeiro foi avisado: 1 mensalidade e 1 taxa de matrícula em aberto vencem depois da saída.',
    );
    const params = new URL(notice!.link!, 'http://escola').searchParams;
    expect(params.get('q')).toBeNull();
    expect(params.get('aluno')).toBe(student.id);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/financeiro/mensalidades?aluno_id=${params.get('aluno')!}&pageSize=100`,
      headers: { cookie: financeiro.cookie },
    });
    expect(list.statusCode).toBe(200);
    const items = list.json<{ data: { items: { aluno_id: string }[] } }>().data.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.aluno_id === student.id)).toBe(true);
    expect(items.some((item) => item.aluno_id === namesake.student.id)).toBe(false);
  });

  it('tells nobody when a finance holder records it, or when nothing is open after the day', async () => {
    clock.pin('2026-12-06');
    const direcao = await signedIn(t, 'administrador');
    const financeiro = await staffWith(t, 'financeiro');
    const secretaria = await staffWith(t, 'secretaria');
    const first = await studentWithTuition();
    // The Direção holds the Financeiro: it saw the months in the dialog and chose to keep them.
    const kept = await patchStatus(first.student.id, direcao.cookie, {
      status: 'transferido',
      data_saida: '2026-12-04',
    });
    expect(messageOf(kept)).toBe('Status alterado para Transferido.');
    // December paid in full: nothing open after the day.
    const second = await studentWithTuition();
    await t.database.db
      .update(mensalidades)
      .set({ principalPago: 85_000 })
      .where(eq(mensalidades.id, second.months['12']!.id));
    const paid = await patchStatus(second.student.id, secretaria.cookie, {
      status: 'inativo',
      data_saida: '2026-12-04',
    });
    expect(messageOf(paid)).toBe('Status alterado para Inativo.');
    expect(await noticesOf(financeiro.user.id)).toEqual([]);
    expect(await noticesOf(direcao.user.id)).toEqual([]);
  });
});
