import { DAY_MS } from '../../../shared/calendar.js';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { guardians } from '../../db/schema/students.js';
import { interessadoEventos, interessados } from '../../db/schema/matriculas.js';
import { clock } from '../../lib/clock.js';
import { insertStudent } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { systemActor } from '../audit/index.js';
import { anonymiseGuardian } from './anonymise.service.js';
import { runRetention } from './retention.job.js';

const t = setupTestApp();
afterEach(() => clock.unpin());
const { send } = requestsOf(() => t.app);

const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

async function family(
  nome: string,
  lastMoveDaysAgo: number,
  overrides: Partial<typeof interessados.$inferInsert> = {},
) {
  const when = daysAgo(lastMoveDaysAgo);
  const [row] = await t.database.db
    .insert(interessados)
    .values({
      responsavelNome: `Responsável ${nome}`,
      email: `${nome}@familia.test`,
      telefone: '11987654321',
      alunoNome: nome,
      alunoNascimento: '2019-04-12',
      serie: '1º ano',
      anoLetivo: 2026,
      consentimentoEm: when,
      etapaEm: when,
      createdAt: when,
      updatedAt: when,
      ...overrides,
    })
    .returning();
  await t.database.db
    .insert(interessadoEventos)
    .values({ interessadoId: row!.id, tipo: 'criado', texto: 'Interesse registrado', criadoEm: when });
  return row!;
}

const names = async () =>
  rowsOf<{ aluno_nome: string }>(
    await t.database.db.execute(sql`select aluno_nome from interessados order by aluno_nome`),
  ).map((row) => row.aluno_nome);

describe('retention of interested families (interessados_meses)', () => {
  it('deletes the families that did not enrol once the period passed since their last movement', async () => {
    await family('antiga', 400);
    await family('perdida', 400, { etapa: 'perdido', motivoPerda: 'Mudou de cidade' });
    await family('recente', 100);
    // Old row but a recent line on its timeline: still moving.
    const ativa = await family('com-contato-recente', 400);
    await t.database.db
      .insert(interessadoEventos)
      .values({ interessadoId: ativa.id, tipo: 'contato', texto: 'Ligação', criadoEm: daysAgo(10) });
    // A signed contract and an enrolled student are kept (the contract's and the student's rules apply).
    await family('assinou', 400, { etapa: 'contrato_assinado' });
    const student = await insertStudent(t, null);
    await family('matriculada', 400, { etapa: 'matriculado', alunoId: student.id });

    const result = await runRetention(t.app.ctx);
    expect(result.interessados_removidos).toBe(2);
    expect(await names()).toEqual(['assinou', 'com-contato-recente', 'matriculada', 'recente']);
    const orphanEvents = rowsOf<{ n: string }>(
      await t.database.db.execute(
        sql`select count(*) as n from interessado_eventos where interessado_id not in (select id from interessados)`,
      ),
    );
    expect(Number(orphanEvents[0]!.n)).toBe(0);
  });

  it('follows the months saved in Configurações → Privacidade', async () => {
    await family('cinco-meses', 150);
    expect((await runRetention(t.app.ctx)).interessados_removidos).toBe(0);
    const admin = await signedIn(t, 'administrador');
    const saved = await send('PUT', '/api/configuracoes/retencao', admin.cookie, {
      registros_tecnicos_dias: 30,
      auditoria_dias: 730,
      responsaveis_anos: 5,
      interessados_meses: 3,
    });
    expect(saved.statusCode).toBe(200);
    expect((await runRetention(t.app.ctx)).interessados_removidos).toBe(1);
    expect(await names()).toEqual([]);
    const tooShort = await send('PUT', '/api/configuracoes/retencao', admin.cookie, {
      registros_tecnicos_dias: 30,
      auditoria_dias: 730,
      responsaveis_anos: 5,
      interessados_meses: 0,
    });
    expect(tooShort.statusCode).toBe(400);
  });

  it('anonymising a guardian removes the funnel rows of their children and the ones they wrote', async () => {
    const [guardian] = await t.database.db
      .insert(guardians)
      .values({ nome: 'Mariana Alves', email: 'mariana@familia.test', telefone: '11912345678' })
      .returning();
    const child = await insertStudent(t, null, guardian!.id);
    await family('do-filho', 1, { tipo: 'rematricula', alunoId: child.id, email: 'outro@familia.test' });
    await family('pelo-email', 1, { email: 'mariana@familia.test' });
    await family('de-outra-familia', 1);
    await t.database.db.execute(sql`update students set status = 'transferido' where id = ${child.id}`);
    await anonymiseGuardian(t.app.ctx, guardian!.id, systemActor);
    expect(await names()).toEqual(['de-outra-familia']);
  });
});
