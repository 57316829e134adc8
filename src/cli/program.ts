import { Command, CommanderError } from 'commander';
import { releaseVersion } from '../platform/build-id.js';
import type { Platform } from '../platform/platform.js';
import type { ChannelAnswer, ChannelRunner } from './admin-channel.js';
import { registerAccountCommands } from './account-commands.js';
import { registerAviationCommands } from './aviation-commands.js';
import { registerBackupCommands } from './backup-commands.js';
import { registerBillingCommands } from './billing-commands.js';
import { registerBookingIntentCommands } from './booking-intent-commands.js';
import { registerKeyCommands } from './key-commands.js';
import { registerKeyringCommands } from './keyring-commands.js';
import { registerListenCommand } from './listen-command.js';
import { chosenJsonCase, JSON_CASE_DEPRECATION } from './json-case.js';
import { CommandExit, commandContext, runInContext, type CommandContext } from './command-context.js';
import { print, reportFailure, withPlatform, type OutputOptions } from './run-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerTestSystemCommands } from './testsystem-commands.js';
import { registerTriggerCommand } from './trigger-command.js';
import { UsageError } from './usage-error.js';

/**
 * Every `flightagg` command. Built fresh for each run: the shell's, and each command a running
 * gateway runs for its admin channel (`configure` then redirects output and exits before any
 * subcommand is added, so the subcommands inherit it).
 */
export function buildProgram(configure: (program: Command) => void = () => {}): Command {
  const program = new Command('flightagg')
    .description('Flight aggregation gateway: server and operator commands')
    .version(releaseVersion(), '-V, --version', 'print the version')
    .showHelpAfterError()
    .option(
      '--json-case <case>',
      'deprecated: camel prints --json as before snake_case (default: FLIGHTAGG_JSON_CASE, else snake)',
    );
  program.option(
    '--data-dir <dir>',
    "the gateway's data folder for embedded storage (default: DATA_DIR, else the project's data folder)",
  );
  configure(program);
  program.hook('preAction', (_program, command) => {
    chooseJsonCase(program, command);
    const dataDir = program.opts<{ dataDir?: string }>().dataDir;
    if (dataDir !== undefined) command.setOptionValue('dataDir', dataDir);
  });

  registerServeCommand(program, { version: releaseVersion(), runnerFor: commandsInsideGateway });

  program
    .command('migrate')
    .description('apply pending database migrations (the gateway also applies them at start)')
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions) =>
      // Opening the platform is what migrates; this reports what that run applied.
      withPlatform(opts, async ({ migrations, database }) => {
        const applied = migrations.applied.length > 0 ? migrations.applied.join(', ') : 'none pending';
        print(
          opts,
          { ...migrations, storage: database.kind },
          `migrations on ${database.kind}: ${migrations.total} known; applied now: ${applied}`,
        );
      }),
    );

  registerBackupCommands(program);
  registerAccountCommands(program);
  registerBillingCommands(program);
  registerKeyCommands(program);
  registerKeyringCommands(program);
  registerBookingIntentCommands(program);
  registerAviationCommands(program);
  registerTestSystemCommands(program);
  registerListenCommand(program);
  registerTriggerCommand(program);
  return program;
}

/**
 * Gives the command its `jsonCase` (OutputOptions) from `--json-case` or FLIGHTAGG_JSON_CASE; the
 * deprecated camel spelling says so on stderr, where it does not mix with the JSON.
 */
function chooseJsonCase(program: Command, command: Command): void {
  const chosen = chosenJsonCase(program.opts<{ jsonCase?: string }>().jsonCase, process.env);
  if (typeof chosen !== 'string') reportFailure(command.opts(), new UsageError(chosen.problem));
  // Inside the gateway (admin channel) the shell that sent the command has said it already.
  if (chosen === 'camel' && !commandContext().platform) commandContext().err(JSON_CASE_DEPRECATION);
  command.setOptionValue('jsonCase', chosen);
}

// Commands that make no sense inside a running gateway: they start servers of their own, or (listen)
// run until stopped as a client of a gateway.
const NOT_THROUGH_THE_GATEWAY = new Set(['serve', 'testsystem', 'listen']);

/**
 * Runs operator commands inside the gateway, on its open storage, for its admin channel: the same
 * program as in a shell, its output captured and its exits turned into an exit code.
 */
export function commandsInsideGateway(platform: Platform): ChannelRunner {
  return async (argv, input) => {
    const answer: ChannelAnswer = { stdout: '', stderr: '', exitCode: 0 };
    if (NOT_THROUGH_THE_GATEWAY.has(argv[0] ?? '')) {
      return { ...answer, stderr: `error: ${argv[0]} cannot run while the gateway holds the data directory\n`, exitCode: 1 };
    }
    try {
      answer.exitCode = await runCommandLine(argv, {
        platform,
        input: input ?? null,
        out: (text) => void (answer.stdout += text),
        err: (text) => void (answer.stderr += text),
      });
    } catch (err) {
      platform.logger.error({ err, command: argv[0] }, 'operator command failed inside the gateway');
      answer.stderr += 'error: the command failed inside the gateway; its log has the details\n';
      answer.exitCode = 1;
    }
    return answer;
  };
}

/**
 * Runs one command line of the program in this process, not interactively, writing where `context`
 * says: its exit code (0 when it returns); what it throws other than an exit is thrown on.
 */
export async function runCommandLine(argv: string[], context: Omit<CommandContext, 'interactive' | 'exit'>): Promise<number> {
  const channel: CommandContext = {
    ...context,
    interactive: false,
    exit: (code: number): never => {
      throw new CommandExit(code);
    },
  };
  const program = buildProgram((p) => p.exitOverride().configureOutput({ writeOut: channel.out, writeErr: channel.err }));
  try {
    await runInContext(channel, () => program.parseAsync(argv, { from: 'user' }));
    return 0;
  } catch (err) {
    if (err instanceof CommandExit) return err.code;
    if (err instanceof CommanderError) return err.exitCode;
    throw err;
  }
}
