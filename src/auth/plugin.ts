import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Platform } from '../platform/platform.js';
import { registerApiKeyGate } from './api-key-gate.js';
import { createApiKeyService, type ApiKeyService } from './api-keys/key-service.js';

export interface Auth {
  /** The API-key gate: an app-wide onRequest hook that reads the matched route's policy. */
  plugin: FastifyPluginAsync;
  apiKeys: ApiKeyService;
}

/** API keys: the service the CLI and the portal issue keys through, and the gate that checks them. */
export function createAuth({ platform }: { platform: Platform }): Auth {
  const apiKeys = createApiKeyService(platform);
  // Not encapsulated: the gate guards every route of the app, whichever feature registers it.
  const plugin = fp(async (app) => registerApiKeyGate(app, apiKeys, platform), { name: 'auth' });
  return { plugin, apiKeys };
}
