import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

let p: Portal;
let operator: { id: string; email: string };
let opToken: string;

beforeAll(async () => {
  p = await startPortal();
  operator = await p.user({ agencyId: null, permissions: ['platform.read', 'user.manage', 'support.session', 'orders.support'] });
  opToken = await p.operatorToken(operator.email);
});
afterAll(async () => p.close());

describe("the caller's security events", () => {
  it("pages the caller's own events newest first with a total, filtered by kind", async () => {
    const user = await p.user();
    for (let i = 0; i < 3; i++) await p.login(user.email, 'wrong-password-xyz');
    const token = await p.token(user.email);
    const other = await p.user();
    await p.login(other.email, 'wrong-password-xyz');

    const all = await p.request(token, 'GET', '/v1/dev/me/security-events');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    expect(all.json().events.map((e: { kind: string }) => e.kind)).toEqual([
      'login.succeeded',
      'login.failed',
      'login.failed',
      'login.failed',
    ]);
    expect(all.json().events.every((e: { userId: string }) => e.userId === user.id)).toBe(true);

    const page = await p.request(token, 'GET', '/v1/dev/me/security-events?kind=login.failed&limit=2&offset=2');
    expect(page.json().total).toBe(3);
    expect(page.json().events).toHaveLength(1);

    const tooMany = await p.request(token, 'GET', '/v1/dev/me/security-events?limit=201');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('limit');
  });
});

describe('admin paths', () => {
  it('need a session with a verified second factor, even with the permission', async () => {
    const email = (await p.user({ agencyId: null, permissions: ['platform.read'] })).email;
    const passwordOnly = await p.token(email);
    const refused = await p.request(passwordOnly, 'GET', '/v1/admin/security/events');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('mfa_required');

    // Enrolling TOTP verifies the session it is done in; a later login goes through the second factor.
    await p.enrolTotp(passwordOnly);
    expect((await p.request(passwordOnly, 'GET', '/v1/admin/security/events')).statusCode).toBe(200);
    const { challenge, mfaRequired } = (await p.login(email)).json();
    expect(mfaRequired).toBe(true);
    expect(challenge).toBeDefined();
  });
});

describe('admin security events', () => {
  it("lists everyone's events filtered by kind, user and time, newest first", async () => {
    const user = await p.user();
    const since = p.clock().toISOString();
    await p.login(user.email, 'wrong-password-xyz');
    await p.token(user.email);

    const byUser = await p.request(opToken, 'GET', `/v1/admin/security/events?user_id=${user.id}`);
    expect(byUser.json().events.map((e: { kind: string }) => e.kind)).toEqual(['login.succeeded', 'login.failed']);
    const failed = await p.request(opToken, 'GET', `/v1/admin/security/events?kind=login.failed&user_id=${user.id}`);
    expect(failed.json().events).toHaveLength(1);
    const limited = await p.request(opToken, 'GET', '/v1/admin/security/events?limit=1');
    expect(limited.json().events).toHaveLength(1);
    const recent = await p.request(
      opToken,
      'GET',
      `/v1/admin/security/events?since=${encodeURIComponent(since)}&user_id=${user.id}`,
    );
    expect(recent.json().events.length).toBeGreaterThanOrEqual(1);
    const future = await p.request(opToken, 'GET', `/v1/admin/security/events?since=2999-01-01T00:00:00Z`);
    expect(future.json().events).toEqual([]);
    expect((await p.request(opToken, 'GET', '/v1/admin/security/events?since=yesterday')).statusCode).toBe(400);
  });

  it('acknowledges an event once, and answers 404 for an unknown id', async () => {
    const user = await p.user();
    await p.login(user.email, 'wrong-password-xyz');
    const [event] = (await p.request(opToken, 'GET', `/v1/admin/security/events?user_id=${user.id}`)).json().events;
    const acked = await p.request(opToken, 'POST', `/v1/admin/security/events/${event.id}/ack`);
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({ id: event.id, acknowledgedBy: operator.id });
    expect(acked.json().acknowledgedAt).not.toBeNull();
    const again = await p.request(opToken, 'POST', `/v1/admin/security/events/${event.id}/ack`);
    expect(again.json().acknowledgedAt).toBe(acked.json().acknowledgedAt);
    expect((await p.request(opToken, 'POST', '/v1/admin/security/events/999999999/ack')).statusCode).toBe(404);
    expect((await p.request(opToken, 'POST', '/v1/admin/security/events/abc/ack')).statusCode).toBe(400);
  });
});

describe('support sessions', () => {
  it("open on an agency's behalf with support.session, carry a support context, and are refused every key operation", async () => {
    const owner = await p.user();
    const ownerToken = await p.token(owner.email);
    const key = (await p.request(ownerToken, 'POST', '/v1/dev/api-keys', { name: 'theirs' })).json();

    const opened = await p.request(opToken, 'POST', '/v1/admin/support-sessions', {
      agencyId: owner.agencyId,
      reason: 'ticket 4711',
    });
    expect(opened.statusCode).toBe(201);
    const { token, supportSession, session } = opened.json();
    expect(supportSession).toMatchObject({ operatorUserId: operator.id, agencyId: owner.agencyId, reason: 'ticket 4711' });
    expect(new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime()).toBe(60 * 60_000);

    const me = await p.request(token, 'GET', '/v1/dev/me');
    expect(me.json()).toMatchObject({
      id: operator.id,
      role: null,
      agency: { id: owner.agencyId },
      supportSession: { id: supportSession.id, operatorUserId: operator.id, agencyId: owner.agencyId },
    });

    for (const [method, url, body] of [
      ['GET', '/v1/dev/api-keys', undefined],
      ['POST', '/v1/dev/api-keys', {}],
      ['PATCH', `/v1/dev/api-keys/${key.id}`, { name: 'changed' }],
      ['DELETE', `/v1/dev/api-keys/${key.id}`, undefined],
      ['POST', `/v1/dev/api-keys/${key.id}/rotate`, undefined],
      ['POST', `/v1/dev/api-keys/${key.id}/secret`, { password: PASSWORD }],
      ['GET', '/v1/dev/me/security-events', undefined],
    ] as const) {
      const res = await p.request(token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('support_session_forbidden');
    }
    // Admin paths stay on the operator's own session.
    expect((await p.request(token, 'GET', '/v1/admin/security/lockouts')).statusCode).toBe(403);

    expect((await p.request(token, 'POST', '/v1/dev/logout')).json()).toEqual({ status: 'logged_out' });
    expect((await p.request(token, 'GET', '/v1/dev/me')).statusCode).toBe(401);
    const events = (await p.request(opToken, 'GET', `/v1/admin/security/events?user_id=${operator.id}`)).json().events;
    const opening = events.find((e: { kind: string }) => e.kind === 'support_session.opened');
    const closing = events.find((e: { kind: string }) => e.kind === 'support_session.closed');
    expect(opening).toMatchObject({
      agencyId: owner.agencyId,
      detail: { supportSessionId: supportSession.id, reason: 'ticket 4711' },
    });
    expect(closing).toMatchObject({ agencyId: owner.agencyId, detail: { supportSessionId: supportSession.id } });
  });

  it("never lists or revokes the operator's own sessions", async () => {
    const owner = await p.user();
    const opened = (
      await p.request(opToken, 'POST', '/v1/admin/support-sessions', { agencyId: owner.agencyId, reason: 'ticket 5150' })
    ).json();
    const own = (await p.request(opToken, 'GET', '/v1/dev/sessions')).json().sessions as { id: string }[];
    expect(own.length).toBeGreaterThan(0);

    const listed = await p.request(opened.token, 'GET', '/v1/dev/sessions');
    expect(listed.statusCode).toBe(403);
    expect(listed.json().code).toBe('support_session_forbidden');
    for (const { id } of own) expect(listed.body).not.toContain(id);
    const revoke = await p.request(opened.token, 'DELETE', `/v1/dev/sessions/${own[0]!.id}`);
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json().code).toBe('support_session_forbidden');
    // The operator's own session is untouched.
    expect((await p.request(opToken, 'GET', '/v1/dev/sessions')).statusCode).toBe(200);
    await p.request(opened.token, 'POST', '/v1/dev/logout');
  });

  it('is closed by the operator from the admin API', async () => {
    const owner = await p.user();
    const opened = (
      await p.request(opToken, 'POST', '/v1/admin/support-sessions', { agencyId: owner.agencyId, reason: 'check keys' })
    ).json();
    const closed = await p.request(opToken, 'DELETE', `/v1/admin/support-sessions/${opened.supportSession.id}`);
    expect(closed.json()).toEqual({ status: 'closed' });
    expect((await p.request(opened.token, 'GET', '/v1/dev/me')).statusCode).toBe(401);
    expect((await p.request(opToken, 'DELETE', '/v1/admin/support-sessions/sup_nothing')).statusCode).toBe(404);
  });

  it('needs the support.session permission and a known agency', async () => {
    const owner = await p.user();
    const reader = await p.operatorToken((await p.user({ agencyId: null, permissions: ['platform.read'] })).email);
    const denied = await p.request(reader, 'POST', '/v1/admin/support-sessions', { agencyId: owner.agencyId, reason: 'curious' });
    expect(denied.statusCode).toBe(403);
    const ownerToken = await p.token(owner.email);
    expect(
      (await p.request(ownerToken, 'POST', '/v1/admin/support-sessions', { agencyId: owner.agencyId, reason: 'self' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await p.request(opToken, 'POST', '/v1/admin/support-sessions', { agencyId: 'agc_none', reason: 'ticket 1' })).statusCode,
    ).toBe(404);
    expect((await p.request(opToken, 'POST', '/v1/admin/support-sessions', { agencyId: owner.agencyId })).json().error).toBe(
      'reason is required',
    );
  });
});

describe("the agency's side of the log", () => {
  it("shows a member the refusals of the agency's keys and support sessions on its behalf", async () => {
    const owner = await p.user();
    const token = await p.token(owner.email);
    const key = (await p.request(token, 'POST', '/v1/dev/api-keys', { allowedIps: ['192.0.2.1'] })).json();
    const refused = await p.app.inject({
      method: 'GET',
      url: '/v1/monitoring/airlines',
      headers: { 'x-api-key': key.secret },
      remoteAddress: '203.0.113.50',
    });
    expect(refused.statusCode).toBe(403);
    const opened = (
      await p.request(opToken, 'POST', '/v1/admin/support-sessions', { agencyId: owner.agencyId, reason: 'ticket 99' })
    ).json();
    await p.request(opened.token, 'POST', '/v1/dev/logout');

    // The refusal is written after the answer, off the request path.
    await expect
      .poll(async () => (await p.request(token, 'GET', '/v1/dev/me/security-events?kind=api_key.request_refused')).json().total)
      .toBe(1);
    const kinds = (await p.request(token, 'GET', '/v1/dev/me/security-events'))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['support_session.opened', 'support_session.closed', 'api_key.created', 'login.succeeded']),
    );
    const stranger = await p.token((await p.user()).email);
    expect((await p.request(stranger, 'GET', '/v1/dev/me/security-events?kind=api_key.request_refused')).json().total).toBe(0);
  });
});

describe('for other features', () => {
  it('has one app-wide session gate and the request decoration app-wide', () => {
    expect(p.app.hasPlugin('session-gate')).toBe(true);
    expect(p.app.hasRequestDecorator('session')).toBe(true);
  });
});
