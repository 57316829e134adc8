import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('gateway did not start');
}

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes storage and exits 0', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-shutdown-'));
    const child = spawn(process.execPath, [path.resolve('bin/flightagg.js'), 'serve'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: inject('databaseUrl') ?? '',
        KEYRING: inject('databaseUrl') ? inject('keyring') : '',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
        MONITORING_INTERVAL_SECONDS: '0',
        // The balancer's drain window is tested in drain-readiness.test.ts; here it stops at once.
        SHUTDOWN_READY_DELAY_MS: '0',
        ...generatedNotifySecrets(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // Generous: on a busy two-core machine the child's start (tsx, migrations) has taken over a minute.
      await waitForHealth(port, 150_000);

      // A request whose body is still arriving when the signal lands.
      const body = JSON.stringify({ email: 'not-an-address' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.write(
        `POST /v1/subscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));

      // No new connections once shutting down.
      await expect(fetch(`http://127.0.0.1:${port}/v1/health`)).rejects.toThrow();

      socket.write(body.slice(5));
      await new Promise((r) => socket.once('end', r));
      expect(answer).toMatch(/^HTTP\/1\.1 422/);

      const code = await exited;
      expect(
        code,
        output
          .split('\n')
          .filter((l) => !l.includes('request completed'))
          .slice(-6)
          .join('\n'),
      ).toBe(0);
      expect(output).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, 'flightagg.lock'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
