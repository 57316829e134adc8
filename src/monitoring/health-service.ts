import type { Connector } from '../connectors/connector.js';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { AirlineHealthRow } from '../platform/db/rows.js';
import type { Platform } from '../platform/platform.js';
import { readHealth, writeHealth, type ProbeSample } from './health-store.js';

// Percentiles and error rate are over the most recent probes: an hour at the default 60 s interval.
const WINDOW = 60;
// A probe that answers but takes longer than this makes the airline "degraded" for a seller.
const SLOW_MS = 2_000;

export interface AirlineHealth {
  airline: string;
  name: string;
  /** `airline`: one airline reached directly; `aggregator`: many airlines behind one source (Duffel). */
  kind: 'airline' | 'aggregator';
  status: 'up' | 'degraded' | 'down' | 'unknown';
  environment: string | null;
  checked_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  consecutive_failures: number;
  error_rate: number | null;
  latency_ms: { p50: number | null; p95: number | null; p99: number | null };
  probes: number;
  interval_seconds: number;
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function statusOf(samples: ProbeSample[]): AirlineHealthRow['status'] {
  const last = samples[samples.length - 1];
  if (!last || !last.ok) return 'down';
  const failures = samples.filter((s) => !s.ok).length;
  return last.ms > SLOW_MS || failures / samples.length > 0.2 ? 'degraded' : 'up';
}

/** Each source's health as the gateway last saw it: probed on a schedule, read by the monitoring routes. */
export interface HealthService {
  /** False when MONITOR_INTERVAL_SECONDS is 0: nothing is probed and every source reads `unknown`. */
  readonly enabled: boolean;
  readonly intervalSeconds: number;
  /** One probe of every connector; the scheduler runs it, tests call it. */
  probeAll(): Promise<void>;
  /** Every source's recorded health, in the table's order; never calls a source. */
  list(): Promise<AirlineHealth[]>;
  /** One source's recorded health; null for a code no source has. */
  get(code: string): Promise<AirlineHealth | null>;
}

export function createHealthService(platform: Platform, registry: ConnectorRegistry): HealthService {
  const intervalSeconds = platform.config.monitoring.intervalSeconds;

  function view(connector: Connector, row: AirlineHealthRow | undefined): AirlineHealth {
    const samples = row?.samples ?? [];
    const latencies = samples
      .filter((s) => s.ok)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      airline: connector.code,
      name: connector.name,
      kind: connector.kind,
      status: row?.status ?? 'unknown',
      environment: row?.environment ?? null,
      checked_at: row?.checked_at ? new Date(row.checked_at).toISOString() : null,
      last_success_at: row?.last_success_at ? new Date(row.last_success_at).toISOString() : null,
      last_error: row?.last_error ?? null,
      consecutive_failures: row?.consecutive_failures ?? 0,
      error_rate: samples.length ? Number((samples.filter((s) => !s.ok).length / samples.length).toFixed(3)) : null,
      latency_ms: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
      probes: samples.length,
      interval_seconds: intervalSeconds,
    };
  }

  async function probeOne(connector: Connector): Promise<void> {
    const started = performance.now();
    const result = await connector.probe({});
    const ms = Math.round(performance.now() - started);
    const now = platform.clock();
    const [previous] = await readHealth(platform.db, connector.code);
    const samples = [...(previous?.samples ?? []), { at: now.toISOString(), ok: result.ok, ms }].slice(-WINDOW);
    await writeHealth(platform.db, {
      airline: connector.code,
      status: statusOf(samples),
      environment: result.ok ? result.value.environment : (previous?.environment ?? 'test'),
      checked_at: now,
      last_success_at: result.ok ? now : (previous?.last_success_at ?? null),
      last_error: result.ok ? null : result.failure.message,
      consecutive_failures: result.ok ? 0 : (previous?.consecutive_failures ?? 0) + 1,
      samples,
    });
  }

  return {
    enabled: intervalSeconds > 0,
    intervalSeconds,
    /** One probe of every connector; the scheduler runs it, tests call it. */
    async probeAll(): Promise<void> {
      await Promise.all(registry.all().map((c) => probeOne(c)));
    },
    /** Reads the recorded health only: never calls an airline. */
    async list(): Promise<AirlineHealth[]> {
      if (intervalSeconds === 0) return [];
      const rows = new Map((await readHealth(platform.db)).map((r) => [r.airline, r]));
      return registry.all().map((c) => view(c, rows.get(c.code)));
    },
    async get(code: string): Promise<AirlineHealth | null> {
      const connector = registry.get(code);
      if (!connector) return null;
      const [row] = intervalSeconds === 0 ? [] : await readHealth(platform.db, connector.code);
      return view(connector, row);
    },
  };
}
