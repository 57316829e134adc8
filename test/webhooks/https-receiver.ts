import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body byte for byte, as a receiver must verify it. */
  raw: string;
  receivedAt: number;
}

/** What the receiver answers: a status (and body), or hang until the attempt times out. */
export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang';

/** A certificate for localhost, receiver.pinned.test (a name only the test's resolver knows) and 127.0.0.1, made by openssl now, valid for a day. */
export function makeCertificate(): { cert: string; key: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:receiver.pinned.test,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'), key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A real HTTPS server on loopback that records every webhook and answers as told. */
export async function startReceiver(certificate = makeCertificate()) {
  const received: ReceivedWebhook[] = [];
  let answer: (req: ReceivedWebhook) => Answer = () => ({ status: 200, body: 'ok' });
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook = {
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(hook);
      const a = answer(hook);
      if (a === 'hang') return;
      const send = () => {
        res.writeHead(a.status, a.headers ?? {});
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ca: certificate.cert,
    port,
    received,
    url: (p = '/hooks') => `https://localhost:${port}${p}`,
    answerWith(fn: (req: ReceivedWebhook) => Answer) {
      answer = fn;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
