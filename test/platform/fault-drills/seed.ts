import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createIdentity } from '../../../src/identity/identity.js';
import { createApiKeyService } from '../../../src/auth/api-keys/key-service.js';
import { loadConfig } from '../../../src/sources/load-config.js';
import { createPlatform, type Platform } from '../../../src/platform/platform.js';

export interface DrillAccount {
  key: string;
  email: string;
  password: string;
}

/**
 * A platform on `databaseUrl` (migrating it first), as the CLI opens one, for `work` to seed before a
 * gateway starts on it; closed, and its scratch data folder removed, whatever `work` does.
 */
export async function onScratchPlatform<T>(
  databaseUrl: string,
  keyring: string,
  work: (platform: Platform) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-seed-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    KEYRING: keyring,
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
  });
  const platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
  try {
    return await work(platform);
  } finally {
    await platform.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An agency named `name` and the secret of its test key, made through the services the CLI uses. */
export async function agencyWithTestKey(platform: Platform, name: string): Promise<{ agencyId: string; key: string }> {
  const agency = await createIdentity(platform).createAgency({ name });
  const { secret } = await createApiKeyService(platform).create(
    { agencyId: agency.id, kind: 'agency', environment: 'test' },
    { via: 'cli' },
  );
  return { agencyId: agency.id, key: secret };
}

/**
 * An agency with a test key and an owner who can sign in, made in `databaseUrl` (migrating it
 * first) through the same services the CLI uses, before a drill's gateway starts on it.
 */
export async function seedAccount(databaseUrl: string, keyring: string): Promise<DrillAccount> {
  return onScratchPlatform(databaseUrl, keyring, async (platform) => {
    const { agencyId, key } = await agencyWithTestKey(platform, 'Drill Travel');
    const email = `drill-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = `drill-${crypto.randomBytes(12).toString('hex')}`;
    await createIdentity(platform).createUser({ agencyId, email, password, role: 'owner' });
    return { key, email, password };
  });
}
