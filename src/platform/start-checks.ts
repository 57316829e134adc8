import type { Config } from './config.js';
import { assertPortsFree, listenTargets } from './listen-ports.js';
import { assertNotifySecretsForStorage } from './notify-secrets.js';

/**
 * What a gateway start refuses before it opens anything: notification secrets unfit for shared
 * storage, and ports it cannot listen on. It imports nothing heavy, so `flightagg serve` runs it
 * before the gateway's modules are even loaded (src/cli.ts) and a refusal takes about a second.
 */
export async function checkBeforeOpening(config: Readonly<Config>): Promise<void> {
  assertNotifySecretsForStorage(config);
  await assertPortsFree(listenTargets(config));
}
