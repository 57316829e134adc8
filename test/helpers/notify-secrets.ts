import crypto from 'node:crypto';
import { loadConfig } from '../../src/sources/load-config.js';
import type { SourceTable } from '../../src/sources/source.js';
import { SOURCES } from '../../src/sources/table.js';

/**
 * Signing secrets for a gateway under test, one per source that signs what it pushes (its
 * `<CODE>_NOTIFY_SECRET`, or whatever variable its row names), made fresh as an operator would
 * (`openssl rand -hex 32`): on shared storage a gateway refuses to start on the development secrets
 * (src/platform/notify-secrets.ts). A source's test system that should reach the gateway is given
 * the same value.
 */
export function generatedNotifySecrets(sources: SourceTable = SOURCES): Record<string, string> {
  const defaults = loadConfig({}, sources);
  return Object.fromEntries(
    Object.values(defaults.sources).flatMap((settings) =>
      settings.signing ? [[settings.signing.variable, crypto.randomBytes(32).toString('hex')]] : [],
    ),
  );
}
