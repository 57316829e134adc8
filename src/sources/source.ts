import type { Logger } from 'pino';
import type { Connector, SourceKind } from '../connectors/connector.js';
import type { SharedConnectorDeps } from '../connectors/connector-registry.js';
import type { Config } from '../platform/config.js';
import type { SourceConfigSpec, SourceSettings } from '../platform/source-config.js';
import type { TestSystemStorage } from '../testsystem/ndc/storage/open-storage.js';

/**
 * A source is what one connector reaches. An `airline` source is an airline reached directly (its
 * code is its IATA code, `AA`, and it sells its own flights); an `aggregator` sells many airlines'
 * (`DUFFEL`: 3-8 characters, so it never collides with an airline's code). docs/connectors.md,
 * "Sources and airlines".
 */
export type { SourceKind } from '../connectors/connector.js';

/** A test system the gateway runs beside itself, or the CLI alone. */
export interface InProcessTestSystem {
  url: string;
  close(): Promise<void>;
  /** Points what the test system pushes (change notifications, webhooks) at the gateway, once it listens. */
  notifyTo?(url: string | null): void;
}

/** How a test system is started: where, its log, and where it keeps its bookings. */
export interface TestSystemStartOptions {
  host: string;
  /** 0: any free port. */
  port: number;
  logger: Logger | false;
  /** The gateway's open database, a database of its own, or none (memory only). */
  storage: TestSystemStorage | undefined;
  /** The gateway-wide settings a test system may need (the NDC schemas it validates against). */
  config: Readonly<Config>;
}

/** A source's own test system: what `flightagg testsystem <slug>` runs and the gateway runs in-process. */
export interface SourceTestSystem<S extends SourceSettings> {
  /** The CLI's description of `flightagg testsystem <slug>`. */
  description: string;
  /** The CLI's default `--port`. */
  defaultPort: number;
  /**
   * The variable holding the credential test keys present to it (`AA_TEST_SUBSCRIPTION_KEY`): a
   * test system run alone and the gateways that reach it are given the same value (the cluster
   * harness makes one). Absent: it takes a fixed development credential.
   */
  credentialVariable?: string;
  /** What the CLI prints after the URL: how the test system is called (`POST <url>/ndc/21.3/<Message>`). */
  calledAt(url: string): string;
  /** Starts it with the source's settings (keys, secrets, retention) where `options` say. */
  start(settings: S, options: TestSystemStartOptions): Promise<InProcessTestSystem>;
}

/** What a source's connector is built from: its own settings and test system, and what every connector shares. */
export interface SourceConnectorDeps<S extends SourceSettings> extends SharedConnectorDeps {
  settings: S;
  /** The test system test keys reach: the in-process one, `<CODE>_TEST_URL`, or null (none). */
  testSystemUrl: string | null;
}

/**
 * One row of the table of sources (table.ts): everything the gateway derives per source, its
 * configuration, connector, test system, and the route it pushes to, from this one value. Adding a
 * source is its folders (src/connectors/<slug>/, src/testsystem/<slug>/) and one row.
 */
export interface Source<S extends SourceSettings = SourceSettings> {
  /** Upper-case code: `AA`, `VS` (an airline's IATA code), `DUFFEL`. Prefixes offer and order ids. */
  readonly code: string;
  /** Lower-case name in routes, the CLI, file and schema names: `aa`, `duffel`. */
  readonly slug: string;
  readonly name: string;
  readonly kind: SourceKind;
  /** Its variables and how they are read (`config.sources[code]`). */
  readonly config: SourceConfigSpec<S>;
  connector(deps: SourceConnectorDeps<S>): Connector & { close?(): Promise<void> };
  /** Absent: test keys reach the source only at `<CODE>_TEST_URL`. */
  readonly testSystem?: SourceTestSystem<S>;
  /**
   * The gateway path the source pushes to on a route shared by its kind (the NDC airlines'
   * `/v1/airlines/aa/notifications`), where its in-process test system is pointed once the gateway
   * listens. A source pushing its own format declares `push` instead; neither: it pushes nothing.
   */
  readonly pushesTo?: string;
  /** A route of its own the source pushes to (Duffel's webhook events): the orders feature registers it from here. */
  readonly push?: SourcePush;
}

/**
 * What a source pushes to the gateway on a route of its own, signed with its `signing` secret over
 * the raw body (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` in `header`): the orders
 * feature registers one route per row that declares one, checks the signature, takes each event
 * once by its id, and hands the body to the source's connector (`readChangeNotification`) for the
 * airline-change machinery shared by every source.
 */
export interface SourcePush {
  /** The gateway path (`/v1/sources/duffel/webhooks`). */
  readonly path: string;
  /** The lower-case header the signature comes in (`x-duffel-signature`). */
  readonly header: string;
  /** The one media type the body is read as (`application/json`); 415 with `wrongType` otherwise. */
  readonly contentType: string;
  readonly wrongType: string;
  /** What the body is, in refusals (`the webhook event`). */
  readonly what: string;
  /** The 401's reason when no secret is set (names the variable). */
  readonly refusedWithout: string;
  /** The event's own id, or null when the body is not an event (400 `invalid_notification` with `notAnEvent`). */
  eventId(body: string): string | null;
  readonly notAnEvent: string;
  /** How long an event id is remembered: a little longer than the source retries a delivery. */
  readonly eventMemoryMs: number;
  /** The route's OpenAPI operation (operationId, summary, description). */
  readonly operation: { readonly operationId: string; readonly summary: string; readonly description: string };
}

/** The gateway path a source pushes to, on its own route or its kind's; undefined: it pushes nothing. */
export function pushPathOf(source: Source): string | undefined {
  return source.push?.path ?? source.pushesTo;
}

/** A row, with its settings' type checked against its connector and test system. */
export function defineSource<S extends SourceSettings>(source: Source<S>): Source {
  return source as unknown as Source;
}

/** The table the gateway is built from: its rows in order (the order searches and monitoring list them). */
export type SourceTable = readonly Source[];
