/** What a configuration variable is (config-variables.ts declares them all): its topic, kind and reference line. */

export type ConfigTopic =
  | 'server'
  | 'storage'
  | 'keys'
  | 'observability'
  | 'http'
  | 'airlines'
  | 'airline-sweeps'
  | 'search'
  | 'billing'
  | 'aviation'
  | 'mail'
  | 'portal'
  | 'webhooks'
  | 'test-system-command';

export const CONFIG_TOPICS: Record<ConfigTopic, string> = {
  server: 'Server',
  storage: 'Storage',
  keys: 'API keys and data keys',
  observability: 'Logs and metrics',
  http: 'HTTP time-outs and shutdown',
  airlines: 'Airlines',
  'airline-sweeps': 'Airline change notifications and sweeps',
  search: 'Search',
  billing: 'Plans and metering',
  aviation: 'Aviation data',
  mail: 'Mail',
  portal: 'Developer portal',
  webhooks: 'Webhooks',
  'test-system-command': 'A test system run alone (`flightagg testsystem aa|vs`)',
};

/** How a value is read. `custom` values are parsed by loadConfig itself (or by the command named). */
export type ConfigValue =
  | { kind: 'int'; default: number; min: number; max: number }
  | { kind: 'bool'; default: boolean }
  | { kind: 'text'; default: string }
  | { kind: 'optional' }
  | { kind: 'url'; protocols: readonly string[] }
  | { kind: 'choice'; default: string; allowed: readonly string[] }
  | { kind: 'custom' };

export interface ConfigVariable {
  name: string;
  topic: ConfigTopic;
  value: ConfigValue;
  /** What an unset variable means, where the declared default alone does not say it. */
  unset?: string;
  /** One line for the reference (Markdown). */
  description: string;
  /** Read by this CLI command only, not by the gateway's `loadConfig`. */
  command?: 'testsystem';
}

export const int = (def: number, min: number, max: number): ConfigValue => ({ kind: 'int', default: def, min, max });
export const bool = (def: boolean): ConfigValue => ({ kind: 'bool', default: def });
export const text = (def: string): ConfigValue => ({ kind: 'text', default: def });
export const url = (...protocols: string[]): ConfigValue => ({ kind: 'url', protocols });
export const OPTIONAL: ConfigValue = { kind: 'optional' };
export const CUSTOM: ConfigValue = { kind: 'custom' };
