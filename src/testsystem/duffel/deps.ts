// What every route of the Duffel test system uses, built once per instance in server.ts: the store,
// the clock (kept in the store, so processes sharing it share the time), webhooks, the rate limiter,
// the injected faults, and `change`, the one way resources are written: one change at a time, in
// this process by a queue and across processes sharing a database by the store's change lock.

import type { Logger } from 'pino';
import type { ClockSetting } from '../ndc/system-clock.js';
import type { DuffelStore, RecordKind, StoredRecord } from './storage/duffel-store.js';
import type { WebhookEvent, WebhookEventType, WebhookSender } from './webhooks/webhook-sender.js';
import type { RateLimiter } from './wire/rate-limiter.js';
import type { FaultQueue } from './control/fault-queue.js';
import { DuffelApiError } from './wire/duffel-errors.js';

/** One request's writes: records and webhook events, stored together, events sent after. */
export interface Change {
  put(kind: RecordKind, id: string, document: unknown, where: { parentId: string | null; createdAt: number }): void;
  emit(type: WebhookEventType, object: unknown, idempotencyKey: string, nowMs: number): void;
}

export interface DuffelDeps {
  store: DuffelStore;
  webhooks: WebhookSender;
  limiter: RateLimiter;
  faults: FaultQueue;
  logger: Logger | null;
  now(): Promise<number>;
  setClock(setting: ClockSetting): Promise<void>;
  /**
   * Runs work that writes resources, one piece of work at a time in this process and among every
   * process sharing its database: the work reads inside the change's transaction, what it put is
   * written there when it returns and committed, then its webhook events are sent. Work that
   * throws writes nothing; a store that fails answers Duffel's 503 and keeps nothing. A route
   * returns its answer from the work (setting only the status), so it is sent once committed.
   */
  change<T>(work: (change: Change) => Promise<T>): Promise<T>;
}

export function createDeps(parts: Omit<DuffelDeps, 'now' | 'setClock' | 'change'>): DuffelDeps {
  let tail: Promise<unknown> = Promise.resolve();
  const clockSetting = async (): Promise<ClockSetting> =>
    (await parts.store.setting<ClockSetting>('clock')) ?? { fixedMs: null, skewMs: 0 };
  return {
    ...parts,
    async now() {
      const c = await clockSetting();
      return (c.fixedMs ?? Date.now()) + c.skewMs;
    },
    async setClock(setting) {
      await parts.store.saveSetting('clock', setting);
    },
    change<T>(work: (change: Change) => Promise<T>): Promise<T> {
      const unavailable = (err: unknown) => {
        parts.logger?.error({ err }, 'duffel test system store write failed; nothing was changed');
        return new DuffelApiError(503, 'api_error', 'service_unavailable', {
          title: 'Service unavailable',
          message: 'The change could not be stored; nothing was changed. Try again shortly',
        });
      };
      const run = async () => {
        let events: WebhookEvent[] = [];
        // Which failures are the store's: taking the lock, the write, the commit; not the work's own.
        let working = false;
        try {
          const result = await parts.store.atomically(async () => {
            working = true;
            const records: StoredRecord[] = [];
            events = [];
            const value = await work({
              put: (kind, id, document, { parentId, createdAt }) => {
                const existing = records.findIndex((r) => r.kind === kind && r.id === id);
                const record = { kind, id, parentId, createdAt, document };
                if (existing >= 0) records[existing] = record;
                else records.push(record);
              },
              emit: (type, object, key, nowMs) => {
                const event = parts.webhooks.event(type, object, key, nowMs);
                events.push(event);
                records.push({ kind: 'webhook_event', id: event.id, parentId: key, createdAt: nowMs, document: event });
              },
            });
            try {
              await parts.store.write(records);
            } catch (err) {
              throw unavailable(err);
            }
            working = false;
            return value;
          });
          parts.webhooks.send(events);
          return result;
        } catch (err) {
          throw working ? err : unavailable(err);
        }
      };
      const turn = tail.then(run);
      tail = turn.catch(() => {});
      return turn;
    },
  };
}
