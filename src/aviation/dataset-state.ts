import type { Platform } from '../platform/platform.js';
import { loadAviationData, NO_AVIATION_DATA, type AviationData } from './aviation-data.js';
import { collectGarbage } from './heap-release.js';
import { listSourceRows } from './importers/sources-store.js';
import { onSyncLanded, SYNCED_CHANNEL } from './importers/sync-runner.js';

/** Which source a family of endpoints needs before it can answer. */
export type Dataset = 'airports' | 'airlines' | 'aircraft';
const REQUIRED_SOURCE: Record<Dataset, string> = {
  airports: 'ourairports-airports',
  airlines: 'openflights-airlines',
  aircraft: 'vradarserver-aircraft-types',
};

type SourceRow = Awaited<ReturnType<typeof listSourceRows>>[number];

// While a dataset is missing, a request re-reads the state at most this often, so the first
// request after a sync elsewhere sees it without waiting for the periodic refresh.
const RECHECK_WHEN_MISSING_MS = 2_000;

/**
 * What this instance knows of the imported data: the sources' sync records, which sources have
 * ever succeeded, a version that changes with every successful import, and the data itself in
 * memory. A read never asks the database; the state is refreshed when a sync ends (here or,
 * through the broadcast, on any instance) and by a periodic check for instances that share a
 * database but no Redis. A new version's data is built beside the old one and swapped in at once.
 */
export class DatasetState {
  private succeeded = new Map<string, Date>();
  private versionValue = '';
  private sourceRows: SourceRow[] = [];
  private dataValue: AviationData = NO_AVIATION_DATA;
  private lastCheck = 0;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private readonly listeners: (() => void)[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly platform: Pick<Platform, 'db' | 'broadcast' | 'logger' | 'config'>) {
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

  /** The data of the current version (empty sets before the first sync). */
  get data(): AviationData {
    return this.dataValue;
  }

  /** The sources' sync records as last read. */
  get sources(): readonly SourceRow[] {
    return this.sourceRows;
  }

  /** Called with every version change: the response cache empties itself. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Re-reads the state; callers arriving while a read is under way share it. */
  refresh(): Promise<void> {
    if (!this.inFlight) {
      this.inFlight = this.read().finally(() => (this.inFlight = null));
      return this.inFlight;
    }
    // A read under way may have started before the caller's change (a sync that just ended):
    // one more read follows it, shared by everyone arriving meanwhile.
    this.queued ??= this.inFlight
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.refresh();
      });
    return this.queued;
  }

  private async read(): Promise<void> {
    this.lastCheck = Date.now();
    const sources = await listSourceRows(this.platform.db);
    const succeeded = sources.filter((r) => r.last_success_at !== null);
    const version = succeeded.map((r) => `${r.name}@${new Date(r.last_success_at!).getTime()}`).join(',');
    if (version === this.versionValue) {
      this.sourceRows = sources;
      return;
    }
    const data = succeeded.length > 0 ? await this.load() : NO_AVIATION_DATA;
    // Swapped together, after the new data is complete: a request sees the old or the new, never a mix.
    this.dataValue = data;
    this.sourceRows = sources;
    this.succeeded = new Map(succeeded.map((r) => [r.name, new Date(r.last_success_at!)]));
    this.versionValue = version;
    for (const listener of this.listeners) listener();
    // The old version and the load's garbage are unreachable now: give their pages back. The
    // second collection shrinks the heap to what the first left live; deferring one to a timer
    // instead let the next requests' garbage in first and kept more.
    if (data !== NO_AVIATION_DATA) {
      collectGarbage();
      collectGarbage();
    }
  }

  private load(): Promise<AviationData> {
    return loadAviationData(this.platform.db, this.platform.config.dataDir, this.platform.logger);
  }

  /** Resolves once no read of the state is under way (the first load at start included). */
  async settled(): Promise<void> {
    while (this.inFlight ?? this.queued) await (this.queued ?? this.inFlight)!.catch(() => {});
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
