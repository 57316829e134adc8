import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail.js';
import { servedDocument } from '../contract/served-document.js';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

const logLines: string[] = [];
let p: Portal;
beforeAll(async () => {
  // "Stores nothing" counts every table's rows: other test files must not write to this database meanwhile.
  p = await startPortal({ logLines, isolated: true });
});
afterAll(async () => p.close());

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
    p.platform.db,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const { rows: n } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(p.platform.db);
    counts[table_name] = n[0]!.n;
  }
  return counts;
}

describe('POST /v1/subscribe', () => {
  it('mails the operator, needs no key, and stores nothing', async () => {
    const before = await rowCounts();
    const res = await p.request(null, 'POST', '/v1/subscribe', { email: 'curious@travel.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'received' });
    const mail = await p.inbox.waitFor('operator@gateway.test', /interest/i);
    expect(mail.text).toContain('curious@travel.example');
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 400 for a malformed body and 422 for an invalid address', async () => {
    const cases: [string | undefined, number][] = [
      ['{"email":', 400],
      ['[]', 400],
      ['{}', 400],
      ['{"email": 42}', 400],
      [undefined, 400],
      ['{"email": "not an address"}', 422],
      ['{"email": "no-at-sign.example"}', 422],
    ];
    for (const [payload, status] of cases) {
      const res = await p.app.inject({
        method: 'POST',
        url: '/v1/subscribe',
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, String(payload)).toBe(status);
    }
    const invalid = await p.request(null, 'POST', '/v1/subscribe', { email: 'nope' });
    expect(invalid.json()).toMatchObject({ code: 'invalid_email', error: 'email must be a valid e-mail address' });
    expect((await p.request(null, 'GET', '/v1/subscribe')).statusCode).toBe(405);
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the message to DATA_DIR/outbox and logs where, not what', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    const mailer = createMailer({
      config: { dataDir, mail: { smtpUrl: null, from: 'Gateway <no-reply@gateway.test>', operatorEmail: null } },
      logger,
    });
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ to: 'dev@agency.test', subject: 'Your link', text: 'open https://x.test/verify?token=fav_SECRET123' });

    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: dev@agency.test');
    expect(eml).toContain('fav_SECRET123');
    expect(lines.join('')).toContain('dev@agency.test');
    expect(lines.join('')).not.toContain('fav_SECRET123');
  });
});

describe('secrets never reach the logs', () => {
  it('keeps passwords, tokens, key secrets, TOTP seeds and recovery codes out of every log line', async () => {
    const email = `logs-${Date.now()}@example.org`;
    const secrets: string[] = [PASSWORD];
    await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD });
    const link = /verify-email#token=(\S+)/.exec((await p.inbox.waitFor(email, /confirm/i)).text)![1]!;
    secrets.push(link);
    await p.request(null, 'GET', `/v1/dev/verify-email?token=${link}`);
    await p.login(email, 'a-wrong-password-77');

    const token = await p.token(email);
    secrets.push(token);
    const { secret: seed, recoveryCodes } = await p.enrolTotp(token);
    secrets.push(seed, ...recoveryCodes);
    const key = (await p.request(token, 'POST', '/v1/dev/api-keys', { name: 'logged?' })).json();
    secrets.push(key.secret);
    await p.request(token, 'POST', `/v1/dev/api-keys/${key.id}/secret`, { password: PASSWORD });
    const rotated = (await p.request(token, 'POST', `/v1/dev/api-keys/${key.id}/rotate`)).json();
    secrets.push(rotated.secret);
    const challenge = (await p.login(email)).json().challenge as string;
    secrets.push(challenge);
    const second = (await p.request(null, 'POST', '/v1/dev/login/mfa', { challenge, code: recoveryCodes[0] })).json();
    secrets.push(second.token);

    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      const leaking = logLines.find((line) => line.includes(secret));
      expect(leaking, `a log line carries ${secret.slice(0, 6)}…`).toBeUndefined();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the portal paths with the SessionBearer scheme, and login and sign-up without one', async () => {
    // The portal's paths are in the dashboard's description, the admin's in the operator's, /v1/subscribe in the integrator's.
    const doc = await servedDocument(p.app);
    for (const [route, method] of [
      ['/v1/dev/api-keys', 'get'],
      ['/v1/dev/api-keys/{id}/secret', 'post'],
      ['/v1/dev/api-keys/{id}/rotate', 'post'],
      ['/v1/dev/me', 'get'],
      ['/v1/dev/me/mfa/totp', 'post'],
      ['/v1/admin/security/lockouts/{userID}/unlock', 'post'],
      ['/v1/admin/support-sessions', 'post'],
    ]) {
      expect(doc.paths[route!]?.[method!]?.security, `${method} ${route}`).toEqual([{ SessionBearer: [] }]);
    }
    for (const route of ['/v1/dev/login', '/v1/dev/signup', '/v1/subscribe'])
      expect(doc.paths[route]!.post!.security).toEqual([]);
    expect(doc.paths['/v1/dev/api-keys']!.post!.responses['201']).toBeDefined();
  });
});
