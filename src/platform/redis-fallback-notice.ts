import type { Platform } from './platform.js';

// One warning per feature per this long while Redis is away; the metric counts every fallback.
const WARN_EVERY_MS = 10_000;

/**
 * What a feature does each time it carries on without Redis: count it in
 * `flightagg_redis_fallback_total{feature}` and warn, at most once per WARN_EVERY_MS, so an outage
 * is visible without a log line per request.
 */
export function redisFallbackNotice(platform: Pick<Platform, 'metrics' | 'logger'>, feature: string, warning: string) {
  const log = platform.logger.child({ dependency: 'redis', feature });
  let lastWarned = 0;
  return function noticeFallback(): void {
    platform.metrics.redisFallbacks.inc({ feature });
    const now = Date.now();
    if (now - lastWarned < WARN_EVERY_MS) return;
    lastWarned = now;
    log.warn(warning);
  };
}
