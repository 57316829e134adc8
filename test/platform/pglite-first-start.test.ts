import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/database.js';
import { initialisePgliteDataDir } from '../../src/platform/db/pglite-first-start.js';

// Embedded storage's first start (initdb) runs in a child process: what the gateway then finds on
// disk, and what a failed first start leaves behind. Each initdb takes seconds (tens on a busy
// machine), so the cases share as few of them as they can.
describe('PGlite first start in a child process', { timeout: 240_000 }, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-first-start-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('initialises an empty data directory that the gateway then opens, with nothing left beside it', async () => {
    const dataDir = path.join(root, 'fresh');
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const { rows } = await sql<{ answer: number }>`select 41 + 1 as answer`.execute(database.db);
      expect(rows).toEqual([{ answer: 42 }]);
      await sql`create table kept (v text)`.execute(database.db);
      await sql`insert into kept values ('still here')`.execute(database.db);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pgdata']);

    // An initialised directory is left as it is: the second open finds the row.
    const before = fs.statSync(path.join(dataDir, 'pgdata', 'PG_VERSION')).mtimeMs;
    await initialisePgliteDataDir(path.join(dataDir, 'pgdata'), []);
    expect(fs.statSync(path.join(dataDir, 'pgdata', 'PG_VERSION')).mtimeMs).toBe(before);
    const again = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const { rows } = await sql<{ v: string }>`select v from kept`.execute(again.db);
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('fails with the child’s reason and leaves no half-made database', async () => {
    const pgdata = path.join(root, 'refused', 'pgdata');
    await expect(initialisePgliteDataDir(pgdata, ['-c', 'shared_buffers=not-a-size'])).rejects.toThrow(
      /PGlite first start failed/,
    );
    expect(fs.existsSync(pgdata)).toBe(false);
    expect(fs.existsSync(`${pgdata}.initdb`)).toBe(false);
  });
});
