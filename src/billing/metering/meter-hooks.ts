import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { RoutePolicy } from '../../platform/http/route-policy.js';
import type { Meter } from './meter.js';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

const ours = new WeakSet<Hook>();
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Adds the meter to each route registered after this call, as the route's own hooks, so that a
 * route pays for metering only when it is metered:
 * - the route's `meter` is read from the route's options when a request arrives, not here: a
 *   plugin's `setRoutePolicy` default lands after this hook has seen the route (the root's onRoute
 *   hooks run before the scope's), but always before the first request;
 * - callback hooks, not async ones: an unmetered route's request costs a property read, and a
 *   metered one that is decided at once (cached terms, the memory counter) no promise at all.
 * Route hooks run after every app and scope hook, so after the API-key gate's. A client that
 * leaves mid-answer is seen by the meter itself (a `close` listener on metered requests only).
 * Once the app is ready, every route whose policy declares a `meter` is checked to carry them.
 */
export function addMeterHooks(app: FastifyInstance, meter: Meter): void {
  const hooked = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const existing = asArray(route.onRequest as Hook | Hook[] | undefined);
    // Fastify adds a HEAD route for each GET with a copy of its options, our hooks included.
    if (existing.some((hook) => ours.has(hook))) return;
    const meterOf = () => (route.config as Partial<RoutePolicy> | undefined)?.meter;
    const admit: Hook = (request, reply, done) => {
      const surface = meterOf();
      if (!surface) return done();
      let pending: Promise<void> | undefined;
      try {
        pending = meter.admit(request, reply, surface);
      } catch (err) {
        return done(err as Error);
      }
      if (pending) pending.then(() => done(), done);
      else done();
    };
    const settle: Hook = (_request, reply, done) => {
      if (meterOf()) meter.settle(reply);
      done();
    };
    ours.add(admit);
    for (const method of asArray(route.method)) hooked.add(`${method} ${route.url}`);
    route.onRequest = [...existing, admit] as RouteOptions['onRequest'];
    route.onResponse = [...asArray(route.onResponse as Hook | Hook[] | undefined), settle] as RouteOptions['onResponse'];
  });

  app.addHook('onReady', async () => {
    const missing = app.declaredRoutes.filter((r) => r.meter && !hooked.has(`${r.method} ${r.url}`));
    if (missing.length > 0) {
      throw new Error(
        `metered routes registered before billing, so never metered: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });
}
