import type { Db } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import { collectGarbage } from '../heap-release.js';
import { ImportCounter, type ImportCounts } from './import-counts.js';
import { selectSources, type SourceDefinition } from './source-catalog.js';
import { markAttempt, markFailure, markSuccess } from './sources-store.js';

/** Other instances refresh their in-memory data when a message arrives here. */
export const SYNCED_CHANNEL = 'aviation.synced';

// In-process readers of the same database, refreshed before runSync returns; other instances
// hear the broadcast a moment later.
const landedListeners = new Map<Db, Set<() => Promise<void>>>();

/** Calls the listener after every sync on this database (the sources' records changed); answers an unsubscribe. */
export function onSyncLanded(db: Db, listener: () => Promise<void>): () => void {
  const listeners = landedListeners.get(db) ?? new Set();
  listeners.add(listener);
  landedListeners.set(db, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) landedListeners.delete(db);
  };
}

export type SyncEvent =
  | { kind: 'start'; source: string; files: string[] }
  | { kind: 'bytes'; source: string; bytes: number; size: number | null }
  | { kind: 'done'; source: string; counts: ImportCounts; durationMs: number }
  | { kind: 'failed'; source: string; error: string }
  | { kind: 'not_run'; source: string; reason: string };

export interface SyncOptions {
  /** A directory or base URL laid out like ../shared/data; null reads the upstream addresses. */
  from: string | null;
  /** A source name or group (comma-separated for several); null syncs them all. */
  source: string | null;
  onEvent?: (event: SyncEvent) => void;
}

export interface SourceOutcome {
  name: string;
  status: 'ok' | 'failed' | 'not_run';
  counts?: ImportCounts;
  error?: string;
  durationMs?: number;
}

export interface SyncReport {
  ok: boolean;
  sources: SourceOutcome[];
}

type SyncPlatform = Pick<Platform, 'db' | 'clock' | 'broadcast' | 'logger'>;

/**
 * Imports each selected source in its own transaction: a source that fails leaves its previous
 * data in place, and the sources of its group read after it are not run (runways would all look
 * like orphans after a failed airports import). Re-running is safe: rows are upserted by upstream id.
 */
export async function runSync(platform: SyncPlatform, options: SyncOptions): Promise<SyncReport> {
  const emit = options.onEvent ?? (() => {});
  const failedGroups = new Set<string>();
  const outcomes: SourceOutcome[] = [];
  for (const source of selectSources(options.source)) {
    if (failedGroups.has(source.group)) {
      const reason = `not run: an earlier ${source.group} source failed`;
      emit({ kind: 'not_run', source: source.name, reason });
      outcomes.push({ name: source.name, status: 'not_run', error: reason });
      continue;
    }
    const outcome = await syncOne(platform, source, options.from, emit);
    // Each source's garbage goes before the next source reads: it otherwise piled up into the peak.
    collectGarbage();
    if (outcome.status === 'failed') failedGroups.add(source.group);
    outcomes.push(outcome);
  }
  const succeeded = outcomes.filter((o) => o.status === 'ok').map((o) => o.name);
  // Every sync, failed ones too: readers keep the sources' records in memory.
  await Promise.allSettled([...(landedListeners.get(platform.db) ?? [])].map((listener) => listener()));
  if (succeeded.length > 0) await platform.broadcast.publish(SYNCED_CHANNEL, JSON.stringify({ sources: succeeded }));
  return { ok: outcomes.every((o) => o.status === 'ok'), sources: outcomes };
}

async function syncOne(
  platform: SyncPlatform,
  source: SourceDefinition,
  from: string | null,
  emit: (event: SyncEvent) => void,
): Promise<SourceOutcome> {
  const started = Date.now();
  let files: string[] = [];
  try {
    files = await source.files(from);
    await markAttempt(platform.db, source.name, files.join(' '), platform.clock());
    emit({ kind: 'start', source: source.name, files });
    const counter = new ImportCounter();
    const onBytes = (bytes: number, size: number | null) => emit({ kind: 'bytes', source: source.name, bytes, size });
    const rowCount = await platform.db.transaction().execute((trx) => source.run({ db: trx, files, counter, onBytes }));
    const counts = counter.result(rowCount);
    await markSuccess(platform.db, source.name, counts, platform.clock());
    const durationMs = Date.now() - started;
    emit({ kind: 'done', source: source.name, counts, durationMs });
    return { name: source.name, status: 'ok', counts, durationMs };
  } catch (err) {
    const error = (err as Error).message;
    platform.logger.warn({ source: source.name, err }, 'aviation source failed to sync');
    // A source whose files could not even be listed still shows its failed attempt.
    if (files.length === 0) await markAttempt(platform.db, source.name, from ?? 'upstream', platform.clock()).catch(() => {});
    await markFailure(platform.db, source.name, error).catch(() => {});
    emit({ kind: 'failed', source: source.name, error });
    return { name: source.name, status: 'failed', error, durationMs: Date.now() - started };
  }
}
