import fs from 'node:fs';
import path from 'node:path';
import type { Argument, Command, Option } from 'commander';
import * as prettier from 'prettier';
import { commandSourcesDigest, type CommandEntry, type CommandTable } from '../../bin/quick-answers.js';
import { buildProgram } from '../../src/cli/program.js';

/**
 * The command table bin/quick-answers.js answers `--help` from without loading the gateway:
 * every command of the real program with what its help shows (names, descriptions, arguments,
 * options and their defaults), and the digest of the sources it was read from.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TABLE_FILE = path.join(ROOT, 'bin', 'command-table.json');

function argumentEntry(argument: Argument): NonNullable<CommandEntry['arguments']>[number] {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return {
    name: argument.required ? `<${name}>` : `[${name}]`,
    description: argument.description,
    ...(argument.defaultValue !== undefined && {
      default: argument.defaultValue as unknown,
      defaultDescription: argument.defaultValueDescription,
    }),
    ...(argument.argChoices && { choices: argument.argChoices }),
  };
}

function optionEntry(option: Option): NonNullable<CommandEntry['options']>[number] {
  return {
    flags: option.flags,
    description: option.description,
    ...(option.defaultValue !== undefined && {
      default: option.defaultValue as unknown,
      defaultDescription: option.defaultValueDescription,
    }),
    ...(option.argChoices && { choices: option.argChoices }),
    ...(option.envVar && { env: option.envVar }),
    ...(option.presetArg !== undefined && { preset: option.presetArg as unknown }),
    ...(option.hidden && { hidden: true }),
  };
}

/** One command and the commands under it, as the table holds them. */
export function commandEntry(command: Command): CommandEntry {
  // The root's version option is kept apart: the quick answer takes the version from package.json.
  const versionFlag = command.parent ? undefined : (command as unknown as { _versionOptionName?: string })._versionOptionName;
  const versionOption = versionFlag ? command.options.find((o) => o.attributeName() === versionFlag) : undefined;
  const summary = command.summary();
  const aliases = command.aliases();
  return {
    name: command.name(),
    description: command.description(),
    ...(summary && { summary }),
    ...(aliases.length > 0 && { aliases }),
    ...((command as unknown as { _hidden?: boolean })._hidden && { hidden: true }),
    ...(versionOption && { version: { flags: versionOption.flags, description: versionOption.description } }),
    ...(command.registeredArguments.length > 0 && { arguments: command.registeredArguments.map(argumentEntry) }),
    ...(command.options.some((o) => o !== versionOption) && {
      options: command.options.filter((o) => o !== versionOption).map(optionEntry),
    }),
    ...(command.commands.length > 0 && { commands: command.commands.map(commandEntry) }),
  };
}

/** The table of the program as it is now. */
export function currentTable(): CommandTable {
  return { sources: commandSourcesDigest(), program: commandEntry(buildProgram()) };
}

/** The table file's text, formatted as the repository formats JSON. */
export async function tableText(table: CommandTable): Promise<string> {
  return prettier.format(JSON.stringify(table), { ...(await prettier.resolveConfig(TABLE_FILE)), filepath: TABLE_FILE });
}

/** `npm run cli:table`: rewrites bin/command-table.json from the program. */
export async function writeTable(): Promise<void> {
  fs.writeFileSync(TABLE_FILE, await tableText(currentTable()));
}
