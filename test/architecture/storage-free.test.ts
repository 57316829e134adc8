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
    ];
    expect(storageFreeTests(ROOT, files)).toEqual([
      'src/platform/money.test.ts',
      'test/testsystem/duffel/duffel-wire-rules.test.ts',
    ]);
  });
});
