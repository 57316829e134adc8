import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { verifyWebhook } from '../../src/webhooks/verify.js';
import { cliEnvironment } from '../helpers/cli-env.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/flightagg.js');
// Each case starts `flightagg` processes, which load the CLI through tsx: seconds each on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  verified: unknown;
}

/** Resolves once `check` holds, re-checked on every change `onChange` reports. */
function until(check: () => boolean, onChange: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const test = () => check() && resolve();
    onChange(test);
    test();
  });
}

let f: WebhookFixture;
let gatewayPort: number;
let proxy: net.Server;
let proxyPort: number;
const proxied = new Set<net.Socket>();
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
let secret = '';
let wakeReceived: () => void = () => {};
const cli = cliEnvironment('listen-');

/** A TCP relay in front of the gateway, so a test can drop the stream's connection and refuse new ones. */
function startProxy(port: number): Promise<void> {
  proxy = net.createServer((client) => {
    const upstream = net.connect(gatewayPort, '127.0.0.1');
    proxied.add(client);
    client.pipe(upstream).pipe(client);
    const end = () => {
      proxied.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', resolve));
}

beforeAll(async () => {
  f = await webhookFixture();
  const address = await f.app.listen({ port: 0, host: '127.0.0.1' });
  gatewayPort = Number(new URL(address).port);
  await startProxy(0);
  proxyPort = (proxy.address() as net.AddressInfo).port;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let verified: unknown = null;
      try {
        verified = verifyWebhook(raw, req.headers['x-service-signature'] as string, secret);
      } catch (err) {
        verified = err;
      }
      received.push({ headers: req.headers, raw, verified });
      res.writeHead(verified instanceof Error ? 400 : 204).end();
      wakeReceived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  for (const socket of proxied) socket.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await f?.close();
  fs.rmSync(cli.dataDir, { recursive: true, force: true });
});

describe('flightagg listen', () => {
  it(
    'forwards each event signed like a webhook, resumes after a drop with Last-Event-ID, and exits 0 on Ctrl-C',
    async () => {
      const owner = await f.session({ mfa: false });
      const key = await f.apiKey(owner.agencyId);
      const listen: ChildProcess = spawn(
        process.execPath,
        [BIN, 'listen', '--forward-to', receiverUrl, '--gateway', `http://127.0.0.1:${proxyPort}`],
        { env: { ...cli.env, FLIGHTAGG_API_KEY: key }, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      let wakeOutput: () => void = () => {};
      listen.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        wakeOutput();
      });
      let errors = '';
      listen.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => listen.once('exit', (code) => resolve(code)));
      const printed = (pattern: RegExp) =>
        until(
          () => pattern.test(output),
          (wake) => (wakeOutput = wake),
        );
      const receivedCount = (n: number) =>
        until(
          () => received.length >= n,
          (wake) => (wakeReceived = wake),
        );

      try {
        await printed(/connected\n/);
        secret = /Ready! Your webhook signing secret is (whsec_\S+)/.exec(output)![1]!;

        const order = await f.hold(key);
        await receivedCount(1);
        const [hook] = received;
        expect(hook!.verified).not.toBeInstanceOf(Error);
        expect(hook!.verified).toMatchObject({ event: 'order.created', order_id: order.order_id });
        expect(hook!.headers).toMatchObject({
          'content-type': 'application/json',
          'user-agent': 'service-webhooks/1.0',
          'x-service-event': 'order.created',
          'x-service-delivery': expect.stringMatching(/^whd_[0-9a-f]{32}$/),
        });
        const listed = await f.app.inject({ method: 'GET', url: '/v1/events', headers: { 'x-api-key': key } });
        const [event] = listed.json().events as { id: string; data: unknown }[];
        expect(hook!.raw).toBe(JSON.stringify(event!.data));
        await printed(new RegExp(`order\\.created  ${event!.id}  -> 204\\n`));

        // The connection drops and the gateway cannot be reached while an event is written.
        await new Promise<void>((resolve) => {
          proxy.close(() => resolve());
          for (const socket of proxied) socket.destroy();
        });
        const stored = (await findAgencyOrder(f.platform.db, order.order_id, owner.agencyId))!;
        const at = f.clock();
        await enqueueEvent(f.platform.db, stored, {
          event: 'order.updated',
          payload: lifecyclePayload('order.updated', stored, at),
          at,
        });
        await printed(/connection failed|disconnected/);
        await startProxy(proxyPort);
        await printed(new RegExp(`connected, resuming after ${event!.id}\\n`));
        await receivedCount(2);
        expect(received[1]!.verified).toMatchObject({ event: 'order.updated', order_id: order.order_id });
        await printed(/order\.updated {2}evt_[\w-]{22} {2}-> 204\n/);

        listen.kill('SIGINT');
        expect(await exited).toBe(0);
        expect(output).toMatch(/Stopped\.\n$/);
        expect(received).toHaveLength(2);
        expect(errors).toBe('');
      } finally {
        listen.kill('SIGKILL');
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a receiver URL that is not http(s), a missing key and an unknown event name, in one line',
    async () => {
      const cases: [string[], NodeJS.ProcessEnv, string][] = [
        [
          ['--forward-to', 'ftp://localhost/hooks', '--api-key', 'k'],
          {},
          'error: --forward-to must be an http:// or https:// URL, not "ftp://localhost/hooks"\n',
        ],
        [
          ['--forward-to', 'localhost:3000', '--api-key', 'k'],
          {},
          'error: --forward-to must be an http:// or https:// URL, not "localhost:3000"\n',
        ],
        [
          ['--forward-to', receiverUrl],
          { FLIGHTAGG_API_KEY: '' },
          'error: an API key is needed: pass --api-key or set FLIGHTAGG_API_KEY\n',
        ],
        [
          ['--forward-to', receiverUrl, '--api-key', 'k', '--events', 'order.created,order.shipped'],
          {},
          'error: --events: "order.shipped" is not one of order.created, order.ticketed, order.updated, order.cancelled, order.refunded, order.ticketing_deadline_approaching\n',
        ],
      ];
      const failures = await Promise.all(
        cases.map(([args, env]) =>
          run(process.execPath, [BIN, 'listen', ...args], { env: { ...cli.env, ...env }, cwd: ROOT }).then(
            () => null,
            (err: { code: number; stderr: string }) => err,
          ),
        ),
      );
      cases.forEach(([args, , stderr], i) => {
        expect(failures[i], args.join(' ')).not.toBeNull();
        expect(failures[i]!.code).toBe(1);
        expect(failures[i]!.stderr).toBe(stderr);
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'never carries the API key to another origin: a redirect elsewhere stops it, one within the gateway is followed',
    async () => {
      const owner = await f.session({ mfa: false });
      const key = await f.apiKey(owner.agencyId);
      // Another origin that would take the key: it must never be asked anything.
      const elsewhere: http.IncomingHttpHeaders[] = [];
      const thief = http.createServer((req, res) => {
        elsewhere.push(req.headers);
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end();
      });
      await new Promise<void>((resolve) => thief.listen(0, '127.0.0.1', resolve));
      const thiefPort = (thief.address() as net.AddressInfo).port;
      // What answers at --gateway: /moved/... redirects within its origin, the stream path to the other one.
      const asked: string[] = [];
      const redirector = http.createServer((req, res) => {
        asked.push(req.url!);
        const to = req.url!.startsWith('/moved/')
          ? `http://127.0.0.1:${thiefPort}${req.url!.slice('/moved'.length)}`
          : `/moved${req.url!}`;
        res.writeHead(307, { location: to }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      const gateway = `http://127.0.0.1:${(redirector.address() as net.AddressInfo).port}`;
      try {
        const failure = await run(process.execPath, [BIN, 'listen', '--forward-to', receiverUrl, '--gateway', gateway], {
          env: { ...cli.env, FLIGHTAGG_API_KEY: key },
          cwd: ROOT,
          // One that follows the redirect reads the other origin's stream and would reconnect for ever.
          timeout: 60_000,
        }).then(
          () => null,
          (err: { code: number; stderr: string }) => err,
        );
        expect(failure, 'the command must stop').not.toBeNull();
        expect(failure!.code).toBe(1);
        expect(failure!.stderr).toBe(
          `error: the gateway redirected the signing secret to http://127.0.0.1:${thiefPort}, another origin than ${gateway}: ` +
            "the API key is sent to the gateway's origin only; pass the address that serves it as --gateway\n",
        );
        // The same-origin hop was followed; the other origin got nothing, the key least of all.
        // The first request is for the signing secret (POST /v1/events/listen-secret), redirected alike.
        expect(asked).toEqual(['/v1/events/listen-secret', '/moved/v1/events/listen-secret']);
        expect(elsewhere).toEqual([]);
      } finally {
        await new Promise((resolve) => redirector.close(resolve));
        await new Promise((resolve) => thief.close(resolve));
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'stops with one line when the gateway refuses the key',
    async () => {
      const failure = await run(
        process.execPath,
        [BIN, 'listen', '--forward-to', receiverUrl, '--api-key', 'not-a-key', '--gateway', `http://127.0.0.1:${gatewayPort}`],
        { env: cli.env, cwd: ROOT },
      ).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure!.code).toBe(1);
      expect(failure!.stderr).toMatch(/^error: the gateway refused the signing secret: 401 /);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
