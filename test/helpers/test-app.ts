import type { FastifyInstance } from 'fastify';
import { buildGateway, type AppOptions, type Gateway } from '../../src/app.js';
import type { KeyKind, KeyRestrictionInput } from '../../src/auth/api-keys/key-service.js';
import type { Platform } from '../../src/platform/platform.js';
import { auditErrorCodes } from './error-code-audit.js';
import { createTestPlatform, type TestPlatformOptions } from './test-platform.js';

export interface TestApp {
  app: FastifyInstance;
  /** The features' services (look-to-book, airline health, webhook dispatcher, identity, keys...). */
  gateway: Gateway;
  platform: Platform;
  /** An agency with a key, made through the same services the CLI and portal use. */
  agencyWithKey(options?: { kind?: KeyKind; environment?: 'test' | 'live' } & KeyRestrictionInput): Promise<{
    agencyId: string;
    keyId: string;
    secret: string;
  }>;
  close(): Promise<void>;
}

export interface TestAppOptions extends TestPlatformOptions {
  app?: AppOptions;
  /** Extra routes for a test, registered before the app is ready. */
  routes?: (app: FastifyInstance) => void;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const platform = await createTestPlatform(options);
  const gateway = await buildGateway(platform, { ...(options.sources && { sources: options.sources }), ...options.app });
  const { app } = gateway;
  // A test's own routes answer what the test makes them answer: not held to the catalogue.
  const testRoutes = new Set<string>();
  if (options.routes) {
    app.addHook('onRoute', (route) => void testRoutes.add(route.url));
    options.routes(app);
  }
  const audit = auditErrorCodes(app, testRoutes);
  await app.ready();
  let agencies = 0;
  return {
    app,
    gateway,
    platform,
    async agencyWithKey({ kind = 'agency', environment = 'test', ...restrictions } = {}) {
      const agency = await gateway.identity.createAgency({ name: `Test Agency ${++agencies}` });
      const { key, secret } = await gateway.apiKeys.create(
        { agencyId: agency.id, kind, environment, ...restrictions },
        { via: 'cli' },
      );
      return { agencyId: agency.id, keyId: key.id, secret };
    },
    async close() {
      await app.close();
      await platform.close();
      // Every error answered must be catalogued and declared for its operation (error-code-audit.ts).
      audit.check();
    },
  };
}
