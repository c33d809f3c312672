/**
 * `/api/censo/:ano/tarefas` (issue 38, ADR 0063): the census file built in the background, for census
 * managers only.
 * - `POST /tarefas` `{etapa}` → 202 with the task (the running one, when there is one);
 * - `GET /tarefas?etapa=` the year's tasks, newest first; `GET /tarefas/:tarefaId` how far along, and the
 *   pending list once done;
 * - `GET /tarefas/:tarefaId/arquivo` the file, under the direct download's rules: with pendências, 409 in
 *   the same words unless the Direção asks `?forcar=true`; audited; each child in the access log.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  censoTarefaInput,
  censoTarefaParams,
  censoTarefaSchema,
  censoTarefasQuery,
} from '../../../shared/censo-tarefas.schemas.js';
import { censoAnoParams, censoArquivoQuery, type EtapaCenso } from '../../../shared/censo.schemas.js';
import { AppError, conflict } from '../../lib/errors.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { recordStudentView } from '../privacy/index.js';
import type { MontagemOpcoes } from './censo.service.js';
import {
  alunosDaTarefa,
  apagarTarefasAntigas,
  executarTarefa,
  iniciarTarefa,
  lerArquivo,
  lerTarefa,
  listarTarefas,
  pendenciasErro,
  tarefaDe,
} from './tarefas.service.js';
import type { Pendencia } from '../../../shared/censo.schemas.js';

const manage = { access: 'censo.manage' } as const;
const accepted = { 202: okResponse(censoTarefaSchema)[200] };

/**
 * What a file may go out with (the same for the direct download and a task's): no pendências, or the
 * Direção (`settings.manage`) forcing it.
 */
export function conferirDownload(
  request: FastifyRequest,
  etapa: EtapaCenso,
  pendencias: readonly Pendencia[],
  forcar: boolean,
  total = pendencias.length,
): void {
  if (total > 0 && !forcar) throw pendenciasErro(etapa, pendencias, total);
  if (total > 0 && !signedInUser(request).permissoes.includes('settings.manage'))
    throw new AppError('FORBIDDEN', 'Só a Direção pode baixar o arquivo do Censo com pendências.');
}

/** The audit entry and the access log of a download (the file holds every child's sensitive data). */
export async function registrarDownload(
  app: Parameters<FastifyPluginAsyncZod>[0],
  request: FastifyRequest,
  arquivo: { ano: number; etapa: EtapaCenso; nome: string; pendencias: number; alunos: readonly string[] },
): Promise<void> {
  const actor = actorOf(request);
  await recordAudit(app.ctx.db, actor, {
    action: arquivo.pendencias > 0 ? 'baixar_censo_com_pendencias' : 'baixar_censo',
    entity: 'arquivo_censo',
    entityId: null,
    details: {
      ano: arquivo.ano,
      etapa: arquivo.etapa,
      nome: arquivo.nome,
      pendencias: arquivo.pendencias,
      alunos: arquivo.alunos.length,
    },
  });
  for (const alunoId of arquivo.alunos) recordStudentView(app.ctx, actor, alunoId, 'censo_arquivo');
}

export function censoTarefasRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  opcoes: MontagemOpcoes,
  job: string,
): void {
  // The prefix as the client sees it ('/api/censo'), for the task's links.
  const base = app.prefix.replace(/\/:ano$/, '');
  app.ctx.jobs.handle(job, (payload) => executarTarefa(app.ctx, payload, opcoes));
  app.ctx.jobs.onPoll(() => apagarTarefasAntigas(app.ctx.db));

  app.post(
    '/tarefas',
    { schema: { params: censoAnoParams, body: censoTarefaInput, response: accepted }, config: manage },
    async (request, reply) => {
      const row = await iniciarTarefa(
        app.ctx,
        job,
        request.params.ano,
        request.body.etapa,
        actorOf(request),
        opcoes,
      );
      const tarefa = tarefaDe(row, base);
      return reply.status(202).send(ok(tarefa, tarefa.mensagem));
    },
  );

  app.get(
    '/tarefas',
    {
      schema: {
        params: censoAnoParams,
        querystring: censoTarefasQuery,
        response: okResponse(z.array(censoTarefaSchema)),
      },
      config: manage,
    },
    async (request) =>
      ok(
        (await listarTarefas(app.ctx.db, request.params.ano, request.query.etapa)).map((row) =>
          tarefaDe(row, base),
        ),
      ),
  );

  app.get(
    '/tarefas/:tarefaId',
    { schema: { params: censoTarefaParams, response: okResponse(censoTarefaSchema) }, config: manage },
    async (request) => {
      const row = await lerTarefa(app.ctx.db, request.params.ano, request.params.tarefaId);
      return ok(tarefaDe(row, base, true));
    },
  );

  app.get(
    '/tarefas/:tarefaId/arquivo',
    { schema: { params: censoTarefaParams, querystring: censoArquivoQuery }, config: manage },
    async (request, reply) => {
      const { ano, tarefaId } = request.params;
      const row = await lerTarefa(app.ctx.db, ano, tarefaId);
      if (row.status === 'falhou') throw conflict(row.erro ?? 'Não foi possível montar o arquivo.');
      if (row.status !== 'concluida' || !row.arquivoNome)
        throw conflict('O arquivo ainda está sendo montado: baixe-o quando a barra chegar ao fim.');
      const pendencias = (row.pendencias as Pendencia[] | null) ?? [];
      const total = row.pendenciasTotal ?? pendencias.length;
      conferirDownload(request, row.etapa, pendencias, request.query.forcar, total);
      await registrarDownload(app, request, {
        ano,
        etapa: row.etapa,
        nome: row.arquivoNome,
        pendencias: total,
        alunos: await alunosDaTarefa(app.ctx.db, tarefaId),
      });
      return reply
        .header('content-disposition', `attachment; filename="${row.arquivoNome}"`)
        .header('cache-control', 'no-store')
        .header('x-censo-pendencias', String(total))
        .header('content-length', String(row.bytes ?? 0))
        .type('text/plain; charset=iso-8859-1')
        .send(lerArquivo(app.ctx.db, tarefaId));
    },
  );
}
