import type { Db } from './db/client.js';
import type { AppConfig } from './env.js';
import type { Mailer } from './lib/mailer.js';
import type { ContentService } from './features/content/index.js';
import type { JobQueue } from './features/jobs/index.js';
import type { Notifier } from './features/notificacoes/index.js';

/** What services need from the running app. Built once in buildApp; tests build their own. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** The public site's content, cached in memory (ADR 0006, ADR 0009). */
  content: ContentService;
  /** The school's name as the site shows it; passwords may not contain it. */
  getSchoolName(): Promise<string>;
  /** Work done after the response (mail that must not slow or reveal anything). */
  jobs: JobQueue;
  /** The bell's live counts and the e-mail/SMS outbox worker (features/notificacoes). */
  notifier: Notifier;
  /** The app's logger (pino), for events services must log — never with personal data. */
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Signs and verifies this installation's backups (features/backup/backup-key.ts). */
  backupKey: Buffer;
}
