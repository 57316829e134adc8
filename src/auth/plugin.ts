import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Platform } from '../platform/platform.js';
import { registerApiKeyGate } from './api-key-gate.js';
import { createApiKeyService, type ApiKeyService } from './api-keys/key-service.js';

export const KEY_USAGE_FLUSH_JOB = 'auth.key-usage-flush';
// What "within a minute" in docs/portal.md promises for a key's last_used_at.
const KEY_USAGE_FLUSH_MS = 60_000;

export interface Auth {
  /** The API-key gate: an app-wide onRequest hook that reads the matched route's policy. */
  plugin: FastifyPluginAsync;
  apiKeys: ApiKeyService;
}

/** API keys: the service the CLI and the portal issue keys through, and the gate that checks them. */
export function createAuth({ platform }: { platform: Platform }): Auth {
  const apiKeys = createApiKeyService(platform);
  // Not encapsulated: the gate guards every route of the app, whichever feature registers it.
  const plugin = fp(
    async (app) => {
      registerApiKeyGate(app, apiKeys, platform);
      // Every instance writes the uses it saw; a failed write keeps them for the next run.
      platform.scheduler.add({ name: KEY_USAGE_FLUSH_JOB, intervalMs: KEY_USAGE_FLUSH_MS, run: () => apiKeys.usage.flush() });
      app.addHook('onClose', async () => {
        await apiKeys.usage
          .flush()
          .catch((err: unknown) => platform.logger.warn({ err }, 'key last-used times not flushed at close'));
      });
    },
    { name: 'auth' },
  );
  return { plugin, apiKeys };
}
