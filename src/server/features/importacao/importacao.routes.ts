import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importColumnsOf,
  importFileColumnsSchema,
  importNouns,
  importProgressSchema,
  mappingSchemaOf,
  suggestMapping,
  type ImportKind,
} from '../../../shared/importacao.kinds.js';
import {
  IMPORT_LIMITS,
  importQuerySchema,
  importResultSchema,
  templateQuerySchema,
  type ImportResult,
} from '../../../shared/importacao.schemas.js';
import type { Permission } from '../../../shared/permissions.js';
import { formatCount } from '../../../shared/format.js';
import { uuidParam } from '../../../shared/validators.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { assertTextOnly } from '../../lib/validation.js';
import type { Actor } from '../audit/index.js';
import { fileColumns, readTable, sheetRows, type SheetRow } from './importacao.parse.js';
import { progressOf, progressReporter, type ProgressReporter } from './importacao.progress.js';
import { applyImport, simulateImport } from './importacao.service.js';
import { applyClassImport, simulateClassImport } from './importacao.turmas.js';
import { applyTeacherImport, simulateTeacherImport } from './importacao.professores.js';
import { classTemplate, studentTemplate, teacherTemplate } from './importacao.template.js';

const TOO_LARGE = `A planilha deve ter no máximo ${String(IMPORT_LIMITS.maxBytes / 1024 / 1024)} MB.`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface KindRoutes {
  access: Permission;
  template: (db: DbOrTx, format: 'csv' | 'xlsx') => Promise<string | Buffer>;
  simulate: (ctx: AppContext, sheet: SheetRow[]) => Promise<ImportResult>;
  apply: (
    ctx: AppContext,
    sheet: SheetRow[],
    actor: Actor,
    arquivo: string,
    progress: ProgressReporter,
  ) => Promise<ImportResult>;
}

const kinds: Record<ImportKind, KindRoutes> = {
  alunos: {
    access: 'students.write',
    template: studentTemplate,
    simulate: simulateImport,
    apply: applyImport,
  },
  professores: {
    access: 'teachers.write',
    template: teacherTemplate,
    simulate: simulateTeacherImport,
    apply: applyTeacherImport,
  },
  turmas: {
    access: 'classes.write',
    template: classTemplate,
    simulate: simulateClassImport,
    apply: applyClassImport,
  },
};

/** The multipart upload: the file in `arquivo` and, optionally, the JSON `mapeamento`. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; nome: string; mapeamento: string | null }> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Envie a planilha como multipart/form-data, no campo "arquivo".',
    );
  let bytes: Buffer | null = null;
  let nome = '';
  let mapeamento: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'mapeamento' && typeof part.value === 'string') mapeamento = part.value;
        continue;
      }
      const content = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      if (part.fieldname === 'arquivo') {
        bytes = content;
        nome = part.filename;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', 'Envie só a planilha (campo "arquivo") e, se quiser, o "mapeamento".');
    throw new AppError('VALIDATION', 'Não foi possível ler o arquivo enviado.');
  }
  if (!bytes)
    throw new AppError('VALIDATION', 'Escolha a planilha (CSV ou XLSX) no campo "arquivo".', [
      { path: 'arquivo', message: 'Escolha a planilha (CSV ou XLSX).' },
    ]);
  // The JSON bodies' text rule, which the schema compiler applies only to a JSON body.
  assertTextOnly({ mapeamento });
  return { bytes, nome, mapeamento };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The person's mapping, checked by its schema (the first problem, in Portuguese), or null. */
function mappingOf(kind: ImportKind, text: string | null): Record<string, string> | null {
  if (text === null) return null;
  // The same rule inside the JSON: a "\u0000" escape is a NUL once parsed (the schema says if it is no JSON).
  assertTextOnly({ mapeamento: parsedJson(text) });
  const parsed = mappingSchemaOf(importColumnsOf[kind]).safeParse(text);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    throw new AppError(
      'VALIDATION',
      messages.join(' '),
      messages.map((message) => ({ path: 'mapeamento', message })),
    );
  }
  return parsed.data;
}

/** `/api/importacao`: a school moved in from a spreadsheet (issue 31 §5): alunos, professores, turmas. */
export const importacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 16 * 1024 },
  });

  for (const kind of Object.keys(kinds) as ImportKind[]) {
    const routes = kinds[kind];
    const config = { access: routes.access } as const;
    const noun = importNouns[kind];

    app.get(
      `/${kind}/modelo`,
      { schema: { querystring: templateQuerySchema }, config },
      async (request, reply) => {
        const format = request.query.format;
        reply.header('content-disposition', `attachment; filename="modelo-importacao-${kind}.${format}"`);
        const body = await routes.template(app.ctx.db, format);
        return reply.type(format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8').send(body);
      },
    );

    app.post(
      `/${kind}/colunas`,
      { schema: { response: okResponse(importFileColumnsSchema) }, config: { ...config, multipart: true } },
      async (request) => {
        const { bytes } = await readUpload(request);
        const colunas = fileColumns(await readTable(bytes));
        const columns = importColumnsOf[kind];
        const sugestao = suggestMapping(columns, colunas);
        return ok({
          colunas,
          campos: columns.map((column) => ({
            campo: column.key,
            rotulo: column.header,
            obrigatorio: column.required,
            dica: column.hint,
          })),
          sugestao,
          reconhecido: columns.every((column) => !column.required || sugestao[column.key] !== undefined),
        });
      },
    );

    app.post(
      `/${kind}`,
      {
        schema: { querystring: importQuerySchema, response: okResponse(importResultSchema) },
        config: { ...config, multipart: true },
      },
      async (request) => {
        const upload = await readUpload(request);
        const mapping = mappingOf(kind, upload.mapeamento);
        const sheet = sheetRows(await readTable(upload.bytes), kind, mapping);
        if (request.query.simular) return ok(await routes.simulate(app.ctx, sheet));
        const actor = actorOf(request);
        const progress = progressReporter(request.query.progresso, actor.id);
        let result: ImportResult;
        try {
          result = await routes.apply(app.ctx, sheet, actor, upload.nome, progress);
        } finally {
          progress.end();
        }
        const done = result.criar + result.atualizar;
        return ok(
          result,
          done === 0
            ? `Nada a importar: a planilha não muda ${noun.nenhum}.`
            : `${formatCount(done, `${noun.singular} importad${kind === 'turmas' ? 'a' : 'o'}`, `${noun.plural} importad${kind === 'turmas' ? 'as' : 'os'}`)}.`,
        );
      },
    );
  }

  app.get(
    '/progresso/:id',
    {
      schema: { params: z.strictObject({ id: uuidParam }), response: okResponse(importProgressSchema) },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const progress = progressOf(request.params.id, actorOf(request).id);
      if (!progress) throw notFound('Importação não encontrada.');
      return ok(progress);
    },
  );
};
