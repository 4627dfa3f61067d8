import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries, logged when mail goes to disk. */
  link?: string;
  /** Where a reply goes instead of the sender (one address, checked by whoever builds the message). */
  replyTo?: string;
}

/** Which outbox row a message comes from: the file written without SMTP is named after it, so a retry overwrites it. */
export interface OutboxMeta {
  id: number;
  createdAt: Date;
}

export interface Mailer {
  send(message: MailMessage, meta?: OutboxMeta): Promise<void>;
}

export interface MailerLog {
  info(message: string): void;
}

/**
 * An SMTP answer in the 5xx range (address refused, mailbox unknown...) will
 * not change by trying again; connection errors, timeouts and 4xx answers may.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Bounds of one SMTP exchange; they stay well below the outbox lease so a slow send is never sent twice. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** SMTP when `smtpUrl` is set; otherwise every message is written to `mailDir` as a .eml file. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: MailerLog;
  /** Whether the written mail's link (a token) is printed too; never in production. */
  logLinks?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail(envelopeOf(options.from, message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, meta) {
      const info = await transport.sendMail(envelopeOf(options.from, message));
      await mkdir(options.mailDir, { recursive: true, mode: 0o700 });
      const stamp = (meta?.createdAt ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.mailDir, `${stamp}-${meta ? `${meta.id}-` : ''}${slug(message.to)}.eml`);
      // Written aside then renamed: whoever reads the folder never finds a mail half written.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      const link = options.logLinks && message.link ? ` : ${message.link}` : '';
      options.log.info(`Mail « ${message.subject} » pour ${message.to}${link} (${file})`);
    },
  };
}

function envelopeOf(from: string, message: MailMessage) {
  const { to, subject, text, html, replyTo } = message;
  return { from, to, subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60);
}
