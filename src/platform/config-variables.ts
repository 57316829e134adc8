/**
 * Every environment variable the gateway reads, declared once: its kind, default, accepted range and
 * meaning. `loadConfig` (config.ts) takes defaults and ranges from here; the configuration reference
 * in README.md and docs/operations/*.md and the start banner's settings line are generated from it
 * (`npm run docs:config`), and test/platform/config-reference.test.ts fails when either drifts.
 */

import { int, bool, text, url, OPTIONAL, CUSTOM, type ConfigVariable } from './config-variable-kinds.js';
import type { SourceConfigSpec } from './source-config.js';
import { TRACING_VARIABLES } from './tracing/tracing-variables.js';

export { TRACE_EXPORTERS } from './tracing/tracing-variables.js';

export { CONFIG_TOPICS, type ConfigTopic, type ConfigValue, type ConfigVariable } from './config-variable-kinds.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Signs the in-process AA test system's notifications in development; never good enough for a live airline. */
export const DEV_AA_NOTIFY_SECRET = 'aa-notify-development-secret';
/** The same for the in-process VS test system. */
export const DEV_VS_NOTIFY_SECRET = 'vs-notify-development-secret';

/** The gateway's own variables that the reference lists before the sources' (src/sources/). */
const BEFORE_SOURCES: readonly ConfigVariable[] = [
  { name: 'PORT', topic: 'server', value: int(8080, 0, 65535), description: 'HTTP port' },
  { name: 'HOST', topic: 'server', value: text('0.0.0.0'), description: 'address to bind' },
  {
    name: 'PUBLIC_URL',
    topic: 'server',
    value: url('http:', 'https:'),
    unset: '`http://localhost:$PORT`',
    description:
      'base of links in e-mails and `docs_url`; unset, the API description names a relative server, so the docs page calls whichever host it was opened on',
  },
  {
    name: 'ORDER_WRITES_ENABLED',
    topic: 'server',
    value: bool(true),
    description: '`false` answers every order write with 503 `coming_soon`',
  },
  {
    name: 'DATA_DIR',
    topic: 'storage',
    value: CUSTOM,
    unset: "the project's `data/`",
    description:
      "embedded storage, the generated keyring, and the mail outbox without SMTP; unset, the project's own folder whatever the working directory; a relative path is taken from where it was typed",
  },
  {
    name: 'DATABASE_URL',
    topic: 'storage',
    value: url('postgres:', 'postgresql:'),
    unset: 'embedded PGlite',
    description: 'PostgreSQL connection string; requires `KEYRING`',
  },
  {
    name: 'PG_POOL_MAX',
    topic: 'storage',
    value: int(10, 1, 1_000),
    description:
      "PostgreSQL connections one process holds at most; keep instances × `PG_POOL_MAX` under the server's `max_connections` less a reserve ([docs/operations/costs.md](docs/operations/costs.md#connection-pool-sizing))",
  },
  {
    name: 'REDIS_URL',
    topic: 'storage',
    value: url('redis:', 'rediss:'),
    unset: 'in-process',
    description: 'Redis for what instances share: search cache, rate limits, key-cache eviction',
  },
  {
    name: 'REDIS_PREFIX',
    topic: 'storage',
    value: text('flightagg:'),
    description: 'namespace of every Redis key and channel, so several deployments can share one server',
  },
  {
    name: 'KEY_PREFIX',
    topic: 'keys',
    value: text('fa'),
    description: 'service prefix of API keys (2-12 lowercase letters or digits, starting with a letter)',
  },
  {
    name: 'KEY_ENVIRONMENTS',
    topic: 'keys',
    value: text('test,live'),
    description:
      'key environments this deployment accepts (a comma list of `test` and `live`); a key of any other answers `invalid api key`',
  },
  {
    name: 'KEYRING',
    topic: 'keys',
    value: OPTIONAL,
    unset: 'generated file in `DATA_DIR`',
    description:
      'data keys, `id:purpose:base64(32 bytes)` entries separated by commas or new lines; purposes `api-key-lookup`, `api-key-secrets`, `webhook-secrets`, `totp-seeds`, `offer-ids`, `recovery-codes`, one key at least each (`flightagg keyring generate` prints entries). The last key listed for a purpose seals or signs new data; every listed key still opens or verifies what it made. Every instance needs the same `offer-ids` keys. Required with `DATABASE_URL`',
  },
  {
    name: 'LOG_LEVEL',
    topic: 'observability',
    value: { kind: 'choice', default: 'info', allowed: LOG_LEVELS },
    description: 'how much the gateway logs (JSON lines; docs/operations/http.md, "Logs")',
  },
  {
    name: 'METRICS_TOKEN',
    topic: 'observability',
    value: OPTIONAL,
    unset: '`/metrics` answers this host only',
    description:
      'when set, `/metrics` needs `Authorization: Bearer <token>`, from anywhere; unset, only a loopback peer with no forwarding header is answered',
  },
  {
    name: 'REQUEST_COSTS',
    topic: 'observability',
    value: bool(false),
    description:
      '`true` attributes database statements and Redis commands to requests and routes on `/metrics` (its AsyncLocalStorage costs CPU on every request); off, they are one total',
  },
  {
    name: 'CHECK_RESPONSES',
    topic: 'observability',
    value: bool(false),
    description:
      "`true` holds every answer to its operation's declared responses in /openapi.json (status, headers, body): a mismatch answers 500 naming it and is logged. For development and the test suite (it validates every answer); leave off in production",
  },
  {
    name: 'REQUEST_LOG',
    topic: 'observability',
    value: bool(true),
    description:
      "`false` stops recording API-key requests for the dashboard's Logs (`GET /v1/dev/requests`; method, route, path, status, latency, key, request id, error code, kept 7 days, written in batches); rows already kept are still swept ([docs/operations/request-log.md](docs/operations/request-log.md))",
  },
  {
    name: 'REQUEST_LOG_BODY_RETENTION_DAYS',
    topic: 'observability',
    value: int(3, 0, 7),
    description:
      "days (3 by default) the request log keeps each logged request's request and response bodies (JSON only, secrets and card numbers redacted, 16 KB each; `GET /v1/dev/requests/{request_id}`), at most the log's own 7; `0` records no bodies ([docs/operations/request-log.md](docs/operations/request-log.md#bodies))",
  },
  ...TRACING_VARIABLES,
  {
    name: 'TRUST_PROXY',
    topic: 'http',
    value: CUSTOM,
    unset: '`false`',
    description:
      'proxies whose `X-Forwarded-For` is believed: a hop count (`1`, `2`; only when the gateway is reachable through them alone) or a comma list of proxy IPs/CIDRs and `loopback`, `linklocal`, `uniquelocal`; the client is the right-most untrusted address; `true` and unrecognised values are refused at start ([docs/operations/http.md](docs/operations/http.md#trust_proxy))',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    topic: 'http',
    value: int(10_000, 100, 600_000),
    description:
      'a client must finish its request headers within this (from the connection or the previous request): slow-header clients and connections that send nothing get 408',
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    topic: 'http',
    value: int(30_000, 100, 600_000),
    description:
      'a client must finish its whole request (headers and body) within this; 408 after. At least the headers time-out; 30 s lets a 1 MiB body arrive at ~35 KB/s. A response in progress (a search, an SSE stream) is never cut',
  },
  {
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    topic: 'http',
    value: int(72_000, 100, 600_000),
    description:
      "idle keep-alive connections close after this: above common load balancers' 60 s, so the balancer closes first and never reuses a connection the gateway is closing",
  },
  {
    name: 'COMPRESSION',
    topic: 'http',
    value: bool(true),
    description:
      "`false` answers every request uncompressed; on, JSON and text answers of 1 KiB or more go in Brotli or gzip as the client's `Accept-Encoding` weighs them, a cached search's compressed once per coding ([docs/operations/http.md](docs/operations/http.md#compression))",
  },
  {
    name: 'SHUTDOWN_GRACE_MS',
    topic: 'http',
    value: int(25_000, 1_000, 600_000),
    description:
      'on SIGTERM, in-flight requests get this long; open search streams get half of it, then end with `error` `server_shutting_down`',
  },
  {
    name: 'SHUTDOWN_READY_DELAY_MS',
    topic: 'http',
    value: int(5_000, 0, 600_000),
    description:
      "on SIGTERM, readiness answers 503 (`checks.shutdown: draining`) for this long while the instance still serves, so a load balancer moves away first; then `SHUTDOWN_GRACE_MS`. `0` disables; SIGINT skips it. An orchestrator's termination grace must exceed both together",
  },
];

/** The gateway's own variables that follow the sources'. */
const AFTER_SOURCES: readonly ConfigVariable[] = [
  {
    name: 'IN_PROCESS_TEST_SYSTEMS',
    topic: 'airlines',
    value: bool(true),
    description:
      '`false` runs no test system inside the gateway: test keys reach a source only at its `<CODE>_TEST_URL`, and with none a test-key call answers 502 `airline_not_configured` naming the variable. Set it wherever several gateways share one database (the in-process test systems keep their data in it, so a second gateway running its own is refused readiness): docs/operations/deploying.md',
  },
  {
    name: 'NDC_SCHEMA_DIR',
    topic: 'airlines',
    value: text('../shared/ndc/schemas-21.3'),
    description: 'NDC 21.3 XSDs the test systems validate against (a relative path is taken from the repository root)',
  },
  {
    name: 'AIRLINE_SWEEP_ORDERS_PER_MINUTE',
    topic: 'airline-sweeps',
    value: int(30, 0, 10_000),
    description:
      'the safety-net sweep re-reads at most this many open orders departing within 72 hours per minute, once per cluster; `0` switches it off',
  },
  {
    name: 'AIRLINE_SWEEP_RECHECK_MINUTES',
    topic: 'airline-sweeps',
    value: int(30, 1, 24 * 60),
    description: 'an order re-read by the sweep (or after a notification) is left alone this long',
  },
  {
    name: 'AIRLINE_SWEEP_INTERVAL_SECONDS',
    topic: 'airline-sweeps',
    value: int(60, 1, 3_600),
    description:
      'how often the sweep runs; each run re-reads its share of `AIRLINE_SWEEP_ORDERS_PER_MINUTE`, so the rate stays per minute',
  },
  {
    name: 'AIRLINE_NOTIFY_REFRESH_SECONDS',
    topic: 'airline-sweeps',
    value: int(60, 1, 3_600),
    description:
      'an order is re-read because of airline notifications at most once per this long, however many name it; one named again inside it is re-read when it ends',
  },
  {
    name: 'TICKETING_DEADLINE_SWEEP_SECONDS',
    topic: 'airline-sweeps',
    value: int(3_600, 1, 86_400),
    description:
      'how often the cluster looks for unpaid holds due within 24 hours, to announce each once with `order.ticketing_deadline_approaching`',
  },
  {
    name: 'HOLD_LAPSE_SWEEP_SECONDS',
    topic: 'airline-sweeps',
    value: int(60, 1, 3_600),
    description:
      'how often the cluster looks for unpaid holds past their payment deadline (and a 2-minute grace), to re-read each from its airline and record the cancellation once with `order.cancelled`',
  },
  {
    name: 'SEARCH_CACHE_TTL_SECONDS',
    topic: 'search',
    value: int(300, 0, 86_400),
    description: 'identical searches inside this window come from cache',
  },
  {
    name: 'SEARCH_CACHE_MEMORY_MB',
    topic: 'search',
    value: int(32, 1, 4_096),
    description: 'without Redis: the most the in-process search cache holds, in MB of answers (the oldest go first)',
  },
  {
    name: 'SEARCH_RATE_LIMIT_PER_MINUTE',
    topic: 'search',
    value: int(60, 1, 100_000),
    description: 'searches per rolling minute per agency (an agency may have its own)',
  },
  {
    name: 'SEARCH_TIMEOUT_MS',
    topic: 'search',
    value: int(12_000, 100, 120_000),
    description: 'the aggregator time-out that bounds a search and its stream',
  },
  {
    name: 'MONITORING_INTERVAL_SECONDS',
    topic: 'search',
    value: int(60, 0, 86_400),
    description: 'connector health probe interval; `0` disables monitoring',
  },
  {
    name: 'FREE_ALLOWANCE_REQUESTS',
    topic: 'billing',
    value: int(1_000, 0, 100_000_000),
    description:
      'the one-off free allowance of an account on the free plan, in metered requests of its developer-portal keys (an operator can set another per agency: `flightagg agency set <id> --free-allowance N`; [docs/plans.md](docs/plans.md))',
  },
  {
    name: 'USAGE_FLUSH_SECONDS',
    topic: 'billing',
    value: int(5, 1, 3_600),
    description: 'how often each instance writes counted usage to `usage_counts`, in batches written once each',
  },
  {
    name: 'AVIATION_SYNC_FROM',
    topic: 'aviation',
    value: OPTIONAL,
    description:
      'a folder or URL base of the upstream aviation files; set, the gateway syncs at start if empty and then on a schedule',
  },
  {
    name: 'AVIATION_SYNC_INTERVAL_HOURS',
    topic: 'aviation',
    value: int(24, 1, 24 * 365),
    description: 'aviation sync schedule',
  },
  {
    name: 'SMTP_URL',
    topic: 'mail',
    value: url('smtp:', 'smtps:'),
    unset: 'mails written to `DATA_DIR/outbox`',
    description: 'server for outgoing mail',
  },
  {
    name: 'MAIL_FROM',
    topic: 'mail',
    value: text('Flight Gateway <no-reply@localhost>'),
    description: 'sender of outgoing mail',
  },
  {
    name: 'OPERATOR_EMAIL',
    topic: 'mail',
    value: OPTIONAL,
    description: 'who receives `/v1/subscribe` notifications',
  },
  {
    name: 'LOGIN_FAILURE_LIMIT_PER_HOUR',
    topic: 'portal',
    value: int(100, 1, 1_000_000),
    description:
      'failed portal sign-ins per client address per rolling hour; beyond it every sign-in from that address is 429 with `Retry-After` until the oldest failure is an hour old',
  },
  {
    name: 'PUBLIC_FORM_RATE_LIMIT_PER_HOUR',
    topic: 'portal',
    value: int(10, 1, 100_000),
    description:
      'sign-ups, password reset requests and `/v1/subscribe` requests per client address per rolling hour, each endpoint on its own (all send mail); 429 with `Retry-After` beyond it',
  },
  {
    name: 'PASSWORD_SCRYPT_LOG_N',
    topic: 'portal',
    value: int(17, 10, 20),
    description: "scrypt cost (log2 N) for new password hashes; OWASP's baseline is 17",
  },
  {
    name: 'WEBHOOK_DELIVERY_LEASE_MS',
    topic: 'webhooks',
    value: int(60_000, 20_000, 3_600_000),
    description:
      "how long an instance holds a webhook delivery it claimed: one whose instance died mid-attempt is tried again once this passes; at least 20 s, above an attempt's 15 s time-out, so a live attempt is never sent twice",
  },
  {
    name: 'WEBHOOK_ALLOWED_PRIVATE_HOSTS',
    topic: 'webhooks',
    value: text(''),
    unset: 'empty',
    description:
      'development only: exact host names webhook URLs may use although they resolve to private addresses (e.g. `localhost` for a local receiver; trust its certificate with `NODE_EXTRA_CA_CERTS`); a warning is logged at start when set; literal IPs are never allowed',
  },
];

/**
 * Every variable of a gateway with these sources, in reference order: the gateway's own with each
 * source's among them (its connection and signing settings after the HTTP ones, the settings of its
 * test system run alone at the end). A variable declared twice is a programming error.
 */
export function configVariables(sources: readonly Pick<SourceConfigSpec, 'variables'>[]): readonly ConfigVariable[] {
  const own = (v: ConfigVariable) => v.topic !== 'test-system-command';
  const all = [
    ...BEFORE_SOURCES,
    ...sources.flatMap((s) => s.variables.filter(own)),
    ...AFTER_SOURCES,
    ...sources.flatMap((s) => s.variables.filter((v) => !own(v))),
  ];
  const seen = new Set<string>();
  for (const v of all) {
    if (seen.has(v.name)) throw new Error(`${v.name} is declared twice`);
    seen.add(v.name);
  }
  return all;
}

/** The declaration of a variable; a name nobody declared is a programming error. */
export function configVariable(variables: readonly ConfigVariable[], name: string): ConfigVariable {
  const declared = variables.find((v) => v.name === name);
  if (!declared) throw new Error(`${name} is read but not declared in config-variables.ts or its source's row`);
  return declared;
}

/** The declared variables this environment sets (non-empty), in declaration order: names only, never values. */
export function variablesSetIn(variables: readonly ConfigVariable[], env: Record<string, string | undefined>): string[] {
  return variables.filter((v) => env[v.name] !== undefined && env[v.name] !== '').map((v) => v.name);
}
