import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => p.close());

describe('sign-up and e-mail verification', () => {
  it('creates an unverified owner and agency, mails a link over SMTP, and the link verifies both', async () => {
    const email = `new-${Date.now()}@example.org`;
    const res = await p.request(null, 'POST', '/v1/dev/signup', { email, password: PASSWORD, agencyName: 'Blue Skies Travel' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'verification_sent' });

    const token = await p.token(email);
    const me = await p.request(token, 'GET', '/v1/dev/me');
    expect(me.json()).toMatchObject({ email, emailVerified: false, role: 'owner', agency: { name: 'Blue Skies Travel', verified: false } });
    const refused = await p.request(token, 'POST', '/v1/dev/api-keys', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unverified');

    const mail = await p.inbox.waitFor(email, /confirm/i);
    const link = /https:\/\/portal\.gateway\.test\/v1\/dev\/verify-email\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const verified = await p.request(null, 'GET', `${url.pathname}${url.search}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'verified' });
    expect((await p.request(null, 'GET', `${url.pathname}${url.search}`)).statusCode).toBe(400);

    const after = await p.request(token, 'GET', '/v1/dev/me');
    expect(after.json()).toMatchObject({ emailVerified: true, agency: { verified: true } });
    expect((await p.request(token, 'POST', '/v1/dev/api-keys', {})).statusCode).toBe(201);
  });
});
