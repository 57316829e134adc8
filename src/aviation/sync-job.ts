import type { Platform } from '../platform/platform.js';
import { runSync } from './importers/sync-runner.js';
import type { DatasetState } from './dataset-state.js';
import { SOURCES } from './importers/source-catalog.js';

const HOUR_MS = 3_600_000;
// A peer that shares the database but not a Redis broadcast still notices a sync this quickly.
const STATE_REFRESH_MS = 30_000;

/**
 * With AVIATION_SYNC_FROM set, the gateway syncs at start when no sync has succeeded, and again
 * once the last success is older than AVIATION_SYNC_INTERVAL_HOURS. The job wakes hourly (timers
 * cannot hold intervals of months) and one instance of the cluster does the work.
 */
export function registerAviationJobs(platform: Platform, state: DatasetState): void {
  // Embedded storage is one process by construction: nobody else can sync behind its back.
  if (platform.database.kind === 'postgres') {
    platform.scheduler.add({ name: 'aviation-state-refresh', intervalMs: STATE_REFRESH_MS, run: () => state.refresh() });
  }

  const { syncFrom, syncIntervalHours } = platform.config.aviation;
  if (!syncFrom) return;
  const intervalMs = syncIntervalHours * HOUR_MS;
  platform.scheduler.add({
    name: 'aviation-sync',
    intervalMs: Math.min(intervalMs, HOUR_MS),
    runOnStart: true,
    oncePerCluster: true,
    async run() {
      await state.refresh();
      const lastSuccess = state.oldestSuccess(SOURCES.map((s) => s.name));
      if (lastSuccess && platform.clock().getTime() - lastSuccess.getTime() < intervalMs) return;
      const report = await runSync(platform, { from: syncFrom === 'upstream' ? null : syncFrom, source: null });
      const failed = report.sources.filter((s) => s.status !== 'ok').map((s) => `${s.name}: ${s.error}`);
      if (failed.length > 0) platform.logger.warn({ failed }, 'aviation sync finished with failures');
      else platform.logger.info('aviation sync succeeded');
    },
  });
}
