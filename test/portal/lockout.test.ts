import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as password from '../../src/identity/passwords/hashing.js';
import { lockAfter, LOCKOUT_POLICY } from '../../src/portal/policy.js';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

vi.mock('../../src/identity/passwords/hashing.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/identity/passwords/hashing.js')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const MINUTE = 60_000;
let p: Portal;
let admin: string;
let adminEmail: string;
let reader: string;

beforeAll(async () => {
  p = await startPortal();
  adminEmail = (await p.user({ agencyId: null, permissions: ['platform.read', 'user.manage'] })).email;
  admin = await p.operatorToken(adminEmail);
  reader = await p.operatorToken((await p.user({ agencyId: null, permissions: ['platform.read'] })).email);
});
afterAll(async () => p.close());

async function failTimes(email: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await p.login(email, 'not-the-password-at-all');
    expect(res.statusCode).toBe(401);
  }
}

async function eventsOf(userId: string) {
  const res = await p.request(admin, 'GET', `/v1/admin/security/events?user_id=${userId}&limit=200`);
  return (res.json().events as { kind: string; detail: Record<string, unknown> }[]).map((e) => e);
}

describe('lockout policy', () => {
  it('locks every 5 failures, doubling from 15 minutes to a 24-hour cap, and for good at 100', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const minutes = (n: number) => ((lockAfter(n, now)?.getTime() ?? NaN) - now.getTime()) / MINUTE;
    expect(lockAfter(4, now)).toBeUndefined();
    expect(minutes(5)).toBe(15);
    expect(minutes(10)).toBe(30);
    expect(minutes(15)).toBe(60);
    expect(minutes(40)).toBe(24 * 60);
    expect(minutes(95)).toBe(24 * 60);
    expect(lockAfter(LOCKOUT_POLICY.ceiling, now)).toBeNull();
    expect(LOCKOUT_POLICY.ceiling).toBeLessThanOrEqual(100);
  });
});

describe('failed logins', () => {
  it('answer one generic 401 for an unknown address, a wrong password and a locked account, each after one password hash', async () => {
    const user = await p.user();
    const verify = vi.mocked(password.verifyPassword);

    verify.mockClear();
    const unknown = await p.login('nobody-here@agency.test', PASSWORD);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    const wrong = await p.login(user.email, 'wrong-password-123');
    expect(verify).toHaveBeenCalledTimes(1);
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid e-mail or password', code: 'invalid_credentials' });
    }

    await failTimes(user.email, 4);
    verify.mockClear();
    const locked = await p.login(user.email, PASSWORD);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ error: 'invalid e-mail or password', code: 'invalid_credentials' });
  });

  it('locks after 5, records every failure and the lock, mails the owner, and an admin unlocks', async () => {
    const user = await p.user();
    await failTimes(user.email, LOCKOUT_POLICY.threshold);
    expect((await p.login(user.email)).statusCode).toBe(401);

    const kinds = (await eventsOf(user.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'login.failed')).toHaveLength(6);
    expect(kinds).toContain('account.locked');
    await p.inbox.waitFor(user.email, /locked/i);

    const lockouts = await p.request(reader, 'GET', '/v1/admin/security/lockouts');
    expect(lockouts.statusCode).toBe(200);
    const entry = lockouts.json().lockouts.find((l: { userId: string }) => l.userId === user.id);
    expect(entry).toMatchObject({ email: user.email, failedLogins: 5 });
    expect(new Date(entry.lockedUntil).getTime() - new Date(entry.lockedAt).getTime()).toBe(15 * MINUTE);

    const denied = await p.request(reader, 'POST', `/v1/admin/security/lockouts/${user.id}/unlock`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('missing_permission');

    const unlocked = await p.request(admin, 'POST', `/v1/admin/security/lockouts/${user.id}/unlock`);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ status: 'unlocked', user_id: user.id, userId: user.id });
    expect((await p.request(admin, 'POST', `/v1/admin/security/lockouts/${user.id}/unlock`)).statusCode).toBe(404);
    expect((await p.request(admin, 'POST', '/v1/admin/security/lockouts/usr_nobody/unlock')).statusCode).toBe(404);

    expect((await p.login(user.email)).statusCode).toBe(200);
    const unlock = (await eventsOf(user.id)).find((e) => e.kind === 'account.unlocked');
    expect(unlock?.detail).toMatchObject({ via: 'operator' });
  });

  it('lifts a lock when its time is up and locks for longer the next time', async () => {
    const user = await p.user();
    await failTimes(user.email, 5);
    p.advance(15 * MINUTE + 1_000);
    await failTimes(user.email, 5);
    admin = await p.operatorToken(adminEmail);

    const lockouts = await p.request(admin, 'GET', '/v1/admin/security/lockouts');
    const entry = lockouts.json().lockouts.find((l: { userId: string }) => l.userId === user.id);
    expect(entry.failedLogins).toBe(10);
    expect(new Date(entry.lockedUntil).getTime() - new Date(entry.lockedAt).getTime()).toBe(30 * MINUTE);
    const kinds = (await eventsOf(user.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'account.locked')).toHaveLength(2);
    expect((await eventsOf(user.id)).find((e) => e.kind === 'account.unlocked')?.detail).toMatchObject({ via: 'expiry' });

    p.advance(30 * MINUTE + 1_000);
    expect((await p.login(user.email)).statusCode).toBe(200);
    // The clock moved past the admin session's idle limit too.
    expect((await p.request(admin, 'GET', '/v1/admin/security/lockouts')).statusCode).toBe(401);
    admin = await p.operatorToken(adminEmail);
    // A successful login ends the streak: the next lock is a first one again.
    await failTimes(user.email, 5);
    const again = (await p.request(admin, 'GET', '/v1/admin/security/lockouts'))
      .json()
      .lockouts.find((l: { userId: string }) => l.userId === user.id);
    expect(new Date(again.lockedUntil).getTime() - new Date(again.lockedAt).getTime()).toBe(15 * MINUTE);
  });

  it('locks for good at the 100th consecutive failure, until an operator unlocks', async () => {
    const user = await p.user();
    await sql`update users set failed_logins = 99 where id = ${user.id}`.execute(p.platform.db);
    await failTimes(user.email, 1);
    p.advance(48 * 60 * MINUTE);
    admin = await p.operatorToken(adminEmail);
    expect((await p.login(user.email)).statusCode).toBe(401);
    const entry = (await p.request(admin, 'GET', '/v1/admin/security/lockouts'))
      .json()
      .lockouts.find((l: { userId: string }) => l.userId === user.id);
    expect(entry).toMatchObject({ failedLogins: 100, lockedUntil: null });
    expect((await p.request(admin, 'POST', `/v1/admin/security/lockouts/${user.id}/unlock`)).statusCode).toBe(200);
    expect((await p.login(user.email)).statusCode).toBe(200);
  });

  it('keeps admin paths to holders of the named permission', async () => {
    const plain = await p.token((await p.user()).email);
    for (const [method, url] of [
      ['GET', '/v1/admin/security/lockouts'],
      ['GET', '/v1/admin/security/events'],
      ['POST', '/v1/admin/security/events/1/ack'],
      ['POST', '/v1/admin/security/lockouts/usr_x/unlock'],
    ] as const) {
      const res = await p.request(plain, method, url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await p.request(null, 'GET', '/v1/admin/security/lockouts')).statusCode).toBe(401);
  });
});
