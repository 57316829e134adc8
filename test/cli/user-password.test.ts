import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { PASSWORD_ON_ARGV_REFUSED } from '../../src/cli/password-input.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform } from '../../src/platform/platform.js';
import { cliEnvironment } from '../helpers/cli-env.js';

const BIN = path.resolve('bin/flightagg.js');
const PASSWORD = 'tangerine orbit 4 lanterns';

interface Run {
  code: number | null;
  output: string;
  /** Every process command line and environment seen on the machine while the command ran. */
  seenInProc: string[];
}

/** Command lines and environments of every process this user can read. */
function procSnapshot(): string[] {
  const seen: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    for (const file of ['cmdline', 'environ']) {
      try {
        seen.push(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'));
      } catch {
        // gone already, or another user's
      }
    }
  }
  return seen;
}

/**
 * Starts a command and answers it: `answers` are written to its stdin, each once its output
 * shows the text it waits for (or at once for ''). /proc is read throughout.
 */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, answers: [string, string][]): Promise<Run> {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const seenInProc: string[] = [];
  const pending = [...answers];
  const answer = () => {
    while (pending.length > 0 && output.includes(pending[0]![0])) child.stdin.write(pending.shift()![1]);
  };
  child.stdout.on('data', (chunk: Buffer) => ((output += chunk.toString()), answer()));
  child.stderr.on('data', (chunk: Buffer) => ((output += chunk.toString()), answer()));
  answer();
  const watch = setInterval(() => seenInProc.push(...procSnapshot().filter((text) => text.includes('flightagg'))), 25);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearInterval(watch);
      resolve({ code, output, seenInProc });
    }),
  );
}

// Each case starts a real CLI process (storage opened, a password hashed): slow on a loaded machine.
describe('flightagg user create: the password', { timeout: 180_000 }, () => {
  const { dataDir, env } = cliEnvironment('flightagg-cli-pw-');
  const suffix = Date.now().toString(36);
  const email = (who: string) => `${who}-${suffix}@cli.example`;
  const cli = (args: string[], answers: [string, string][] = []) => start(process.execPath, [BIN, ...args], env, answers);
  // util-linux `script` gives the command a terminal of its own, as a person typing at it has.
  const inTerminal = (args: string[], answers: [string, string][]) =>
    start('script', ['-qefc', ['exec', process.execPath, BIN, ...args].join(' '), '/dev/null'], env, answers);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** The login status of each address with the password, through the gateway on the same storage. */
  async function logIn(addresses: string[], password: string): Promise<Record<string, number>> {
    const platform = await createPlatform(loadConfig({ ...env, PORT: '0' }), { logger: pino({ level: 'silent' }) });
    const app = await buildApp(platform);
    try {
      const statuses: Record<string, number> = {};
      for (const address of addresses) {
        const res = await app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email: address, password } });
        statuses[address] = res.statusCode;
      }
      return statuses;
    } finally {
      await app.close();
      await platform.close();
    }
  }

  it('reads one line from stdin with --password-stdin, and the password shows nowhere', async () => {
    const res = await cli(['user', 'create', '--email', email('piped'), '--password-stdin', '--json'], [['', `${PASSWORD}\n`]]);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.output)).toMatchObject({ email: email('piped'), role: 'developer' });
    expect(res.output).not.toContain(PASSWORD);
    expect(res.seenInProc.length).toBeGreaterThan(0);
    expect(res.seenInProc.filter((text) => text.includes(PASSWORD))).toEqual([]);
  });

  it('asks twice on a terminal, echoing nothing', async () => {
    const res = await inTerminal(
      ['user', 'create', '--email', email('typed'), '--json'],
      [
        ['Password: ', `${PASSWORD}\r`],
        ['Repeat the password: ', `${PASSWORD}\r`],
      ],
    );
    expect(res.code).toBe(0);
    expect(res.output).toContain(`"email":"${email('typed')}"`);
    expect(res.output).not.toContain(PASSWORD);
    expect(res.seenInProc.filter((text) => text.includes(PASSWORD))).toEqual([]);
  });

  it('creates nothing when the two entries differ', async () => {
    const res = await inTerminal(
      ['user', 'create', '--email', email('mistyped'), '--json'],
      [
        ['Password: ', `${PASSWORD}\r`],
        ['Repeat the password: ', `${PASSWORD}x\r`],
      ],
    );
    expect(res.code).toBe(1);
    expect(res.output).toContain('{"error":"the two passwords differ: nothing was created"}');
    expect(res.output).not.toContain(PASSWORD);
  });

  it('refuses --password, saying what to use instead, and creates nothing', async () => {
    const res = await cli(['user', 'create', '--email', email('argv'), '--password', PASSWORD, '--json']);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.output)).toEqual({ error: PASSWORD_ON_ARGV_REFUSED });
    expect(PASSWORD_ON_ARGV_REFUSED).toContain('--password-stdin');
  });

  it('says how to give a password when stdin is neither a terminal nor asked for', async () => {
    const res = await cli(['user', 'create', '--email', email('none')]);
    expect(res.code).toBe(1);
    expect(res.output.trim()).toBe(
      'error: no password: run the command in a terminal to be asked for it, or pipe it in with --password-stdin',
    );
    const empty = await cli(['user', 'create', '--email', email('none'), '--password-stdin', '--json'], [['', '\n']]);
    expect(JSON.parse(empty.output)).toEqual({ error: '--password-stdin read an empty password' });
  });

  it('holds the password to the portal’s policy, not just its length, and creates nothing otherwise', async () => {
    const res = await cli(['user', 'create', '--email', email('weak'), '--password-stdin', '--json'], [['', 'Password1234!\n']]);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.output)).toEqual({
      error: 'password is too common: choose a longer phrase that is not a well-known password',
    });
  });

  it('does not list --password in the help, and lists --password-stdin', async () => {
    const res = await cli(['user', 'create', '--help']);
    expect(res.output).toContain('--password-stdin');
    expect(res.output).not.toMatch(/--password </);
  });

  it('stores what was typed or piped: those users sign in with it, the refused ones do not exist', async () => {
    expect(await logIn([email('piped'), email('typed'), email('mistyped'), email('argv')], PASSWORD)).toEqual({
      [email('piped')]: 200,
      [email('typed')]: 200,
      [email('mistyped')]: 401,
      [email('argv')]: 401,
    });
    expect(await logIn([email('weak')], 'Password1234!')).toEqual({ [email('weak')]: 401 });
  });
});
