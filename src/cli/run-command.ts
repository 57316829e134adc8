import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, type Config } from '../platform/config.js';
import { loadConfig } from '../sources/load-config.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { BackupError } from '../platform/backup/backup-error.js';
import { AppError, DependencyStartError } from '../platform/errors.js';
import { KeyringError } from '../platform/keyring/keyring.js';
import { PortUnavailableError } from '../platform/listen-ports.js';
import { createPlatform, type Platform } from '../platform/platform.js';
import { forwardToGateway } from './admin-channel.js';
import { commandContext } from './command-context.js';
import { snakeCaseKeys, type JsonCase } from './json-case.js';
import { StartupError } from './startup-error.js';
import { UsageError } from './usage-error.js';

export interface OutputOptions {
  json?: boolean;
  /** Set on every command by the program (program.ts) from `--json-case` or FLIGHTAGG_JSON_CASE. */
  jsonCase?: JsonCase;
  /** Set on every command by the program from `--data-dir`: DATA_DIR for this command. */
  dataDir?: string;
}

/**
 * Prints a result: one JSON object on stdout with --json (snake_case, json-case.ts; as it was
 * before with the deprecated `--json-case camel`), readable lines otherwise.
 */
export function print(
  options: OutputOptions,
  result: Record<string, unknown>,
  human: string,
  /** Keys whose values keep their own keys (data, not field names). */
  opaque: readonly string[] = [],
): void {
  if (!options.json) return commandContext().out(`${human}\n`);
  const shown = options.jsonCase === 'camel' ? result : snakeCaseKeys(result, opaque);
  commandContext().out(`${JSON.stringify(shown)}\n`);
}

function fail(options: OutputOptions, message: string): never {
  const context = commandContext();
  if (options.json) context.out(`${JSON.stringify({ error: message })}\n`);
  else context.err(`error: ${message}\n`);
  return context.exit(1);
}

/** Errors a user can fix are one clear line (and exit 1); anything else is a bug and shows its stack. */
export function reportFailure(options: OutputOptions, err: unknown): never {
  if (
    err instanceof AppError ||
    err instanceof DataDirInUseError ||
    err instanceof KeyringError ||
    err instanceof ConfigError ||
    err instanceof StartupError ||
    err instanceof PortUnavailableError ||
    err instanceof UsageError ||
    err instanceof BackupError ||
    err instanceof DependencyStartError
  ) {
    fail(options, err.message);
  }
  throw err;
}

export function readConfig(options: OutputOptions): Readonly<Config> {
  try {
    return loadConfig(options.dataDir !== undefined ? { ...process.env, DATA_DIR: options.dataDir } : process.env);
  } catch (err) {
    reportFailure(options, err);
  }
}

/**
 * Opens storage (running migrations), runs the command, and always closes storage again. Inside
 * the gateway (a command sent over its admin channel) it uses the gateway's open storage instead.
 * When a running gateway holds the embedded storage, the whole command is sent to that gateway,
 * which runs it and answers with what it printed.
 */
export async function withPlatform<T>(
  options: OutputOptions,
  fn: (platform: Platform) => Promise<T>,
  use: {
    /** What the command read from stdin or a prompt, sent along if a running gateway runs it. */
    input?: string;
    /**
     * The command reads or changes what is stored (lists, shows, revokes): on embedded storage that
     * does not exist yet it says where it looked instead of creating an empty database there.
     */
    existing?: boolean;
    /** The command line a running gateway is sent, when it differs from the shell's (paths made absolute). */
    argv?: string[];
  } = {},
): Promise<T | void> {
  const context = commandContext();
  if (context.platform) {
    try {
      return await fn(context.platform);
    } catch (err) {
      return reportFailure(options, err);
    }
  }
  const config = readConfig(options);
  if (use.existing && !config.databaseUrl && !embeddedStorageExists(config.dataDir))
    return reportFailure(options, new UsageError(noStorageThere(config.dataDir)));
  let platform: Platform;
  try {
    // CLI output is the command's answer, and a command reports its own failures in one line
    // (a failed aviation source, say); only the platform's errors reach stderr, as log lines.
    platform = await createPlatform(config, { logger: pino({ level: 'error' }, pino.destination(2)) });
  } catch (err) {
    if (err instanceof DataDirInUseError) return sendToRunningGateway(options, config, err, use);
    return reportFailure(options, err);
  }
  try {
    return await fn(platform);
  } catch (err) {
    await platform.close();
    return reportFailure(options, err);
  } finally {
    await platform.close();
  }
}

/** Whether the data directory holds the gateway's embedded database (what its first start makes). */
function embeddedStorageExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/** Where a command looked for storage and found none, and how to point it at the gateway's. */
export function noStorageThere(dataDir: string): string {
  return (
    `no gateway storage in ${dataDir} (nothing was created there). ` +
    'The gateway keeps it where `npm start` ran with the same DATA_DIR (unset: the data folder of the project). ' +
    'Point this command at it with --data-dir <dir> or DATA_DIR=<dir>, or DATABASE_URL for PostgreSQL; ' +
    'or start the gateway first (npm start)'
  );
}

async function sendToRunningGateway(
  options: OutputOptions,
  config: Readonly<Config>,
  inUse: DataDirInUseError,
  { input, argv: commandLine }: { input?: string; argv?: string[] },
): Promise<void> {
  // The gateway reads its own environment, not this shell's: a case chosen there goes as the option.
  const argv = commandLine ?? process.argv.slice(2);
  const jsonCase = process.env.FLIGHTAGG_JSON_CASE;
  const forwarded = jsonCase && !argv.some((a) => a.startsWith('--json-case')) ? ['--json-case', jsonCase, ...argv] : argv;
  const answer = await forwardToGateway(config.dataDir, forwarded, input);
  if (!answer) return reportFailure(options, inUse);
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}
