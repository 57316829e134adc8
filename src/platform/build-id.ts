import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits in src/platform or dist/platform: the project's root is two folders up.
const CODE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ROOT = path.dirname(CODE_DIR);
const RUNNING_COMPILED = path.basename(CODE_DIR) === 'dist';

let built: string | null = null;

/** The release, as package.json names it: what `flightagg --version` prints. */
export function releaseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * What tells this build's code from any other, for validators derived without hashing the body
 * (the aviation list pages' ETags): the release and the time the running code was built. Compiled,
 * that is dist/cli.js's time (`npm start` rebuilds dist/ whenever a source changed, and the image
 * builds it once); run from the sources, the newest source file's. Another build's answers may
 * differ by a byte, so they must never share a validator; two instances of one image share it.
 * Read once, on first use.
 */
export function buildId(): string {
  if (built === null) {
    const codeTime = RUNNING_COMPILED ? fs.statSync(path.join(CODE_DIR, 'cli.js')).mtimeMs : newestUnder(CODE_DIR);
    built = `${releaseVersion()}@${codeTime}`;
  }
  return built;
}

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(at) : fs.statSync(at).mtimeMs);
  }
  return newest;
}
