import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The gateway's local admin channel. Embedded storage (PGlite) admits one process at a time, so
 * while the gateway runs, `npx flightagg key create …` cannot open it; instead the CLI sends its
 * arguments over a Unix socket in the data directory and the gateway runs the same command on its
 * own open storage, answering with what the command printed and its exit code.
 *
 * The socket sits in `DATA_DIR/admin/` (mode 0700, the socket 0600): whoever may connect could
 * already read the data directory, keys and all, so the channel grants nothing new. It exists only
 * for embedded storage; with DATABASE_URL every process opens the database itself.
 */
export interface ChannelAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs one command line (the words after `flightagg`) inside the gateway, with the input its shell read. */
export type ChannelRunner = (argv: string[], input?: string) => Promise<ChannelAnswer>;

// A command runs as long as it runs (an aviation sync takes minutes); the caller waits for it.
// Connecting is local and immediate, or there is no gateway listening.
const CONNECT_TIMEOUT_MS = 2_000;
const MAX_REQUEST_BYTES = 64 * 1024;

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin', 'gateway.sock');
}

export interface AdminChannel {
  readonly path: string;
  close(): Promise<void>;
}

/** Listens on the data directory's admin socket. The caller holds the data directory's lock. */
export async function openAdminChannel(dataDir: string, run: ChannelRunner): Promise<AdminChannel> {
  const socketPath = adminSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // A socket file left by a gateway that died: this process holds the lock, so nobody listens on it.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return void socket.destroy();
      const end = received.indexOf('\n');
      if (end === -1) return;
      socket.removeAllListeners('data');
      void answer(received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const answer = async (line: string): Promise<ChannelAnswer> => {
    let request: { argv?: unknown; input?: unknown } = {};
    try {
      request = JSON.parse(line) as typeof request;
    } catch {
      // answered below as a malformed request
    }
    const { argv, input } = request;
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string') || (input !== undefined && typeof input !== 'string')) {
      return { stdout: '', stderr: 'error: the admin channel expects {"argv": [strings], "input"?: string}\n', exitCode: 2 };
    }
    return run(argv, input);
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Sends a command line to the gateway holding `dataDir`, with the input the command read (a
 * password: the socket is the owner's alone, see above); null when none answers there.
 */
export function forwardToGateway(dataDir: string, argv: string[], input?: string): Promise<ChannelAnswer | null> {
  const socketPath = adminSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let received = '';
    let connected = false;
    const socket = net.createConnection(socketPath);
    const timer = setTimeout(() => {
      if (!connected) socket.destroy();
    }, CONNECT_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      clearTimeout(timer);
      socket.write(`${JSON.stringify({ argv, input })}\n`);
    });
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => resolve(null));
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(received) as ChannelAnswer);
      } catch {
        resolve(null);
      }
    });
  });
}
