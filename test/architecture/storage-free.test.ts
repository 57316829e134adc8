import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageFreeTests } from '../helpers/storage-free.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe("the storage pass's list of storage-free test files", () => {
  it('keeps every file that reaches the run database, Redis or a process, and leaves out pure ones', () => {
    const files = [
      'src/platform/money.test.ts', // pure
      'test/security/input-bounds.test.ts', // portal harness: test platform on the run's storage
      'test/cluster/drills.test.ts', // spawns gateways
      'test/cli/cli.test.ts', // spawns flightagg with the environment
      'test/testsystem/duffel/duffel-wire-rules.test.ts', // a test system on its own embedded store
      'test/dashboard/client-drift.test.ts', // starts tsc only, and says so (`// storage-free: …`)
      'test/requests/request-bodies.test.ts', // an order fixture on the run's storage
    ];
    expect(storageFreeTests(ROOT, files)).toEqual([
      'src/platform/money.test.ts',
      'test/testsystem/duffel/duffel-wire-rules.test.ts',
      'test/dashboard/client-drift.test.ts',
    ]);
  });

  it('never takes a declaration for a file that names the run database or Redis', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'test', '.storage-free-'));
    try {
      const declared = "// storage-free: it says so\nimport { execFile } from 'node:child_process';\n";
      fs.writeFileSync(path.join(dir, 'tsc-only.test.ts'), declared);
      fs.writeFileSync(path.join(dir, 'names-db.test.ts'), `${declared}const url = process.env.DATABASE_URL;\n`);
      const rel = (name: string) => path.relative(ROOT, path.join(dir, name));
      expect(storageFreeTests(ROOT, [rel('tsc-only.test.ts'), rel('names-db.test.ts')])).toEqual([rel('tsc-only.test.ts')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
