import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_LIMITS,
  importQuerySchema,
  importResultSchema,
  templateQuerySchema,
} from '../../../shared/importacao.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { applyImport, simulateImport } from './importacao.service.js';
import { templateCsv, templateXlsx } from './importacao.template.js';

const TOO_LARGE = `A planilha deve ter no máximo ${String(IMPORT_LIMITS.maxBytes / 1024 / 1024)} MB.`;

/** `/api/importacao`: a school moved in from a spreadsheet (issue 31 §5). */
export const importacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  const write = { access: 'students.write' } as const;

  app.get(
    '/alunos/modelo',
    { schema: { querystring: templateQuerySchema }, config: write },
    async (request, reply) => {
      const format = request.query.format;
      reply.header('content-disposition', `attachment; filename="modelo-importacao-alunos.${format}"`);
      if (format === 'xlsx')
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await templateXlsx(app.ctx.db));
      return reply.type('text/csv; charset=utf-8').send(await templateCsv(app.ctx.db));
    },
  );

  app.post(
    '/alunos',
    {
      schema: { querystring: importQuerySchema, response: okResponse(importResultSchema) },
      config: { ...write, multipart: true },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Envie a planilha como multipart/form-data, no campo "arquivo".',
        );
      let bytes: Buffer | null = null;
      let nome = '';
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const content = await part.toBuffer();
          if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
          if (part.fieldname === 'arquivo') {
            bytes = content;
            nome = part.filename;
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
        throw new AppError('VALIDATION', 'Não foi possível ler o arquivo enviado.');
      }
      if (!bytes)
        throw new AppError('VALIDATION', 'Escolha a planilha (CSV ou XLSX) no campo "arquivo".', [
          { path: 'arquivo', message: 'Escolha a planilha (CSV ou XLSX).' },
        ]);
      if (request.query.simular) return ok(await simulateImport(app.ctx, bytes));
      const result = await applyImport(app.ctx, bytes, actorOf(request), nome);
      const done = result.criar + result.atualizar;
      return ok(
        result,
        done === 0
          ? 'Nada a importar: a planilha não muda nenhum aluno.'
          : `${formatCount(done, 'aluno importado', 'alunos importados')}.`,
      );
    },
  );
};
