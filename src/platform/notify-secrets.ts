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

/**
 * The sources whose accepted secret is the public development one, with its variable: on embedded
 * storage with the in-process test system. Their notifications are taken from this machine only
 * (`fromThisMachine`): the in-process test system posts over loopback, while the secret itself is
 * printed in the source, so a gateway listening on a public address (the image's `HOST=0.0.0.0`)
 * would otherwise take forged ones from anywhere.
 */
export function developmentSecretSources(config: Readonly<Config>): ReadonlyMap<string, string> {
  const accepted = acceptedNotifySecrets(config);
  return new Map(
    signingSources(config)
      .filter(({ code, signing }) => signing.development !== null && accepted[code] === signing.development)
      .map(({ code, signing }) => [code, signing.variable]),
  );
}

const LOOPBACK_PEER = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a request came straight from this machine: a loopback peer, and no proxy header (a
 * reverse proxy on this machine forwards others' requests from a loopback address).
 */
export function fromThisMachine(request: {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK_PEER.test(peer) && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/** Why a notification signed with a source's development secret is refused, or null when it may be taken. */
export function developmentSecretProblem(
  development: ReadonlyMap<string, string>,
  code: string,
  request: Parameters<typeof fromThisMachine>[0],
): string | null {
  const variable = development.get(code);
  if (variable === undefined || fromThisMachine(request)) return null;
  return `notifications signed with the public development secret are taken from this machine only; set ${variable} (\`${NOTIFY_SECRET_COMMAND}\`) and give the sender the same value`;
}
