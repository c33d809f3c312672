/**
 * A roll sent from a device's queue (ADR 0053): the Idempotency-Key makes a retry after a lost answer
 * harmless, and `base` merges per student with what changed meanwhile — or answers a conflict.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Roll, RollConflict } from '../../../shared/attendance.schemas.js';
import { dataOf, detailsOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { idempotencyKeys } from '../../db/schema/idempotencia.js';
import { clock } from '../../lib/clock.js';
import { purgeExpiredIdempotencyKeys } from '../../lib/idempotency.js';
import { get, mathRoll, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

type School = Awaited<ReturnType<typeof setupSchool>>;

const KEY = '0b7f3c8e-5d1a-4c0e-9f7a-2a6b1c9d8e01';

/** A PUT of the roll with an optional Idempotency-Key. */
function putRoll(turmaId: string, cookie: string, body: object, key?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/frequencia/turmas/${turmaId}`,
    headers: { cookie, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const putSettings = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/configuracoes/sistema',
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });

/**
 * The math roll of 16/03 as the teacher's device loaded it (a1 absent, just saved), then changed on the
 * server by the administrator to `faltas`: returns the `base` the device sends with its offline change.
 */
async function changedSinceLoaded(s: School, faltas: Parameters<typeof mathRoll>[1]) {
  const a1 = s.a[0];
  const loaded = dataOf<Roll>(
    await putRoll(s.classA.id, s.math.cookie, mathRoll('2026-03-16', [{ aluno_id: a1.id }])),
  );
  const base = { faltas: [{ aluno_id: a1.id }], atualizada_em: loaded.chamada!.atualizada_em };
  await putRoll(s.classA.id, s.admin.cookie, mathRoll('2026-03-16', faltas));
  return base;
}

const absentIds = (roll: Roll) =>
  roll.alunos
    .filter((aluno) => !aluno.presente)
    .map((aluno) => aluno.id)
    .sort();

const corrections = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, 'corrigir_frequencia'));

describe('chamada enviada pela fila do aparelho', () => {
  it('a retry with the same key replays the first answer and writes nothing again', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    // The roll already taken (a1 absent); the device corrects it to a1 + a2 — one audited correction.
    expect(
      (await putRoll(s.classA.id, s.math.cookie, mathRoll('2026-03-16', [{ aluno_id: a1.id }]))).statusCode,
    ).toBe(200);
    const body = mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a2.id }]);
    const first = await putRoll(s.classA.id, s.math.cookie, body, KEY);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Meanwhile the admin marks a3 absent too.
    await putRoll(
      s.classA.id,
      s.admin.cookie,
      mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a2.id }, { aluno_id: a3.id }]),
    );
    expect(await corrections()).toHaveLength(2);

    // The device never got its answer and sends the same request again: the first answer comes back…
    const retry = await putRoll(s.classA.id, s.math.cookie, body, KEY);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // …and the roll keeps the admin's a3 (the retry did not run again): no new audit row.
    expect(await corrections()).toHaveLength(2);
    const now = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=1`,
        s.math.cookie,
      ),
    );
    expect(absentIds(now)).toEqual([a1.id, a2.id, a3.id].sort());
  });

  it('a first save retried (and sent twice at once) makes one roll, its absences and one notice to the family', async () => {
    const s = await setupSchool();
    const [a1, a2] = s.a; // a1 is the guardian's child
    const settings = dataOf<Record<string, unknown>>(await get('/api/configuracoes/sistema', s.admin.cookie));
    delete settings.updated_at;
    delete settings.sms_disponivel;
    await putSettings(s.admin.cookie, { ...settings, notificar_faltas: true });
    const body = { ...mathRoll('2026-03-18', [{ aluno_id: a1.id }, { aluno_id: a2.id }]), base: null };
    const [one, two] = await Promise.all([
      putRoll(s.classA.id, s.math.cookie, body, KEY),
      putRoll(s.classA.id, s.math.cookie, body, KEY),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const again = await putRoll(s.classA.id, s.math.cookie, body, KEY);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(1);
    expect(await t.database.db.select().from(attendanceAbsences)).toHaveLength(2);
    const notices = await t.database.db
      .select()
      .from(notificacoes)
      .where(and(eq(notificacoes.tipo, 'falta'), eq(notificacoes.usuarioId, s.guardian.user.id)));
    expect(notices).toHaveLength(1);
    expect(await t.database.db.select().from(idempotencyKeys)).toHaveLength(1);
  });

  it('the same key with another body is a 422 and writes nothing; a bad key is a 400; keys expire', async () => {
    const s = await setupSchool();
    const [a1, a2] = s.a;
    expect(
      (await putRoll(s.classA.id, s.math.cookie, mathRoll('2026-03-16', [{ aluno_id: a1.id }]), KEY))
        .statusCode,
    ).toBe(200);
    const other = await putRoll(
      s.classA.id,
      s.math.cookie,
      mathRoll('2026-03-16', [{ aluno_id: a2.id }]),
      KEY,
    );
    expect(other.statusCode).toBe(422);
    expect(messageOf(other)).toMatch(/chave de idempotência já foi usada/);
    expect((await t.database.db.select().from(attendanceAbsences)).map((row) => row.alunoId)).toEqual([
      a1.id,
    ]);
    // Another person may use the same key: keys are per person.
    expect(
      (await putRoll(s.classA.id, s.admin.cookie, mathRoll('2026-03-16', [{ aluno_id: a2.id }]), KEY))
        .statusCode,
    ).toBe(200);
    const bad = await putRoll(s.classA.id, s.math.cookie, mathRoll('2026-03-16', []), 'x'.repeat(101));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toMatch(/Chave de idempotência inválida/);

    clock.pin('2026-03-28');
    await purgeExpiredIdempotencyKeys(t.database.db);
    expect(await t.database.db.select().from(idempotencyKeys)).toHaveLength(0);
  });

  it('a student changed on both sides is a 409 per student, and nothing is written', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    // The admin changes a2 to absent with a reason; the teacher, offline, marked a2 absent without one and a3 absent.
    const base = await changedSinceLoaded(s, [
      { aluno_id: a1.id },
      { aluno_id: a2.id, justificativa: 'Atestado' },
    ]);
    const before = await t.database.db.select().from(attendanceAbsences);
    const response = await putRoll(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a2.id }, { aluno_id: a3.id }]),
      base,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect(messageOf(response)).toMatch(/^Conflito na chamada de 16\/03\/2026: .+ alterou 1 aluno/);
    const details = detailsOf(response) as RollConflict[];
    expect(details).toEqual([
      expect.objectContaining({
        aluno_id: a2.id,
        nome: a2.nome,
        no_aparelho: { presente: false, justificativa: null },
        no_servidor: { presente: false, justificativa: 'Atestado' },
        alterado_por: s.admin.user.nome,
      }),
    ]);
    expect(await t.database.db.select().from(attendanceAbsences)).toEqual(before);
  });

  it('different students changed on each side merge; the same change on both sides is no conflict', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    // The admin marks a2 absent; the device took a1's absence back and marked a3 (and a2 too, the same).
    const base = await changedSinceLoaded(s, [{ aluno_id: a1.id }, { aluno_id: a2.id }]);
    const merged = await putRoll(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: a3.id }]),
      base,
    });
    expect(merged.statusCode).toBe(200);
    expect(absentIds(dataOf<Roll>(merged))).toEqual([a2.id, a3.id].sort());

    // A roll the device saw untaken (base null) but a colleague took meanwhile: their marks stay.
    await putRoll(s.classA.id, s.admin.cookie, mathRoll('2026-03-18', [{ aluno_id: a1.id }]));
    const fresh = await putRoll(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-18', [{ aluno_id: a2.id }]),
      base: null,
    });
    expect(absentIds(dataOf<Roll>(fresh))).toEqual([a1.id, a2.id].sort());
  });

  it('without base the list replaces the roll (as before); refusals stay clear 4xx answers', async () => {
    const s = await setupSchool();
    const [a1, a2] = s.a;
    await putRoll(s.classA.id, s.admin.cookie, mathRoll('2026-03-16', [{ aluno_id: a1.id }]));
    const replaced = await putRoll(s.classA.id, s.math.cookie, mathRoll('2026-03-16', [{ aluno_id: a2.id }]));
    expect(absentIds(dataOf<Roll>(replaced))).toEqual([a2.id]);
    const outsider = await putRoll(
      s.classA.id,
      s.math.cookie,
      { ...mathRoll('2026-03-18', [{ aluno_id: s.b[0].id }]), base: null },
      KEY,
    );
    expect(outsider.statusCode).toBe(400);
    expect(messageOf(outsider)).toBe('Aluno não pertence à turma nesta data.');
    // A refusal stores no key: nothing was written, so the same key is judged again next time.
    expect(await t.database.db.select().from(idempotencyKeys)).toHaveLength(0);
  });
});
