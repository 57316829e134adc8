import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from '../portal/portal-harness.js';

/**
 * Fields renamed to snake_case (deprecated-fields.ts): answers carry both spellings, requests may
 * use either (the new one wins; both differing is a 400 naming it), and a request that used a
 * former spelling is answered with Deprecation and Link (docs/versioning.md).
 */
let p: Portal;
let token: string;
let keyId: string;
beforeAll(async () => {
  p = await startPortal();
  const user = await p.user({ role: 'owner' });
  token = await p.token(user.email);
  const created = await p.request(token, 'POST', '/v1/dev/api-keys', { name: 'naming probe' });
  expect(created.statusCode, created.body).toBe(201);
  keyId = created.json().id as string;
});
afterAll(async () => p.close());

describe('former camelCase spellings', () => {
  it('are answered beside the new names, with the same values, and the contract names stay as the contract spells them', async () => {
    const res = await p.request(token, 'GET', '/v1/dev/api-keys');
    expect(res.statusCode).toBe(200);
    const key = res.json().keys.find((k: { id: string }) => k.id === keyId);
    expect(key).toMatchObject({ read_only: false, allowed_paths: [], agency_id: expect.any(String), allowedIps: [] });
    expect(key.readOnly).toBe(key.read_only);
    expect(key.createdAt).toBe(key.created_at);
    expect(key.agencyId).toBe(key.agency_id);
    expect(key).not.toHaveProperty('allowed_ips');
    expect(res.headers.deprecation).toBeUndefined();
  });

  it('are read in a body, with Deprecation and Link on the answer; the new names carry no such header', async () => {
    const old = await p.request(token, 'PATCH', `/v1/dev/api-keys/${keyId}`, { readOnly: true, allowedPaths: ['/v1/orders'] });
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toMatchObject({ read_only: true, allowed_paths: ['/v1/orders'] });
    expect(old.headers.deprecation).toBe('@1795910400');
    expect(old.headers.link).toMatch(/\/docs>; rel="deprecation"/);
    const stored = await p.platform.db
      .selectFrom('api_keys')
      .select(['read_only', 'allowed_paths'])
      .where('id', '=', keyId)
      .executeTakeFirst();
    expect(stored).toEqual({ read_only: true, allowed_paths: ['/v1/orders'] });

    const current = await p.request(token, 'PATCH', `/v1/dev/api-keys/${keyId}`, { read_only: false });
    expect(current.statusCode).toBe(200);
    expect(current.json().read_only).toBe(false);
    expect(current.headers.deprecation).toBeUndefined();
  });

  it('may be sent with the new name when both agree, and both differing is a 400 naming the field, changing nothing', async () => {
    const same = await p.request(token, 'PATCH', `/v1/dev/api-keys/${keyId}`, { read_only: true, readOnly: true });
    expect(same.statusCode).toBe(200);
    const differing = await p.request(token, 'PATCH', `/v1/dev/api-keys/${keyId}`, {
      read_only: false,
      readOnly: false,
      allowed_paths: [],
      allowedPaths: ['/v1/offers'],
    });
    expect(differing.statusCode).toBe(400);
    expect(differing.json()).toMatchObject({ code: 'invalid_request', field: 'allowed_paths' });
    expect(differing.json().error).toContain('allowedPaths');
    const stored = await p.platform.db.selectFrom('api_keys').select(['read_only']).where('id', '=', keyId).executeTakeFirst();
    expect(stored?.read_only).toBe(true);
  });

  it('are read in a query string too', async () => {
    const old = await p.request(token, 'GET', '/v1/dev/requests?requestId=req-none');
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toEqual({ requests: [], next_cursor: null, nextCursor: null });
    expect(old.headers.deprecation).toBe('@1795910400');
    const differing = await p.request(token, 'GET', '/v1/dev/requests?requestId=a&request_id=b');
    expect(differing.statusCode).toBe(400);
    expect(differing.json()).toMatchObject({ field: 'request_id' });
  });
});
