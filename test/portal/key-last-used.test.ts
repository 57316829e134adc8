import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_USAGE_FLUSH_JOB } from '../../src/auth/plugin.js';
import { startPortal, type Portal } from './portal-harness.js';

// Isolated: one test breaks the api_keys table for a moment, which no other file may see.
let p: Portal;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  p = await startPortal({ isolated: true, logLines });
  token = await p.token((await p.user()).email);
});
afterAll(async () => p.close());

type KeyView = { id: string; secret?: string; lastUsedAt: string | null };

async function createKey(): Promise<KeyView & { secret: string }> {
  const res = await p.request(token, 'POST', '/v1/dev/api-keys', {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const use = (secret: string) => p.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': secret } });
const flush = () => p.platform.scheduler.runNow(KEY_USAGE_FLUSH_JOB);
const listed = async (id: string): Promise<KeyView> => {
  const res = await p.request(token, 'GET', '/v1/dev/api-keys');
  expect(res.statusCode).toBe(200);
  return (res.json().keys as KeyView[]).find((k) => k.id === id)!;
};
/** The single key record an edit answers with. */
const edited = async (id: string): Promise<KeyView> => {
  const res = await p.request(token, 'PATCH', `/v1/dev/api-keys/${id}`, { name: 'renamed' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe("a key's last-used time", () => {
  it('is null until the key is used, then the time of its use once the batch is written', async () => {
    const key = await createKey();
    expect(key.lastUsedAt).toBeNull();
    expect((await listed(key.id)).lastUsedAt).toBeNull();

    const before = Date.now();
    expect((await use(key.secret)).statusCode).toBe(200);
    const after = Date.now();
    // Noted in memory only: nothing is written per request.
    expect((await listed(key.id)).lastUsedAt).toBeNull();

    await flush();
    const shown = (await listed(key.id)).lastUsedAt;
    expect(shown).not.toBeNull();
    expect(new Date(shown!).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(shown!).getTime()).toBeLessThanOrEqual(after);
    expect((await edited(key.id)).lastUsedAt).toBe(shown);
    // The dashboard's client reads it from the schema: declared there, with what it promises.
    const openapi = (await p.app.inject({ method: 'GET', url: '/openapi/dashboard.json' })).json();
    expect(JSON.stringify(openapi)).toContain('within a minute');
  });

  it('moves forward with a later use and never back (another instance may have written a later one)', async () => {
    const key = await createKey();
    await use(key.secret);
    await flush();
    const first = (await listed(key.id)).lastUsedAt!;

    // A use seen by an instance whose batch arrives late: older than what is stored.
    p.gateway.apiKeys.usage.touch(key.id, new Date(first).getTime() - 30_000);
    await flush();
    expect((await listed(key.id)).lastUsedAt).toBe(first);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await use(key.secret);
    await flush();
    expect(new Date((await listed(key.id)).lastUsedAt!).getTime()).toBeGreaterThan(new Date(first).getTime());
  });

  it('is not set by a request the gate refuses', async () => {
    const key = await createKey();
    expect((await p.request(token, 'PATCH', `/v1/dev/api-keys/${key.id}`, { allowedIps: ['198.51.100.1'] })).statusCode).toBe(
      200,
    );
    expect((await use(key.secret)).statusCode).toBe(403);
    await flush();
    expect((await listed(key.id)).lastUsedAt).toBeNull();
  });

  it('survives a database failure: the flush logs it, keeps the uses, and writes them next time', async () => {
    const key = await createKey();
    const before = Date.now();
    expect((await use(key.secret)).statusCode).toBe(200);

    const db = p.platform.db;
    await sql`alter table api_keys rename column last_used_at to last_used_at_away`.execute(db);
    try {
      await flush(); // resolves: the scheduler logs a failed run and retries at the next tick
    } finally {
      await sql`alter table api_keys rename column last_used_at_away to last_used_at`.execute(db);
    }
    expect(logLines.some((line) => line.includes(KEY_USAGE_FLUSH_JOB) && line.includes('scheduled job failed'))).toBe(true);
    expect((await listed(key.id)).lastUsedAt).toBeNull();
    // The gate kept working meanwhile.
    expect((await use(key.secret)).statusCode).toBe(200);

    await flush();
    expect(new Date((await listed(key.id)).lastUsedAt!).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('is written at shutdown', async () => {
    const other = await startPortal({ isolated: true });
    const ownerToken = await other.token((await other.user()).email);
    const created = await other.request(ownerToken, 'POST', '/v1/dev/api-keys', {});
    const key = created.json() as KeyView & { secret: string };
    expect(
      (await other.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': key.secret } }))
        .statusCode,
    ).toBe(200);
    await other.app.close();
    const { rows } = await sql<{ last_used_at: Date | null }>`select last_used_at from api_keys where id = ${key.id}`.execute(
      other.platform.db,
    );
    await other.close();
    expect(rows[0]?.last_used_at).toBeInstanceOf(Date);
  });
});
