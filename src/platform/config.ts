import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configVariables, LOG_LEVELS, TRACE_EXPORTERS, type ConfigValue, type ConfigVariable } from './config-variables.js';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.js';
import type { ConfigReader, SourceConfigSpec, SourceSettings } from './source-config.js';

export { DEV_AA_NOTIFY_SECRET, DEV_VS_NOTIFY_SECRET } from './config-variables.js';
export type { AirlineConfig } from './config-airline-variables.js';
export type { SourceSettings } from './source-config.js';

// Relative defaults (the NDC schemas beside the checkout) are taken from the repository root, not
// from wherever the process happens to start.
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Configuration is read from the environment once, at start, validated as a whole (every bad
 * value is reported, not just the first) and frozen. No module reads `process.env` on its own.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * PG_POOL_MAX: PostgreSQL connections one process may hold (default 10). Instances × this must
   * stay under the server's max_connections less a reserve: docs/operations/costs.md, "Connection-pool sizing".
   */
  pgPoolMax: number;
  redisUrl: string | null;
  /** Namespace for every Redis key and channel, so several deployments can share one server. */
  redisPrefix: string;
  keyPrefix: string;
  keyring: string | null;
  /** Key environments this deployment accepts; a key of any other answers `invalid api key`. */
  keyEnvironments: readonly KeyEnvironment[];
  orderWritesEnabled: boolean;
  logLevel: string;
  /** Public base URL, for links in e-mails and `docs_url`. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, the API description names a relative server (`/`), so the
   * docs page calls whichever host it was opened on (`localhost`, `127.0.0.1`, a LAN name).
   */
  publicUrlSet: boolean;
  /**
   * Which proxies' `X-Forwarded-For` to believe (TRUST_PROXY): needed behind a load balancer so
   * `allowedIps` and the per-address limits see the client, not the balancer. See trust-proxy.ts.
   */
  trustProxy: TrustProxy;
  /** When set, `/metrics` needs `Authorization: Bearer <token>`; unset, it answers loopback peers only. */
  metricsToken: string | null;
  /**
   * REQUEST_COSTS: attribute every database statement and Redis command to its request and route
   * (/metrics, docs/operations/costs.md "Cost per request"). Off by default: the attribution needs
   * AsyncLocalStorage, whose promise hooks cost every request CPU; the totals are counted anyway.
   */
  requestCosts: boolean;
  /** Every answer is checked against its declared responses (response-check.ts): development and tests only. */
  checkResponses: boolean;
  /**
   * OpenTelemetry traces (OTEL_*; docs/operations/tracing.md). `exporter: 'none'` means the SDK is
   * never imported: the request hook and the spans around airline calls are skipped outright.
   */
  tracing: TracingConfig;
  /**
   * REQUEST_LOG: record every API-key request (its facts and redacted bodies, never headers) for the
   * dashboard's Logs, 7 days (src/request-log/). On by default; off, no hook is added at all.
   */
  requestLog: boolean;
  /** REQUEST_LOG_BODY_RETENTION_DAYS: days a logged request's bodies are kept; 0: bodies are not recorded. */
  requestLogBodyRetentionDays: number;
  /**
   * Each source's settings by its upper-case code (`AA`: AA_TEST_URL, AA_LIVE_URL, AA_NOTIFY_SECRET
   * and the rest), read as its row in src/sources/ declares them; a connector narrows its own.
   */
  sources: Readonly<Record<string, SourceSettings>>;
  /**
   * IN_PROCESS_TEST_SYSTEMS: whether a source without `<CODE>_TEST_URL` gets a test system inside
   * the gateway (src/sources/in-process-test-systems.ts). Off, test keys reach a source only at its
   * `<CODE>_TEST_URL`; with none, a test-key call answers 502 `airline_not_configured` naming the variable.
   */
  inProcessTestSystems: boolean;
  /**
   * The safety-net sweep of orders departing soon (docs/orders.md): at most this many orders re-read
   * from the airline per minute (AIRLINE_SWEEP_ORDERS_PER_MINUTE, 0 switches it off), each at most once
   * per AIRLINE_SWEEP_RECHECK_MINUTES, in runs every AIRLINE_SWEEP_INTERVAL_SECONDS (default 60; the
   * cluster tests run it every 5 s).
   */
  airlineSweep: { ordersPerMinute: number; recheckMinutes: number; intervalSeconds: number };
  /**
   * AIRLINE_NOTIFY_REFRESH_SECONDS: an order is re-read because of airline notifications at most
   * once per this long (default 60), however many name it; one named again inside it is re-read
   * when it ends (src/orders/airline-changes/refresh-limiter.ts).
   */
  airlineNotifications: { refreshSeconds: number };
  /**
   * TICKETING_DEADLINE_SWEEP_SECONDS: how often the cluster looks for holds whose payment limit is
   * within 24 hours, to announce each once (default hourly; the cluster tests run it every 2 s).
   */
  ticketingDeadlineSweepSeconds: number;
  /**
   * HOLD_LAPSE_SWEEP_SECONDS: how often the cluster re-reads unpaid holds past their payment
   * deadline, to record each lapse once (default every minute; src/orders/hold-lapse-sweep.ts).
   */
  holdLapseSweepSeconds: number;
  ndcSchemaDir: string;
  search: {
    cacheTtlSeconds: number;
    /** SEARCH_CACHE_MEMORY_MB: the in-process cache's bound (embedded storage, no Redis). */
    cacheMemoryMb: number;
    rateLimitPerMinute: number;
    timeoutMs: number;
  };
  monitoring: { intervalSeconds: number };
  aviation: { syncFrom: string | null; syncIntervalHours: number };
  mail: { smtpUrl: string | null; from: string; operatorEmail: string | null };
  passwords: { scryptLogN: number };
  /** Sign-ups, password reset requests and `/v1/subscribe` requests per client address per hour: each sends mail. */
  publicFormsPerHour: number;
  /** Failed portal sign-ins per client address per hour before that address is refused for a while. */
  loginFailuresPerHour: number;
  /**
   * How long the HTTP server waits on a client (docs/operations/http.md): for its headers, for its whole
   * request (headers and body; 408 past it), and on an idle keep-alive connection. None of them
   * bounds a response in progress, such as a search or an SSE stream. `compression` (COMPRESSION):
   * whether answers go compressed as the client's `Accept-Encoding` asks (compression.ts).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; compression: boolean };
  /** After SIGTERM: how long in-flight requests and streams get before the process exits anyway. */
  shutdownGraceMs: number;
  /**
   * After SIGTERM, before the grace period: how long readiness answers 503 while the instance
   * still serves, so a load balancer's health checks take it out of rotation first.
   */
  shutdownReadyDelayMs: number;
  /**
   * WEBHOOK_ALLOWED_PRIVATE_HOSTS: exact host names webhook URLs may use although they resolve to
   * private addresses. Development and tests only (e.g. `localhost`); empty in production.
   */
  webhooks: {
    allowedPrivateHosts: readonly string[];
    /** WEBHOOK_DELIVERY_LEASE_MS: a claimed delivery is held this long; past it, one whose worker died is tried again. */
    deliveryLeaseMs: number;
  };
  /**
   * Plans and metering (docs/plans.md): the one-off free allowance of a new account, in metered
   * requests (FREE_ALLOWANCE_REQUESTS), and how often counted usage is written to the database
   * (USAGE_FLUSH_SECONDS).
   */
  billing: { freeAllowanceRequests: number; usageFlushSeconds: number };
}

export type KeyEnvironment = 'test' | 'live';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Reads each variable as config-variables.ts declares it (kind, default, range) and collects every
 * problem instead of stopping at the first one.
 */
class Reader implements ConfigReader {
  readonly problems: string[] = [];
  private readonly variables: ReadonlyMap<string, ConfigVariable>;
  constructor(
    private readonly env: Env,
    variables: readonly ConfigVariable[],
  ) {
    this.variables = new Map(variables.map((v) => [v.name, v]));
  }

  private declared<K extends ConfigValue['kind']>(name: string, kind: K): Extract<ConfigValue, { kind: K }> {
    const declared = this.variables.get(name);
    if (!declared) throw new Error(`${name} is read but not declared in config-variables.ts or its source's row`);
    const { value } = declared;
    if (value.kind !== kind) throw new Error(`${name} is declared as ${value.kind}, read as ${kind}`);
    return value as Extract<ConfigValue, { kind: K }>;
  }

  private present(name: string): string | null {
    const value = this.env[name];
    return value === undefined || value === '' ? null : value;
  }

  /** The raw value of a variable loadConfig parses itself (declared `custom`). */
  raw(name: string): string | undefined {
    this.declared(name, 'custom');
    return this.env[name];
  }

  text(name: string): string {
    return this.present(name) ?? this.declared(name, 'text').default;
  }

  optional(name: string): string | null {
    this.declared(name, 'optional');
    return this.present(name);
  }

  int(name: string): number {
    const { default: fallback, min, max } = this.declared(name, 'int');
    const raw = this.present(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  bool(name: string): boolean {
    const fallback = this.declared(name, 'bool').default;
    const raw = this.present(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${this.env[name]}")`);
    return fallback;
  }

  url(name: string): string | null {
    const { protocols } = this.declared(name, 'url');
    const raw = this.present(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      this.problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      return null;
    }
  }

  choice<T extends string>(name: string, allowed: readonly T[]): T {
    const fallback = this.declared(name, 'choice').default as T;
    const raw = this.present(name) ?? fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }
}

/**
 * Reads the gateway's variables and those of `sources` (each source's row in src/sources/; the
 * gateway's own table is taken by src/sources/load-config.ts, which every entry point calls).
 */
export function parseConfig(env: Env, sources: readonly SourceConfigSpec[]): Readonly<Config> {
  const r = new Reader(env, configVariables(sources));

  const keyPrefix = r.text('KEY_PREFIX');
  if (!/^[a-z][a-z0-9]{1,11}$/.test(keyPrefix)) {
    r.problems.push(`KEY_PREFIX must be 2-12 lowercase letters or digits, starting with a letter (got "${keyPrefix}")`);
  }

  const keyEnvironments = r
    .text('KEY_ENVIRONMENTS')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (keyEnvironments.length === 0 || keyEnvironments.some((e) => e !== 'test' && e !== 'live')) {
    r.problems.push('KEY_ENVIRONMENTS must be a comma-separated list of test and live');
  }

  const trustProxyParsed = parseTrustProxy(r.raw('TRUST_PROXY'));
  if ('problem' in trustProxyParsed) r.problems.push(trustProxyParsed.problem);
  const trustProxy = 'value' in trustProxyParsed ? trustProxyParsed.value : false;

  const databaseUrl = r.url('DATABASE_URL');
  const keyring = r.optional('KEYRING');
  if (databaseUrl !== null && keyring === null) {
    r.problems.push('KEYRING is required when DATABASE_URL is set (a generated keyring file is only for embedded storage)');
  }

  const port = r.int('PORT');
  const dataDirSetting = r.raw('DATA_DIR');
  const publicUrl = r.url('PUBLIC_URL');
  const config: Config = {
    port,
    host: r.text('HOST'),
    // Unset, the data folder is the project's own (not the working directory's): `npx flightagg` run
    // from a subfolder must open the same storage as `npm start`. A DATA_DIR of the operator's is
    // taken as typed, relative to where they typed it.
    dataDir: dataDirSetting ? path.resolve(dataDirSetting) : path.join(REPO_ROOT, 'data'),
    databaseUrl,
    pgPoolMax: r.int('PG_POOL_MAX'),
    redisUrl: r.url('REDIS_URL'),
    redisPrefix: r.text('REDIS_PREFIX'),
    keyPrefix,
    keyring,
    keyEnvironments: keyEnvironments as KeyEnvironment[],
    orderWritesEnabled: r.bool('ORDER_WRITES_ENABLED'),
    logLevel: r.choice('LOG_LEVEL', LOG_LEVELS),
    publicUrl: publicUrl ?? `http://localhost:${port}`,
    publicUrlSet: publicUrl !== null,
    trustProxy,
    metricsToken: r.optional('METRICS_TOKEN'),
    requestCosts: r.bool('REQUEST_COSTS'),
    checkResponses: r.bool('CHECK_RESPONSES'),
    tracing: readTracing(r, env),
    requestLog: r.bool('REQUEST_LOG'),
    requestLogBodyRetentionDays: r.int('REQUEST_LOG_BODY_RETENTION_DAYS'),
    sources: Object.fromEntries(sources.map((source) => [source.code, source.read(r, env)])),
    inProcessTestSystems: r.bool('IN_PROCESS_TEST_SYSTEMS'),
    airlineSweep: {
      ordersPerMinute: r.int('AIRLINE_SWEEP_ORDERS_PER_MINUTE'),
      recheckMinutes: r.int('AIRLINE_SWEEP_RECHECK_MINUTES'),
      intervalSeconds: r.int('AIRLINE_SWEEP_INTERVAL_SECONDS'),
    },
    airlineNotifications: { refreshSeconds: r.int('AIRLINE_NOTIFY_REFRESH_SECONDS') },
    ticketingDeadlineSweepSeconds: r.int('TICKETING_DEADLINE_SWEEP_SECONDS'),
    holdLapseSweepSeconds: r.int('HOLD_LAPSE_SWEEP_SECONDS'),
    ndcSchemaDir: path.resolve(REPO_ROOT, r.text('NDC_SCHEMA_DIR')),
    search: {
      cacheTtlSeconds: r.int('SEARCH_CACHE_TTL_SECONDS'),
      cacheMemoryMb: r.int('SEARCH_CACHE_MEMORY_MB'),
      rateLimitPerMinute: r.int('SEARCH_RATE_LIMIT_PER_MINUTE'),
      timeoutMs: r.int('SEARCH_TIMEOUT_MS'),
    },
    monitoring: { intervalSeconds: r.int('MONITORING_INTERVAL_SECONDS') },
    aviation: {
      syncFrom: r.optional('AVIATION_SYNC_FROM'),
      syncIntervalHours: r.int('AVIATION_SYNC_INTERVAL_HOURS'),
    },
    mail: {
      smtpUrl: r.url('SMTP_URL'),
      from: r.text('MAIL_FROM'),
      operatorEmail: r.optional('OPERATOR_EMAIL'),
    },
    passwords: { scryptLogN: r.int('PASSWORD_SCRYPT_LOG_N') },
    publicFormsPerHour: r.int('PUBLIC_FORM_RATE_LIMIT_PER_HOUR'),
    loginFailuresPerHour: r.int('LOGIN_FAILURE_LIMIT_PER_HOUR'),
    http: {
      headersTimeoutMs: r.int('HTTP_HEADERS_TIMEOUT_MS'),
      requestTimeoutMs: r.int('HTTP_REQUEST_TIMEOUT_MS'),
      keepAliveTimeoutMs: r.int('HTTP_KEEP_ALIVE_TIMEOUT_MS'),
      compression: r.bool('COMPRESSION'),
    },
    shutdownGraceMs: r.int('SHUTDOWN_GRACE_MS'),
    shutdownReadyDelayMs: r.int('SHUTDOWN_READY_DELAY_MS'),
    webhooks: {
      allowedPrivateHosts: r
        .text('WEBHOOK_ALLOWED_PRIVATE_HOSTS')
        .split(',')
        .map((s) => s.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean),
      deliveryLeaseMs: r.int('WEBHOOK_DELIVERY_LEASE_MS'),
    },
    billing: {
      freeAllowanceRequests: r.int('FREE_ALLOWANCE_REQUESTS'),
      usageFlushSeconds: r.int('USAGE_FLUSH_SECONDS'),
    },
  };
  // A live source must not be able to be impersonated with a secret printed in the source code.
  for (const { code } of sources) {
    const { live, signing } = config.sources[code]!;
    if (!signing) continue;
    if (live !== null && [undefined, '', signing.development].includes(env[signing.variable])) {
      r.problems.push(`${signing.variable} is required when ${live} is set (the development secret is public)`);
    }
    if (signing.secret.length < 16) r.problems.push(`${signing.variable} must be at least 16 characters`);
  }
  if (config.http.headersTimeoutMs > config.http.requestTimeoutMs) {
    r.problems.push('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return Object.freeze(config);
}

export interface TracingConfig {
  exporter: (typeof TRACE_EXPORTERS)[number];
  /** Where OTLP/HTTP spans are posted (the traces path included); null unless the exporter is `otlp`. */
  otlpTracesUrl: string | null;
  serviceName: string;
}

/**
 * Tracing is off unless asked for: OTEL_TRACES_EXPORTER names an exporter, or an OTLP endpoint is
 * set (the usual way a collector is pointed at). The OpenTelemetry default of `otlp` is not taken,
 * so a gateway with no collector sends nothing and loads nothing.
 */
function readTracing(r: Reader, env: Env): TracingConfig {
  const base = r.url('OTEL_EXPORTER_OTLP_ENDPOINT');
  const traces = r.url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const named = (env.OTEL_TRACES_EXPORTER ?? '').trim() !== '';
  const exporter = named ? r.choice('OTEL_TRACES_EXPORTER', TRACE_EXPORTERS) : base || traces ? 'otlp' : 'none';
  const otlpTracesUrl =
    exporter !== 'otlp' ? null : (traces ?? `${(base ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces`);
  return { exporter, otlpTracesUrl, serviceName: r.text('OTEL_SERVICE_NAME') };
}
