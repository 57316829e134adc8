import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

/**
 * Round 4's hardening list: a name a user gives and others see (an agency's, an API key's, an
 * account's address) holds no control character, line break or bidi control (400 naming the
 * field), and no mail header can break a line whatever a stored name holds: old rows may.
 */
const UNSAFE = [
  ['CR LF', 'Acme\r\nBcc: thief@evil.test', 'U+000D'],
  ['LF', 'Acme\nBcc: thief@evil.test', 'U+000A'],
  ['U+2028', 'Acme\u2028Bcc: thief@evil.test', 'U+2028'],
  ['U+0085', 'Acme\u0085Bcc: thief@evil.test', 'U+0085'],
  ['a bidi override', 'Acme\u202Emoc.liame', 'U+202E'],
  ['a bidi isolate', 'Acme\u2067x\u2069', 'U+2067'],
  ['TAB', 'Acme\tTravel', 'U+0009'],
] as const;

const refusal = (field: string, char: string) =>
  `${field} must not contain control characters, line breaks or bidirectional controls (it holds ${char})`;

let p: Portal;
beforeAll(async () => {
  p = await startPortal({ isolated: true });
});
afterAll(async () => p?.close());

describe('names are refused with a control character, a line break or a bidi control', () => {
  it.each(UNSAFE)('sign-up agencyName with %s: 400 naming agencyName, no account made', async (_what, name, char) => {
    const email = `signup-${Math.random().toString(36).slice(2, 8)}@agency.test`;
    const res = await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD, agencyName: name });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: refusal('agency_name', char), field: 'agency_name' });
    const { rows } = await sql`select id from users where email = ${email}`.execute(p.platform.db);
    expect(rows).toEqual([]);
  });

  it('a sign-up e-mail address with a bidi override or U+0085 is refused', async () => {
    for (const email of ['ev\u202Eil@agency.test', 'a\u0085b@agency.test']) {
      const res = await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('email must be a valid e-mail address');
    }
  });

  it.each(UNSAFE)('API key name with %s, on create and on edit: 400 naming name, nothing stored', async (_what, name, char) => {
    const token = await p.token((await p.user()).email);
    const created = await p.request(token, 'POST', '/v1/dev/api-keys', { name });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({ error: refusal('name', char), field: 'name' });
    expect((await p.request(token, 'GET', '/v1/dev/api-keys')).json().keys).toEqual([]);

    const key = (await p.request(token, 'POST', '/v1/dev/api-keys', { name: 'CI' })).json();
    const edited = await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, { name });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().error).toBe(refusal('name', char));
    expect((await p.request(token, 'GET', '/v1/dev/api-keys')).json().keys[0].name).toBe('CI');
  });

  it('ordinary names in any script still pass', async () => {
    const email = `ok-${Math.random().toString(36).slice(2, 8)}@agency.test`;
    const res = await p.request(null, 'POST', '/v1/dev/signup', {
      email,
      password: PASSWORD,
      agencyName: 'Zoë & Søn — 旅行社 ✈',
    });
    expect(res.statusCode, res.body).toBe(202);
  });
});

describe('mail headers cannot break a line, whatever a stored name holds', () => {
  /** An owner whose agency's stored name (an old row) holds a header injection; the invitation's subject names it. */
  async function inviteFromBadlyNamedAgency(portal: Portal) {
    const owner = await portal.user();
    await sql`update agencies set name = ${'Acme\r\nBcc: thief@evil.test\u2028X-Evil: 1\u0085Y'} where id = ${owner.agencyId}`.execute(
      portal.platform.db,
    );
    const token = await portal.token(owner.email);
    const invitee = `invitee-${Math.random().toString(36).slice(2, 8)}@agency.test`;
    const res = await portal.request(token, 'POST', '/v1/dev/invites', { email: invitee, role: 'developer' });
    expect(res.statusCode, res.body).toBe(201);
    return invitee;
  }

  it('over SMTP: one recipient, no Bcc or other injected header', async () => {
    const invitee = await inviteFromBadlyNamedAgency(p);
    const mail = await p.inbox.waitFor(invitee, /invited/);
    expect(mail.to).toEqual([invitee]);
    expect(mail.head).not.toMatch(/^(Bcc|X-Evil):/im);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('in the outbox (no SMTP_URL): the file has its five headers and no other', async () => {
    const local = await startPortal({ isolated: true, env: { SMTP_URL: '' } });
    try {
      const invitee = await inviteFromBadlyNamedAgency(local);
      const outbox = path.join(local.platform.config.dataDir, 'outbox');
      const files = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      const mail = files
        .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
        .find((m) => m.includes(`To: ${invitee}`));
      expect(mail).toBeDefined();
      const head = mail!.slice(0, mail!.indexOf('\r\n\r\n'));
      const names = head
        .split('\r\n')
        .filter((line) => !/^[ \t]/.test(line))
        .map((line) => line.slice(0, line.indexOf(':')));
      expect(names).toEqual(['From', 'To', 'Subject', 'Date', 'Content-Type']);
      expect(head).not.toMatch(/[\u2028\u0085]/);
      // The subject still says what it is, the name's text kept and encoded.
      const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(head)![1]!;
      const decoded = subject
        .split(/\r\n[ \t]/)
        .map((word) => /^=\?UTF-8\?B\?(.*)\?=$/.exec(word.trim()))
        .map((m, i, all) => (m ? Buffer.from(m[1]!, 'base64').toString('utf8') : subject.split(/\r\n[ \t]/)[i]!))
        .join('');
      expect(decoded).toBe('You are invited to Acme Bcc: thief@evil.test X-Evil: 1 Y on the Flight Gateway');
    } finally {
      await local.close();
    }
  });
});
