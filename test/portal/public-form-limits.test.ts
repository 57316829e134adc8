import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

// Sign-up and /v1/subscribe send mail to an address nobody has proven to own: each is limited
// per client address, so neither can be used to flood an inbox.
let p: Portal;
beforeAll(async () => {
  p = await startPortal({ env: { PUBLIC_FORM_RATE_LIMIT_PER_HOUR: '3' } });
});
afterAll(async () => p.close());

const from = (remoteAddress: string, url: string, payload: object) =>
  p.app.inject({ method: 'POST', url, payload, remoteAddress });

const mailsTo = (address: string) => p.inbox.mails.filter((m) => m.to.includes(address)).length;

async function usersNamed(email: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from users where lower(email) = ${email}`.execute(
    p.platform.db,
  );
  return rows[0]!.n;
}

describe('limits on the public forms', () => {
  it('/v1/subscribe: the fourth request in an hour from one address is 429 and mails nobody; others go on', async () => {
    const address = '198.51.100.7';
    // A refused body is answered 422 and sends nothing: it does not count.
    expect((await from(address, '/v1/subscribe', { email: 'not an address' })).statusCode).toBe(422);
    for (let i = 1; i <= 3; i++) {
      const res = await from(address, '/v1/subscribe', { email: `fan${i}@travel.example` });
      expect(res.statusCode).toBe(200);
    }
    await p.inbox.waitFor('operator@gateway.test', /interest/i);
    const mailed = mailsTo('operator@gateway.test');

    const refused = await from(address, '/v1/subscribe', { email: 'fan4@travel.example' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      error: 'too many subscriptions from this address: at most 3 an hour',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Another client is not affected, and sign-up keeps a count of its own.
    expect((await from('198.51.100.8', '/v1/subscribe', { email: 'other@travel.example' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(p.inbox.mails.some((m) => m.text.includes('fan4@travel.example'))).toBe(false);
    expect(mailsTo('operator@gateway.test')).toBe(mailed + 1);

    // An hour after the first admission a slot is free again.
    p.advance(3_600_000);
    expect((await from(address, '/v1/subscribe', { email: 'fan5@travel.example' })).statusCode).toBe(200);
  });

  it('/v1/dev/signup: the fourth sign-up in an hour from one address is 429 and creates no account', async () => {
    const address = '203.0.113.40';
    // Refused before anything is sent (a weak password): not counted.
    expect((await from(address, '/v1/dev/signup', { email: 'weak@limits.example', password: 'short-pw-1' })).statusCode).toBe(
      400,
    );
    for (let i = 1; i <= 3; i++) {
      const res = await from(address, '/v1/dev/signup', { email: `owner${i}@limits.example`, password: PASSWORD });
      expect(res.statusCode).toBe(202);
    }
    const refused = await from(address, '/v1/dev/signup', { email: 'owner4@limits.example', password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      error: 'too many sign-ups from this address: at most 3 an hour',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await usersNamed('owner4@limits.example')).toBe(0);
    expect(await usersNamed('owner3@limits.example')).toBe(1);

    const elsewhere = await from('203.0.113.41', '/v1/dev/signup', { email: 'owner5@limits.example', password: PASSWORD });
    expect(elsewhere.statusCode).toBe(202);
  });

  it('the OpenAPI description documents the 429 of both routes', async () => {
    const integrator = (await p.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(integrator.paths['/v1/subscribe'].post.responses['429']).toBeDefined();
    const dashboard = (await p.app.inject({ method: 'GET', url: '/openapi/dashboard.json' })).json();
    expect(dashboard.paths['/v1/dev/signup'].post.responses['429']).toBeDefined();
  });
});
