import type { Db } from './db/client.js';
import type { AppConfig } from './env.js';
import type { Mailer } from './lib/mailer.js';

/** What services need from the running app. Built once in buildApp; tests build their own. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** The school's name as the site shows it; passwords may not contain it. */
  getSchoolName(): Promise<string>;
}
