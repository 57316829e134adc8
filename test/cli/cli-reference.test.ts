import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import {
  currentCliReference,
  leafCommands,
  readReadme,
  regenerateCliReference,
  renderCliReference,
  usageOf,
} from '../../tools/docs/cli-reference.js';

describe("the README's table of operator commands", () => {
  const readme = readReadme();
  const block = currentCliReference(readme) ?? '';

  it('has a row for every command `flightagg` runs', () => {
    const rows = block.split('\n').filter((line) => line.startsWith('| `'));
    const missing = leafCommands()
      .map(({ name }) => name)
      .filter((name) => !rows.some((row) => row.startsWith(`| \`${name} `) || row.startsWith(`| \`${name}\``)));
    expect(missing, 'commands the README table misses: run `npm run docs:cli`').toEqual([]);
  });

  it('is what the command definitions render (run `npm run docs:cli` after changing one)', () => {
    expect(block, 'README.md has no <!-- cli-reference --> markers').not.toBe('');
    expect(regenerateCliReference(readme) === readme, 'README.md is stale: run `npm run docs:cli`').toBe(true);
  });

  it('shows each command’s arguments and options, required ones bare, and never a hidden one', () => {
    const program = new Command('flightagg');
    const group = program.command('thing');
    group
      .command('make')
      .argument('<id>')
      .requiredOption('--name <name>', 'a name')
      .option('--tag <tag>', 'repeatable', (v: string, all: string[]) => [...all, v], [])
      .option('--quiet', 'a flag')
      .option('--json', 'one JSON object');
    group.commands[0]!.addOption(group.commands[0]!.createOption('--secret <s>').hideHelp());
    const [leaf] = leafCommands(program);
    expect(leaf!.name).toBe('thing make');
    expect(usageOf(leaf!.name, leaf!.command)).toBe('thing make <id> --name <name> [--tag <tag> ...] [--quiet]');
    expect(renderCliReference(buildProgram())).not.toMatch(/--password </);
    expect(renderCliReference(buildProgram())).toContain('[--password-stdin]');
  });
});
