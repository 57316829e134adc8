import type { ConfigVariable } from './config-variable-kinds.js';

/**
 * What the configuration knows of a source (a connector: an airline reached directly, or an
 * aggregator such as Duffel): the variables it declares and how its settings are read from them.
 * The sources themselves live in src/sources/ (one row each); the platform sees only this part,
 * so configuration stays below every feature.
 */
export interface SourceConfigSpec<S extends SourceSettings = SourceSettings> {
  /** Upper-case source code (`AA`, `VS`, `DUFFEL`): the key of `config.sources`. */
  readonly code: string;
  /** The source's variables, in the order the configuration reference lists them. */
  readonly variables: readonly ConfigVariable[];
  /** Reads the settings from the variables above; problems are pushed to the reader, never thrown. */
  read(reader: ConfigReader, env: Readonly<Record<string, string | undefined>>): S;
}

/** The secret a source signs what it pushes to the gateway with (change notifications, webhooks). */
export interface SourceSigning {
  /** The variable that sets it (`AA_NOTIFY_SECRET`, `DUFFEL_WEBHOOK_SECRET`). */
  variable: string;
  secret: string;
  /**
   * The public development secret the variable defaults to (the in-process test system signs with
   * it), or null when the variable has no default. Refused on shared storage and with a live endpoint.
   */
  development: string | null;
  /** Where a separately run test system sends what it pushes; null: unset. */
  notifyUrl: string | null;
  /** The variable that sets `notifyUrl` (`AA_NOTIFY_URL`). */
  notifyUrlVariable: string;
}

/** The settings every source has, whatever else it needs (subscription keys, tokens). */
export interface SourceSettings {
  /** `<CODE>_TEST_URL`: a separately running test system; null: the gateway runs one in-process. */
  testSystemUrl: string | null;
  /** `<CODE>_TEST_PORT`: the in-process test system's loopback port (0: any free one). */
  testSystemPort: number;
  /** `<CODE>_TEST_RETENTION_DAYS` where the source's test system keeps bookings; null: it has none. */
  testRetentionDays: number | null;
  /**
   * The variable that configures the live endpoint (`AA_LIVE_URL`, `DUFFEL_ACCESS_TOKEN`) when it is
   * set, null when it is not. Set, a development signing secret is refused.
   */
  live: string | null;
  /** Null when the source pushes nothing to the gateway. */
  signing: SourceSigning | null;
}

/** How a source's `read` takes its variables: each as declared (kind, default, range), problems collected. */
export interface ConfigReader {
  readonly problems: string[];
  raw(name: string): string | undefined;
  text(name: string): string;
  optional(name: string): string | null;
  int(name: string): number;
  bool(name: string): boolean;
  url(name: string): string | null;
}
