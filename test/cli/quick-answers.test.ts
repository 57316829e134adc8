import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import * as commander from 'commander';
import { describe, expect, it } from 'vitest';
import { programFromTable, type CommandTable } from '../../bin/quick-answers.js';
import { buildProgram } from '../../src/cli/program.js';
import { currentTable, TABLE_FILE } from '../../tools/cli/command-table.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/flightagg.js');
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
// Makes loading any module of the gateway (src/ through tsx, or dist/) an error in the child.
const REFUSE_GATEWAY = path.join(import.meta.dirname, 'fixtures/refuse-gateway-modules.mjs');

/** `flightagg` with the gateway's modules out of reach; exit code and both outputs. */
async function withoutGateway(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', REFUSE_GATEWAY, BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, FLIGHTAGG_FROM_SOURCE: '' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every command under `command`, itself included, with the words that name it on the command line. */
function walk(command: commander.Command, words: string[] = []): { words: string[]; command: commander.Command }[] {
  return [{ words, command }, ...command.commands.flatMap((c) => walk(c, [...words, c.name()]))];
}

// The same width and no colour on both sides: the help is compared as text.
const plainOutput = (command: commander.Command) =>
  command.configureOutput({ getOutHelpWidth: () => 80, getOutHasColors: () => false });

describe('flightagg --version and --help without the gateway', { timeout: 120_000 }, () => {
  it('prints the version from package.json', async () => {
    const res = await withoutGateway('--version');
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout.trim()).toBe(VERSION);
  });

  it('lists every command, and answers a command’s own --help', async () => {
    const res = await withoutGateway('--help');
    expect(res.code).toBe(0);
    for (const command of buildProgram().commands) expect(res.stdout).toMatch(new RegExp(`^  ${command.name()}\\b`, 'm'));

    const key = await withoutGateway('key', 'create', '--help');
    expect(key.code).toBe(0);
    expect(key.stdout).toContain('Usage: flightagg key create [options]');
    expect(key.stdout).toContain('--env <test|live>');
  });

  it('loads the gateway for anything else (the guard in these cases bites)', async () => {
    const res = await withoutGateway('key', 'list');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('gateway module loaded');
  });
});

describe('the command table', () => {
  const stored = JSON.parse(fs.readFileSync(TABLE_FILE, 'utf8')) as CommandTable;

  it('matches the program and its sources (else run `npm run cli:table`)', () => {
    expect(stored, 'bin/command-table.json is out of date: run `npm run cli:table`').toEqual(currentTable());
  });

  it('gives every command the help the program gives it', () => {
    const real = walk(buildProgram(plainOutput));
    const quick = walk(programFromTable(commander, stored, VERSION, plainOutput));
    expect(quick.map((c) => c.words.join(' '))).toEqual(real.map((c) => c.words.join(' ')));
    for (const [i, { command }] of real.entries()) expect(quick[i]!.command.helpInformation()).toBe(command.helpInformation());
  });
});
