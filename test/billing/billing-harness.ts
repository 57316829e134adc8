import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { buildGateway, type AppOptions, type Gateway } from '../../src/app.js';
import type { KeyKind } from '../../src/auth/api-keys/key-service.js';
import type { TermsChange } from '../../src/billing/terms/service.js';
import type { Platform } from '../../src/platform/platform.js';
import { auditErrorCodes } from '../helpers/error-code-audit.js';
import { PORTAL_PASSWORD, portalUser } from '../helpers/portal-sessions.js';
import { createTestPlatform } from '../helpers/test-platform.js';
import { startInbox } from '../portal/smtp-inbox.js';

export const PASSWORD = PORTAL_PASSWORD;
export const PASSENGER = { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' };

/** The fields of a billing refusal's body (402 and 429 alike), sorted. */
export const REFUSAL_FIELDS = [
  'code',
  'docs_url',
  'documentation_url',
  'error',
  'message',
  'period_end',
  'period_start',
  'plan_code',
  'reason',
  'request_id',
];

export interface BillingHarnessOptions {
  env?: Record<string, string>;
  app?: AppOptions;
  isolated?: boolean;
}

/** The gateway with billing, a real SMTP inbox and a clock the test can move. */
export async function startBilling(options: BillingHarnessOptions = {}) {
  const inbox = await startInbox();
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const platform: Platform = await createTestPlatform({
    clock,
    ...(options.isolated ? { isolated: true } : {}),
    env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://gateway.test', FREE_ALLOWANCE_REQUESTS: '20', ...options.env },
  });
  const gateway: Gateway = await buildGateway(platform, options.app);
  const { app } = gateway;
  const audit = auditErrorCodes(app);
  await app.ready();
  const b = gateway.billing;
  let n = 0;
  const recoveryCodes = new Map<string, string[]>();

  const h = {
    app,
    gateway,
    platform,
    billing: b,
    inbox,
    clock,
    advance(ms: number) {
      offsetMs += ms;
    },

    /** An agency with terms set by the operator, and one key of the given kind. */
    async agency(terms: TermsChange = {}, kind: KeyKind = 'portal') {
      const agency = await gateway.identity.createAgency({ name: `Billing Agency ${++n}` });
      if (Object.keys(terms).length > 0) await b.terms.change(agency.id, terms, { via: 'cli' });
      const { key, secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind, environment: 'test' }, { via: 'cli' });
      return { agencyId: agency.id, keyId: key.id, secret };
    },

    get(secret: string, url = '/v1/monitoring/airlines'): Promise<LightMyRequestResponse> {
      return app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });
    },

    /** A user made the way the CLI makes them. */
    async user(opts: { agencyId: string | null; role?: 'owner' | 'admin' | 'developer'; permissions?: string[] }) {
      const email = `billing${++n}-${Math.random().toString(36).slice(2, 8)}@agency.test`;
      const user = await portalUser({ gateway }, { ...opts, email });
      return { id: user.id, email };
    },

    async token(email: string): Promise<string> {
      const res = await app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PASSWORD } });
      if (res.statusCode !== 200 || !res.json().token) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },

    /** A session with a verified second factor, as admin paths need: enrols TOTP on first use. */
    async operatorToken(email: string): Promise<string> {
      const codes = recoveryCodes.get(email);
      if (!codes) {
        const token = await h.token(email);
        const started = await h.request(token, 'POST', '/v1/dev/me/mfa/totp', { password: PASSWORD });
        const secret = started.json().secret as string;
        const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock().getTime() });
        const confirmed = await h.request(token, 'POST', '/v1/dev/me/mfa/totp/confirm', { code });
        if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
        recoveryCodes.set(email, confirmed.json().recoveryCodes as string[]);
        return token;
      }
      const { challenge } = (
        await app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PASSWORD } })
      ).json() as { challenge: string };
      const res = await h.request(null, 'POST', '/v1/dev/login/mfa', { challenge, code: codes.pop() });
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

    async close() {
      await app.close();
      await platform.close();
      await inbox.close();
      audit.check();
    },
  };
  return h;
}

export type BillingHarness = Awaited<ReturnType<typeof startBilling>>;
