import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_PER_HOUR } from '../../src/portal/policy.js';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';
import { PATIENCE } from '../helpers/patience.js';

// Mail to one account is capped per hour whichever client addresses ask: the per-address limits
// alone let many addresses flood one inbox. Over the cap the public forms answer exactly as before.
const logLines: string[] = [];
let p: Portal;
beforeAll(async () => {
  p = await startPortal({ logLines });
});
afterAll(async () => p.close());

let nextAddress = 0;
/** A different client address on every call, as a botnet would send them. */
const fresh = () => `198.51.100.${++nextAddress}`;
const post = (url: string, payload: object) => p.app.inject({ method: 'POST', url, payload, remoteAddress: fresh() });
const mailsTo = (email: string, subject: RegExp) => p.inbox.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));
const capLogged = (name: string, userId: string) =>
  logLines.some((line) => line.includes(`"mailCap":"${name}"`) && line.includes(userId));

describe('password reset mail per account', () => {
  const cap = ACCOUNT_MAIL_PER_HOUR.passwordReset;

  it(`mails at most ${cap} reset links an hour to one account; beyond, the same 202 and no mail`, async () => {
    const user = await p.user();
    const answers = [];
    for (let i = 0; i <= cap; i++) answers.push(await post('/v1/dev/password-reset', { email: user.email }));
    const unknown = await post('/v1/dev/password-reset', { email: 'nobody-at-all@agency.test' });
    for (const res of [...answers, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: 'reset_sent' });
    }
    // The capped request is refused in the background, after the answer: its log line says it is done.
    await expect.poll(() => capLogged('password-reset', user.id), PATIENCE).toBe(true);
    await expect.poll(() => mailsTo(user.email, /reset your password/i).length, PATIENCE).toBe(cap);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from password_resets where user_id = ${user.id}`.execute(p.platform.db);
    expect(rows[0]!.n).toBe(cap);

    // Another account is not affected, and an hour later this one is mailed again.
    const other = await p.user();
    expect((await post('/v1/dev/password-reset', { email: other.email })).statusCode).toBe(202);
    await p.inbox.waitFor(other.email, /reset your password/i);
    p.advance(3_600_000 + 1_000);
    expect((await post('/v1/dev/password-reset', { email: user.email })).statusCode).toBe(202);
    await expect.poll(() => mailsTo(user.email, /reset your password/i).length, PATIENCE).toBe(cap + 1);
  });
});

describe('sign-up and verification mail per account', () => {
  const cap = ACCOUNT_MAIL_PER_HOUR.verification;

  it(`tells an existing account about sign-ups with its address at most ${cap} times an hour, same answer beyond`, async () => {
    const user = await p.user();
    for (let i = 0; i <= cap; i++) {
      const res = await post('/v1/dev/signup', { email: user.email, password: PASSWORD });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'verification_sent' });
    }
    await expect.poll(() => capLogged('verification', user.id), PATIENCE).toBe(true);
    expect(mailsTo(user.email, /tried to sign up/i)).toHaveLength(cap);
  });

  it(`sends a new account's link, then at most ${cap} in all an hour; a resend beyond is 429 with Retry-After`, async () => {
    const email = `newcomer-${Date.now()}@agency.test`;
    expect((await post('/v1/dev/signup', { email, password: PASSWORD })).statusCode).toBe(202);
    await p.inbox.waitFor(email, /confirm your e-mail/i);
    const token = await p.token(email);
    for (let i = 1; i < cap; i++) {
      expect((await p.request(token, 'POST', '/v1/dev/me/verify-email')).statusCode).toBe(202);
    }
    const refused = await p.request(token, 'POST', '/v1/dev/me/verify-email');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().error).toContain(`at most ${cap} an hour`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailsTo(email, /confirm your e-mail/i)).toHaveLength(cap);
    // A sign-up again with the address, from yet another client, mails nothing more either.
    expect((await post('/v1/dev/signup', { email, password: PASSWORD })).statusCode).toBe(202);
    expect(mailsTo(email, /./)).toHaveLength(cap);
  });
});
