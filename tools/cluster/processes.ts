import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * Child processes for the cluster harness: spawned with their output kept (the tail only, so a
 * long run does not grow without bound), exits awaited with a bound, waits polled with a deadline.
 */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const handedOut = new Set<number>();

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A loopback port nothing listens on now, and that this process has not handed out before: the
 * kernel may give a port it just released to the next caller, so two children started at once
 * (two gateways on one database) could otherwise both be told the same PORT.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Polls `check` until it returns true, for at most `ms`; throws naming `what` when it never does. */
export async function waitUntil(what: string, ms: number, check: () => Promise<boolean>, everyMs = 200): Promise<void> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (err) {
      // A failure that says the wait is pointless (the process exited) ends it at once.
      if ((err as { fatal?: boolean }).fatal) throw err;
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${ms} ms${last ? ` (last: ${(last as Error).message})` : ''}`);
}

/** An error that stops `waitUntil` at once. */
export function fatal(message: string): Error {
  return Object.assign(new Error(message), { fatal: true });
}

// Enough of a process's last words to explain a failed start; older output is dropped.
const OUTPUT_TAIL_CHARS = 64_000;

export interface Child {
  process: ChildProcess;
  /** The last 64 KB it wrote, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  running(): boolean;
  /** Sends `signal`, waits up to `graceMs` for the exit, then SIGKILL; resolves with the exit code. */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<number | null>;
}

export function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_TAIL_CHARS * 2) output = output.slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (err) => {
      output += `\n${err.message}`;
      resolve(null);
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  return {
    process: child,
    output: () => output.slice(-OUTPUT_TAIL_CHARS),
    exited,
    running,
    async stop(signal, graceMs) {
      if (running()) child.kill(signal);
      const code = await Promise.race([exited, sleep(graceMs).then(() => 'late' as const)]);
      if (code !== 'late') return code;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/** A GET that never hangs: true when it answers `status` within `ms`. */
export async function answers(url: string, status = 200, ms = 2_000): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(ms) });
  await res.arrayBuffer();
  return res.status === status;
}
