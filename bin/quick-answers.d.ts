// Types of bin/quick-answers.js for the TypeScript that uses it (tools/cli, test/cli).
import type * as Commander from 'commander';

/** What bin/command-table.json holds of one command: what its help shows, nothing it does. */
export interface CommandEntry {
  name: string;
  description: string;
  summary?: string;
  aliases?: string[];
  hidden?: boolean;
  /** The root only: the version option's flags and description (the version is package.json's). */
  version?: { flags: string; description: string };
  arguments?: { name: string; description: string; default?: unknown; defaultDescription?: string; choices?: string[] }[];
  options?: {
    flags: string;
    description: string;
    default?: unknown;
    defaultDescription?: string;
    choices?: string[];
    env?: string;
    preset?: unknown;
    hidden?: boolean;
  }[];
  commands?: CommandEntry[];
}

export interface CommandTable {
  /** commandSourcesDigest() of the sources the table was written from. */
  sources: string;
  program: CommandEntry;
}

export function commandSourcesDigest(): string;
export function programFromTable(
  commander: typeof Commander,
  table: CommandTable,
  version: string,
  configure?: (command: Commander.Command) => void,
): Commander.Command;
export function answerQuickly(args: string[]): Promise<boolean>;
