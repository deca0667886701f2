// Email through nodemailer: SMTP when SMTP_URL is set; otherwise, outside production, each
// message is written as an .eml file (data/mail/) and its path logged; in production without
// SMTP there is no mailer and email alerts are off (server.ts warns at start).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves with where it went (SMTP message id or the .eml path); rejects when it was not sent. */
  send(message: MailMessage): Promise<string>;
  describe: string;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  production: boolean;
  mailDir?: string;
  log?: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer | null {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const host = new URL(options.smtpUrl).host;
    return {
      describe: `SMTP ${host}`,
      async send(m) {
        const info = await transport.sendMail({ from: options.from, ...m });
        return info.messageId;
      },
    };
  }
  if (options.production) return null;
  const dir = resolve(options.mailDir ?? 'data/mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let n = 0;
  return {
    describe: `.eml files in ${dir}`,
    async send(m) {
      const info = await transport.sendMail({ from: options.from, ...m });
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++n}.eml`);
      // Written whole, then renamed: whoever watches the folder never opens a half-written message.
      writeFileSync(`${path}.part`, info.message as Buffer);
      renameSync(`${path}.part`, path);
      log(`Email to ${m.to.replace(/^(.).*@/, '$1…@')} written to ${path}`);
      return path;
    },
  };
}
