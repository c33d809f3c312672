import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<boolean>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox
 * so an installation without a mail server still shows what would have been sent.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}): Mailer {
  // nodemailer is loaded with the first message, not by every idle server.
  const nodemailer = async () => (await import('nodemailer')).default;
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const smtpTransport = async () => (await nodemailer()).createTransport(smtpUrl);
    let transport: ReturnType<typeof smtpTransport> | undefined;
    return {
      async send(message) {
        transport ??= smtpTransport();
        await (await transport).sendMail({ from: options.from, ...message });
        return true;
      },
    };
  }
  const streamTransport = async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let transport: ReturnType<typeof streamTransport> | undefined;
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    async send(message) {
      transport ??= streamTransport();
      const info = await (await transport).sendMail({ from: options.from, ...message });
      // Messages carry reset links and provisional passwords: readable by the server's user only.
      await mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(outbox, `${stamp}-${randomUUID()}.eml`), info.message as Buffer, {
        mode: PRIVATE_FILE_MODE,
      });
      return true;
    },
  };
}
