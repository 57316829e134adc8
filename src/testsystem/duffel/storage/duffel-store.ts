// What the Duffel test system keeps: every resource it made (offer requests, offers, orders,
// payments, cancellations, airline credits, change requests and offers, changes, airline-initiated
// changes, webhook events) as the JSON document it answers with, and a few settings (the clock).
// Memory only for bare starts; otherwise a PostgreSQL schema of its own (duffel-db-store.ts) read
// and written on every request, so several processes on one database share the same orders, and
// `atomically` makes one process's change wait for another's (deps.ts's `change`).

export type RecordKind =
  | 'offer_request'
  | 'offer'
  | 'order'
  | 'payment'
  | 'order_cancellation'
  | 'airline_credit'
  | 'order_change_request'
  | 'order_change_offer'
  | 'order_change'
  | 'airline_initiated_change'
  | 'webhook_event';

export interface StoredRecord<T = unknown> {
  kind: RecordKind;
  id: string;
  /** The resource it belongs to (an offer's offer request, a payment's order), for lists. */
  parentId: string | null;
  createdAt: number;
  document: T;
}

export interface DuffelStore {
  readonly kind: 'memory' | 'pglite' | 'postgres';
  get<T>(kind: RecordKind, id: string): Promise<T | undefined>;
  /** Records of a kind (of one parent when given), oldest first. */
  list<T>(kind: RecordKind, parentId?: string): Promise<T[]>;
  /** Writes new and changed records together, or none of them. */
  write(records: readonly StoredRecord[]): Promise<void>;
  setting<T>(key: string): Promise<T | undefined>;
  saveSetting(key: string, value: unknown): Promise<void>;
  /** Deletes records of these kinds created before `beforeMs`; returns how many. */
  purge(kinds: readonly RecordKind[], beforeMs: number): Promise<number>;
  clear(): Promise<void>;
  /**
   * Runs work as one transaction: on a database it first takes the test system's change lock, so the
   * work of every process sharing the store runs one at a time, and the work's reads and writes
   * through this store are inside that transaction (they see what the work before it committed).
   * In memory the caller's own queue is enough: the work just runs.
   */
  atomically<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

export function memoryStore(): DuffelStore {
  const records = new Map<string, StoredRecord & { seq: number }>();
  const settings = new Map<string, unknown>();
  let seq = 0;
  const key = (kind: RecordKind, id: string) => `${kind}|${id}`;
  return {
    kind: 'memory',
    get: async <T>(kind: RecordKind, id: string) => {
      const r = records.get(key(kind, id));
      return r ? copy(r.document as T) : undefined;
    },
    list: async <T>(kind: RecordKind, parentId?: string) =>
      [...records.values()]
        .filter((r) => r.kind === kind && (parentId === undefined || r.parentId === parentId))
        .sort((a, b) => a.seq - b.seq)
        .map((r) => copy(r.document as T)),
    write: async (changes) => {
      for (const r of changes) {
        const existing = records.get(key(r.kind, r.id));
        records.set(key(r.kind, r.id), { ...r, document: copy(r.document), seq: existing?.seq ?? ++seq });
      }
    },
    setting: async <T>(name: string) => copy(settings.get(name) as T | undefined),
    saveSetting: async (name, value) => {
      settings.set(name, copy(value));
    },
    purge: async (kinds, beforeMs) => {
      let n = 0;
      for (const [k, r] of records)
        if (kinds.includes(r.kind) && r.createdAt < beforeMs) {
          records.delete(k);
          n++;
        }
      return n;
    },
    clear: async () => {
      records.clear();
      settings.clear();
    },
    atomically: (work) => work(),
    close: async () => {},
  };
}
