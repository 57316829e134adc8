import { int, text, url, OPTIONAL, CUSTOM, type ConfigTopic, type ConfigVariable } from './config-variable-kinds.js';
import type { SourceConfigSpec, SourceSettings, SourceSigning } from './source-config.js';

/** An NDC airline's connection settings, read from the same variables under its code (AA_..., VS_...). */
export interface AirlineConfig extends SourceSettings {
  testSubscriptionKey: string;
  liveUrl: string | null;
  liveSubscriptionKey: string | null;
  /**
   * <CODE>_TEST_RETENTION_DAYS: the test system purges a booking this many days after its last flight
   * lands (default 30; 0 keeps every booking for ever).
   */
  testRetentionDays: number;
  /**
   * <CODE>_NOTIFY_SECRET: the secret the airline signs its change notifications with (docs/orders.md,
   * "Airline-initiated changes"). Unset, the development secret; required with <CODE>_LIVE_URL.
   * <CODE>_NOTIFY_URL: where a test system run alone sends them; in-process it is the gateway itself.
   */
  signing: SourceSigning;
}

/**
 * The configuration of an airline reached directly over NDC: its variables under its code's
 * prefix and how they are read. `name` is the airline's name in the reference; `devNotifySecret`
 * is the public secret its in-process test system signs with; `liveUnset` says what happens
 * without `<CODE>_LIVE_URL`.
 */
export function ndcAirlineConfig(
  code: string,
  name: string,
  devNotifySecret: string,
  liveUnset = 'a live call answers 502',
): SourceConfigSpec<AirlineConfig> {
  return {
    code,
    variables: [...airlineVariables(code, name, devNotifySecret, liveUnset), ...testSystemCommandVariables(code)],
    read: (r) => {
      const liveUrl = r.url(`${code}_LIVE_URL`);
      return {
        testSubscriptionKey: r.text(`${code}_TEST_SUBSCRIPTION_KEY`),
        testSystemUrl: r.url(`${code}_TEST_URL`),
        testSystemPort: r.int(`${code}_TEST_PORT`),
        testRetentionDays: r.int(`${code}_TEST_RETENTION_DAYS`),
        liveUrl,
        live: liveUrl !== null ? `${code}_LIVE_URL` : null,
        liveSubscriptionKey: r.optional(`${code}_LIVE_SUBSCRIPTION_KEY`),
        signing: {
          variable: `${code}_NOTIFY_SECRET`,
          secret: r.text(`${code}_NOTIFY_SECRET`),
          development: devNotifySecret,
          notifyUrl: r.url(`${code}_NOTIFY_URL`),
          notifyUrlVariable: `${code}_NOTIFY_URL`,
        },
      };
    },
  };
}

/** One airline's settings under its code's prefix (AA_TEST_URL, VS_TEST_URL, ...). */
function airlineVariables(code: string, airline: string, devNotifySecret: string, liveUnset: string): ConfigVariable[] {
  const lower = code.toLowerCase();
  const topic: ConfigTopic = 'airlines';
  return [
    {
      name: `${code}_TEST_SUBSCRIPTION_KEY`,
      topic,
      value: text(`${lower}-test-subscription-key`),
      description: `the \`Ocp-Apim-Subscription-Key\` the ${code} test system expects (development default)`,
    },
    {
      name: `${code}_TEST_URL`,
      topic,
      value: url('http:', 'https:'),
      unset: 'in-process',
      description: `a separately running ${code} test system (\`flightagg testsystem ${lower}\`); every instance of a cluster must reach the same one`,
    },
    {
      name: `${code}_TEST_PORT`,
      topic,
      value: int(0, 0, 65535),
      unset: '`0` (any free port)',
      description: `loopback port of the in-process ${code} test system`,
    },
    {
      name: `${code}_TEST_RETENTION_DAYS`,
      topic,
      value: int(30, 0, 3650),
      description: `the ${code} test system (in-process or run alone) purges a booking this many days after its last flight lands, with the seats sold of flights that long past, at start and hourly; \`0\` keeps every booking`,
    },
    {
      name: `${code}_LIVE_URL`,
      topic,
      value: url('https:', 'http:'),
      description: `${airline}'s NDC endpoint for live keys; unset, ${liveUnset}`,
    },
    {
      name: `${code}_LIVE_SUBSCRIPTION_KEY`,
      topic,
      value: OPTIONAL,
      description: `${airline}'s live subscription key`,
    },
    {
      name: `${code}_NOTIFY_SECRET`,
      topic: 'airline-sweeps',
      value: text(devNotifySecret),
      unset: 'development secret',
      description: `shared secret ${airline} signs its change notifications with (\`POST /v1/airlines/${lower}/notifications\`, header \`X-Airline-Signature\`, HMAC-SHA256), at least 16 characters; **required, and not the development one, on shared storage (\`DATABASE_URL\`) and when \`${code}_LIVE_URL\` is set** (make one with \`openssl rand -hex 32\` and give the airline the same). The development secret is taken only on embedded storage with the in-process test system, and only from this machine (a loopback peer, no proxy header)`,
    },
    {
      name: `${code}_NOTIFY_URL`,
      topic: 'airline-sweeps',
      value: url('http:', 'https:'),
      description: `where a separately run ${code} test system sends its change notifications (the gateway's \`/v1/airlines/${lower}/notifications\`); an in-process one is pointed at its gateway`,
    },
  ];
}

/** The test-system command's own storage settings, per airline (src/cli/testsystem-commands.ts). */
export function testSystemCommandVariables(code: string): ConfigVariable[] {
  const lower = code.toLowerCase();
  return [
    {
      name: `${code}_TEST_DATABASE_URL`,
      topic: 'test-system-command',
      value: CUSTOM,
      unset: 'embedded storage',
      description: `\`flightagg testsystem ${lower}\` keeps its bookings in this PostgreSQL, schema \`${lower}_test_system\` (\`--database-url\` wins)`,
      command: 'testsystem',
    },
    {
      name: `${code}_TEST_DATA_DIR`,
      topic: 'test-system-command',
      value: CUSTOM,
      unset: `\`DATA_DIR/${lower}-test-system\``,
      description: `\`flightagg testsystem ${lower}\` keeps its bookings in embedded storage here (\`--data-dir\` wins)`,
      command: 'testsystem',
    },
  ];
}
