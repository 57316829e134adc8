import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

/**
 * docs/quickstart.md cannot go stale: its `bash` blocks run here, in order, as one script against
 * a gateway listening on a loopback port. `sh` blocks hold what the reader types once (install,
 * start, their key); the test supplies those as KEY and BASE.
 */
const QUICKSTART = path.resolve(import.meta.dirname, '../../docs/quickstart.md');
const run = promisify(execFile);

function bashBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

const missingTool = ['bash', 'curl', 'jq'].find(
  (tool) => !(process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, tool))),
);

describe.skipIf(missingTool)(`docs/quickstart.md${missingTool ? ` (skipped: ${missingTool} is not installed)` : ''}`, () => {
  let f: ShoppingFixture;
  let base: string;

  beforeAll(async () => {
    f = await shoppingFixture();
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(f.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => f?.close());

  it('has the six steps as bash blocks', () => {
    expect(bashBlocks(fs.readFileSync(QUICKSTART, 'utf8')).length).toBeGreaterThanOrEqual(6);
  });

  it('runs search → price → hold → commit → read → cancel as written', { timeout: 60_000 }, async () => {
    const script = ['set -euo pipefail', ...bashBlocks(fs.readFileSync(QUICKSTART, 'utf8'))].join('\n');
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-quickstart-'));
    try {
      const { stdout } = await run('bash', ['-c', script], { cwd, env: { ...process.env, KEY: f.key, BASE: base } }).catch(
        (err: { stdout: string; stderr: string }) => {
          throw new Error(`quickstart failed:\n${err.stdout}\n${err.stderr}`);
        },
      );
      // Each step printed its jq summary: the hold, then ticketed (commit and read), then cancelled.
      const statuses = [...stdout.matchAll(/^  "status": "(\w+)"/gm)].map((m) => m[1]);
      expect(statuses).toEqual(['hold', 'ticketed', 'ticketed', 'cancelled']);
      expect(stdout).toMatch(/"pnr": "[A-Z]{6}"/);
      expect(stdout).toMatch(/"cancellation_quote_id": "\S+"/);
      // No summary printed a field the answers do not have.
      expect(stdout).not.toMatch(/": null/);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
