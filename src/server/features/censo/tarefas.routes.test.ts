/**
 * Issue 38: the census file as a background task — started (202), waiting, done with its pending list,
 * downloaded under the direct download's rules (409 in the same words, only the Direção forces it,
 * audited, the access log), a second start answered with the running task, and who may.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/api.js';
import type { AccessEntry } from '../../../shared/access-log.schemas.js';
import type { CensoTarefa } from '../../../shared/censo-tarefas.schemas.js';
import { codigoProprio } from '../../../shared/censo.codigos.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { auditLog } from '../../db/schema/audit.js';
import { censoAlunos } from '../../db/schema/censo.js';
import { censoArquivoPartes, censoArquivoTarefas } from '../../db/schema/censo-tarefas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { requestsOf, signedIn } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { definirCodigoEscola, setupCensoTesteApp } from './arquivos.test-setup.js';
import { apagarTarefasAntigas } from './tarefas.service.js';

const BASE = '/api/censo-teste/2026';
const t = setupCensoTesteApp();
const { get, send } = requestsOf(() => t.app);
const post = (url: string, body: object, cookie: string) => send('POST', url, cookie, body);

/** Ana and Davi enrolled on 27/05 in two classes; Bruno left in April (in no file). */
async function escola() {
  await definirCodigoEscola(t);
  const a = await insertClass(t, null, 25, { nome: '3º ano A', serie: '3º ano', turno: 'manha' });
  const b = await insertClass(t, null, 25, { nome: '4º ano A', serie: '4º ano', turno: 'tarde' });
  const ana = await insertStudent(t, a.id, undefined, '2026-02-02');
  const davi = await insertStudent(t, b.id, undefined, '2026-02-02');
  const bruno = await insertStudent(t, a.id, undefined, '2026-02-02');
  await t.database.db
    .update(classMemberships)
    .set({ fim: '2026-04-30' })
    .where(eq(classMemberships.alunoId, bruno.id));
  return { ana, davi, bruno };
}
const completar = (alunoId: string) => t.database.db.insert(censoAlunos).values({ alunoId, corRaca: '3' });

const iniciar = (cookie: string, etapa = 'matricula-inicial') => post(`${BASE}/tarefas`, { etapa }, cookie);

describe('the census file in the background', () => {
  it('answers 202 with the task, runs it as a job, and serves the file it built', async () => {
    const { ana, davi, bruno } = await escola();
    await completar(ana.id);
    await completar(davi.id);
    const secretaria = await staffWith(t, 'secretaria');
    const started = await iniciar(secretaria.cookie);
    expect(started.statusCode, started.body).toBe(202);
    const tarefa = dataOf<CensoTarefa>(started);
    expect(tarefa).toMatchObject({ status: 'na_fila', etapa: 'matricula-inicial', ano: 2026, arquivo: null });
    expect(tarefa.url).toBe(`${BASE}/tarefas/${tarefa.id}`);
    expect(tarefa.mensagem).toBe('Na fila: começa em instantes.');

    // A second start while it waits (a double click, another person) answers the same task.
    const again = await iniciar((await staffWith(t, 'direcao')).cookie);
    expect(again.statusCode).toBe(202);
    expect(dataOf<CensoTarefa>(again).id).toBe(tarefa.id);
    // The download before it is built is refused with the reason.
    const early = await get(`${tarefa.url}/arquivo`, secretaria.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toContain('ainda está sendo montado');

    await t.app.ctx.jobs.drain();
    const done = dataOf<CensoTarefa>(await get(tarefa.url, secretaria.cookie));
    expect(done).toMatchObject({ status: 'concluida', pendencias_total: 0, pendencias: [] });
    expect(done.feitos).toBe(done.total);
    expect(done.total).toBeGreaterThanOrEqual(5); // 00, two 20s, two 30s, two 60s
    expect(done.mensagem).toBe('Arquivo de Matrícula Inicial pronto, sem pendências.');
    expect(done.arquivo).toMatchObject({ nome: 'censo-2026-matricula-inicial-35000001.txt' });

    const file = await get(done.arquivo!.url, secretaria.cookie);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(file.headers['content-length']).toBe(String(done.arquivo!.bytes));
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="censo-2026-matricula-inicial-35000001.txt"',
    );
    // The same bytes as the direct download.
    const direct = await get(`${BASE}/matricula-inicial`, secretaria.cookie);
    expect(file.rawPayload.equals(direct.rawPayload)).toBe(true);
    const text = file.rawPayload.toString('latin1');
    expect(text.split('\n').map((line) => line.slice(0, 2))).toEqual([
      '00',
      '20',
      '20',
      '30',
      '30',
      '60',
      '60',
      '99',
      '',
    ]);
    expect(text).toContain(codigoProprio(ana.id));
    expect(text).not.toContain(codigoProprio(bruno.id));

    const direcao = await staffWith(t, 'direcao');
    const log = dataOf<Page<AccessEntry>>(await get(`/api/alunos/${davi.id}/acessos`, direcao.cookie));
    // Both downloads by the same person in the same minute: one entry (the access log's own rule).
    expect(log.items.map((item) => [item.usuario_id, item.via])).toEqual([
      [secretaria.user.id, 'censo_arquivo'],
    ]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'arquivo_censo'));
    expect(audits.map((audit) => audit.action)).toEqual(['baixar_censo', 'baixar_censo']);

    // The year's tasks, newest first; a new start after it ended is a new task.
    const list = dataOf<CensoTarefa[]>(
      await get(`${BASE}/tarefas?etapa=matricula-inicial`, secretaria.cookie),
    );
    expect(list.map((item) => item.id)).toEqual([tarefa.id]);
    expect(dataOf<CensoTarefa>(await iniciar(secretaria.cookie)).id).not.toBe(tarefa.id);
  });

  it('ends with the pending list; the download is refused in the same words unless the Direção forces it', async () => {
    await escola();
    const secretaria = await staffWith(t, 'secretaria');
    const direcao = await staffWith(t, 'direcao');
    const tarefa = dataOf<CensoTarefa>(await iniciar(secretaria.cookie));
    await t.app.ctx.jobs.drain();
    const done = dataOf<CensoTarefa>(await get(tarefa.url, secretaria.cookie));
    expect(done.status).toBe('concluida');
    expect(done.pendencias_total).toBe(2);
    expect(done.pendencias!.map((p) => p.campo)).toEqual(['Cor/raça declarada', 'Cor/raça declarada']);
    const direct = await get(`${BASE}/matricula-inicial`, secretaria.cookie);
    expect(direct.statusCode).toBe(409);
    expect(done.mensagem).toBe(direct.json<{ message: string }>().message);
    expect(done.mensagem).toBe(
      'O arquivo de Matrícula Inicial tem 2 pendências: corrija antes de enviar ao INEP.',
    );

    const refused = await get(done.arquivo!.url, secretaria.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(direct.json());
    expect((await get(`${done.arquivo!.url}?forcar=true`, secretaria.cookie)).statusCode).toBe(403);
    const forced = await get(`${done.arquivo!.url}?forcar=true`, direcao.cookie);
    expect(forced.statusCode).toBe(200);
    expect(forced.headers['x-censo-pendencias']).toBe('2');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'arquivo_censo'));
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'baixar_censo_com_pendencias',
        actorId: direcao.user.id,
        details: expect.objectContaining({ pendencias: 2, alunos: 2 }),
      }),
    ]);
  });

  it('builds stage 2 too, and answers 422 at once for a year without a layout', async () => {
    await escola();
    const secretaria = await staffWith(t, 'secretaria');
    const tarefa = dataOf<CensoTarefa>(await iniciar(secretaria.cookie, 'situacao-do-aluno'));
    await t.app.ctx.jobs.drain();
    const done = dataOf<CensoTarefa>(await get(tarefa.url, secretaria.cookie));
    expect(done).toMatchObject({ status: 'concluida', etapa: 'situacao-do-aluno' });
    expect(
      (await post('/api/censo-teste/2018/tarefas', { etapa: 'matricula-inicial' }, secretaria.cookie))
        .statusCode,
    ).toBe(400);
    const old = await post(
      '/api/censo-teste/2023/tarefas',
      { etapa: 'matricula-inicial' },
      secretaria.cookie,
    );
    expect(old.statusCode).toBe(422);
    expect((await post(`${BASE}/tarefas`, { etapa: 'outra' }, secretaria.cookie)).statusCode).toBe(400);
    expect((await get(`${BASE}/tarefas/nao-e-id`, secretaria.cookie)).statusCode).toBe(400);
  });

  it('refuses teachers, the financeiro and parents; forgets tasks and files after a day', async () => {
    await escola();
    const professor = await signedIn(t, 'professor');
    const responsavel = await signedIn(t, 'responsavel');
    const financeiro = await staffWith(t, 'financeiro');
    const secretaria = await staffWith(t, 'secretaria');
    const tarefa = dataOf<CensoTarefa>(await iniciar(secretaria.cookie));
    await t.app.ctx.jobs.drain();
    for (const { cookie } of [professor, responsavel, financeiro]) {
      expect((await iniciar(cookie)).statusCode).toBe(403);
      for (const url of ['/api/censo/2026/tarefas', tarefa.url, `${tarefa.url}/arquivo`])
        expect((await get(url, cookie)).statusCode, url).toBe(403);
    }
    expect(await t.database.db.select().from(censoArquivoPartes)).not.toEqual([]);
    clock.pin(new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString());
    try {
      await apagarTarefasAntigas(t.database.db);
    } finally {
      clock.unpin();
    }
    expect(await t.database.db.select().from(censoArquivoTarefas)).toEqual([]);
    expect(await t.database.db.select().from(censoArquivoPartes)).toEqual([]);
    expect((await get(tarefa.url, secretaria.cookie)).statusCode).toBe(404);
  });
});
