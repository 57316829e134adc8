// Builds the client package (packages/client) into packages/client/dist when it is missing or older
// than what it is made from: generates its types from the gateway's /openapi.json
// (tools/client/generate-client-package.ts), then compiles it with tsc. Run by `npm install`
// (postinstall) and `npm test` (pretest); `--force` always builds. Plain JavaScript so it runs
// before anything else is compiled. openapi-typescript and TypeScript are development
// dependencies: an install without them (`npm install --omit=dev`) skips the build and says so.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = path.join(root, 'packages/client');
const built = path.join(pkg, 'dist/index.js');
const generated = path.join(pkg, 'src/generated');

function newest(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(file)) {
    const full = path.join(file, entry);
    if (full !== generated) latest = Math.max(latest, newest(full));
  }
  return latest;
}

// The gateway's sources make the description; the generator and the package's own sources the rest.
const sources = Math.max(
  newest(path.join(root, 'src')),
  newest(path.join(root, 'tools/client')),
  newest(path.join(root, 'dashboard/scripts/generate-client.ts')),
  newest(path.join(pkg, 'src')),
  newest(path.join(pkg, 'tsconfig.json')),
  newest(path.join(pkg, 'tsconfig.build.json')),
);
const stale = !fs.existsSync(built) || !fs.existsSync(path.join(generated, 'openapi.ts')) || newest(built) < sources;
const force = process.argv.includes('--force');

if (stale || force) {
  const require = createRequire(import.meta.url);
  let tsc;
  try {
    require.resolve('openapi-typescript');
    tsc = require.resolve('typescript/bin/tsc');
  } catch (error) {
    if (force || error?.code !== 'MODULE_NOT_FOUND') throw error;
    console.warn(
      'client package: not built: openapi-typescript and typescript are development dependencies; run `npm run client:build` where they are installed',
    );
    process.exit(0);
  }
  const started = Date.now();
  const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  run(['--import', 'tsx', path.join(root, 'tools/client/generate-client-package.ts')]);
  fs.rmSync(path.join(pkg, 'dist'), { recursive: true, force: true });
  run([tsc, '-p', path.join(pkg, 'tsconfig.build.json')]);
  console.log(`client package: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
