import { ConfigError, type Config } from './config.js';
import type { SourceSigning } from './source-config.js';

/** The command an operator runs to make a notification secret (it names itself in refusals). */
export const NOTIFY_SECRET_COMMAND = 'openssl rand -hex 32';

/** Every source that signs what it pushes: its code, its signing settings and its test system URL. */
function signingSources(config: Readonly<Config>): { code: string; signing: SourceSigning; testSystemUrl: string | null }[] {
  return Object.entries(config.sources).flatMap(([code, settings]) =>
    settings.signing ? [{ code, signing: settings.signing, testSystemUrl: settings.testSystemUrl }] : [],
  );
}

/**
 * Refuses a gateway start on shared storage (DATABASE_URL) while any source's signing secret is the
 * development one (printed in the source) or unset, which means the same: such a deployment is
 * reachable by others, and anyone could sign "airline" notifications that make it call the
 * airline. Each problem names the variable and the command that makes a secret.
 */
export function assertNotifySecretsForStorage(config: Readonly<Config>): void {
  if (config.databaseUrl === null) return;
  const problems = signingSources(config)
    .filter(({ signing }) => signing.development !== null && signing.secret === signing.development)
    .map(
      ({ signing }) =>
        `${signing.variable} is required on shared storage (DATABASE_URL): the development secret is public. ` +
        `Make one with \`${NOTIFY_SECRET_COMMAND}\` and give the airline (or its test system) the same value`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * The secret each source's notifications must be signed with, by upper-case code. The development
 * secret counts only on embedded storage with the source's test system in-process (no
 * <CODE>_TEST_URL), where nothing but that test system can reach the gateway's notifications;
 * anywhere else a source left on it sends no notifications this gateway takes.
 */
export function acceptedNotifySecrets(config: Readonly<Config>): Readonly<Record<string, string>> {
  const secrets: Record<string, string> = {};
  for (const { code, signing, testSystemUrl } of signingSources(config)) {
    const development = signing.secret === signing.development;
    if (development && (config.databaseUrl !== null || testSystemUrl !== null)) continue;
    secrets[code] = signing.secret;
  }
  return secrets;
}
