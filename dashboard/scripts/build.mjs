// Builds the dashboard bundle into dashboard/dist when it is missing or older than its sources.
// Run by `npm install` (postinstall), `npm start` (prestart) and `npm test` (pretest); `--force`
// always builds. Plain JavaScript so it runs before anything else is compiled.
// Vite and React are the dashboard package's development dependencies (dashboard/package.json): an
// install without them (`npm install --omit=dev`) cannot build, and says so instead of failing the
// install; the gateway then answers 503 `dashboard_not_built` under /dashboard.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestSource(path.join(root, 'src')),
  fs.statSync(path.join(root, 'index.html')).mtimeMs,
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < sources;
const force = process.argv.includes('--force');
if (stale || force) {
  // Always the production bundle the gateway serves: a build started from the tests (vitest sets
  // NODE_ENV=test, which the child inherits) otherwise gets React's development JSX runtime,
  // several times slower to render a long list than what users run.
  process.env.NODE_ENV = 'production';
  let build;
  try {
    ({ build } = await import('vite'));
  } catch (error) {
    if (force || error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.warn(
      'dashboard: not built: vite is not installed (development dependencies omitted); run `npm run dashboard:build` where they are',
    );
    process.exit(0);
  }
  const started = Date.now();
  await build({ configFile: path.join(root, 'vite.config.ts') });
  console.log(`dashboard: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
