import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * Portal sessions for `app.inject` tests: a user made through the identity service as the CLI makes
 * one, signed in over /v1/dev/login, and an operator's support session on an agency. Each answers
 * the headers that carry the session.
 */
export const PORTAL_PASSWORD = 'violet-harbour-sunrise-42';

type Portal = Pick<TestApp, 'app' | 'gateway'>;
type Bearer = Record<string, string>;

/**
 * A user of `agencyId` (null: a platform operator) with this run's password, made the way the CLI
 * makes one: a random address unless `email` names one, verified unless `verified: false`.
 */
export function portalUser(
  t: Pick<TestApp, 'gateway'>,
  options: {
    agencyId: string | null;
    email?: string;
    role?: 'owner' | 'admin' | 'developer';
    permissions?: string[];
    verified?: boolean;
  },
) {
  return t.gateway.identity.createUser({
    agencyId: options.agencyId,
    email: options.email ?? `u-${Math.random().toString(36).slice(2, 10)}@gateway.test`,
    password: PORTAL_PASSWORD,
    role: options.role ?? 'owner',
    permissions: options.permissions ?? [],
    emailVerified: options.verified ?? true,
  });
}

/** Signs `email` in with the password; throws unless the login answered 200. */
export async function portalLogin(t: Portal, email: string): Promise<Bearer> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PORTAL_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token as string}` };
}

/**
 * A support session on `agencyId`, opened by a new operator holding `permissions`. Admin paths need
 * a verified second factor: enrolling TOTP verifies the operator's session first.
 */
export async function supportSession(
  t: Portal,
  options: { agencyId: string; permissions: string[]; reason?: string },
): Promise<{ operatorId: string; bearer: Bearer }> {
  const operator = await portalUser(t, { agencyId: null, permissions: options.permissions });
  const headers = await portalLogin(t, operator.email);
  const started = await t.app.inject({
    method: 'POST',
    url: '/v1/dev/me/mfa/totp',
    headers,
    payload: { password: PORTAL_PASSWORD },
  });
  const code = TOTP.generate({ secret: Secret.fromBase32(started.json().secret as string) });
  await t.app.inject({ method: 'POST', url: '/v1/dev/me/mfa/totp/confirm', headers, payload: { code } });
  const opened = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/support-sessions',
    headers,
    payload: { agencyId: options.agencyId, reason: options.reason ?? 'ticket 1234' },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { operatorId: operator.id, bearer: { authorization: `Bearer ${opened.json().token as string}` } };
}
