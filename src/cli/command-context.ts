import { AsyncLocalStorage } from 'node:async_hooks';
import type { Platform } from '../platform/platform.js';

/**
 * Where a command writes and which storage it uses. A command typed in a shell writes to the
 * process's stdout and stderr and opens storage itself; the same command sent to a running gateway
 * over its admin channel (admin-channel.ts) writes into buffers that go back to the caller and uses
 * the gateway's open storage, since embedded storage admits one process at a time.
 */
export interface CommandContext {
  /** The gateway's platform, when the command runs inside the gateway. */
  platform: Platform | null;
  out(text: string): void;
  err(text: string): void;
  /**
   * What a command forwarded over the admin channel was given as its input (a password its shell
   * read from stdin or a prompt); null in a shell, where the command reads stdin itself.
   */
  input: string | null;
  /** Progress bars only on a terminal; never for a command run on behalf of another process. */
  interactive: boolean;
  /** Ends the command with this exit code: exits the process, or ends the channel's run. */
  exit(code: number): never;
}

/** Thrown by a channel run's `exit`, so the gateway answers instead of exiting. */
export class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`command exited with ${code}`);
    this.name = 'CommandExit';
  }
}

const PROCESS_CONTEXT: CommandContext = {
  platform: null,
  input: null,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  get interactive() {
    return Boolean(process.stderr.isTTY);
  },
  exit: (code) => process.exit(code),
};

const storage = new AsyncLocalStorage<CommandContext>();

export function commandContext(): CommandContext {
  return storage.getStore() ?? PROCESS_CONTEXT;
}

export function runInContext<T>(context: CommandContext, fn: () => Promise<T>): Promise<T> {
  return storage.run(context, fn);
}
