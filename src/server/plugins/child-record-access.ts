import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AccessVia } from '../../shared/access-log.schemas.js';
import type { DbOrTx } from '../db/client.js';
import { recordStudentView } from '../features/privacy/index.js';
import { actorOf } from '../lib/http.js';
import { globalPlugin } from './global-plugin.js';

/**
 * A route that shows staff one child's record (or a part of it, in any format). Where the student is:
 * the `:id` of the path (the default); the `aluno_id` of the query string (`'query'`); or, for a
 * record with its own id (a document, a grade, a notice), the column pair `[key, aluno]` whose `key`
 * is the path's `:id` — a class's PDF of report cards names every student of the class this way.
 */
export interface ChildRecord {
  via: AccessVia;
  aluno?: 'query' | readonly [key: PgColumn, aluno: PgColumn];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a child's record: every successful answer to staff is written to the access
     * log ('Quem acessou', LGPD art. 37), whatever the format. A route that takes a student id and
     * serves staff must declare it (child-record-access.test.ts walks the routes).
     */
    childRecord?: ChildRecord;
  }
  interface FastifyInstance {
    /** Every /api route that takes a student id or declares `childRecord` (the access-log test walks them). */
    childRecordRoutes: ChildRecordRoute[];
  }
}

export interface ChildRecordRoute {
  method: string;
  url: string;
  childRecord: ChildRecord | null;
  /** A student id in the path (`/alunos/:id`, `:aluno_id`) or in the query string (`aluno_id`). */
  takesStudentId: boolean;
}

const STUDENT_IN_PATH = /\/alunos\/:id\b|:aluno_?id\b/i;

/** Whether a zod query-string schema takes `aluno_id` (duck-typed: any object schema with a shape). */
function queryTakesStudent(schema: unknown): boolean {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'aluno_id' in shape;
}

const idOf = (value: unknown, key: string): string | null => {
  const found = (value as Record<string, unknown> | undefined)?.[key];
  return typeof found === 'string' ? found : null;
};

async function studentsOf(request: FastifyRequest, record: ChildRecord, db: DbOrTx): Promise<string[]> {
  if (record.aluno === 'query') return [idOf(request.query, 'aluno_id')].filter((id) => id !== null);
  const id = idOf(request.params, 'id');
  if (!id) return [];
  if (!record.aluno) return [id];
  const [key, aluno] = record.aluno;
  const rows = await db.selectDistinct({ id: aluno }).from(key.table).where(eq(key, id));
  return rows.map((row) => row.id).filter((value): value is string => typeof value === 'string');
}

/**
 * Logging a view of a child's record is a property of the route, not a call each handler must remember:
 * a route declares `config.childRecord`, and every 2xx answer it sends to an administrator or a teacher
 * is recorded (off the request's path, see access-log.service.ts). Refused, failed and out-of-scope reads
 * answer 4xx and are not views; a guardian reading their own child is not logged.
 */
export const childRecordAccess = globalPlugin('child-record-access', async (app) => {
  const routes: ChildRecordRoute[] = [];
  app.decorate('childRecordRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const config: unknown = route.config;
    const childRecord = (config as { childRecord?: ChildRecord } | undefined)?.childRecord ?? null;
    const takesStudentId = STUDENT_IN_PATH.test(route.url) || queryTakesStudent(route.schema?.querystring);
    if (!childRecord && !takesStudentId) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, childRecord, takesStudentId });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const record = request.routeOptions.config.childRecord;
    if (!record || !request.auth || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const actor = actorOf(request);
    if (actor.nivel !== 'administrador' && actor.nivel !== 'professor') return payload;
    try {
      for (const alunoId of await studentsOf(request, record, app.ctx.db))
        recordStudentView(app.ctx, actor, alunoId, record.via);
    } catch (error) {
      // The answer goes out regardless; the failure is logged for the operator.
      request.log.error({ err: error }, 'Falha ao registrar o acesso à ficha do aluno');
    }
    return payload;
  });
});
