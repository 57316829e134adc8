import { ConfigError, DEV_AA_NOTIFY_SECRET, DEV_VS_NOTIFY_SECRET, type AirlineConfig, type Config } from './config.js';

/** The command an operator runs to make a notification secret (it names itself in refusals). */
export const NOTIFY_SECRET_COMMAND = 'openssl rand -hex 32';

/** Every airline that signs change notifications: its code, its settings and its public development secret. */
function signingAirlines(config: Readonly<Config>): { code: string; airline: AirlineConfig; devSecret: string }[] {
  return [
    { code: 'AA', airline: config.aa, devSecret: DEV_AA_NOTIFY_SECRET },
    { code: 'VS', airline: config.vs, devSecret: DEV_VS_NOTIFY_SECRET },
  ];
}

/**
 * Refuses a gateway start on shared storage (DATABASE_URL) while any airline's notification
 * secret is the development one (printed in the source) or unset, which means the same: such a
 * deployment is reachable by others, and anyone could sign "airline" notifications that make it
 * call the airline. Each problem names the variable and the command that makes a secret.
 */
export function assertNotifySecretsForStorage(config: Readonly<Config>): void {
  if (config.databaseUrl === null) return;
  const problems = signingAirlines(config)
    .filter(({ airline, devSecret }) => airline.notifySecret === devSecret)
    .map(
      ({ code }) =>
        `${code}_NOTIFY_SECRET is required on shared storage (DATABASE_URL): the development secret is public. ` +
        `Make one with \`${NOTIFY_SECRET_COMMAND}\` and give the airline (or its test system) the same value`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * The secret each airline's notifications must be signed with, by upper-case code. The development
 * secret counts only on embedded storage with the airline's test system in-process (no
 * <AIRLINE>_TEST_URL), where nothing but that test system can reach the gateway's notifications;
 * anywhere else an airline left on it sends no notifications this gateway takes.
 */
export function acceptedNotifySecrets(config: Readonly<Config>): Readonly<Record<string, string>> {
  const secrets: Record<string, string> = {};
  for (const { code, airline, devSecret } of signingAirlines(config)) {
    const development = airline.notifySecret === devSecret;
    if (development && (config.databaseUrl !== null || airline.testSystemUrl !== null)) continue;
    secrets[code] = airline.notifySecret;
  }
  return secrets;
}
