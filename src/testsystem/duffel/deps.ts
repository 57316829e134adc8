// What every route of the Duffel test system uses, built once per instance in server.ts: the store,
// the clock (kept in the store, so processes sharing it share the time), webhooks, the rate limiter,
// the injected faults, and `change`, the one way resources are written.

import type { Logger } from 'pino';
import type { ClockSetting } from '../ndc/system-clock.js';
import type { DuffelStore, RecordKind, StoredRecord } from './storage/duffel-store.js';
import type { WebhookEvent, WebhookEventType, WebhookSender } from './webhooks/webhook-sender.js';
import type { RateLimiter } from './wire/rate-limiter.js';
import type { FaultQueue } from './control/fault-queue.js';

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
   * Runs work that writes resources, one piece of work at a time in this process; what it put is
   * written in one transaction when it returns, then its webhook events are sent. Work that throws
   * writes nothing.
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
      const run = async () => {
        const records: StoredRecord[] = [];
        const events: WebhookEvent[] = [];
        const result = await work({
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
        await parts.store.write(records);
        parts.webhooks.send(events);
        return result;
      };
      const turn = tail.then(run);
      tail = turn.catch(() => {});
      return turn;
    },
  };
}
