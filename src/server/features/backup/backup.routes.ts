import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  automaticBackupSchema,
  backupKeySchema,
  backupKeyTextSchema,
  backupNameSchema,
  passwordConfirmationSchema,
  restoreConfirmationSchema,
  restoreResultSchema,
  wipeInputSchema,
  wipeResultSchema,
} from '../../../shared/settings.schemas.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok, passwordClientOf, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { confirmCurrentPassword } from '../auth/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import { invalidateSettingsCache, isAutomaticBackupOn } from '../settings/index.js';
import {
  applyBackup,
  checkOrigin,
  parseBackup,
  planRestore,
  requireOriginConfirmation,
} from './backup-restore.service.js';
import { backupFileName } from './backup-tables.service.js';
import {
  backupForDownload,
  DAILY_BACKUP_JOB,
  dailyBackupSlot,
  listAutomaticBackups,
  readAutomaticBackup,
  runDailyBackupIfDue,
  writeAutomaticBackup,
} from './backup-automatic.service.js';
import { wipeSchoolData } from './backup-wipe.service.js';
import { keyIdOf, type BackupFile } from './backup-format.js';
import { SOURCE_KEY_FIELD, backupCipherKeyOf } from './backup-crypto.js';

const MAX_BACKUP_BYTES = 512 * 1024 * 1024;
/** Destructive and data-exporting actions ask for the administrator's password again (throttled). */
async function confirmPassword(request: FastifyRequest, senha: string | undefined): Promise<void> {
  await confirmCurrentPassword(request.server.ctx, {
    user: signedInUser(request),
    password: senha,
    client: passwordClientOf(request),
    actor: actorOf(request),
    field: 'senha',
    message: 'Senha incorreta.',
  });
}

const dryRunQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** The other installation's key, as typed in the restore screen (multipart field): hex → bytes. */
function sourceKeyOf(text: string | undefined): Buffer | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const parsed = backupKeyTextSchema.safeParse(text);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Chave de backup inválida.';
    throw new AppError('VALIDATION', message, [{ path: SOURCE_KEY_FIELD, message }]);
  }
  return Buffer.from(parsed.data, 'hex');
}

async function restore(
  ctx: AppContext,
  request: FastifyRequest,
  file: BackupFile,
  options: { dryRun: boolean; confirmarOrigem: boolean },
) {
  const origin = checkOrigin(file, ctx.backupKey);
  // The dry run needs no confirmation: it is how the administrator sees what the file would bring.
  if (options.dryRun) return ok(await planRestore(ctx.db, file, origin));
  requireOriginConfirmation(origin, options.confirmarOrigem);
  const safety = await writeAutomaticBackup(ctx, 'antes-restauracao');
  const plan = await applyBackup(ctx.db, file, origin, actorOf(request));
  await invalidateSettingsCache(ctx);
  return ok({ ...plan, backup_de_seguranca: safety.nome }, 'Backup restaurado com sucesso');
}

const access = { access: 'backup.manage' } as const;
/** Restoring and wiping replace the school's data: a permission of its own (ADR 0025, Direção's). */
const destructive = { access: 'backup.restore' } as const;

/** `/api/configuracoes/backup`: a backup of the whole school, downloaded now. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/', { schema: { body: passwordConfirmationSchema }, config: access }, async (request, reply) => {
    await confirmPassword(request, request.body.senha);
    // Streamed from a file of known size (issue 38): flat memory, and the browser shows the progress.
    const backup = await backupForDownload(app.ctx);
    try {
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'criar_backup',
        entity: 'backup',
        details: { tabelas: backup.tabelas, tamanho: backup.tamanho },
      });
    } catch (error) {
      backup.stream.destroy();
      throw error;
    }
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${backupFileName()}"`)
      .header('content-length', String(backup.tamanho))
      .send(backup.stream);
  });

  // The key itself (ADR 0104): without it a backup opens nowhere else, so the administrator prints it and
  // keeps it apart from the backups. Whoever may download a backup may see it; every view is audited.
  app.get(
    '/chave',
    { schema: { response: okResponse(backupKeySchema) }, config: access },
    async (request, reply) => {
      // The backups' own key, not the installation's (ADR 0109): that one also opens the bank's secrets.
      const key = backupCipherKeyOf(app.ctx.backupKey);
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'ver_chave_backup',
        entity: 'backup',
        details: { chave_id: keyIdOf(key) },
      });
      reply.header('cache-control', 'no-store');
      return ok({ chave: key.toString('hex'), chave_id: keyIdOf(key) });
    },
  );
};

/** `/api/configuracoes/backups`: the automatic daily backups (list, download, restore) and their job. */
export const automaticBackupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(z.array(automaticBackupSchema)) }, config: access },
    async () => ok(await listAutomaticBackups(app.ctx)),
  );

  app.post(
    '/:nome/download',
    { schema: { params: backupNameSchema, body: passwordConfirmationSchema }, config: access },
    async (request, reply) => {
      await confirmPassword(request, request.body.senha);
      const content = await readAutomaticBackup(app.ctx, request.params.nome);
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'baixar_backup',
        entity: 'backup',
        entityId: request.params.nome,
      });
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.nome}"`)
        .send(content);
    },
  );

  app.post(
    '/:nome/restore',
    {
      schema: {
        params: backupNameSchema,
        querystring: dryRunQuerySchema,
        body: restoreConfirmationSchema,
        response: okResponse(restoreResultSchema),
      },
      config: destructive,
    },
    async (request) => {
      await confirmPassword(request, request.body.senha);
      const sourceKey = request.body.chave_backup ? Buffer.from(request.body.chave_backup, 'hex') : undefined;
      const content = await readAutomaticBackup(app.ctx, request.params.nome);
      const file = parseBackup(content, app.ctx.backupKey, sourceKey);
      return restore(app.ctx, request, file, {
        dryRun: request.query.dryRun,
        confirmarOrigem: request.body.confirmar_origem === true,
      });
    },
  );

  // The daily automatic backup: a slot a day, claimed by one instance on the job queue's poll (ADR 0015).
  const isOn = () => isAutomaticBackupOn(app.ctx.db);
  app.ctx.jobs.handle(DAILY_BACKUP_JOB, async () => {
    await runDailyBackupIfDue(app.ctx, isOn);
  });
  app.ctx.jobs.schedule({
    name: DAILY_BACKUP_JOB,
    kind: DAILY_BACKUP_JOB,
    slotOf: (now) => dailyBackupSlot(now, isOn),
  });
};

/** `/api/configuracoes/restore`: restoring an uploaded backup file (multipart). */
export const restoreRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_BACKUP_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });

  app.post(
    '/',
    {
      schema: { querystring: dryRunQuerySchema, response: okResponse(restoreResultSchema) },
      config: { ...destructive, multipart: true },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'VALIDATION',
          'Envie o arquivo do backup (campo "file") e a sua senha (campo "senha").',
        );
      }
      let content: Buffer | null = null;
      let senha: string | undefined;
      let chave: string | undefined;
      let confirmarOrigem = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file') content = await part.toBuffer();
            else await part.toBuffer();
          } else if (part.fieldname === 'senha' && typeof part.value === 'string') {
            senha = part.value;
          } else if (part.fieldname === 'confirmar_origem') {
            confirmarOrigem = part.value === 'true';
          } else if (part.fieldname === SOURCE_KEY_FIELD && typeof part.value === 'string') {
            chave = part.value;
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', 'O arquivo de backup é grande demais.');
        }
        throw new AppError('VALIDATION', 'Não foi possível ler o arquivo enviado.');
      }
      await confirmPassword(request, senha);
      const sourceKey = sourceKeyOf(chave);
      if (!content)
        throw new AppError('VALIDATION', 'Escolha o arquivo do backup (.json).', [
          { path: 'file', message: 'Escolha o arquivo do backup (.json).' },
        ]);
      return restore(app.ctx, request, parseBackup(content, app.ctx.backupKey, sourceKey), {
        dryRun: request.query.dryRun,
        confirmarOrigem,
      });
    },
  );
};

/** `/api/configuracoes/limpar`: wiping the school's data (after a safety backup). */
export const wipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { schema: { body: wipeInputSchema, response: okResponse(wipeResultSchema) }, config: destructive },
    async (request) => {
      const { nome } = await getSchoolIdentity(app.ctx.db);
      const typed = request.body.confirmacao.trim().toLocaleLowerCase('pt-BR');
      if (typed !== nome.trim().toLocaleLowerCase('pt-BR')) {
        const message = `Digite exatamente o nome da escola ("${nome}") para confirmar.`;
        throw new AppError('VALIDATION', message, [{ path: 'confirmacao', message }]);
      }
      await confirmPassword(request, request.body.senha);
      const safety = await writeAutomaticBackup(app.ctx, 'antes-limpeza');
      const admin = signedInUser(request);
      const result = await wipeSchoolData(app.ctx.db, admin.id, actorOf(request), safety.nome);
      await invalidateSettingsCache(app.ctx);
      return ok({ ...result, backup_de_seguranca: safety.nome }, 'Dados removidos com sucesso');
    },
  );
};
