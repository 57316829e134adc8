import type { LightMyRequestResponse } from 'fastify';
import { request } from 'undici';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { startVsTestSystem, type VsTestSystem } from '../../src/testsystem/vs/server.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestPlatformOptions } from '../helpers/test-platform.js';

export const SUBSCRIPTION_KEY = 'aa-test-subscription-key';
export const VS_SUBSCRIPTION_KEY = 'vs-test-subscription-key';

export interface ShoppingFixtureOptions extends TestPlatformOptions {
  /** Also run the VS test system and connect the gateway to it (two airlines, as `npm start` does). */
  withVs?: boolean;
}

export interface ShoppingFixture extends TestApp {
  aa: AaTestSystem;
  /** The VS test system, with `withVs`. */
  vs: VsTestSystem | null;
  key: string;
  agencyId: string;
  /** Calls a test system's control endpoints (faults, clock, reset): AA's unless `airline` says VS. */
  control(method: 'POST' | 'DELETE', path: string, body?: unknown, airline?: 'AA' | 'VS'): Promise<unknown>;
  search(body: Record<string, unknown>, key?: string): Promise<LightMyRequestResponse>;
}

/** The gateway with the real AA test system in-process (and VS's with `withVs`), and one agency key. */
export async function shoppingFixture({ withVs = false, ...options }: ShoppingFixtureOptions = {}): Promise<ShoppingFixture> {
  // The airlines sign their notifications with the gateway's secrets, as a deployment's do.
  const secrets = { ...generatedNotifySecrets(), ...options.env };
  const aa = await startAaTestSystem({
    subscriptionKey: SUBSCRIPTION_KEY,
    logger: false,
    notify: { secret: secrets.AA_NOTIFY_SECRET },
  });
  const vs = withVs
    ? await startVsTestSystem({
        subscriptionKey: VS_SUBSCRIPTION_KEY,
        logger: false,
        notify: { secret: secrets.VS_NOTIFY_SECRET },
      })
    : null;
  const env = { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY, VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY, ...secrets };
  const t = await buildTestApp({ ...options, env, app: { testSystemUrls: { AA: aa.url, VS: vs?.url ?? null } } });
  const { secret, agencyId } = await t.agencyWithKey();
  return {
    ...t,
    aa,
    vs,
    key: secret,
    agencyId,
    async control(method, path, body, airline = 'AA') {
      const base = airline === 'VS' ? vs?.url : aa.url;
      if (!base) throw new Error(`no ${airline} test system in this fixture (withVs)`);
      const res = await request(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      return text ? JSON.parse(text) : null;
    },
    search(body, key = secret) {
      return t.app.inject({ method: 'POST', url: '/v1/shopping/offers', headers: { 'x-api-key': key }, payload: body });
    },
    async close() {
      await t.close();
      await aa.close();
      await vs?.close();
    },
  };
}

/** A date `days` ahead of today (UTC), as YYYY-MM-DD. */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Airline calls made so far, from the connector metrics: proof that a request reached no airline. */
export async function airlineCalls(f: TestApp, operation = 'search'): Promise<number> {
  const metric = await f.platform.metrics.registry.getSingleMetric('airline_calls_total')?.get();
  return (metric?.values ?? []).filter((v) => v.labels.operation === operation).reduce((s, v) => s + v.value, 0);
}
