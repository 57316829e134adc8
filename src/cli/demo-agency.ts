import { createApiKeyService } from '../auth/api-keys/key-service.js';
import { createIdentity } from '../identity/identity.js';
import type { Platform } from '../platform/platform.js';

/** A demo agency with one test key: what `flightagg demo` and the first start on empty storage make. */
export async function makeDemoAgency(platform: Platform) {
  const agency = await createIdentity(platform).createAgency({ name: 'Demo Travel' });
  const { key, secret } = await createApiKeyService(platform).create(
    { agencyId: agency.id, kind: 'agency', environment: 'test', name: 'demo' },
    { via: 'cli' },
  );
  return { agency, key, secret };
}

/** Whether storage holds no API key at all: a first start, where nothing could call the API yet. */
export async function holdsNoKey(platform: Platform): Promise<boolean> {
  return (await createApiKeyService(platform).list(undefined)).length === 0;
}

/** The lines that hand a new secret over: shown once, with a first call to make with it. */
export function secretHandover(secret: string, baseUrl: string): string[] {
  return [
    '',
    `  ${secret}`,
    '',
    `try: curl -H 'X-API-Key: ${secret}' ${baseUrl}/v1/monitoring/airlines`,
    `then: docs/quickstart.md (search, price, book, pay, cancel) or ${baseUrl}/docs`,
  ];
}
