import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';
import { PATIENCE } from '../helpers/patience.js';

const TEAMMATE_PASSWORD = 'copper-harbour-evening-31';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => p.close());

/** The token of the newest invitation mail to an address, waiting for it to arrive. */
async function inviteToken(email: string, nth = 1): Promise<string> {
  const mails = () => p.inbox.mails.filter((m) => m.to.includes(email) && /invited/i.test(m.subject));
  const mail = await vi.waitFor(() => {
    const found = mails()[nth - 1];
    if (!found) throw new Error(`no invitation mail ${nth} for ${email}`);
    return found;
  }, PATIENCE);
  return /fainv_[A-Za-z0-9]{43}/.exec(mail.text)![0];
}

const accept = (token: string, password = TEAMMATE_PASSWORD) =>
  p.request(null, 'POST', '/v1/dev/invites/accept', { token, password });

const newAddress = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@agency.test`;

describe('inviting teammates', () => {
  it('an owner invites; the invitee picks a password and joins the agency with the role, e-mail verified', async () => {
    const owner = await p.user();
    const token = await p.token(owner.email);
    const email = newAddress('dev');

    const created = await p.request(token, 'POST', '/v1/dev/invites', { email, role: 'developer' });
    expect(created.statusCode).toBe(201);
    const invite = created.json();
    expect(invite).toMatchObject({ email, role: 'developer', invitedBy: owner.id });
    expect(new Date(invite.expiresAt).getTime() - new Date(invite.createdAt).getTime()).toBe(7 * 86_400_000);
    expect((await p.request(token, 'GET', '/v1/dev/invites')).json().invites.map((i: { id: string }) => i.id)).toEqual([
      invite.id,
    ]);

    const secret = await inviteToken(email);
    const weak = await accept(secret, 'password12345!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toContain('too common');

    const joined = await accept(secret);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'joined', agencyId: owner.agencyId, role: 'developer' });
    const session = (await p.login(email, TEAMMATE_PASSWORD)).json().token as string;
    const me = (await p.request(session, 'GET', '/v1/dev/me')).json();
    expect(me).toMatchObject({ email, role: 'developer', emailVerified: true, agency: { id: owner.agencyId } });
    expect((await p.request(token, 'GET', '/v1/dev/invites')).json().invites).toEqual([]);

    const again = await accept(secret, 'another-fine-password-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'invalid_invite_token',
      error: 'this invitation is invalid, used, revoked or expired: ask for a new one',
    });
    const { rows } = await sql<{ kind: string }>`
      select kind from security_events where agency_id = ${owner.agencyId} and kind like 'invite.%' order by id`.execute(
      p.platform.db,
    );
    expect(rows.map((r) => r.kind)).toEqual(['invite.created', 'invite.accepted']);
  });

  it('only an owner or admin with a verified address invites, never on a support session, never as owner', async () => {
    const owner = await p.user();
    const developer = await p.user({ agencyId: owner.agencyId, role: 'developer' });
    const asDeveloper = await p.request(await p.token(developer.email), 'POST', '/v1/dev/invites', {
      email: newAddress('x'),
      role: 'developer',
    });
    expect(asDeveloper.statusCode).toBe(403);
    expect(asDeveloper.json().code).toBe('role_forbidden');

    const admin = await p.user({ agencyId: owner.agencyId, role: 'admin' });
    const asAdmin = await p.request(await p.token(admin.email), 'POST', '/v1/dev/invites', {
      email: newAddress('y'),
      role: 'admin',
    });
    expect(asAdmin.statusCode).toBe(201);

    const unverified = await p.user({ verified: false });
    const refused = await p.request(await p.token(unverified.email), 'POST', '/v1/dev/invites', {
      email: newAddress('z'),
      role: 'developer',
    });
    expect(refused.json().code).toBe('email_unverified');

    const asOwnerRole = await p.request(await p.token(owner.email), 'POST', '/v1/dev/invites', {
      email: newAddress('o'),
      role: 'owner',
    });
    expect(asOwnerRole.statusCode).toBe(400);

    const operator = await p.user({ agencyId: null, permissions: ['support.session'] });
    const support = (
      await p.request(await p.operatorToken(operator.email), 'POST', '/v1/admin/support-sessions', {
        agencyId: owner.agencyId,
        reason: 'ticket 12',
      })
    ).json().token as string;
    const onSupport = await p.request(support, 'POST', '/v1/dev/invites', { email: newAddress('s'), role: 'developer' });
    expect(onSupport.statusCode).toBe(403);
    expect(onSupport.json().code).toBe('support_session_forbidden');
  });

  it('a revoked or replaced invitation cannot be accepted; another agency cannot revoke it', async () => {
    const owner = await p.user();
    const token = await p.token(owner.email);
    const email = newAddress('rev');
    const first = (await p.request(token, 'POST', '/v1/dev/invites', { email, role: 'developer' })).json();
    const firstToken = await inviteToken(email, 1);
    // Inviting the same address again replaces the first invitation.
    const second = (await p.request(token, 'POST', '/v1/dev/invites', { email, role: 'admin' })).json();
    const secondToken = await inviteToken(email, 2);
    expect((await p.request(token, 'GET', '/v1/dev/invites')).json().invites.map((i: { id: string }) => i.id)).toEqual([
      second.id,
    ]);
    expect((await accept(firstToken)).statusCode).toBe(400);

    const stranger = await p.token((await p.user()).email);
    expect((await p.request(stranger, 'DELETE', `/v1/dev/invites/${second.id}`)).statusCode).toBe(404);
    const revoked = await p.request(token, 'DELETE', `/v1/dev/invites/${second.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ status: 'revoked' });
    expect((await p.request(token, 'DELETE', `/v1/dev/invites/${first.id}`)).statusCode).toBe(404);
    expect((await accept(secondToken)).json().code).toBe('invalid_invite_token');
  });

  it('answers 409 for an address that already has an account, and lapses after a week', async () => {
    const owner = await p.user();
    const token = await p.token(owner.email);
    const existing = await p.user();
    await p.request(token, 'POST', '/v1/dev/invites', { email: existing.email, role: 'developer' });
    const taken = await accept(await inviteToken(existing.email));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    expect((await p.login(existing.email, PASSWORD)).statusCode).toBe(200);

    const email = newAddress('late');
    await p.request(token, 'POST', '/v1/dev/invites', { email, role: 'developer' });
    const late = await inviteToken(email);
    p.advance(7 * 86_400_000 + 60_000);
    expect((await accept(late)).statusCode).toBe(400);
    expect((await p.login(email, TEAMMATE_PASSWORD)).statusCode).toBe(401);
  });
});

describe('invitation mail per address', () => {
  it('mails one address at most 5 invitations an hour from one agency; beyond, 429 and no mail', async () => {
    const token = await p.token((await p.user()).email);
    const email = newAddress('flooded');
    for (let i = 1; i <= 5; i++) {
      expect((await p.request(token, 'POST', '/v1/dev/invites', { email, role: 'developer' })).statusCode).toBe(201);
    }
    await inviteToken(email, 5);
    const refused = await p.request(token, 'POST', '/v1/dev/invites', { email: email.toUpperCase(), role: 'developer' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().error).toContain('at most 5 an hour');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(p.inbox.mails.filter((m) => m.to.includes(email))).toHaveLength(5);
    // The fifth invitation is still open and works.
    expect((await accept(await inviteToken(email, 5))).statusCode).toBe(201);

    // Another agency's invitation to the same address is its own count.
    const other = await p.token((await p.user()).email);
    expect((await p.request(other, 'POST', '/v1/dev/invites', { email, role: 'admin' })).statusCode).toBe(201);
  });
});
