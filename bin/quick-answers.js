// `flightagg --version` and `--help` (any command's) without loading the gateway: the version from
// package.json, the help from commander over a table of the commands (bin/command-table.json,
// written from the real program by `npm run cli:table`). Loading the gateway's modules through tsx
// takes seconds, tens of seconds on a busy machine, for two answers that need none of them.
// When the command sources changed since the table was written, the table is not used: an edit
// to a command is never hidden behind an older table (test/cli/quick-answers.test.ts keeps it current).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TABLE = path.join(root, 'bin', 'command-table.json');
const COMMAND_SOURCES = path.join(root, 'src', 'cli');
// The files that define commands: the program and each `*-command(s).ts`.
const DEFINES_COMMANDS = /^(program|.+-commands?)\.ts$/;

// What commander answers by itself when asked for help or the version; any other outcome
// (an unknown option, say) is left to the real program, which reports it in its own way.
const ANSWERS = new Set(['commander.version', 'commander.helpDisplayed', 'commander.help']);

/** A digest of the files that define commands: the table says which sources it was written from. */
export function commandSourcesDigest() {
  const hash = createHash('sha256');
  for (const name of fs
    .readdirSync(COMMAND_SOURCES)
    .filter((n) => DEFINES_COMMANDS.test(n))
    .sort()) {
    hash.update(`${name}\n`).update(fs.readFileSync(path.join(COMMAND_SOURCES, name)));
  }
  return hash.digest('hex');
}

/** Whether the arguments ask only for help or the version (the words commander itself answers). */
function asksForHelpOrVersion(args) {
  const end = args.indexOf('--');
  const flags = end === -1 ? args : args.slice(0, end);
  return args.length === 0 || args[0] === 'help' || flags.some((a) => ['-h', '--help', '-V', '--version'].includes(a));
}

function readTable() {
  try {
    const table = JSON.parse(fs.readFileSync(TABLE, 'utf8'));
    return table.sources === commandSourcesDigest() ? table : null;
  } catch {
    return null;
  }
}

/**
 * The program as the table describes it: every command, argument and option with what its help
 * shows, and no actions. `configure` is applied to each command (commander does not pass output
 * settings down to commands added whole).
 */
export function programFromTable(commander, table, version, configure = () => {}) {
  const { Argument, Command, Option } = commander;
  const build = (entry) => {
    const command = new Command(entry.name).description(entry.description);
    configure(command);
    if (entry.summary) command.summary(entry.summary);
    if (entry.aliases) command.aliases(entry.aliases);
    if (entry.version) command.version(version, entry.version.flags, entry.version.description);
    for (const a of entry.arguments ?? []) {
      const argument = new Argument(a.name, a.description);
      if ('default' in a) argument.default(a.default, a.defaultDescription);
      if (a.choices) argument.choices(a.choices);
      command.addArgument(argument);
    }
    for (const o of entry.options ?? []) {
      const option = new Option(o.flags, o.description);
      if ('default' in o) option.default(o.default, o.defaultDescription);
      if (o.choices) option.choices(o.choices);
      if (o.env) option.env(o.env);
      if ('preset' in o) option.preset(o.preset);
      if (o.hidden) option.hideHelp();
      command.addOption(option);
    }
    for (const child of entry.commands ?? []) command.addCommand(build(child), { hidden: Boolean(child.hidden) });
    return command;
  };
  return build(table.program);
}

/**
 * Answers `args` when they ask for help or the version and the table is current: prints what
 * the real program would, sets the exit code and returns true. Otherwise returns false and has
 * printed nothing.
 */
export async function answerQuickly(args) {
  if (!asksForHelpOrVersion(args)) return false;
  const table = readTable();
  if (!table) return false;
  const commander = await import('commander');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  let out = '';
  let err = '';
  const program = programFromTable(commander, table, version, (command) =>
    command.exitOverride().configureOutput({ writeOut: (text) => (out += text), writeErr: (text) => (err += text) }),
  );
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (!(error instanceof commander.CommanderError) || !ANSWERS.has(error.code)) return false;
    process.stdout.write(out);
    process.stderr.write(err);
    process.exitCode = error.exitCode;
    return true;
  }
  return false;
}
