import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';
import { PATIENCE } from '../helpers/patience.js';

const NEW_PASSWORD = 'amber-lighthouse-morning-7';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => p.close());

async function eventsOf(userId: string, kind: string) {
  const { rows } = await sql<{ detail: Record<string, unknown> }>`
    select detail from security_events where user_id = ${userId} and kind = ${kind}`.execute(p.platform.db);
  return rows;
}

/** Asks for a reset from an address of the test's own, and answers the token the mail carries. */
async function resetToken(email: string, from: string): Promise<string> {
  const resetMails = () => p.inbox.mails.filter((m) => m.to.includes(email) && /reset your password/i.test(m.subject));
  const before = resetMails().length;
  const asked = await p.app.inject({ method: 'POST', url: '/v1/dev/password-reset', payload: { email }, remoteAddress: from });
  expect(asked.statusCode).toBe(202);
  // The mail goes out after the answer.
  const mail = await vi.waitFor(() => {
    const found = resetMails()[before];
    if (!found) throw new Error(`no reset mail for ${email}`);
    return found;
  }, PATIENCE);
  return /fapr_[A-Za-z0-9]{43}/.exec(mail.text)![0];
}

const confirm = (token: string, password: string) =>
  p.request(null, 'POST', '/v1/dev/password-reset/confirm', { token, password });

describe('POST /v1/dev/me/password', () => {
  it('needs the current password, keeps this session, ends the others, and tells the owner', async () => {
    const user = await p.user();
    const here = await p.token(user.email);
    const elsewhere = await p.token(user.email);

    const wrong = await p.request(here, 'POST', '/v1/dev/me/password', {
      password: 'not-my-password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('step_up_failed');
    expect(await eventsOf(user.id, 'step_up.failed')).toHaveLength(1);

    const weak = await p.request(here, 'POST', '/v1/dev/me/password', { password: PASSWORD, newPassword: 'password12345!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toContain('too common');
    expect((await p.login(user.email, PASSWORD)).statusCode).toBe(200);

    const changed = await p.request(here, 'POST', '/v1/dev/me/password', { password: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: 'password_changed' });
    expect((await p.request(here, 'GET', '/v1/dev/me')).statusCode).toBe(200);
    expect((await p.request(elsewhere, 'GET', '/v1/dev/me')).statusCode).toBe(401);
    expect((await p.login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await p.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Two sessions from the logins above were open besides this one and `elsewhere`.
    expect((await eventsOf(user.id, 'password.changed'))[0]!.detail.sessionsRevoked).toBe(2);
    await p.inbox.waitFor(user.email, /password was changed/i);
  });

  it('is refused on a support session and without a session', async () => {
    const owner = await p.user();
    const operator = await p.user({ agencyId: null, permissions: ['support.session'] });
    const opened = await p.request(await p.operatorToken(operator.email), 'POST', '/v1/admin/support-sessions', {
      agencyId: owner.agencyId,
      reason: 'ticket 99',
    });
    const support = opened.json().token as string;
    const refused = await p.request(support, 'POST', '/v1/dev/me/password', { password: PASSWORD, newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('support_session_forbidden');
    expect(
      (await p.request(null, 'POST', '/v1/dev/me/password', { password: PASSWORD, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a one-time token; the new password ends every session; the token and its siblings are spent', async () => {
    const user = await p.user();
    const session = await p.token(user.email);
    const first = await resetToken(user.email, '192.0.2.10');
    const second = await resetToken(user.email, '192.0.2.10');
    expect(first).not.toBe(second);

    // A password the policy refuses leaves the token usable.
    const weak = await confirm(second, 'short-pw-1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toContain('at least 12');

    const done = await confirm(second, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'password_reset' });
    expect((await p.request(session, 'GET', '/v1/dev/me')).statusCode).toBe(401);
    expect((await p.login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await p.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    await p.inbox.waitFor(user.email, /password was reset/i);
    expect(await eventsOf(user.id, 'password.reset')).toHaveLength(1);
    expect(await eventsOf(user.id, 'password.reset_requested')).toHaveLength(2);

    for (const spent of [second, first, 'fapr_unknown']) {
      const again = await confirm(spent, 'another-fine-password-9');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'invalid_reset_token',
        error: 'this reset link is invalid, used or expired: ask for a new one',
      });
    }
  });

  it('answers the same for an address without an account, and mails nothing there', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/v1/dev/password-reset',
      payload: { email: 'nobody-here@agency.test' },
      remoteAddress: '192.0.2.11',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'reset_sent' });
    await new Promise((r) => setTimeout(r, 300));
    expect(p.inbox.mails.some((m) => m.to.includes('nobody-here@agency.test'))).toBe(false);
  });

  it('lapses after an hour', async () => {
    const user = await p.user();
    const token = await resetToken(user.email, '192.0.2.12');
    p.advance(61 * 60_000);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await p.login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lifts a lock that would end by itself, but not an operator lock', async () => {
    const timed = await p.user();
    for (let i = 0; i < 5; i++) await p.login(timed.email, 'wrong-password-123');
    expect((await p.login(timed.email, PASSWORD)).statusCode).toBe(401);
    expect((await confirm(await resetToken(timed.email, '192.0.2.13'), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await p.login(timed.email, NEW_PASSWORD)).statusCode).toBe(200);

    const held = await p.user();
    await sql`update users set failed_logins = 100, locked_at = now(), locked_until = null where id = ${held.id}`.execute(
      p.platform.db,
    );
    expect((await confirm(await resetToken(held.email, '192.0.2.13'), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await p.login(held.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('takes at most PUBLIC_FORM_RATE_LIMIT_PER_HOUR requests per client address an hour', async () => {
    const ask = (email: string) =>
      p.app.inject({ method: 'POST', url: '/v1/dev/password-reset', payload: { email }, remoteAddress: '192.0.2.99' });
    for (let i = 0; i < 10; i++) expect((await ask(`x${i}@agency.test`)).statusCode).toBe(202);
    const refused = await ask('x10@agency.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too many password reset requests from this address: at most 10 an hour');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
