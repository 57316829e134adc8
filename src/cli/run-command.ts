import pino from 'pino';
import { ConfigError, type Config } from '../platform/config.js';
import { loadConfig } from '../sources/load-config.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { AppError, DependencyStartError } from '../platform/errors.js';
import { KeyringError } from '../platform/keyring/keyring.js';
import { PortUnavailableError } from '../platform/listen-ports.js';
import { createPlatform, type Platform } from '../platform/platform.js';
import { forwardToGateway } from './admin-channel.js';
import { commandContext } from './command-context.js';
import { StartupError } from './startup-error.js';
import { UsageError } from './usage-error.js';

export interface OutputOptions {
  json?: boolean;
}

/** Prints a result: one JSON object on stdout with --json, readable lines otherwise. */
export function print(options: OutputOptions, result: Record<string, unknown>, human: string): void {
  commandContext().out(options.json ? `${JSON.stringify(result)}\n` : `${human}\n`);
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
    err instanceof DependencyStartError
  ) {
    fail(options, err.message);
  }
  throw err;
}

export function readConfig(options: OutputOptions): Readonly<Config> {
  try {
    return loadConfig();
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
  /** What the command read from stdin or a prompt, sent along if a running gateway runs it. */
  input?: string,
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
  let platform: Platform;
  try {
    // CLI output is the command's answer, and a command reports its own failures in one line
    // (a failed aviation source, say); only the platform's errors reach stderr, as log lines.
    platform = await createPlatform(config, { logger: pino({ level: 'error' }, pino.destination(2)) });
  } catch (err) {
    if (err instanceof DataDirInUseError) return sendToRunningGateway(options, config, err, input);
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

async function sendToRunningGateway(
  options: OutputOptions,
  config: Readonly<Config>,
  inUse: DataDirInUseError,
  input: string | undefined,
): Promise<void> {
  const answer = await forwardToGateway(config.dataDir, process.argv.slice(2), input);
  if (!answer) return reportFailure(options, inUse);
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}
