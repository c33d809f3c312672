/**
 * The bank's files (issue 36 §1): `/api/financeiro/boleto/remessa` (generate; download again),
 * `/api/financeiro/boleto/retorno` (upload the bank's answer, as text/plain or multipart) and
 * `/api/financeiro/boleto/cnab` (the screen's panel; retorno lines a person reconciles).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CNAB_MAX_BYTES,
  cnabConciliarInputSchema,
  cnabPainelSchema,
  cnabRemessaParamsSchema,
  cnabRetornoResultSchema,
  type CnabRetornoResult,
} from '../../../shared/cnab.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import type { CnabRemessaRow } from '../../db/schema/cnab.js';
import { reconcileBoletos } from '../boleto/index.js';
import { latin1 } from './cnab.format.js';
import { conciliarOcorrencia, findRemessa, readPainel } from './cnab.painel.js';
import { generateRemessa, remessaMessage } from './cnab.remessa.js';
import { processRetorno } from './cnab.retorno.js';

const manage = { access: 'finance.manage' } as const;

function sendRemessa(reply: FastifyReply, remessa: CnabRemessaRow) {
  return reply
    .header('content-disposition', `attachment; filename="${remessa.nomeArquivo}"`)
    .header('cache-control', 'no-store')
    .header('x-remessa-nsa', String(remessa.nsa))
    .type('text/plain; charset=ISO-8859-1')
    .send(latin1(remessa.conteudo));
}

/** `POST /` generates the day's remessa (the file); `GET /:id` downloads a past one again. */
export const cnabRemessaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/', { config: manage }, async (request, reply) => {
    // The boletos are brought in line with their mensalidades first (paid → baixa, new due date).
    const gerada = await generateRemessa(app.ctx.db, actorOf(request), reconcileBoletos);
    reply.header('x-boletos-retidos', String(gerada.retidos));
    reply.header('x-mensagem', encodeURIComponent(remessaMessage(gerada)));
    return sendRemessa(reply, gerada.remessa);
  });

  app.get('/:id', { schema: { params: cnabRemessaParamsSchema }, config: manage }, async (request, reply) =>
    sendRemessa(reply, await findRemessa(app.ctx.db, request.params.id)),
  );
};

const TOO_LARGE = 'O arquivo de retorno passa de 5 MB; envie o retorno de um dia por vez.';

/** The retorno's text: the body as sent (text/plain, ISO-8859-1 unless told UTF-8) or the multipart file. */
async function readRetornoUpload(request: FastifyRequest): Promise<{ text: string; nome: string | null }> {
  if (request.isMultipart()) {
    let found: { bytes: Buffer; nome: string } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
        found = { bytes, nome: part.filename };
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      throw new AppError('VALIDATION', 'Envie só o arquivo de retorno, no campo "arquivo".');
    }
    if (!found) throw new AppError('VALIDATION', 'Escolha o arquivo de retorno do banco.');
    return { text: found.bytes.toString('latin1'), nome: found.nome };
  }
  const body = request.body;
  if (!Buffer.isBuffer(body))
    throw new AppError(
      'VALIDATION',
      'Envie o arquivo de retorno como texto (text/plain) ou no campo "arquivo".',
    );
  const utf8 = /charset=utf-?8/i.test(request.headers['content-type'] ?? '');
  return { text: body.toString(utf8 ? 'utf8' : 'latin1'), nome: null };
}

export function retornoMessage(result: CnabRetornoResult): string {
  const applied = result.liquidados + result.confirmados + result.baixados + result.rejeitados.length;
  if (applied === 0 && result.nao_encontrados.length === 0 && result.repetidos > 0)
    return 'Este retorno já tinha sido processado: nada novo foi aplicado.';
  const parts = [
    formatCount(result.liquidados, 'boleto pago', 'boletos pagos'),
    formatCount(result.confirmados, 'registro confirmado', 'registros confirmados'),
    formatCount(result.rejeitados.length, 'rejeitado', 'rejeitados'),
  ];
  if (result.nao_encontrados.length > 0)
    parts.push(formatCount(result.nao_encontrados.length, 'linha a conciliar', 'linhas a conciliar'));
  return `Retorno processado: ${parts.join(', ')}.`;
}

/** `POST /` takes the retorno (text/plain body or multipart "arquivo") and applies it whole or not at all. */
export const cnabRetornoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: CNAB_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const asBuffer = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CNAB_MAX_BYTES },
    asBuffer,
  );

  app.post(
    '/',
    {
      schema: { response: okResponse(cnabRetornoResultSchema) },
      config: { ...manage, multipart: true, textBody: true },
      bodyLimit: CNAB_MAX_BYTES,
    },
    async (request) => {
      const { text, nome } = await readRetornoUpload(request);
      const result = await processRetorno(app.ctx, text, nome, actorOf(request));
      return ok(result, retornoMessage(result));
    },
  );
};

/** `GET /` the Boletos screen's panel; `POST /a-conciliar/:id` a person closes a retorno line. */
export const cnabRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: okResponse(cnabPainelSchema) }, config: manage }, async () => {
    const painel = await readPainel(app.ctx.db);
    // The demo's simulated bank (PIX_PROVIDER=simulado) takes the remessa and answers the retorno.
    return ok(
      app.ctx.config.pixProvider === 'simulado'
        ? { ...painel, banco_simulado_url: '/banco-simulado/boletos' }
        : painel,
    );
  });

  app.post(
    '/a-conciliar/:id',
    {
      schema: {
        params: cnabRemessaParamsSchema,
        body: cnabConciliarInputSchema,
        response: okResponse(z.null()),
      },
      config: manage,
    },
    async (request) => {
      await conciliarOcorrencia(app.ctx.db, request.params.id, request.body.observacao, actorOf(request));
      return ok(null, 'Linha conciliada.');
    },
  );
};
