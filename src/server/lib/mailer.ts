import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The outbox row this message comes from: the .eml file is named by it and written only if absent, so
   * a message sent again after a crash (between writing and recording it) is not delivered twice; over
   * SMTP it becomes the Message-ID, which receiving servers use to drop duplicates.
   */
  id?: string;
}

export interface Mailer {
  /**
   * 'smtp': messages go to a mail server; 'arquivo': no SMTP_URL, they are written to DATA_DIR/outbox
   * and reach nobody. Screens say which, instead of claiming a password was mailed. Absent: a server.
   */
  readonly delivery?: 'smtp' | 'arquivo';
  send(message: MailMessage): Promise<boolean>;
}

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on a silent server; the delivery worker's
 * lease is 2 minutes (entregas.worker.ts). Timeouts written in SMTP_URL's query win over these.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = { connectionTimeout: '15000', greetingTimeout: '15000', socketTimeout: '20000' };
  for (const [name, value] of Object.entries(defaults))
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

/** MAIL_FROM as written: 'Nome <endereço>' (the name may be quoted) or only the address. */
export function parseMailFrom(value: string): { name: string | null; address: string } {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  if (!match) return { name: null, address: value.trim() };
  const name = match[1]!.replace(/^"(.*)"$/, '$1').trim();
  return { name: name === '' ? null : name, address: match[2]! };
}

/**
 * The From of every message: the school's name (Configurações → Escola) at MAIL_FROM's address, so a
 * family sees who writes to them; MAIL_FROM's own name while the school has none. nodemailer quotes
 * and encodes the name (accents, commas, quotes).
 */
export function fromAddress(mailFrom: string, schoolName: string | null): { name: string; address: string } {
  const parsed = parseMailFrom(mailFrom);
  const name = schoolName?.trim() || parsed.name || '';
  return { name, address: parsed.address };
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox
 * so an installation without a mail server still shows what would have been sent. `schoolName`, read
 * at each message, names the sender.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  schoolName?: () => Promise<string | null>;
}): Mailer {
  // nodemailer is loaded with the first message, not by every idle server.
  const nodemailer = async () => (await import('nodemailer')).default;
  const from = async () => fromAddress(options.from, (await options.schoolName?.()) ?? null);
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const smtpTransport = async () => (await nodemailer()).createTransport(withTimeouts(smtpUrl));
    let transport: ReturnType<typeof smtpTransport> | undefined;
    return {
      delivery: 'smtp',
      async send(message) {
        transport ??= smtpTransport();
        const { id, ...fields } = message;
        await (
          await transport
        ).sendMail({
          from: await from(),
          ...fields,
          ...(id ? { messageId: `<${id}@sistema-escolar>` } : {}),
        });
        return true;
      },
    };
  }
  const streamTransport = async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let transport: ReturnType<typeof streamTransport> | undefined;
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    delivery: 'arquivo',
    async send(message) {
      transport ??= streamTransport();
      const { id, ...fields } = message;
      const info = await (
        await transport
      ).sendMail({
        from: await from(),
        ...fields,
        ...(id ? { messageId: `<${id}@sistema-escolar>` } : {}),
      });
      // Messages carry reset links and provisional passwords: readable by the server's user only.
      await mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      if (id) {
        // 'wx': created only if absent. The file already there means this row was delivered before.
        try {
          await writeFile(path.join(outbox, `entrega-${id}.eml`), info.message as Buffer, {
            mode: PRIVATE_FILE_MODE,
            flag: 'wx',
          });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        return true;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(outbox, `${stamp}-${randomUUID()}.eml`), info.message as Buffer, {
        mode: PRIVATE_FILE_MODE,
      });
      return true;
    },
  };
}
