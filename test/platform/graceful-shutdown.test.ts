import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startGateway } from './fault-drills/children.js';

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes storage and exits 0', async () => {
    const gateway = await startGateway({
      DATABASE_URL: inject('databaseUrl') ?? '',
      KEYRING: inject('databaseUrl') ? inject('keyring') : '',
      REDIS_URL: '',
      // The balancer's drain window is tested in drain-readiness.test.ts; here it stops at once.
      SHUTDOWN_READY_DELAY_MS: '0',
    });
    const { child, exited, output } = gateway;
    const port = Number(new URL(gateway.url).port);
    try {
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
      await expect(fetch(`${gateway.url}/v1/health`)).rejects.toThrow();

      socket.write(body.slice(5));
      await new Promise((r) => socket.once('end', r));
      expect(answer).toMatch(/^HTTP\/1\.1 422/);

      const code = await exited;
      expect(
        code,
        output()
          .split('\n')
          .filter((l) => !l.includes('request completed'))
          .slice(-6)
          .join('\n'),
      ).toBe(0);
      expect(output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(gateway.dataDir, 'flightagg.lock'))).toBe(false);
    } finally {
      await gateway.stop();
    }
  }, 240_000);
});
