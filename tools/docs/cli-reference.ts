import fs from 'node:fs';
import path from 'node:path';
import type { Command, Option } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { ROOT } from './config-reference.js';

/**
 * The README's table of operator commands, rendered from the commander definitions in
 * src/cli/*-commands.ts (as `flightagg --help` is): one row per command that runs, with its
 * arguments and options. README.md asks for it with a pair of markers; what sits between them is
 * replaced as a whole:
 *
 *   <!-- cli-reference -->
 *   <!-- /cli-reference -->
 */

export const CLI_REFERENCE_FILE = 'README.md';

const BLOCK = /(<!-- cli-reference -->\n)[\s\S]*?(<!-- \/cli-reference -->)/g;
const NOTE = '<!-- generated from the command definitions in src/cli/ by `npm run docs:cli`: edit there, not here -->';

/** Every command that runs (not a group of others), as its words after `flightagg`, in the order `--help` lists them. */
export function leafCommands(program: Command = buildProgram()): { name: string; command: Command }[] {
  const walk = (command: Command, prefix: string[]): { name: string; command: Command }[] =>
    command.commands.flatMap((sub) => {
      const words = [...prefix, sub.name()];
      return sub.commands.length > 0 ? walk(sub, words) : [{ name: words.join(' '), command: sub }];
    });
  return walk(program, []);
}

// --json is on most commands and told once in the prose above the table; a hidden option is not offered.
const shown = (option: Option) => !option.hidden && option.long !== '--json';

function optionUsage(option: Option): string {
  const flag = option.flags.replace(/^-\w, /, '');
  if (option.mandatory) return flag;
  return Array.isArray(option.defaultValue) ? `[${flag} ...]` : `[${flag}]`;
}

/** What one types: the command, its arguments, then its options (required ones bare, the others bracketed). */
export function usageOf(name: string, command: Command): string {
  const args = command.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`));
  return [name, ...args, ...command.options.filter(shown).map(optionUsage)].join(' ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderCliReference(program: Command = buildProgram()): string {
  const rows = leafCommands(program).map(
    ({ name, command }) => `| \`${cell(usageOf(name, command))}\` | ${cell(command.description())} |`,
  );
  return `${NOTE}\n\n${['| command | what it does |', '|---|---|', ...rows].join('\n')}\n`;
}

/** The file's text with its block regenerated. */
export function regenerateCliReference(text: string): string {
  const rendered = renderCliReference();
  return text.replace(BLOCK, (_m, open: string, close: string) => `${open}${rendered}${close}`);
}

/** The README's current block (between the markers), or null when it has none. */
export function currentCliReference(text: string): string | null {
  const match = new RegExp(BLOCK.source).exec(text);
  return match ? match[0] : null;
}

export function readReadme(): string {
  return fs.readFileSync(path.join(ROOT, CLI_REFERENCE_FILE), 'utf8');
}
