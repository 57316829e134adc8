import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInContext } from '../../src/cli/command-context.js';
import { listen, listenSecret, listenSettings } from '../../src/cli/listen-command.js';
import { WEBHOOK_EVENTS } from '../../src/webhooks/events.js';
import { verifyWebhook } from '../../packages/webhooks/index.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';
import { flightaggInProcess } from '../helpers/cli-in-process.js';

let f: WebhookFixture;
let gateway: string;
beforeAll(async () => {
  f = await webhookFixture({ isolated: true });
  gateway = (await f.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => f?.close());

const flightagg = flightaggInProcess;

describe('flightagg listen: its signing secret', () => {
  it('is the same on every run for the same key and receiver, until --rotate-secret', async () => {
    const owner = await f.session({ mfa: false });
    const key = await f.apiKey(owner.agencyId);
    const args = [
      'listen',
      '--forward-to',
      'http://127.0.0.1:4242/hooks',
      '--api-key',
      key,
      '--gateway',
      gateway,
      '--print-secret',
    ];
    const first = await flightagg(...args);
    expect(first, first.err).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/^whsec_\S+\n$/);
    const second = await flightagg(...args);
    expect(second.out).toBe(first.out);

    const rotated = await flightagg(...args, '--rotate-secret');
    expect(rotated.code).toBe(0);
    expect(rotated.out).toMatch(/^whsec_\S+\n$/);
    expect(rotated.out).not.toBe(first.out);
    expect((await flightagg(...args)).out).toBe(rotated.out);
  });

  it('signs each forwarded event, a triggered one of every type included, so the package verifies it with that secret', async () => {
    const owner = await f.session({ mfa: false });
    const key = await f.apiKey(owner.agencyId);
    const received: { event: unknown; test: string | undefined }[] = [];
    let secret = '';
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          event: verifyWebhook(raw, req.headers['x-service-signature'] as string, secret),
          test: req.headers['x-service-test'] as string | undefined,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const forwardTo = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks`;
    const stop = new AbortController();
    const lines: string[] = [];
    try {
      const settings = listenSettings({ forwardTo, apiKey: key, gateway }, {});
      secret = await listenSecret(settings, false);
      const printed = await flightagg(
        'listen',
        '--forward-to',
        forwardTo,
        '--api-key',
        key,
        '--gateway',
        gateway,
        '--print-secret',
      );
      expect(printed.out).toBe(`${secret}\n`);
      const context = {
        platform: null,
        input: null,
        interactive: false,
        out: (t: string) => void lines.push(t),
        err: () => {},
        exit: (): never => {
          throw new Error('exit');
        },
      };
      const listening = runInContext(context, () => listen({ ...settings, secret }, stop.signal));
      await expect.poll(() => lines.some((l) => l.includes('connected')), { timeout: 10_000 }).toBe(true);

      for (const type of WEBHOOK_EVENTS) {
        const sent = await flightagg('trigger', type, '--api-key', key, '--gateway', gateway, '--json');
        expect(sent, sent.err).toMatchObject({ code: 0, err: '' });
        expect(JSON.parse(sent.out)).toMatchObject({
          type,
          id: expect.stringMatching(/^evt_/),
          order_id: 'AA-ord_test_00000000000000000000',
        });
      }
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(WEBHOOK_EVENTS.length);
      expect(received.map((r) => (r.event as { test?: boolean }).test)).toEqual(WEBHOOK_EVENTS.map(() => true));
      expect(received.map((r) => (r.event as { order_id: string }).order_id)).toEqual(
        WEBHOOK_EVENTS.map(() => 'AA-ord_test_00000000000000000000'),
      );
      stop.abort();
      await listening;
    } finally {
      stop.abort();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('flightagg trigger', () => {
  it('refuses an unknown event listing every valid one, before asking the gateway', async () => {
    const failed = await flightagg('trigger', 'order.shipped', '--api-key', 'k', '--gateway', 'http://127.0.0.1:9');
    expect(failed).toEqual({
      code: 1,
      out: '',
      err: `error: unknown event "order.shipped": trigger one of ${WEBHOOK_EVENTS.join(', ')}\n`,
    });
  });

  it("says the gateway's refusal in one line: a live key", async () => {
    const owner = await f.session({ mfa: false });
    const live = await f.apiKey(owner.agencyId, 'live');
    const refused = await flightagg('trigger', 'order.created', '--api-key', live, '--gateway', gateway);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: the gateway refused the test event: 403 test_key_required: /);
  });
});
