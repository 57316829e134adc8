import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { longFilesFirst } from './test/helpers/long-files-first.js';
import { storageFreeTests } from './test/helpers/storage-free.js';

// Files that replace a module with vi.mock: a project of their own, which the forks pool runs in
// fresh workers after the rest, so the mock meets a module graph nobody has loaded yet.
const MOCKING = ['test/portal/lockout.test.ts'];

// The suites that start browsers, HAProxy clusters or private database servers: they take a third
// of the run on two cores. `npm test` leaves them out and says so in its last line;
// `npm run test:all` (FLIGHTAGG_TEST_ALL=1) runs them too, and FLIGHTAGG_TEST_ALL=cluster,fault-drill
// runs the ones it names (.ci/run runs the browser suites in its embedded pass only).
export const HEAVY_SUITES = {
  browser: ['test/**/*-browser.test.ts', 'test/docs/docs-page.test.ts'],
  cluster: ['test/cluster/**/*.test.ts'],
  'fault-drill': ['test/platform/fault-drills/**/*.test.ts', 'test/**/*-drill.test.ts', 'test/**/*-drills.test.ts'],
};
type Suite = keyof typeof HEAVY_SUITES;
const SUITES = Object.keys(HEAVY_SUITES) as Suite[];

function suitesToRun(setting: string | undefined): Suite[] {
  const named = (setting ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (named.includes('1')) return SUITES;
  for (const name of named) {
    if (!SUITES.includes(name as Suite))
      throw new Error(`FLIGHTAGG_TEST_ALL: no suite ${name} (1 or any of ${SUITES.join(', ')})`);
  }
  return named as Suite[];
}

// A file named on the command line runs whatever suite it is in.
const namesFiles = process.argv.slice(2).some((arg) => arg.endsWith('.test.ts'));
const running = namesFiles ? SUITES : suitesToRun(process.env.FLIGHTAGG_TEST_ALL);
/** The heavy suites this run leaves out (the reporter names them in the run's last line). */
export const LEFT_OUT = SUITES.filter((suite) => !running.includes(suite));

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Every test file under `dir`, relative to this folder. */
function testFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

// FLIGHTAGG_STORAGE_PASS=1: a second pass of the suite on other storage (.ci/run's PostgreSQL +
// Redis pass) leaves out the files that cannot depend on storage (test/helpers/storage-free.ts);
// the first pass ran them. A file named on the command line runs whatever it is.
/** The storage-free test files this run leaves out. */
export const STORAGE_FREE_LEFT_OUT =
  process.env.FLIGHTAGG_STORAGE_PASS === '1' && !namesFiles
    ? storageFreeTests(ROOT, [...testFiles('test'), ...testFiles('src')])
    : [];
const EXCLUDED = [...LEFT_OUT.flatMap((suite) => HEAVY_SUITES[suite]), ...STORAGE_FREE_LEFT_OUT];

// The files that take longest start first (test/helpers/long-files-first.ts): the heavy suites and
// the deployment checks, which wait on the processes they start more than they compute.
const LONG_FILES = [...Object.values(HEAVY_SUITES).flat(), 'test/deploy/**/*.test.ts'];

// Two cores: two forks keep the machine responsive and PGlite's WASM start-up cheap.
// Test files share each fork's module graph (isolate: false): evaluating the app's modules once
// per fork rather than once per file takes about 40 % off the suite. Every file builds its own
// platform, app and test systems, so nothing else carries over from one file to the next.
// Time-outs catch hangs; they are not speed limits: a busy neighbour makes a 10 s test take 40 s,
// so they are generous, and tests wait on conditions (test/helpers/patience.ts), not the clock.
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: longFilesFirst(ROOT, LONG_FILES) },
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    // Every app a test builds holds its answers to /openapi.json (src/platform/http/response-check.ts).
    env: { CHECK_RESPONSES: 'true' },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters:
      LEFT_OUT.length === 0 && STORAGE_FREE_LEFT_OUT.length === 0
        ? ['default']
        : ['default', './test/helpers/heavy-suites-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING, ...EXCLUDED],
        },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING } },
    ],
  },
});
