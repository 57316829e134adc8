import { Secret, TOTP } from 'otpauth';
import type { Role } from '../../src/identity/account-service.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PORTAL_PASSWORD, portalUser } from '../helpers/portal-sessions.js';
import { startInbox } from './smtp-inbox.js';

export const PASSWORD = PORTAL_PASSWORD;

/** A portal app on this run's storage with a real SMTP inbox and a clock the test can move. */
export async function startPortal(options: { logLines?: string[]; env?: Record<string, string>; isolated?: boolean } = {}) {
  const inbox = await startInbox();
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const t: TestApp = await buildTestApp({
    clock,
    env: {
      SMTP_URL: inbox.url,
      OPERATOR_EMAIL: 'operator@gateway.test',
      PUBLIC_URL: 'https://portal.gateway.test',
      ...options.env,
    },
    ...(options.logLines ? { logLines: options.logLines } : {}),
    ...(options.isolated ? { isolated: true } : {}),
  });
  const { app, gateway } = t;
  let users = 0;
  const recoveryCodes = new Map<string, string[]>();

  const portal = {
    ...t,
    inbox,
    clock,
    advance(ms: number) {
      offsetMs += ms;
    },

    /** A user made the way the CLI makes them; an agency of its own unless `agencyId: null`. */
    async user(opts: { agencyId?: string | null; role?: Role; permissions?: string[]; verified?: boolean; live?: boolean } = {}) {
      const n = ++users;
      const agencyId =
        opts.agencyId === undefined
          ? (await gateway.identity.createAgency({ name: `Agency ${n}`, live: opts.live ?? false })).id
          : opts.agencyId;
      const email = `user${n}-${Math.random().toString(36).slice(2, 8)}@agency.test`;
      const user = await portalUser({ gateway }, { ...opts, agencyId, email });
      return { id: user.id, email, agencyId };
    },

    async login(email: string, password = PASSWORD) {
      return app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password } });
    },

    /** Logs in and answers the session token (the account must have no second factor). */
    async token(email: string): Promise<string> {
      const res = await portal.login(email);
      if (res.statusCode !== 200 || !res.json().token) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },

    /**
     * A session for an operator: admin paths need a verified second factor. The first call enrols
     * TOTP (which verifies the session); later calls sign in with a recovery code.
     */
    async operatorToken(email: string): Promise<string> {
      const codes = recoveryCodes.get(email);
      if (!codes) {
        const token = await portal.token(email);
        recoveryCodes.set(email, (await portal.enrolTotp(token)).recoveryCodes);
        return token;
      }
      const { challenge } = (await portal.login(email)).json() as { challenge: string };
      const res = await portal.request(null, 'POST', '/v1/dev/login/mfa', { challenge, code: codes.pop() });
      if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },

    async request(token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
      return app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },

    /** Enrols TOTP through the API; answers the base32 secret and the recovery codes. */
    async enrolTotp(token: string) {
      const started = await portal.request(token, 'POST', '/v1/dev/me/mfa/totp', { password: PASSWORD });
      if (started.statusCode !== 200) throw new Error(`enrolment failed: ${started.body}`);
      const secret = started.json().secret as string;
      const confirmed = await portal.request(token, 'POST', '/v1/dev/me/mfa/totp/confirm', { code: portal.totp(secret) });
      if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
      return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[], uri: started.json().otpauthUri as string };
    },

    /** The TOTP code of a secret at the service's time, `steps` periods later. */
    totp(secret: string, steps = 0) {
      return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock().getTime() + steps * 30_000 });
    },

    async close() {
      await t.close();
      await inbox.close();
    },
  };
  return portal;
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;
