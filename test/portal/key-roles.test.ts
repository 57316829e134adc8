import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/identity/account-service.js';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

/** Every operation on a live key is for owners and admins; a developer keeps full rights on test keys. */
let p: Portal;
let agencyId: string;
let ownerToken: string;
const tokens = new Map<Role, string>();
let developerEmail: string;

beforeAll(async () => {
  p = await startPortal();
  const owner = await p.user({ live: true });
  agencyId = owner.agencyId!;
  ownerToken = await p.token(owner.email);
  tokens.set('owner', ownerToken);
  for (const role of ['admin', 'developer'] as const) {
    const user = await p.user({ agencyId, role });
    if (role === 'developer') developerEmail = user.email;
    tokens.set(role, await p.token(user.email));
  }
});
afterAll(async () => p.close());

async function newKey(environment: 'test' | 'live') {
  const res = await p.request(ownerToken, 'POST', '/v1/dev/api-keys', { environment, name: `${environment} key` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}

/** Each operation on an existing key, with the status it answers when allowed. */
const OPERATIONS = [
  { name: 'reveal', method: 'POST', path: '/secret', body: { password: PASSWORD }, ok: 200 },
  { name: 'edit', method: 'PATCH', path: '', body: { name: 'renamed' }, ok: 200 },
  { name: 'rotate', method: 'POST', path: '/rotate', body: undefined, ok: 201 },
  { name: 'revoke', method: 'DELETE', path: '', body: undefined, ok: 200 },
] as const;

describe('live keys', () => {
  for (const role of ['owner', 'admin'] as const) {
    for (const op of OPERATIONS) {
      it(`lets an ${role} ${op.name} a live key`, async () => {
        const key = await newKey('live');
        const res = await p.request(tokens.get(role)!, op.method, `/v1/dev/api-keys/${key.id}${op.path}`, op.body);
        expect(res.statusCode, res.body).toBe(op.ok);
      });
    }
    it(`lets an ${role} create a live key`, async () => {
      const res = await p.request(tokens.get(role)!, 'POST', '/v1/dev/api-keys', { environment: 'live' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().secret).toMatch(/^fa_live_/);
    });
  }

  for (const op of OPERATIONS) {
    it(`refuses a developer who tries to ${op.name} a live key with 403 role_forbidden, and changes nothing`, async () => {
      const key = await newKey('live');
      const res = await p.request(tokens.get('developer')!, op.method, `/v1/dev/api-keys/${key.id}${op.path}`, op.body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('role_forbidden');
      expect(res.json().error).toMatch(/only the agency's owners and admins may .* live keys \(your role: developer\)/);
      expect(res.body).not.toContain(key.secret);

      // The key is as it was: still active, same name, same secret.
      const listed = (await p.request(ownerToken, 'GET', '/v1/dev/api-keys'))
        .json()
        .keys.find((k: { id: string }) => k.id === key.id);
      expect(listed).toMatchObject({ status: 'active', name: 'live key' });
      const revealed = await p.request(ownerToken, 'POST', `/v1/dev/api-keys/${key.id}/secret`, { password: PASSWORD });
      expect(revealed.json()).toEqual({ secret: key.secret });
    });
  }

  it('refuses a developer creating a live key', async () => {
    const res = await p.request(tokens.get('developer')!, 'POST', '/v1/dev/api-keys', { environment: 'live' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role_forbidden');
  });

  it("answers a developer 404, not 403, for another agency's live key", async () => {
    const other = await p.user({ live: true });
    const theirs = (await p.request(await p.token(other.email), 'POST', '/v1/dev/api-keys', { environment: 'live' })).json();
    const res = await p.request(tokens.get('developer')!, 'PATCH', `/v1/dev/api-keys/${theirs.id}`, { name: 'x' });
    expect(res.statusCode).toBe(404);
  });

  it('does not charge a refused developer a password attempt', async () => {
    const key = await newKey('live');
    for (let i = 0; i < 6; i++) {
      const res = await p.request(tokens.get('developer')!, 'POST', `/v1/dev/api-keys/${key.id}/secret`, {
        password: 'certainly-not-it-9',
      });
      expect(res.json().code).toBe('role_forbidden');
    }
    // Six wrong passwords would have locked the account (five do); the developer still signs in.
    expect((await p.login(developerEmail)).statusCode).toBe(200);
  });
});

describe('test keys', () => {
  for (const op of OPERATIONS) {
    it(`lets a developer ${op.name} a test key`, async () => {
      const key = await newKey('test');
      const res = await p.request(tokens.get('developer')!, op.method, `/v1/dev/api-keys/${key.id}${op.path}`, op.body);
      expect(res.statusCode, res.body).toBe(op.ok);
    });
  }

  it('lets a developer create a test key', async () => {
    const res = await p.request(tokens.get('developer')!, 'POST', '/v1/dev/api-keys', {});
    expect(res.statusCode).toBe(201);
  });
});
