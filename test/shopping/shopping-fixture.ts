import type { LightMyRequestResponse } from 'fastify';
import { request } from 'undici';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestPlatformOptions } from '../helpers/test-platform.js';

export const SUBSCRIPTION_KEY = 'aa-test-subscription-key';

export interface ShoppingFixture extends TestApp {
  aa: AaTestSystem;
  key: string;
  agencyId: string;
  /** Calls the test system's control endpoints (faults, clock, reset). */
  control(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  search(body: Record<string, unknown>, key?: string): Promise<LightMyRequestResponse>;
}

/** The gateway with the real AA test system in-process, and one agency key. */
export async function shoppingFixture(options: TestPlatformOptions = {}): Promise<ShoppingFixture> {
  // The airline signs its notifications with the gateway's secret, as a deployment's does.
  const secrets = { ...generatedNotifySecrets(), ...options.env };
  const aa = await startAaTestSystem({
    subscriptionKey: SUBSCRIPTION_KEY,
    logger: false,
    notify: { secret: secrets.AA_NOTIFY_SECRET },
  });
  const env = { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY, ...secrets };
  const t = await buildTestApp({ ...options, env, app: { aaTestSystemUrl: aa.url } });
  const { secret, agencyId } = await t.agencyWithKey();
  return {
    ...t,
    aa,
    key: secret,
    agencyId,
    async control(method, path, body) {
      const res = await request(`${aa.url}${path}`, {
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
