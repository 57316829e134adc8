import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyService, MAX_ACTIVE_KEYS_PER_AGENCY } from '../../src/auth/api-keys/key-service.js';
import type { Platform } from '../../src/platform/platform.js';
import { flightaggOn } from '../helpers/cli-in-process.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// The key and agency commands' rules, run in this process on one open storage as the gateway's
// admin channel runs them (src/cli/run-command.ts): the same program, output and exit codes as the
// `flightagg` process, which cli.test.ts starts for what only a process shows (its streams, its exit
// code, the storage it opens).
describe('operator CLI: keys and names', () => {
  let platform: Platform;
  let agencyId: string;
  let key: { id: string; secret: string };

  async function cli(...args: string[]): Promise<{ code: number; json: Record<string, any>; stderr: string }> {
    const { code, out, err } = await flightaggOn(platform, ...args);
    return { code, json: out ? JSON.parse(out) : {}, stderr: err };
  }

  beforeAll(async () => {
    platform = await createTestPlatform();
    agencyId = (await cli('agency', 'create', '--name', 'CLI Travel', '--plan', 'payg', '--json')).json.id;
    const created = await cli('key', 'create', '--agency', agencyId, '--env', 'test', '--kind', 'agency', '--json');
    expect(created.code).toBe(0);
    key = { id: created.json.id, secret: created.json.secret };
  });
  afterAll(() => platform?.close());

  it('lists keys without secrets and revokes them', async () => {
    const listed = await cli('key', 'list', '--agency', agencyId, '--json');
    expect(listed.json.keys.map((k: { id: string }) => k.id)).toContain(key.id);
    expect(JSON.stringify(listed.json)).not.toContain(key.secret);
    const extra = await cli('key', 'create', '--agency', agencyId, '--env', 'live', '--kind', 'portal', '--force', '--json');
    const revoked = await cli('key', 'revoke', extra.json.id, '--json');
    expect(revoked.json).toMatchObject({ id: extra.json.id, status: 'revoked' });
  });

  it('names an agency that does not exist, for key create and key list, as the agency and user commands do', async () => {
    const create = await cli('key', 'create', '--agency', 'agy_nosuch', '--env', 'test', '--kind', 'agency', '--json');
    expect(create).toMatchObject({ code: 1, json: { error: 'agency agy_nosuch not found' } });
    const list = await cli('key', 'list', '--agency', 'agy_nosuch', '--json');
    expect(list).toMatchObject({ code: 1, json: { error: 'agency agy_nosuch not found' } });
    // Without --json, one line on stderr.
    const plain = await cli('key', 'list', '--agency', 'agy_nosuch');
    expect(plain.stderr.trim()).toBe('error: agency agy_nosuch not found');
  });

  it('refuses a name holding a line break or a bidi control, as the portal does, and stores nothing', async () => {
    const agency = await cli('agency', 'create', '--name', 'Acme\r\nBcc: thief@evil.test', '--json');
    const keyName = await cli(
      ...['key', 'create', '--agency', agencyId, '--env', 'test', '--kind', 'agency'],
      ...['--name', 'ci\u202Etxt.exe', '--json'],
    );
    expect(agency).toMatchObject({
      code: 1,
      json: { error: 'name must not contain control characters, line breaks or bidirectional controls (it holds U+000D)' },
    });
    expect(keyName).toMatchObject({
      code: 1,
      json: { error: 'name must not contain control characters, line breaks or bidirectional controls (it holds U+202E)' },
    });
    const keys = await cli('key', 'list', '--agency', agencyId, '--json');
    expect(JSON.stringify(keys.json)).not.toContain('\u202E');
  });

  it('refuses a key past the agency’s 50 active keys with api_key_limit_reached (hardening round 4)', async () => {
    const agency = await cli('agency', 'create', '--name', 'Key Hoarder', '--plan', 'payg', '--json');
    const keys = createApiKeyService(platform);
    for (let i = 0; i < MAX_ACTIVE_KEYS_PER_AGENCY; i++) {
      await keys.create({ agencyId: agency.json.id, kind: 'agency', environment: 'test', name: `k${i}` });
    }
    const refused = await cli('key', 'create', '--agency', agency.json.id, '--env', 'test', '--kind', 'agency', '--json');
    expect(refused).toMatchObject({
      code: 1,
      json: { error: 'an agency has at most 50 active api keys; revoke one first' },
    });
  });
});
