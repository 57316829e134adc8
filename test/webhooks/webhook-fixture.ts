import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '../../src/identity/account-service.js';
import { systemResolver, type ResolvedAddress } from '../../src/webhooks/delivery/ssrf-guard.js';
import { startAaTestSystem } from '../../src/testsystem/aa/server.js';
import { buildTestApp } from '../helpers/test-app.js';
import { PORTAL_PASSWORD, portalUser } from '../helpers/portal-sessions.js';
import { daysAhead, SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import { startReceiver } from './https-receiver.js';

export const PASSWORD = PORTAL_PASSWORD;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The gateway with the real AA test system, a real HTTPS receiver on loopback whose certificate
 * the gateway trusts through the dispatcher's CA option, a host resolver the test controls
 * (names it was not told about resolve as the system resolves them; `localhost` is pinned to
 * 127.0.0.1 where the receiver listens) and a clock the test can move.
 */
export async function webhookFixture(
  options: {
    isolated?: boolean;
    attemptTimeoutMs?: number;
    logLines?: string[];
    anyPort?: boolean;
    spanExporter?: SpanExporter;
  } = {},
) {
  const aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
  const receiver = await startReceiver();
  const names = new Map<string, ResolvedAddress[]>([
    ['localhost', [{ address: '127.0.0.1', family: 4 }]],
    ['receiver.pinned.test', [{ address: '127.0.0.1', family: 4 }]],
  ]);
  // Names answered differently at each lookup, in turn (the last answer repeats), and every lookup made.
  const sequences = new Map<string, ResolvedAddress[][]>();
  const lookups: string[] = [];
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const t = await buildTestApp({
    clock,
    ...(options.isolated ? { isolated: true } : {}),
    ...(options.logLines ? { logLines: options.logLines } : {}),
    ...(options.spanExporter ? { spanExporter: options.spanExporter } : {}),
    env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY, WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost,receiver.pinned.test' },
    app: {
      testSystemUrls: { AA: aa.url },
      webhooks: {
        ca: receiver.ca,
        // The receiver listens on a random port, reached under names the resolver below answers
        // publicly; `anyPort: false` keeps the production port rule.
        anyPortForTests: options.anyPort ?? true,
        ...(options.attemptTimeoutMs ? { attemptTimeoutMs: options.attemptTimeoutMs } : {}),
        resolver: async (host) => {
          lookups.push(host);
          const sequence = sequences.get(host);
          if (sequence) return sequence.length > 1 ? sequence.shift()! : sequence[0]!;
          return names.get(host) ?? systemResolver(host);
        },
      },
    },
  });
  const { app, gateway } = t;
  let users = 0;

  const f = {
    ...t,
    aa,
    receiver,
    clock,
    advance(ms: number) {
      offsetMs += ms;
    },
    lookups,
    /** Makes `host` answer each list of addresses in turn, one list per lookup (the last one repeats). */
    resolveInTurn(host: string, ...answers: string[][]) {
      sequences.set(
        host,
        answers.map((list) => list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))),
      );
    },
    /** Makes `host` resolve to `addresses` from now on. */
    resolve(host: string, ...addresses: string[]) {
      names.set(
        host,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    },

    async request(token: string | null, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
      return app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },

    /** A user of `agencyId` (a new agency when absent), signed in; `mfa` enrols TOTP, which verifies the session. */
    async session(opts: { agencyId?: string; role?: Role; mfa?: boolean; permissions?: string[]; agencyless?: boolean } = {}) {
      const n = ++users;
      const agencyId = opts.agencyless
        ? null
        : (opts.agencyId ?? (await gateway.identity.createAgency({ name: `Webhook Agency ${n}` })).id);
      const email = `hooks${n}-${Math.random().toString(36).slice(2, 8)}@agency.test`;
      const user = await portalUser({ gateway }, { agencyId, email, role: opts.role, permissions: opts.permissions });
      const login = await f.request(null, 'POST', '/v1/dev/login', { email, password: PASSWORD });
      const token = login.json().token as string;
      let totpSecret: string | null = null;
      if (opts.mfa ?? true) {
        const started = await f.request(token, 'POST', '/v1/dev/me/mfa/totp', { password: PASSWORD });
        totpSecret = started.json().secret as string;
        const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: clock().getTime() });
        const confirmed = await f.request(token, 'POST', '/v1/dev/me/mfa/totp/confirm', { code });
        if (confirmed.statusCode !== 200) throw new Error(`mfa enrolment failed: ${confirmed.body}`);
      }
      return { token, agencyId: agencyId!, userId: user.id, email, totpSecret };
    },

    /** Signs in again with password and TOTP at the service's time (a moved clock ends idle sessions). */
    async signIn(user: { email: string; totpSecret: string | null }): Promise<string> {
      const login = await f.request(null, 'POST', '/v1/dev/login', { email: user.email, password: PASSWORD });
      const code = TOTP.generate({ secret: Secret.fromBase32(user.totpSecret!), timestamp: clock().getTime() });
      const res = await f.request(null, 'POST', '/v1/dev/login/mfa', { challenge: login.json().challenge, code });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },

    /** A support session on `agencyId`, opened by an operator holding `permissions`. */
    async supportSession(agencyId: string, permissions = ['support.session', 'orders.support']) {
      const operator = await f.session({ agencyless: true, permissions });
      const opened = await f.request(operator.token, 'POST', '/v1/admin/support-sessions', { agencyId, reason: 'ticket 13' });
      if (opened.statusCode !== 201) throw new Error(`support session: ${opened.statusCode} ${opened.body}`);
      return { token: opened.json().token as string, operatorId: operator.userId };
    },

    /** An API key of the agency, made as the CLI makes them. */
    async apiKey(agencyId: string, environment: 'test' | 'live' = 'test') {
      const { secret } = await gateway.apiKeys.create({ agencyId, kind: 'agency', environment }, { via: 'cli' });
      return secret;
    },

    /** A hold booked through the API with the key: fires order.created. */
    async hold(key: string, days = 30): Promise<{ order_id: string; pnr: string }> {
      const search = await app.inject({
        method: 'POST',
        url: '/v1/shopping/offers',
        headers: { 'x-api-key': key },
        payload: { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(days), adults: 1 },
      });
      const offers = (search.json().offers ?? []) as {
        offer_id: string;
        fare_brand_code?: string | null;
        slices: { segments: unknown[] }[];
      }[];
      const offer =
        offers.find((o) => /MAIN/.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1)) ?? offers[0];
      if (!offer) throw new Error(`no offer: ${search.statusCode} ${search.body}`);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { 'x-api-key': key },
        payload: {
          offer_id: offer.offer_id,
          passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' }],
          payment: { type: 'hold' },
        },
      });
      if (res.statusCode !== 201) throw new Error(`hold: ${res.statusCode} ${res.body}`);
      return res.json();
    },

    /** Runs the delivery worker once, as the scheduler does every second. */
    deliver: () => gateway.webhooks.dispatcher.runOnce(),

    async close() {
      await t.close();
      await receiver.close();
      await aa.close();
    },
  };
  return f;
}

export type WebhookFixture = Awaited<ReturnType<typeof webhookFixture>>;
