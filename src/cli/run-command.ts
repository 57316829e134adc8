import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../platform/config.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { AppError } from '../platform/errors.js';
import { KeyringError } from '../platform/keyring/keyring.js';
import { createPlatform, type Platform } from '../platform/platform.js';

export interface OutputOptions {
  json?: boolean;
}

/** Prints a result: one JSON object on stdout with --json, readable lines otherwise. */
export function print(options: OutputOptions, result: Record<string, unknown>, human: string): void {
  process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : `${human}\n`);
}

function fail(options: OutputOptions, message: string): never {
  if (options.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  else process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

/** Errors a user can fix are one clear line (and exit 1); anything else is a bug and shows its stack. */
export function reportFailure(options: OutputOptions, err: unknown): never {
  if (err instanceof AppError || err instanceof DataDirInUseError || err instanceof KeyringError) fail(options, err.message);
  if (err instanceof ConfigError) fail(options, err.message);
  throw err;
}

export function readConfig(options: OutputOptions): Readonly<Config> {
  try {
    return loadConfig();
  } catch (err) {
    reportFailure(options, err);
  }
}

/** Opens storage (running migrations), runs the command, and always closes storage again. */
export async function withPlatform<T>(options: OutputOptions, fn: (platform: Platform) => Promise<T>): Promise<T> {
  const config = readConfig(options);
  let platform: Platform;
  try {
    // CLI output is the command's answer; only warnings and worse from the platform reach stderr.
    platform = await createPlatform(config, { logger: pino({ level: 'warn' }, pino.destination(2)) });
  } catch (err) {
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
