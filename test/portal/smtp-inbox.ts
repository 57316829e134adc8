import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { PATIENCE } from '../helpers/patience.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The header block as it came over the wire, folded lines joined. */
  head: string;
}

/** Undoes quoted-printable, which nodemailer uses for long lines such as links. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to, subject: header('Subject'), text: text.replace(/\r\n/g, '\n'), head };
}

/** A real SMTP server on a loopback port: the gateway's mails arrive here over the wire. */
export async function startInbox() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail to this address whose subject matches, waiting for it with the tests' patience. */
    async waitFor(to: string, subject: RegExp = /./): Promise<ReceivedMail> {
      const deadline = Date.now() + PATIENCE.timeout;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} matching ${subject}; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
