import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { withoutUnsafeText } from './display-name.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** One way out for every e-mail the service sends: signup links, order notices, webhook alerts. */
export interface Mailer {
  /** Resolves once the message is handed to the SMTP server (or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  /** Where mails go: `smtp` or the outbox directory. */
  readonly transport: 'smtp' | 'outbox';
  close(): void;
}

// An SMTP relay that has not answered in these times is down; a request waiting on it any longer
// would hold its client for nothing.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/**
 * A header's value as it is written: each run of control characters, line breaks (CR, LF, U+0085,
 * U+2028) and bidi controls becomes one space, so no value (a subject holding an agency's name
 * stored before names were checked, say) can end its header and start another (`Bcc:`).
 */
const headerValue = (value: string): string => withoutUnsafeText(value).trim();

/** A value with characters outside printable ASCII as RFC 2047 encoded words, as a header must carry them. */
function encodedHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  // Encoded words of at most 75 characters each (RFC 2047 §2), split between characters, never inside one.
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

/** The message with every header value made safe (headerValue); the body as it is. */
const safeHeaders = (message: MailMessage): MailMessage => ({
  to: headerValue(message.to),
  subject: headerValue(message.subject),
  text: message.text,
});

/**
 * Sends over SMTP_URL with nodemailer. Without it, each mail is written as an .eml file to
 * DATA_DIR/outbox and its recipient and subject are logged, so a local install can still follow a
 * verification link. Bodies are never logged: they carry one-time links. Header values are made
 * safe first (headerValue), for both ways out alike.
 */
export function createMailer(platform: { config: Readonly<Pick<Config, 'mail' | 'dataDir'>>; logger: Logger }): Mailer {
  const { config, logger } = platform;
  const from = headerValue(config.mail.from);

  if (config.mail.smtpUrl) {
    const { smtpUrl } = config.mail;
    // nodemailer is loaded only when SMTP_URL is set, and at once, so the first mail waits for nothing.
    const transporter = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        {
          url: smtpUrl,
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          greetingTimeout: GREETING_TIMEOUT_MS,
          socketTimeout: SOCKET_TIMEOUT_MS,
        },
        { from },
      ),
    );
    // A transport that cannot be made fails each send with its reason; unobserved, it must not end the process.
    transporter.catch(() => {});
    return {
      transport: 'smtp',
      async send(unchecked) {
        const message = safeHeaders(unchecked);
        const info = await (await transporter).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        logger.info({ mail: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'mail sent');
      },
      close: () =>
        void transporter.then(
          (t) => t.close(),
          () => {},
        ),
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  return {
    transport: 'outbox',
    async send(unchecked) {
      const message = safeHeaders(unchecked);
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outbox, name);
      const eml = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${encodedHeader(message.subject)}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
      ].join('\r\n');
      await fs.writeFile(file, eml, { mode: 0o600 });
      logger.info({ mail: { to: message.to, subject: message.subject, file } }, 'mail written to the outbox (SMTP_URL not set)');
    },
    close() {},
  };
}
