import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataDir } from '../helpers/embedded-data-dir.js';

const BIN = path.resolve('bin/flightagg.js');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The command lines of this command's processes, read from /proc while it ran. */
  commandLines: string[];
}

function commandLinesOf(marker: string): string[] {
  const lines: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const line = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (line.includes(marker)) lines.push(line);
    } catch {
      // gone already
    }
  }
  return lines;
}

/** Runs `flightagg <args>` on embedded storage in `dataDir`, with `input` on its stdin. */
function flightagg(dataDir: string, args: string[], input = ''): Promise<Run> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', KEYRING: '', LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const run: Run = { code: null, stdout: '', stderr: '', commandLines: [] };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  child.stdin.end(input);
  const watch = setInterval(() => {
    for (const line of commandLinesOf(BIN)) if (!run.commandLines.includes(line)) run.commandLines.push(line);
  }, 20);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearInterval(watch);
      run.code = code;
      resolve(run);
    }),
  );
}

// Node 24 ignores --liftoff-only set while running (src/cli/liftoff.ts): there a one-shot command
// on embedded storage runs again as a child with the flag on its command line.
describe('one-shot commands on embedded storage compile PGlite baseline only', { timeout: 180_000 }, () => {
  const dataDir = embeddedDataDir('flightagg-liftoff-');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('passes output, exit codes and stdin through, whichever process runs the command', async () => {
    const made = await flightagg(dataDir, ['agency', 'create', '--name', 'Liftoff Travel', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const agency = JSON.parse(made.stdout) as { id: string; name: string };
    expect(agency.name).toBe('Liftoff Travel');

    const missing = await flightagg(dataDir, ['agency', 'show', 'agc_missing']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: agency agc_missing not found');

    const user = await flightagg(
      dataDir,
      ['user', 'create', '--email', 'liftoff@example.com', '--agency', agency.id, '--password-stdin', '--json'],
      'tangerine orbit 4 lanterns\n',
    );
    expect(user.code, user.stderr).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ email: 'liftoff@example.com' });
  });

  it(
    NODE_MAJOR >= 24
      ? 'runs the command in a child started with --liftoff-only (Node 24 and later)'
      : 'runs the command in its own process, the flag set while running (Node 22 and earlier)',
    async () => {
      const listed = await flightagg(dataDir, ['agency', 'list', '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toHaveProperty('agencies');
      const withFlag = listed.commandLines.filter((line) => line.includes('--liftoff-only') && line.includes('agency list'));
      if (NODE_MAJOR >= 24) expect(withFlag.length, listed.commandLines.join('\n')).toBeGreaterThan(0);
      else expect(withFlag).toEqual([]);
    },
  );
});
