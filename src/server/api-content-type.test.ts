import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertClass, insertGuardian, insertStudent, insertTeacher } from './test/records-fixtures.js';
import { signedIn, setupTestApp } from './test/test-app.js';

/**
 * Every API answer declares its type: walks every GET route of the registry the permission matrix
 * walks (`app.routeAccess`), as an administrator, over a school with a student, a guardian, a teacher
 * and a class (their ids fill the routes' `:id`), and checks each answer with a body has a
 * Content-Type. A route that sends a serialised string by hand without one fails here.
 */
const t = setupTestApp({}, { keepData: true });
let cookie = '';
const ids = new Map<string, string>();

beforeAll(async () => {
  cookie = (await signedIn(t, 'administrador')).cookie;
  const teacher = await insertTeacher(t);
  const turma = await insertClass(t, teacher.id);
  const guardian = await insertGuardian(t);
  const student = await insertStudent(t, turma.id, guardian.id);
  ids.set('/api/alunos/', student.id);
  ids.set('/api/responsaveis/', guardian.id);
  ids.set('/api/professores/', teacher.id);
  ids.set('/api/turmas/', turma.id);
});

/** A concrete URL: the `:id` of a record the test made where the route's prefix names one. */
function concreteUrl(url: string): string {
  const known = [...ids].find(([prefix]) => url.startsWith(prefix))?.[1];
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    /id$/i.test(name) ? (name === 'id' && known ? known : randomUUID()) : 'hero',
  );
}

describe('every API answer declares its type', () => {
  it('answers each GET route, as an administrator, with a Content-Type', async () => {
    const routes = t.app.routeAccess.filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of routes) {
      const url = concreteUrl(route.url);
      const streaming = route.url.endsWith('/stream');
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie },
        ...(streaming ? { payloadAsStream: true } : {}),
      });
      if (streaming) response.stream().destroy();
      const hasBody = streaming || response.rawPayload.length > 0;
      if (hasBody && !response.headers['content-type'])
        missing.push(`${route.url} (${String(response.statusCode)})`);
    }
    expect(missing).toEqual([]);
  });

  it('the students list, answered from its cache, is JSON both times', async () => {
    for (let time = 0; time < 2; time++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/alunos', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json<{ data: { total: number } }>().data.total).toBe(1);
    }
  });
});
