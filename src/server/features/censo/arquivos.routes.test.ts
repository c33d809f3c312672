import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/api.js';
import type { AccessEntry } from '../../../shared/access-log.schemas.js';
import type { PendenciasResponse } from '../../../shared/censo.schemas.js';
import { codigoProprio } from '../../../shared/censo.codigos.js';
import { auditLog } from '../../db/schema/audit.js';
import { censoAlunos } from '../../db/schema/censo.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { requestsOf, signedIn } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { definirCodigoEscola, setupCensoTesteApp } from './arquivos.test-setup.js';
import { classMemberships } from '../../db/schema/attendance.js';

/** The product's routes (real layout and sources) and the same plugin over the tests' own layout. */
const t = setupCensoTesteApp();
const { get } = requestsOf(() => t.app);

/**
 * 2026's reference date is Wednesday 27/05. Ana is enrolled since February; Bruno left in April (absent
 * from both files); Carla came in August (record 91 only).
 */
async function escola() {
  await definirCodigoEscola(t);
  const turma = await insertClass(t, null, 25, { nome: '3º ano A', serie: '3º ano', turno: 'manha' });
  const ana = await insertStudent(t, turma.id, undefined, '2026-02-02');
  const bruno = await insertStudent(t, turma.id, undefined, '2026-02-02');
  await t.database.db
    .update(classMemberships)
    .set({ fim: '2026-04-30' })
    .where(eq(classMemberships.alunoId, bruno.id));
  const carla = await insertStudent(t, turma.id, undefined, '2026-08-03');
  return { turma, ana, bruno, carla };
}

const completar = (alunoId: string) => t.database.db.insert(censoAlunos).values({ alunoId, corRaca: '3' });

describe('census files: who may', () => {
  it('refuses teachers, the financeiro and parents every census file route', async () => {
    const professor = await signedIn(t, 'professor');
    const responsavel = await signedIn(t, 'responsavel');
    const financeiro = await staffWith(t, 'financeiro');
    for (const { cookie } of [professor, responsavel, financeiro]) {
      for (const url of [
        '/api/censo/2026/pendencias',
        '/api/censo/2026/matricula-inicial',
        '/api/censo/2026/situacao-do-aluno',
      ])
        expect((await get(url, cookie)).statusCode, url).toBe(403);
      const importar = await t.app.inject({
        method: 'POST',
        url: '/api/censo/2026/importar-ids',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: '00|35000001\n',
      });
      expect(importar.statusCode).toBe(403);
    }
    const secretaria = await staffWith(t, 'secretaria');
    expect((await get('/api/censo/2026/pendencias', secretaria.cookie)).statusCode).toBe(200);
    expect((await get('/api/censo/abc/pendencias', secretaria.cookie)).statusCode).toBe(400);
  });
});

describe('census files: the pending list and the figures', () => {
  it('lists what INEP would reject and counts the enrolments of the reference date', async () => {
    const { turma, ana } = await escola();
    const secretaria = await staffWith(t, 'secretaria');
    const response = await get('/api/censo-teste/2026/pendencias', secretaria.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = dataOf<PendenciasResponse>(response);
    expect(body).toMatchObject({
      ano: 2026,
      etapa: 'matricula-inicial',
      data_referencia: '2026-05-27',
      leiaute: 2024,
    });
    expect(body.pendencias).toEqual([
      expect.objectContaining({
        registro: '30',
        entidade: 'aluno',
        entidade_id: ana.id,
        campo: 'Cor/raça declarada',
        link: `/portal/alunos/${ana.id}/censo`,
      }),
    ]);
    expect(body.contagens).toMatchObject({
      alunos: 1,
      turmas: 1,
      por_etapa: [{ etapa: '16', rotulo: 'Ensino Fundamental de 9 anos – 3º ano', alunos: 1 }],
      por_turno: [{ turno: 'manha', rotulo: 'Manhã', alunos: 1 }],
      por_turma: [{ turma_id: turma.id, nome: '3º ano A', etapa: '16', alunos: 1 }],
    });
  });

  it('answers 422 for a year the product has no layout for', async () => {
    const secretaria = await staffWith(t, 'secretaria');
    const response = await get('/api/censo-teste/2023/pendencias', secretaria.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain('leiaute');
  });
});

describe('census files: the downloads', () => {
  it('refuses the file with pendências (409 with the list); only the Direção may force it, audited', async () => {
    await escola();
    const secretaria = await staffWith(t, 'secretaria');
    const direcao = await staffWith(t, 'direcao');
    const refused = await get('/api/censo-teste/2026/matricula-inicial', secretaria.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ details: { path: string }[] }>().details[0]!.path).toContain('Cor/raça declarada');
    expect(
      (await get('/api/censo-teste/2026/matricula-inicial?forcar=true', secretaria.cookie)).statusCode,
    ).toBe(403);
    const forced = await get('/api/censo-teste/2026/matricula-inicial?forcar=true', direcao.cookie);
    expect(forced.statusCode).toBe(200);
    expect(forced.headers['x-censo-pendencias']).toBe('1');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'arquivo_censo'));
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'baixar_censo_com_pendencias',
        actorId: direcao.user.id,
        details: expect.objectContaining({ pendencias: 1, etapa: 'matricula-inicial' }),
      }),
    ]);
  });

  it('sends stage 1 in ISO-8859-1 under its name, and logs the child in the access log', async () => {
    const { turma, ana, bruno } = await escola();
    await completar(ana.id);
    const secretaria = await staffWith(t, 'secretaria');
    const response = await get('/api/censo-teste/2026/matricula-inicial', secretaria.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="censo-2026-matricula-inicial-35000001.txt"',
    );
    const lines = response.rawPayload.toString('latin1').split('\n');
    expect(lines.map((line) => line.slice(0, 2))).toEqual(['00', '20', '30', '60', '99', '']);
    expect(lines[0]).toBe('00|35000001|COLEGIO CONCEICAO|SECRETARIA@COLEGIO.TEST|');
    expect(lines[2]).toContain(`|${codigoProprio(ana.id)}|`);
    expect(lines[3]).toBe(`60|35000001|${codigoProprio(ana.id)}||${codigoProprio(turma.id)}||`);
    expect(response.body).not.toContain(codigoProprio(bruno.id));

    const direcao = await staffWith(t, 'direcao');
    const log = dataOf<Page<AccessEntry>>(await get(`/api/alunos/${ana.id}/acessos`, direcao.cookie));
    expect(log.items).toEqual([
      expect.objectContaining({ usuario_id: secretaria.user.id, via: 'censo_arquivo' }),
    ]);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'arquivo_censo'));
    expect(audit).toMatchObject({ action: 'baixar_censo', details: { pendencias: 0, alunos: 1 } });
  });

  it('sends stage 2: 89, the enrolments of the reference date in 90, the admissions after it in 91, no trailer', async () => {
    const { ana, bruno, carla } = await escola();
    const secretaria = await staffWith(t, 'secretaria');
    const response = await get('/api/censo-teste/2026/situacao-do-aluno', secretaria.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.rawPayload.toString('latin1').split('\n');
    expect(lines.map((line) => line.slice(0, 2))).toEqual(['89', '90', '91', '']);
    expect(lines[1]).toContain(codigoProprio(ana.id));
    expect(lines[2]).toContain(codigoProprio(carla.id));
    expect(response.body).not.toContain(codigoProprio(bruno.id));
    const direcao = await staffWith(t, 'direcao');
    const log = dataOf<Page<AccessEntry>>(await get(`/api/alunos/${carla.id}/acessos`, direcao.cookie));
    expect(log.items.map((item) => item.via)).toEqual(['censo_arquivo']);
  });
});
