import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

const CHOSEN_PASSWORD = 'juniper-quay-afternoon-58';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => p.close());

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@agency.test`;

/** The one link of a mail to the dashboard at PUBLIC_URL, as a URL, waiting for the mail to arrive. */
async function dashboardLinkIn(to: string, subject: RegExp): Promise<URL> {
  const mail = await p.inbox.waitFor(to, subject);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  // No API path to send a token to by hand: the link opens a page that does it.
  expect(mail.text).not.toContain('/v1/');
  expect(mail.text).not.toMatch(/\bPOST\b/);
  return new URL(links[0]!);
}

/** The token is in the fragment only: a browser never sends that part of a URL to a server. */
function tokenOf(link: URL, page: string, prefix: string): string {
  expect(`${link.origin}${link.pathname}`).toBe(`https://portal.gateway.test/dashboard/${page}`);
  expect(link.search).toBe('');
  const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
  expect(token.startsWith(prefix)).toBe(true);
  return token;
}

describe('e-mailed links open the dashboard at PUBLIC_URL, the token in the fragment', () => {
  it('verification: /dashboard/verify-email#token=…, which the API takes in a POST body', async () => {
    const email = address('verify');
    expect((await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD })).statusCode).toBe(202);
    const token = tokenOf(await dashboardLinkIn(email, /confirm/i), 'verify-email', 'fav_');
    const verified = await p.request(null, 'POST', '/v1/dev/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'verified' });
    const session = await p.token(email);
    expect((await p.request(session, 'GET', '/v1/dev/me')).json()).toMatchObject({ emailVerified: true });
  });

  it('verification by POST refuses a missing, unknown or oversized token naming the field', async () => {
    const missing = await p.request(null, 'POST', '/v1/dev/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('token');
    const unknown = await p.request(null, 'POST', '/v1/dev/verify-email', { token: 'fav_nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_verification_token');
    const huge = await p.request(null, 'POST', '/v1/dev/verify-email', { token: 'x'.repeat(201) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('invalid_request');
  });

  it('password reset: /dashboard/reset-password#token=…, usable at the confirm route', async () => {
    const user = await p.user();
    expect((await p.request(null, 'POST', '/v1/dev/password-reset', { email: user.email })).statusCode).toBe(202);
    const token = tokenOf(await dashboardLinkIn(user.email, /reset your password/i), 'reset-password', 'fapr_');
    const reset = await p.request(null, 'POST', '/v1/dev/password-reset/confirm', { token, password: CHOSEN_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await p.login(user.email, CHOSEN_PASSWORD)).statusCode).toBe(200);
  });

  it('invitation: /dashboard/accept-invite#token=…, usable at the accept route', async () => {
    const owner = await p.user();
    const session = await p.token(owner.email);
    const email = address('teammate');
    expect((await p.request(session, 'POST', '/v1/dev/invites', { email, role: 'developer' })).statusCode).toBe(201);
    const token = tokenOf(await dashboardLinkIn(email, /invited/i), 'accept-invite', 'fainv_');
    const joined = await p.request(null, 'POST', '/v1/dev/invites/accept', { token, password: CHOSEN_PASSWORD });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'joined', agencyId: owner.agencyId, role: 'developer' });
  });
});
