import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { daysAhead } from '../../shopping/shopping-fixture.js';
import { freePort, privateRedisUnavailable, startGateway, type Gateway } from './children.js';
import { seedAccount, type DrillAccount } from './seed.js';

const skip = !inject('databaseUrl')
  ? 'fault drills run on PostgreSQL + Redis only (this run is on embedded PGlite)'
  : !inject('redisUrl')
    ? 'fault drills run on PostgreSQL + Redis only (no REDIS_URL in this run)'
    : privateRedisUnavailable();

const GRACE_MS = 6_000;

/**
 * An airline that accepts connections and never answers, but for the first one, which gets a 503
 * after 1.5 s: that search ends on its own (drained) while the others stay open until cut.
 */
async function silentAirline(): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    if (++connections === 1) {
      setTimeout(() => socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'), 1_500);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** VS for this drill: every call is a 503 at once, so each search's outcome is AA's. */
async function refusingAirline(): Promise<{ url: string; close(): void }> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

interface OpenStream {
  text(): string;
  /** Resolves when the server ends the stream (or after `ms`, with what arrived). */
  ended(ms: number): Promise<string>;
}

async function openStream(url: string, key: string): Promise<OpenStream> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ origin: 'JFK', destination: 'MIA', departure_date: daysAhead(50), adults: 1 }),
    signal: AbortSignal.timeout(60_000),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  let text = '';
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // the connection went away: what arrived is what counts
    }
  })();
  const deadline = Date.now() + 15_000;
  while (!text.includes('event: search') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(text).toContain('event: search');
  return {
    text: () => text,
    async ended(ms) {
      await Promise.race([done, new Promise((r) => setTimeout(r, ms))]);
      return text;
    },
  };
}

const lastEvent = (text: string) => {
  const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)];
  const last = events[events.length - 1];
  return last ? { event: last[1], data: JSON.parse(last[2]!) as Record<string, unknown> } : null;
};

/**
 * SIGTERM while search streams are open: the process stops accepting and gives the streams half
 * the grace period to finish (one does, with its own terminal event), then ends each one still
 * open with a terminal `error` event `server_shutting_down`, and exits 0 within SHUTDOWN_GRACE_MS.
 */
describe.skipIf(skip !== null)(`fault drill: SIGTERM during open SSE streams${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let airline: Awaited<ReturnType<typeof silentAirline>>;
  let vs: Awaited<ReturnType<typeof refusingAirline>>;
  let gateway: Gateway;
  let account: DrillAccount;

  beforeAll(async () => {
    airline = await silentAirline();
    vs = await refusingAirline();
    account = await seedAccount(inject('databaseUrl')!, inject('keyring'));
    gateway = await startGateway({
      DATABASE_URL: inject('databaseUrl')!,
      KEYRING: inject('keyring'),
      REDIS_URL: inject('redisUrl')!,
      REDIS_PREFIX: `flightagg:drill:${crypto.randomBytes(4).toString('hex')}:`,
      AA_TEST_URL: airline.url,
      VS_TEST_URL: vs.url,
      // Duffel refuses as VS does: no source answers, so a search ends only when the drain says.
      DUFFEL_TEST_URL: vs.url,
      SEARCH_TIMEOUT_MS: '60000',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      // No balancer here: the grace period starts at the signal (drain-readiness.test.ts has the window).
      SHUTDOWN_READY_DELAY_MS: '0',
    });
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
    airline?.close();
    vs?.close();
  });

  it('drains what finishes in time, ends the rest with a terminal error event, and exits 0 within the grace period', async () => {
    const streams = await Promise.all([1, 2, 3].map(() => openStream(`${gateway.url}/v1/shopping/offers/stream`, account.key)));
    const signalled = Date.now();
    gateway.child.kill('SIGTERM');

    const texts = await Promise.all(streams.map((s) => s.ended(GRACE_MS + 5_000)));
    const last = texts.map(lastEvent);
    // One search finished during the drain with its own terminal event; the others were ended.
    const drained = last.filter(
      (e) => e?.event === 'error' && e.data.error === 'all airline connections failed — please retry later',
    );
    const ended = last.filter((e) => e?.event === 'error' && e.data.code === 'server_shutting_down');
    expect(drained, texts.join('\n---\n')).toHaveLength(1);
    expect(ended, texts.join('\n---\n')).toHaveLength(2);
    for (const e of ended)
      expect(e!.data).toEqual({ error: 'the server is shutting down; please search again', code: 'server_shutting_down' });
    const code = await Promise.race([gateway.exited, new Promise((r) => setTimeout(() => r('still running'), GRACE_MS + 5_000))]);
    expect(code, gateway.output().slice(-1500)).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS + 2_000);
    expect(gateway.output()).toContain('"streams":2');
    expect(gateway.output()).toContain('"msg":"stopped"');
  }, 120_000);
});
