import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalLogin, portalUser } from '../helpers/portal-sessions.js';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';

// The dashboard's Book screen names the airlines of a search's offers with one request on its
// session: names from the aviation reference data, null before a sync, bad codes refused.
let t: AviationTestApp;
let session: Record<string, string>;

beforeAll(async () => {
  t = await aviationTestApp();
  const agency = await t.gateway.identity.createAgency({ name: 'Names Agency' });
  session = await portalLogin(t, (await portalUser(t, { agencyId: agency.id, role: 'developer' })).email);
});
afterAll(() => t?.close());

const names = (query: string, headers: Record<string, string> = session) =>
  t.app.inject({ method: 'GET', url: `/v1/dev/airlines?${query}`, headers });

describe('GET /v1/dev/airlines', () => {
  it('answers every name null before the airlines are imported, then the reference names (the active holder of a reused code)', async () => {
    const before = await names('iata=AA,BA');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      airlines: [
        { iata: 'AA', name: null },
        { iata: 'BA', name: null },
      ],
    });

    await t.sync();
    const after = await names('iata=ba,AA,BA,Q9');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual({
      airlines: [
        { iata: 'BA', name: 'British Airways' },
        { iata: 'AA', name: 'American Airlines' },
        { iata: 'Q9', name: null },
      ],
    });
  });

  it('refuses a missing or malformed code list naming the field, and a request without a session', async () => {
    for (const query of ['', 'iata=', 'iata=AAA', 'iata=AA,,BA', `iata=${Array.from({ length: 51 }, () => 'AA').join(',')}`]) {
      const res = await names(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(/iata/);
    }
    const anonymous = await names('iata=AA', {});
    expect(anonymous.statusCode).toBe(401);
    const withKey = await names('iata=AA', { 'x-api-key': t.key });
    expect(withKey.statusCode).toBe(401);
  });
});
