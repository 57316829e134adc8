import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => p.close());

describe('sign-up and e-mail verification', () => {
  it('creates an unverified owner and agency, mails a link over SMTP, and the link verifies both', async () => {
    const email = `new-${Date.now()}@example.org`;
    const res = await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD, agencyName: 'Blue Skies Travel' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'verification_sent' });

    const token = await p.token(email);
    const me = await p.request(token, 'GET', '/v1/dev/me');
    expect(me.json()).toMatchObject({
      email,
      emailVerified: false,
      role: 'owner',
      agency: { name: 'Blue Skies Travel', verified: false },
    });
    const refused = await p.request(token, 'POST', '/v1/dev/api-keys', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unverified');

    const mail = await p.inbox.waitFor(email, /confirm/i);
    // The dashboard's page, its token in the fragment; the page sends it to the API in a POST body.
    const link = /https:\/\/portal\.gateway\.test\/dashboard\/verify-email#token=(\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const verified = await p.request(null, 'POST', '/v1/dev/verify-email', { token: link });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'verified' });
    const again = await p.request(null, 'POST', '/v1/dev/verify-email', { token: link });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_verification_token');
    expect((await p.request(null, 'GET', `/v1/dev/verify-email?token=${link}`)).statusCode).toBe(400);

    const after = await p.request(token, 'GET', '/v1/dev/me');
    expect(after.json()).toMatchObject({ emailVerified: true, agency: { verified: true } });
    expect((await p.request(token, 'POST', '/v1/dev/api-keys', {})).statusCode).toBe(201);
  });
});

describe('sign-up refusals', () => {
  it('answers an existing address like a new one and tells its owner by mail', async () => {
    const existing = await p.user();
    const res = await p.request(null, 'POST', '/v1/dev/signup', { email: existing.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'verification_sent' });
    await p.inbox.waitFor(existing.email, /tried to sign up/);
  });

  it.each([
    ['short-pw-1', 'at least 12'],
    ['password12345!', 'too common'],
    ['P@ssw0rd2024!!', 'too common'],
    ['aaaaaaaaaaaaaaaa', 'too common'],
    ['abcabcabcabcabc', 'too common'],
    ['qwertyuiopasdf', 'sequence'],
    ['123456789012', 'sequence'],
  ])('refuses the password %s (%s)', async (password, words) => {
    const res = await p.request(null, 'POST', '/v1/dev/signup', { email: 'someone@example.net', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(words);
    expect(res.body).not.toContain(password);
  });

  it('refuses a password built on the e-mail address, a malformed address and a missing one', async () => {
    const own = await p.request(null, 'POST', '/v1/dev/signup', {
      email: 'marguerite@example.net',
      password: 'marguerite-in-paris',
    });
    expect(own.json().error).toContain('e-mail address');
    const bad = await p.request(null, 'POST', '/v1/dev/signup', { email: 'not-an-address', password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('email');
    expect((await p.request(null, 'POST', '/v1/dev/signup', { password: PASSWORD })).json().error).toBe('email is required');
  });

  it('refuses a used, unknown or expired verification link', async () => {
    expect((await p.request(null, 'GET', '/v1/dev/verify-email?token=fav_nope')).statusCode).toBe(400);
    expect((await p.request(null, 'GET', '/v1/dev/verify-email')).statusCode).toBe(400);
    const email = `late-${Date.now()}@example.org`;
    await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD });
    const link = /verify-email#token=(\S+)/.exec((await p.inbox.waitFor(email, /confirm/i)).text)![1]!;
    p.advance(49 * 60 * 60_000);
    expect((await p.request(null, 'GET', `/v1/dev/verify-email?token=${link}`)).statusCode).toBe(400);
  });

  it('sends a new link on request, and none once verified', async () => {
    const user = await p.user({ verified: false });
    const token = await p.token(user.email);
    expect((await p.request(token, 'POST', '/v1/dev/me/verify-email')).statusCode).toBe(202);
    const link = /verify-email#token=(\S+)/.exec((await p.inbox.waitFor(user.email, /confirm/i)).text)![1]!;
    expect((await p.request(null, 'GET', `/v1/dev/verify-email?token=${link}`)).statusCode).toBe(200);
    expect((await p.request(token, 'POST', '/v1/dev/me/verify-email')).statusCode).toBe(409);
  });
});

describe('sessions', () => {
  it('logs in with a session that has absolute and idle expiry, and GET /v1/dev/me describes the caller', async () => {
    const user = await p.user();
    const res = await p.login(user.email);
    expect(res.statusCode).toBe(200);
    const { token, session, mfaRequired } = res.json();
    expect(mfaRequired).toBe(false);
    expect(token).toMatch(/^fas_[A-Za-z0-9]{43}$/);
    expect(new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime()).toBe(12 * 3_600_000);
    expect(new Date(session.idleExpiresAt).getTime() - new Date(session.lastUsedAt).getTime()).toBe(30 * 60_000);

    const me = await p.request(token, 'GET', '/v1/dev/me');
    expect(me.json()).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'owner',
      permissions: [],
      agency: { id: user.agencyId },
      mfa: { totpEnabled: false },
      session: { id: session.id },
      supportSession: null,
    });
  });

  it('stores only a hash of the token', async () => {
    const user = await p.user();
    const token = await p.token(user.email);
    const { rows } = await sql<{ token_hash: string }>`select token_hash from sessions where user_id = ${user.id}`.execute(
      p.platform.db,
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('ends a session after 30 idle minutes, but not while it is used', async () => {
    const token = await p.token((await p.user()).email);
    for (let i = 0; i < 3; i++) {
      p.advance(20 * 60_000);
      expect((await p.request(token, 'GET', '/v1/dev/me')).statusCode).toBe(200);
    }
    p.advance(31 * 60_000);
    const res = await p.request(token, 'GET', '/v1/dev/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_session');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('ends a session 12 hours after login however busy', async () => {
    const token = await p.token((await p.user()).email);
    for (let i = 0; i < 28; i++) {
      p.advance(25 * 60_000);
      expect((await p.request(token, 'GET', '/v1/dev/me')).statusCode, `after ${(i + 1) * 25} minutes`).toBe(200);
    }
    p.advance(25 * 60_000);
    expect((await p.request(token, 'GET', '/v1/dev/me')).statusCode).toBe(401);
  });

  it('lists own sessions, revokes one, and logs out', async () => {
    const user = await p.user();
    const a = await p.token(user.email);
    const b = await p.token(user.email);
    const list = await p.request(a, 'GET', '/v1/dev/sessions');
    expect(list.json().sessions).toHaveLength(2);
    const other = list.json().sessions.find((s: { current: boolean }) => !s.current);

    const stranger = await p.token((await p.user()).email);
    expect((await p.request(stranger, 'DELETE', `/v1/dev/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await p.request(a, 'DELETE', `/v1/dev/sessions/${other.id}`)).json()).toEqual({ status: 'revoked' });
    expect((await p.request(b, 'GET', '/v1/dev/me')).statusCode).toBe(401);

    expect((await p.request(a, 'POST', '/v1/dev/logout')).json()).toEqual({ status: 'logged_out' });
    expect((await p.request(a, 'GET', '/v1/dev/me')).statusCode).toBe(401);
  });

  it('refuses a missing or malformed bearer token', async () => {
    const missing = await p.request(null, 'GET', '/v1/dev/me');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('missing_session');
    const basic = await p.app.inject({ method: 'GET', url: '/v1/dev/me', headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(401);
    expect((await p.request(null, 'POST', '/v1/dev/login', { email: 'x@y.z' })).statusCode).toBe(400);
  });
});

describe('sign-up address rules', () => {
  // It counts every agency: other test files must not write to this database meanwhile.
  let own: Portal;
  beforeAll(async () => {
    own = await startPortal({ isolated: true });
  });
  afterAll(async () => own?.close());

  it('refuses an address without a domain dot before making an agency for it', async () => {
    const { rows: before } = await sql<{ n: number }>`select count(*)::int as n from agencies`.execute(own.platform.db);
    const res = await own.request(null, 'POST', '/v1/dev/signup', { email: 'someone@localhost', password: PASSWORD });
    expect(res.statusCode).toBe(400);
    const { rows: after } = await sql<{ n: number }>`select count(*)::int as n from agencies`.execute(own.platform.db);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
