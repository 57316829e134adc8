import type { Db } from '../../platform/db/database.js';
import { recordLastUsed } from './key-store.js';

/**
 * When each key was last used, without a database write per request: the gate notes the instant
 * in memory (one Map write), and `flush` (every minute and at shutdown, auth/plugin.ts) writes
 * the latest instant of every key used since in one statement. So `last_used_at` is right within
 * a minute (docs/portal.md). Each instance flushes its own uses; the statement keeps the later of
 * the stored and the new instant, so instances never move a key's time back.
 */
export class KeyUsage {
  private pending = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** The gate's call on every admitted request: the key was used at `nowMs`. */
  touch(keyId: string, nowMs: number): void {
    this.pending.set(keyId, nowMs);
  }

  /**
   * Writes what was noted since the last flush. On a database failure the uses are kept for the
   * next flush (a later use of the same key wins) and the error is thrown for the caller to log.
   */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await recordLastUsed(
        this.db,
        Array.from(batch, ([id, at]) => [id, new Date(at)] as const),
      );
    } catch (err) {
      for (const [id, at] of batch) if ((this.pending.get(id) ?? 0) < at) this.pending.set(id, at);
      throw err;
    }
  }
}
