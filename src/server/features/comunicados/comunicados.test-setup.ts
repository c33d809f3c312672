/**
 * The comunicados tests' common setup: the app (created once, emptied before each test, the clock
 * unpinned after), the request helpers, and the school every test starts from.
 */
import { afterEach } from 'vitest';
import type { Comunicado } from '../../../shared/comunicados.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass } from '../../test/records-fixtures.js';
import { familyIn, teacherWithAccount } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp, signedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const { send, get } = requestsOf(() => t.app);

/** A guardian with a portal account and a child in the class. */
export function family(turmaId: string | null) {
  return familyIn(t, turmaId);
}

export async function school() {
  const admin = await signedIn(t, 'administrador');
  const { teacher, ...teacherAccount } = await teacherWithAccount(t);
  const classA = await insertClass(t, teacher.id);
  const classB = await insertClass(t, null);
  const a1 = await family(classA.id);
  const a2 = await family(classA.id);
  const b1 = await family(classB.id);
  return { admin, teacherAccount, teacher, classA, classB, a1, a2, b1 };
}

/** Runs the queued jobs: a notice's bells and e-mails are written by one (comunicados.fanout.ts). */
export const deliver = () => t.app.ctx.jobs.drain();

export const notice = (publico: object, extra: object = {}) => ({
  titulo: 'Reunião de pais',
  corpo: 'Reunião **quinta-feira** às 19h.\n- Traga a agenda\n- [Pauta](https://escola.test/pauta)',
  publico,
  ...extra,
});

/** Sends `notice(publico, extra)` as `cookie` through `POST /api/comunicados`: the answer, as it came. */
const postNotice = (cookie: string, publico: object, extra: object = {}) =>
  send('POST', '/api/comunicados', cookie, notice(publico, extra));

/** `postNotice`'s answer read as the notice it created. */
async function publishNotice(cookie: string, publico: object, extra: object = {}) {
  return dataOf<Comunicado>(await postNotice(cookie, publico, extra));
}

/**
 * Registers the file's hooks (the app, and what each test starts from): call once at the top of each
 * test file. Returns the app and its request helpers (as setupTestApp/requestsOf do), a notice's
 * among them.
 */
export function setupComunicadosTest() {
  t = setupTestApp();
  afterEach(() => clock.unpin());
  return { t, send, get, postNotice, publishNotice };
}
