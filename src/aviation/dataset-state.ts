import { sql } from 'kysely';
import type { Platform } from '../platform/platform.js';
import { onSyncLanded, SYNCED_CHANNEL } from './importers/sync-runner.js';

/** Which source a family of endpoints needs before it can answer. */
export type Dataset = 'airports' | 'airlines' | 'aircraft';
const REQUIRED_SOURCE: Record<Dataset, string> = {
  airports: 'ourairports-airports',
  airlines: 'openflights-airlines',
  aircraft: 'vradarserver-aircraft-types',
};

// While a dataset is missing, a request re-reads the state at most this often, so the first
// request after a sync elsewhere sees it without waiting for the periodic refresh.
const RECHECK_WHEN_MISSING_MS = 2_000;

/**
 * What this instance knows of the imported data: which sources have ever succeeded, and a
 * version that changes with every successful import. Kept in memory so a hot request never asks
 * the database; refreshed when a sync lands (here or, through the broadcast, on any instance) and
 * by a periodic check for instances that share a database but no Redis.
 */
export class DatasetState {
  private succeeded = new Map<string, Date>();
  private versionValue = '';
  private lastCheck = 0;
  private inFlight: Promise<void> | null = null;
  private readonly listeners: (() => void)[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly platform: Pick<Platform, 'db' | 'broadcast' | 'logger'>) {
    this.unsubscribe = onSyncLanded(platform.db, () => this.refresh());
    platform.broadcast.subscribe(SYNCED_CHANNEL, () => {
      this.refresh().catch((err: unknown) => platform.logger.error({ err }, 'could not refresh aviation data state'));
    });
  }

  close(): void {
    this.unsubscribe();
  }

  get version(): string {
    return this.versionValue;
  }

  /** Called with every version change: the response cache empties itself. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Re-reads the state; callers arriving while a read is under way share it. */
  refresh(): Promise<void> {
    this.inFlight ??= this.read().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async read(): Promise<void> {
    this.lastCheck = Date.now();
    const { rows } = await sql<{ name: string; ms: number }>`
      select name, (extract(epoch from last_success_at) * 1000)::float8 as ms from aviation_sources where last_success_at is not null order by name`.execute(
      this.platform.db,
    );
    const version = rows.map((r) => `${r.name}@${r.ms}`).join(',');
    this.succeeded = new Map(rows.map((r) => [r.name, new Date(r.ms)]));
    if (version !== this.versionValue) {
      this.versionValue = version;
      for (const listener of this.listeners) listener();
    }
  }

  /** The oldest last success over the given sources; null while any of them never succeeded. */
  oldestSuccess(sources: readonly string[]): Date | null {
    let oldest: Date | null = null;
    for (const name of sources) {
      const at = this.succeeded.get(name);
      if (!at) return null;
      if (!oldest || at < oldest) oldest = at;
    }
    return oldest;
  }

  /** Whether the dataset was ever imported; re-reads the state (throttled) while it was not. */
  async isAvailable(dataset: Dataset): Promise<boolean> {
    if (this.succeeded.has(REQUIRED_SOURCE[dataset])) return true;
    if (this.inFlight) await this.inFlight;
    else if (Date.now() - this.lastCheck >= RECHECK_WHEN_MISSING_MS) await this.refresh();
    return this.succeeded.has(REQUIRED_SOURCE[dataset]);
  }

  /** The synchronous check of the hot path: true once known to be there. */
  isKnownAvailable(dataset: Dataset): boolean {
    return this.succeeded.has(REQUIRED_SOURCE[dataset]);
  }
}
