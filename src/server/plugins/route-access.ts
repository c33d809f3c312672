import type { Access } from '../../shared/permissions.js';
import { globalPlugin } from './global-plugin.js';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** Whether the route declares `schema.response` (the permission-matrix test requires one). */
  hasResponseSchema: boolean;
}

/**
 * Routes that only ever answer a file (CSV, XLSX, PDF, a backup) or a page (the API docs and their OpenAPI document) instead of the JSON envelope:
 * they have no response schema, by name. Anything else declares one — a route that answers JSON or a
 * file by `?format=` declares the JSON one.
 */
export const FILE_ROUTES: readonly string[] = [
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  'GET /api/alunos/export',
  'GET /api/importacao/alunos/modelo',
  'GET /api/importacao/professores/modelo',
  'GET /api/importacao/turmas/modelo',
  'GET /api/financeiro/mensalidades/:id/recibo',
  'GET /api/financeiro/declaracao-ir.pdf',
  'GET /api/financeiro/mensalidades/:id/boleto.pdf',
  'GET /api/financeiro/boleto/lote.pdf',
  'GET /api/financeiro/mensalidades/:id/comprovante',
  'GET /api/fiscal/nfse/:id/danfse.pdf',
  'GET /api/fiscal/nfse/xml.zip',
  'POST /api/configuracoes/backup',
  'POST /api/configuracoes/backups/:nome/download',
  'GET /api/frequencia/notificacoes/:id/pdf',
  'GET /api/frequencia/diario/turmas/:id/pdf',
  'GET /api/frequencia/justificativas/:id/arquivo',
  'GET /api/boletins/alunos/:id.pdf',
  'GET /api/boletins/turmas/:id.pdf',
  'GET /api/alunos/:id/relatorio-desenvolvimento.pdf',
  'GET /api/pareceres/:aluno_id/:periodo_id/fotos/:foto_id',
  'GET /api/relatorios/:id/exportacoes/:jobId/arquivo',
  'GET /api/documentos/:id/pdf',
  'GET /api/matriculas/contratos/:id/pdf',
  'GET /api/matriculas/contratos/familia/:id/pdf',
  'GET /api/assinaturas/:token/pdf',
  'GET /api/comunicados/:id/anexos/:anexoId',
  'GET /api/comunicados/anexos/:anexoId',
  'GET /api/agenda/turmas/:id/:data/foto',
  'GET /api/agenda/alunos/:id/foto',
  'GET /api/matriculas/interessados/:id/documentos/:docId',
  // The CNAB 240 remessa for the bank (issue 36): the file itself.
  'POST /api/financeiro/boleto/remessa',
  'GET /api/financeiro/boleto/remessa/:id',
  // The Educacenso files of a census year (issue 37): the text INEP takes.
  'GET /api/censo/:ano/matricula-inicial',
  'GET /api/censo/:ano/situacao-do-aluno',
  // The same file built in the background (issue 38, ADR 0063), downloaded from its task.
  'GET /api/censo/:ano/tarefas/:tarefaId/arquivo',
  // Server-sent events: a stream, not an envelope.
  'GET /api/notificacoes/stream',
];

/**
 * Every /api route declares who may call it (`config.access`, ADR 0003): the app refuses to start
 * otherwise, and the list it collects is what the permission-matrix test walks.
 */
export const routeAccess = globalPlugin('route-access', async (app) => {
  const routes: RouteAccess[] = [];
  app.decorate('routeAccess', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // A route registered without options has no config object at all, whatever the type says.
    const config: unknown = route.config;
    const access = (config as { access?: Access } | undefined)?.access;
    if (access === undefined) {
      throw new Error(`A rota ${String(route.method)} ${route.url} não declara a permissão (config.access).`);
    }
    const hasResponseSchema = route.schema?.response !== undefined;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, hasResponseSchema });
    }
  });
});
