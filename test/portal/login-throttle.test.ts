import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

// One address trying a few passwords on many accounts never trips a per-account lockout; the
// address itself runs out of failures.
let p: Portal;
beforeAll(async () => {
  p = await startPortal({ env: { LOGIN_FAILURE_LIMIT_PER_HOUR: '3' } });
});
afterAll(async () => p.close());

const login = (remoteAddress: string, email: string, password: string) =>
  p.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password }, remoteAddress });

describe('failed sign-ins per client address', () => {
  it('after 3 failures across accounts, every attempt from the address is 429 until an hour has passed', async () => {
    const address = '198.51.100.60';
    const victims = [await p.user(), await p.user(), await p.user()];
    for (const victim of victims) expect((await login(address, victim.email, 'guess-number-one-1')).statusCode).toBe(401);
    const target = await p.user();

    const refused = await login(address, target.email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      error: 'too many failed sign-ins from this address: try again later',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);

    // Another address is not affected, and no account was locked by this.
    expect((await login('198.51.100.61', target.email, PASSWORD)).statusCode).toBe(200);
    for (const victim of victims) expect((await login('198.51.100.62', victim.email, PASSWORD)).statusCode).toBe(200);

    p.advance(3_600_000);
    expect((await login(address, target.email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong second-factor codes as failures too', async () => {
    const address = '198.51.100.70';
    const user = await p.user();
    await p.enrolTotp(await p.token(user.email));
    for (let i = 0; i < 3; i++) {
      const { challenge } = (await login(address, user.email, PASSWORD)).json();
      const wrong = await p.app.inject({
        method: 'POST',
        url: '/v1/dev/login/mfa',
        payload: { challenge, code: '000000' },
        remoteAddress: address,
      });
      expect(wrong.statusCode).toBe(401);
    }
    expect((await login(address, user.email, PASSWORD)).statusCode).toBe(429);
  });
});
