// Where `flightagg testsystem aa` keeps its bookings: flags first, then AA_TEST_* environment, then
// a PGlite folder of its own under the gateway's DATA_DIR; --memory keeps nothing.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testSystemStorage } from '../../../src/cli/testsystem-commands.js';

describe('the standalone test system storage option', () => {
  it('defaults to embedded storage in a folder of its own under DATA_DIR', () => {
    expect(testSystemStorage({}, {}, '/srv/flightagg/data', 'aa')).toEqual({
      databaseUrl: null,
      dataDir: path.resolve('/srv/flightagg/data/aa-test-system'),
    });
  });

  it('takes --database-url over AA_TEST_DATABASE_URL, and --data-dir over AA_TEST_DATA_DIR', () => {
    const env = { AA_TEST_DATABASE_URL: 'postgres://env@db/aa', AA_TEST_DATA_DIR: '/env/dir' };
    expect(testSystemStorage({}, env, '/data', 'aa')).toEqual({ databaseUrl: 'postgres://env@db/aa', dataDir: '/env/dir' });
    expect(testSystemStorage({ databaseUrl: 'postgresql://flag@db/aa', dataDir: '/flag/dir' }, env, '/data', 'aa')).toEqual({
      databaseUrl: 'postgresql://flag@db/aa',
      dataDir: '/flag/dir',
    });
  });

  it('keeps nothing with --memory, and refuses a database URL that is not PostgreSQL, naming the option', () => {
    expect(testSystemStorage({ memory: true }, { AA_TEST_DATABASE_URL: 'postgres://x@y/z' }, '/data', 'aa')).toBeUndefined();
    expect(() => testSystemStorage({ databaseUrl: 'mysql://root@db/aa' }, {}, '/data', 'aa')).toThrow(
      /--database-url .* postgres:\/\//,
    );
  });

  it('refuses a password in --database-url, pointing to AA_TEST_DATABASE_URL, which may carry one', () => {
    expect(() => testSystemStorage({ databaseUrl: 'postgres://aa:s3cret@db/aa' }, {}, '/data', 'aa')).toThrow(
      '--database-url must not carry a password, which other users can read on the command line: set AA_TEST_DATABASE_URL instead',
    );
    const env = { AA_TEST_DATABASE_URL: 'postgres://aa:s3cret@db/aa' };
    expect(testSystemStorage({}, env, '/data', 'aa')?.databaseUrl).toBe('postgres://aa:s3cret@db/aa');
    expect(testSystemStorage({ databaseUrl: 'postgres://aa@db/aa' }, {}, '/data', 'aa')?.databaseUrl).toBe('postgres://aa@db/aa');
  });
});
