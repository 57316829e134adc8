import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestSystems, type TestSystems } from '../helpers/test-systems.js';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { startGateway, waitUntil, type Gateway } from './fault-drills/children.js';

/**
 * Drain for a load balancer: on SIGTERM readiness answers 503 (`shutdown: draining`) while the
 * instance keeps serving for SHUTDOWN_READY_DELAY_MS; only then does it stop accepting, finish
 * what is in flight, close storage and exit 0. SIGINT skips the wait.
 *
 * The delay here is long (10 s) so that every step of the window is checked well inside it, even
 * on a busy machine; the test never asserts how long anything took.
 */
const READY_DELAY_MS = 10_000;

// Two gateways on one database must share one test system per airline (src/health/shared-airline.ts),
// and a database of their own keeps other tests' gateways out of their readiness.
const storageEnv = async (airlines: TestSystems): Promise<Record<string, string>> => ({
  DATABASE_URL: inject('databaseUrl') ? await isolatedDatabase(inject('databaseUrl')!) : '',
  KEYRING: inject('databaseUrl') ? inject('keyring') : '',
  REDIS_URL: '',
  AA_TEST_URL: airlines.bySource.AA!.url,
  VS_TEST_URL: airlines.bySource.VS!.url,
  DUFFEL_TEST_URL: airlines.bySource.DUFFEL!.url,
});

async function readiness(url: string): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const res = await fetch(`${url}/v1/health/ready`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
}

/** A new TCP connection is accepted (true) or refused (false). */
function accepts(url: string): Promise<boolean> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const lines = (output: string) =>
  output
    .split('\n')
    .filter((l) => !l.includes('request completed') && !l.includes('incoming request'))
    .slice(-8)
    .join('\n');

describe('drain on SIGTERM: readiness turns 503 first, the instance still serves, then stops', () => {
  let draining: Gateway;
  let interrupted: Gateway;
  let airline: TestSystems;

  beforeAll(async () => {
    airline = await startTestSystems();
    const env = await storageEnv(airline);
    // Two processes started side by side: the SIGTERM one and the SIGINT one.
    [draining, interrupted] = await Promise.all([
      startGateway({ ...env, SHUTDOWN_READY_DELAY_MS: String(READY_DELAY_MS), SHUTDOWN_GRACE_MS: '10000' }),
      startGateway({ ...env, SHUTDOWN_READY_DELAY_MS: '600000', SHUTDOWN_GRACE_MS: '10000' }),
    ]);
    // Ready before the signal: the 503 below is the drain's, not a slow start's.
    for (const gateway of [draining, interrupted])
      await waitUntil('readiness 200', 60_000, async () => (await readiness(gateway.url)).status === 200);
  }, 240_000);

  afterAll(async () => {
    await draining?.stop();
    await interrupted?.stop();
    await airline?.close();
  });

  it('answers readiness 503 shutdown=draining while serving new connections, then refuses them, finishes in-flight work and exits 0', async () => {
    const before = await readiness(draining.url);
    expect(before.body.checks.shutdown).toBe('ok');

    draining.child.kill('SIGTERM');
    await waitUntil('readiness 503 after SIGTERM', 10_000, async () => (await readiness(draining.url)).status === 503, 100);
    const during = await readiness(draining.url);
    expect(during.status).toBe(503);
    expect(during.body.status).toBe('not_ready');
    expect(during.body.checks).toMatchObject({ shutdown: 'draining', database: 'ok', keyring: 'ok' });

    // Still serving on new connections: a balancer that has not yet seen the 503 loses nothing.
    const served = await fetch(`${draining.url}/v1/aviation/airports/JFK`, { signal: AbortSignal.timeout(10_000) });
    expect(served.status).toBe(401); // the gate answered: the whole app is serving, not just health
    expect((await fetch(`${draining.url}/v1/health`)).status).toBe(200);
    // Log lines reach stdout within a few milliseconds (src/platform/log-stream.ts).
    await waitUntil('the drain logged', 5_000, async () => draining.output().includes('readiness answers 503, still serving'));
    expect(draining.output()).not.toContain('no new requests, finishing in-flight ones');

    // A request whose body is still arriving when the instance stops accepting.
    const body = JSON.stringify({ email: 'not-an-address' });
    const socket = net.connect(Number(new URL(draining.url).port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const ended = new Promise((r) => socket.once('end', r));
    socket.write(
      `POST /v1/subscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );

    // After the window: new connections refused...
    await waitUntil(
      'new connections refused after the ready delay',
      READY_DELAY_MS + 15_000,
      async () => !(await accepts(draining.url)),
      200,
    );
    await waitUntil('the grace logged', 5_000, async () =>
      draining.output().includes('no new requests, finishing in-flight ones'),
    );
    // ...while the request in flight still gets its answer.
    socket.write(body.slice(5));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 422/);

    expect(await draining.exited, lines(draining.output())).toBe(0);
    expect(draining.output()).toContain('"msg":"stopped"');
  }, 90_000);

  it('SIGINT (a terminal Ctrl-C) skips the ready delay and exits 0', async () => {
    interrupted.child.kill('SIGINT');
    // The configured delay is ten minutes: exiting within the test's time-out shows it was skipped.
    expect(await interrupted.exited, lines(interrupted.output())).toBe(0);
    expect(interrupted.output()).not.toContain('readiness answers 503');
    expect(interrupted.output()).toContain('"msg":"stopped"');
  }, 60_000);
});
