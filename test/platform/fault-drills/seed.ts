import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createIdentity } from '../../../src/identity/identity.js';
import { createApiKeyService } from '../../../src/auth/api-keys/key-service.js';
import { loadConfig } from '../../../src/sources/load-config.js';
import { createPlatform } from '../../../src/platform/platform.js';

export interface DrillAccount {
  key: string;
  email: string;
  password: string;
}

/**
 * An agency with a test key and an owner who can sign in, made in `databaseUrl` (migrating it
 * first) through the same services the CLI uses, before a drill's gateway starts on it.
 */
export async function seedAccount(databaseUrl: string, keyring: string): Promise<DrillAccount> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-drill-seed-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    KEYRING: keyring,
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
  });
  const platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
  try {
    const accounts = createIdentity(platform);
    const agency = await accounts.createAgency({ name: 'Drill Travel' });
    const { secret } = await createApiKeyService(platform).create(
      { agencyId: agency.id, kind: 'agency', environment: 'test' },
      { via: 'cli' },
    );
    const email = `drill-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = `drill-${crypto.randomBytes(12).toString('hex')}`;
    await accounts.createUser({ agencyId: agency.id, email, password, role: 'owner' });
    return { key: secret, email, password };
  } finally {
    await platform.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
