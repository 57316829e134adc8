import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

let p: Portal;
let owner: { id: string; email: string; agencyId: string | null };
let token: string;

beforeAll(async () => {
  p = await startPortal();
  owner = await p.user();
  token = await p.token(owner.email);
});
afterAll(async () => p.close());

// An expiry must be at most 5 years ahead: a year from now, at midnight UTC.
const EXPIRY_DAY = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const EXPIRY = `${EXPIRY_DAY}T00:00:00Z`;
const EXPIRY_ISO = `${EXPIRY_DAY}T00:00:00.000Z`;

/** A request through the API-key gate, from a chosen client address. */
const gateway = (secret: string, ip = '203.0.113.7') =>
  p.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': secret }, remoteAddress: ip });
const passedGate = (res: { statusCode: number }) => res.statusCode !== 401 && res.statusCode !== 403;

async function createKey(body: Record<string, unknown> = {}, as = token) {
  const res = await p.request(as, 'POST', '/v1/dev/api-keys', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; [k: string]: unknown };
}

describe('at most 50 active keys per agency (hardening round 4)', () => {
  it('refuses the 51st with 409 api_key_limit_reached, stores nothing, allows rotation and counts no revoked key', async () => {
    const hoarder = await p.user();
    const as = await p.token(hoarder.email);
    const made: string[] = [];
    for (let i = 0; i < 50; i++) made.push((await createKey({ name: `k${i}` }, as)).id);
    const refused = await p.request(as, 'POST', '/v1/dev/api-keys', { name: 'one too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'api_key_limit_reached',
      error: 'an agency has at most 50 active api keys; revoke one first',
    });
    const listed = (await p.request(as, 'GET', '/v1/dev/api-keys')).json().keys as { name: string }[];
    expect(listed).toHaveLength(50);
    expect(listed.some((k) => k.name === 'one too many')).toBe(false);
    // Rotation replaces a key: allowed at the limit.
    expect((await p.request(as, 'POST', `/v1/dev/api-keys/${made[0]}/rotate`)).statusCode).toBe(201);
    // A revoked key frees its place.
    expect((await p.request(as, 'DELETE', `/v1/dev/api-keys/${made[1]}`)).statusCode).toBe(200);
    await createKey({ name: 'after a revocation' }, as);
    expect((await p.request(as, 'POST', '/v1/dev/api-keys', {})).statusCode).toBe(409);
    // Another agency is not affected.
    await createKey({ name: 'elsewhere' });
  }, 120_000);
});

describe('listing and creating keys', () => {
  it('creates a key with its secret once and lists keys newest first without secrets', async () => {
    const first = await createKey({ name: 'first' });
    const second = await createKey({
      name: 'ci',
      allowedIps: ['203.0.113.0/24'],
      expiresAt: EXPIRY,
      read_only: true,
      allowed_paths: ['/v1/aviation'],
    });
    expect(first.secret).toMatch(/^fa_test_/);
    expect(first).toMatchObject({ kind: 'portal', environment: 'test', status: 'active', agency_id: owner.agencyId });
    expect(second).toMatchObject({
      allowedIps: ['203.0.113.0/24'],
      expiresAt: EXPIRY_ISO,
      read_only: true,
      allowed_paths: ['/v1/aviation'],
    });

    const list = await p.request(token, 'GET', '/v1/dev/api-keys');
    expect(list.statusCode).toBe(200);
    const ids = list.json().keys.map((k: { id: string }) => k.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body).not.toContain(first.secret);
    expect(list.json().keys[0]).not.toHaveProperty('secret');
    expect(passedGate(await gateway(first.secret))).toBe(true);
  });

  it('creates with no body at all, and names the field of a bad value', async () => {
    const bare = await p.app.inject({ method: 'POST', url: '/v1/dev/api-keys', headers: { authorization: `Bearer ${token}` } });
    expect(bare.statusCode).toBe(201);
    for (const [body, words] of [
      [{ allowedIps: ['not-an-ip'] }, 'allowedIps'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ allowed_paths: ['/admin'] }, 'allowed_paths'],
    ] as const) {
      const res = await p.request(token, 'POST', '/v1/dev/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(words);
    }
  });

  it('issues live keys only for a live agency, and only to an owner or admin', async () => {
    expect((await p.request(token, 'POST', '/v1/dev/api-keys', { environment: 'live' })).json().code).toBe('agency_not_live');
    const live = await p.user({ live: true });
    const liveToken = await p.token(live.email);
    const key = await createKey({ environment: 'live' }, liveToken);
    expect(key.secret).toMatch(/^fa_live_/);
    const dev = await p.user({ agencyId: live.agencyId, role: 'developer' });
    const refused = await p.request(await p.token(dev.email), 'POST', '/v1/dev/api-keys', { environment: 'live' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
  });

  it('refuses accounts outside any agency and unverified addresses with 403', async () => {
    const operator = await p.token((await p.user({ agencyId: null, permissions: ['platform.read'] })).email);
    const res = await p.request(operator, 'POST', '/v1/dev/api-keys', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_agency_account');
    expect((await p.request(operator, 'GET', '/v1/dev/api-keys')).statusCode).toBe(403);

    const unverified = await p.token((await p.user({ verified: false })).email);
    const refused = await p.request(unverified, 'POST', '/v1/dev/api-keys', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unverified');
  });

  it('needs a session: none is 401, an API key is not one', async () => {
    expect((await p.request(null, 'GET', '/v1/dev/api-keys')).statusCode).toBe(401);
    const key = await createKey();
    const withKey = await p.app.inject({ method: 'GET', url: '/v1/dev/api-keys', headers: { 'x-api-key': key.secret } });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json().code).toBe('missing_session');
    expect((await p.request('fas_forged', 'GET', '/v1/dev/api-keys')).json().code).toBe('invalid_session');
  });
});

describe('editing keys', () => {
  it('applies an allowedIps edit to the very next gateway request', async () => {
    const key = await createKey({ name: 'edge' });
    expect(passedGate(await gateway(key.secret, '203.0.113.7'))).toBe(true);

    const patched = await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, { allowedIps: ['198.51.100.0/24'] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ allowedIps: ['198.51.100.0/24'], name: 'edge' });
    const blocked = await gateway(key.secret, '203.0.113.7');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('ip_not_allowed');
    expect(passedGate(await gateway(key.secret, '198.51.100.9'))).toBe(true);

    const cleared = await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, { allowedIps: [] });
    expect(cleared.json().allowedIps).toEqual([]);
    expect(passedGate(await gateway(key.secret, '203.0.113.7'))).toBe(true);
  });

  it('touches only the named fields, clears emptied ones, and refuses a body naming nothing', async () => {
    const key = await createKey({ name: 'keep', expiresAt: EXPIRY, allowedIps: ['192.0.2.1'] });
    const renamed = await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, { name: 'renamed' });
    expect(renamed.json()).toMatchObject({ name: 'renamed', expiresAt: EXPIRY_ISO, allowedIps: ['192.0.2.1'] });
    const cleared = await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, { expiresAt: '', name: '' });
    expect(cleared.json()).toMatchObject({ name: null, expiresAt: null, allowedIps: ['192.0.2.1'] });

    const empty = await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/at least one field/);
    const none = await p.app.inject({
      method: 'PATCH',
      url: `/v1/dev/api-keys/${key.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('revoking, rotating and revealing', () => {
  it('revokes with {status}; the key stops at the gateway at once', async () => {
    const key = await createKey();
    expect(passedGate(await gateway(key.secret))).toBe(true);
    const res = await p.request(token, 'DELETE', `/v1/dev/api-keys/${key.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'revoked' });
    expect((await gateway(key.secret)).statusCode).toBe(401);
  });

  it('rotates: a replacement shown once, with the same restrictions, and the old key revoked at once', async () => {
    const key = await createKey({ name: 'rotating', allowedIps: ['203.0.113.0/24'] });
    expect(passedGate(await gateway(key.secret))).toBe(true);
    const res = await p.request(token, 'POST', `/v1/dev/api-keys/${key.id}/rotate`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'rotating', allowedIps: ['203.0.113.0/24'], replaces: key.id });
    expect(res.json().secret).not.toBe(key.secret);
    expect((await gateway(key.secret)).statusCode).toBe(401);
    expect(passedGate(await gateway(res.json().secret))).toBe(true);
  });

  it('reveals only with step-up: refused without, with a wrong password; allowed with the password and audited', async () => {
    const key = await createKey();
    const url = `/v1/dev/api-keys/${key.id}/secret`;
    const without = await p.request(token, 'POST', url);
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('step_up_required');
    const wrong = await p.request(token, 'POST', url, { password: 'certainly-not-it-9' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('step_up_failed');
    const ok = await p.request(token, 'POST', url, { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ secret: key.secret });

    const events = await p.request(token, 'GET', '/v1/dev/me/security-events?kind=api_key.revealed');
    expect(events.json().events[0]).toMatchObject({ kind: 'api_key.revealed', apiKeyId: key.id });
  });

  it('reveals with a TOTP code verified within the window, and not after it', async () => {
    const user = await p.user();
    const session = await p.token(user.email);
    const { secret: seed } = await p.enrolTotp(session);
    const key = await createKey({}, session);
    const url = `/v1/dev/api-keys/${key.id}/secret`;
    // Enrolment just verified the factor in this session.
    expect((await p.request(session, 'POST', url)).json()).toEqual({ secret: key.secret });

    p.advance(10 * 60_000 + 1_000);
    expect((await p.request(session, 'POST', url)).statusCode).toBe(403);
    expect((await p.request(session, 'POST', '/v1/dev/me/mfa/verify', { code: p.totp(seed) })).statusCode).toBe(200);
    expect((await p.request(session, 'POST', url)).json()).toEqual({ secret: key.secret });
  });

  it('answers GET on the secret path with 405 and Allow: POST', async () => {
    const key = await createKey();
    const res = await p.request(token, 'GET', `/v1/dev/api-keys/${key.id}/secret`);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it("answers 404 for another agency's key on every operation", async () => {
    const stranger = await p.user();
    const theirs = await createKey({}, await p.token(stranger.email));
    for (const [method, path, body] of [
      ['PATCH', '', { name: 'mine now' }],
      ['DELETE', '', undefined],
      ['POST', '/rotate', undefined],
      ['POST', '/secret', { password: PASSWORD }],
    ] as const) {
      const res = await p.request(token, method, `/v1/dev/api-keys/${theirs.id}${path}`, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(passedGate(await gateway(theirs.secret))).toBe(true);
  });

  it('records key creation, edits, rotation and revocation as security events', async () => {
    const kinds = new Set(
      (await p.request(token, 'GET', '/v1/dev/me/security-events?limit=200')).json().events.map((e: { kind: string }) => e.kind),
    );
    for (const kind of [
      'api_key.created',
      'api_key.updated',
      'api_key.rotated',
      'api_key.revoked',
      'api_key.revealed',
      'login.succeeded',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });
});
