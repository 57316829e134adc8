// Builds the dashboard bundle into dashboard/dist when it is missing or older than its sources.
// Run by `npm install` (postinstall), `npm start` (prestart) and `npm test` (pretest); `--force`
// always builds. Plain JavaScript so it runs before anything else is compiled.
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
if (stale || process.argv.includes('--force')) {
  const { build } = await import('vite');
  const started = Date.now();
  await build({ configFile: path.join(root, 'vite.config.ts') });
  console.log(`dashboard: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
