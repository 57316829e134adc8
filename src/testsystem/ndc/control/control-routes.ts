// /control/*: the test system's own switches, on its own port only (the gateway never proxies them).
// Faults on and off for outage drills, a fixed or advanced clock, inventory closes, and a full reset.

import type { FastifyInstance } from 'fastify';
import { FILING_CURRENCIES } from '../fares/fare-currency.js';
import { FAULT_KINDS, type FaultKind } from './fault-control.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { purgeOlderThan } from '../storage/retention.js';

interface FaultBody {
  kind?: string;
  messages?: string[];
  delayMs?: number;
  status?: number;
  remaining?: number | null;
}

export function registerControlRoutes(
  app: FastifyInstance,
  deps: TestSystemDeps,
  retentionDays: number,
  info: () => Record<string, unknown>,
): void {
  app.get('/control/state', async () => ({
    now: new Date(deps.clock.now()).toISOString(),
    clockFixed: deps.clock.isFixed(),
    fault: deps.faults.current(),
    store: { ...deps.store.counts(), orders: deps.bookings.count() },
    storage: deps.state.kind,
    inventory: deps.inventory.stats(),
    ...info(),
  }));

  app.post<{ Body: FaultBody }>('/control/faults', async (request, reply) => {
    const body = request.body ?? {};
    if (!FAULT_KINDS.includes(body.kind as FaultKind)) {
      return reply.code(400).send({ error: `kind must be one of ${FAULT_KINDS.join(', ')}` });
    }
    const status = body.status ?? 503;
    if (!Number.isInteger(status) || status < 500 || status > 599)
      return reply.code(400).send({ error: 'status must be a 5xx code' });
    const fault = deps.faults.set(
      {
        kind: body.kind as FaultKind,
        messages: Array.isArray(body.messages) ? body.messages.map(String) : [],
        delayMs: Math.max(0, Number(body.delayMs ?? 0)),
        status,
        remaining: body.remaining ?? null,
      },
      deps.clock.now(),
    );
    return reply.code(201).send({ fault });
  });

  app.delete('/control/faults', async (_request, reply) => {
    deps.faults.clear();
    return reply.code(204).send();
  });

  app.post<{ Body: { now?: string; advanceSeconds?: number } }>('/control/clock', async (request, reply) => {
    const body = request.body ?? {};
    if (body.now !== undefined) {
      const at = Date.parse(body.now);
      if (Number.isNaN(at)) return reply.code(400).send({ error: 'now must be an ISO 8601 instant' });
      deps.clock.set(at);
    }
    if (body.advanceSeconds !== undefined) deps.clock.advance(Number(body.advanceSeconds) * 1000);
    return { now: new Date(deps.clock.now()).toISOString() };
  });

  app.delete('/control/clock', async (_request, reply) => {
    deps.clock.set(null);
    return reply.code(204).send();
  });

  app.post<{ Body: { flightKey?: string } }>('/control/inventory/close', async (request, reply) => {
    const key = request.body?.flightKey ?? '';
    if (!deps.schedule.flight(key))
      return reply.code(404).send({ error: `no flight ${key} (expected e.g. ${deps.profile.code}2687/2026-12-01)` });
    deps.inventory.closeFlight(key);
    return reply.code(204).send();
  });

  // Files every fare priced from now on in this ISO 4217 currency (null: back to the market rule).
  app.post<{ Body: { currency?: string | null } }>('/control/pricing', async (request, reply) => {
    const currency = request.body?.currency ?? null;
    if (currency !== null && !FILING_CURRENCIES.includes(String(currency)))
      return reply.code(400).send({ error: `currency must be null or one of ${FILING_CURRENCIES.join(', ')}` });
    deps.pricing.set(currency);
    return { currency };
  });

  // The retention purge now, with the configured days or `days` given (the schedule runs it hourly).
  app.post<{ Body: { days?: number } | null }>('/control/retention', async (request, reply) => {
    const days = request.body?.days ?? retentionDays;
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      return reply.code(400).send({ error: 'days must be an integer from 1 to 3650 (retention is off unless configured)' });
    return { days, ...(await purgeOlderThan(deps.state, deps.clock, days)) };
  });

  app.post('/control/reset', async (_request, reply) => {
    // Bookings, seats sold and the clock are forgotten in storage too, before anything else changes.
    await deps.state.reset();
    deps.faults.clear();
    deps.pricing.set(null);
    deps.store.clear();
    return reply.code(204).send();
  });
}
