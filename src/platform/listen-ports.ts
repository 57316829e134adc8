import net from 'node:net';
import type { Config } from './config.js';

/** A port a gateway process listens on, with the setting that chooses it. */
export interface ListenTarget {
  /** `PORT`, or a source's `<CODE>_TEST_PORT`. */
  setting: string;
  port: number;
  host: string;
}

/** A port the process cannot listen on, said as one line that names the setting that moves it. */
export class PortUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PortUnavailableError';
  }
}

/**
 * The ports `serve` binds: the gateway's, and each in-process airline test system's when its port
 * is fixed (`0` takes any free port; a test system at its <CODE>_TEST_URL runs elsewhere, and
 * IN_PROCESS_TEST_SYSTEMS=false runs none).
 */
export function listenTargets(config: Readonly<Config>): ListenTarget[] {
  const targets: ListenTarget[] = [{ setting: 'PORT', port: config.port, host: config.host }];
  for (const [code, source] of Object.entries(config.sources)) {
    if (config.inProcessTestSystems && !source.testSystemUrl && source.testSystemPort !== 0) {
      targets.push({ setting: `${code}_TEST_PORT`, port: source.testSystemPort, host: '127.0.0.1' });
    }
  }
  return targets;
}

/** A listening error from Node: the call's code, and the address and port it could not bind. */
interface ListenError {
  code?: unknown;
  port?: unknown;
  address?: unknown;
}

/**
 * The operator's line for a failed bind, or null when `err` is not one of ours: a port in use, or
 * one below 1024 without the privilege. The early check and the real bind (which can still lose a
 * race to another process) both report through here, so the message is the same either way.
 */
export function portUnavailable(err: unknown, targets: readonly ListenTarget[]): PortUnavailableError | null {
  const { code, port, address } = (err ?? {}) as ListenError;
  if (typeof port !== 'number') return null;
  const setting = (targets.find((t) => t.port === port) ?? targets[0])?.setting ?? 'PORT';
  const on = typeof address === 'string' ? ` on ${address}` : '';
  if (code === 'EADDRINUSE') {
    return new PortUnavailableError(
      `port ${port} is already in use${on}: stop what listens there, or set ${setting} to a free port (e.g. ${setting}=${port + 1})`,
    );
  }
  if (code === 'EACCES') {
    return new PortUnavailableError(
      `port ${port}${on} needs privileges this process does not have: set ${setting} to a port above 1023 (e.g. ${setting}=8080)`,
    );
  }
  return null;
}

/** Binds the target and lets go at once: whether the real bind would succeed now. */
function tryBind(target: ListenTarget): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: target.port, host: target.host, exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * Refuses a start whose ports are taken before anything is opened: a busy port otherwise shows
 * only once storage is open, which on a first start means after a new database was made. Another
 * process can still take a port between this check and the bind; that bind's error says the same.
 */
export async function assertPortsFree(targets: readonly ListenTarget[]): Promise<void> {
  for (const target of targets) {
    if (target.port === 0) continue;
    try {
      await tryBind(target);
    } catch (err) {
      throw portUnavailable(err, targets) ?? err;
    }
  }
}
