import type { Db } from '../platform/db/database.js';
import { badRequest, forbidden, tooManyRequests } from '../platform/errors.js';
import type { RateLimiter } from '../platform/rate-limit/sliding-window-limiter.js';
import type { OrderEventName } from '../orders/event-outbox.js';
import { samplePayload } from '../webhooks/endpoints/test-delivery.js';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { EVENTS_POLICY } from './policy.js';
import type { EventView } from './schemas.js';
import { views, type EventReader } from './service.js';
import { enqueueTestEvent } from '../orders/event-outbox-store.js';

export interface TestEventDeps {
  db: Db;
  clock: () => Date;
  /** Counts test events per API key (EVENTS_POLICY.testEventsPerMinute). */
  limiter: RateLimiter;
}

/**
 * Sends a test event of `type` through the gateway, as `stripe trigger` does: written to the outbox
 * like a real event, about the sample order (PNR TEST00), its body carrying `"test": true`, so it
 * reaches every subscribed endpoint of the agency's (with `X-Service-Test: true`), every open
 * stream (`flightagg listen`) and the event list. Test keys only: a live key's receivers get real
 * events alone.
 */
export async function sendTestEvent(
  deps: TestEventDeps,
  reader: EventReader & { keyId: string },
  type: string,
): Promise<EventView> {
  if (!(WEBHOOK_EVENTS as readonly string[]).includes(type))
    throw badRequest(
      `type: unknown event name "${type.slice(0, 100)}" (known: ${WEBHOOK_EVENTS.join(', ')})`,
      'invalid_request',
      {
        field: 'type',
      },
    );
  if (reader.environment !== 'test')
    throw forbidden('test events are sent on a test key only: receivers of live events get real ones alone', 'test_key_required');
  const now = deps.clock();
  const perMinute = EVENTS_POLICY.testEventsPerMinute;
  const decision = await deps.limiter.take(reader.keyId, perMinute, 60_000, now.getTime());
  if (!decision.allowed) throw tooManyRequests(`at most ${perMinute} test events a minute per API key`, decision.resetSeconds);
  const event = type as OrderEventName;
  const row = await enqueueTestEvent(deps.db, {
    agencyId: reader.agencyId,
    environment: reader.environment,
    event,
    payload: samplePayload(event, now),
    at: now,
  });
  return (await views(deps.db, reader, [row]))[0]!;
}
