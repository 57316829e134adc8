import { configDefaults, defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock: a project of their own, which the forks pool runs in
// fresh workers after the rest, so the mock meets a module graph nobody has loaded yet.
const MOCKING = ['test/portal/lockout.test.ts'];

// Two cores: two forks keep the machine responsive and PGlite's WASM start-up cheap.
// Test files share each fork's module graph (isolate: false): evaluating the app's modules once
// per fork rather than once per file takes about 40 % off the suite. Every file builds its own
// platform, app and test systems, so nothing else carries over from one file to the next.
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING],
        },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING } },
    ],
  },
});
