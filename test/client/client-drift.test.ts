import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedDescription } from '../../dashboard/scripts/generate-client.js';
import { createClient, type FlightaggClient } from '../../packages/client/src/index.js';
import { generateClientPackageSources, type Description } from '../../tools/client/generate-client-package.js';
import { quickstartScript } from './quickstart-script.js';

// storage-free: its processes are tsc and the package's build over a copy; the client talks to a local stub server, never a gateway.

/**
 * The client package cannot drift from the API. Its types are generated from the gateway's own
 * /openapi.json, never committed: the package and its examples must build and type-check against
 * types generated from the description served today. And every request each of its methods sends
 * (path, query parameters, headers, body) must be one that description declares, so no call sends
 * a parameter the server refuses or leaves out one it requires.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE = path.join(ROOT, 'packages/client');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

let description: Description;
beforeAll(async () => {
  description = (await servedDescription(['/openapi.json'])) as Description;
}, 180_000);

const run = promisify(execFile);

/** tsc's complaints about a project, or '' when it type-checks (asynchronously: the worker keeps answering vitest meanwhile). */
async function typeErrors(tsconfig: string): Promise<string> {
  try {
    await run(process.execPath, [TSC, '-p', tsconfig], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('client package types', () => {
  // Inside the repository so the copy resolves @types/node from node_modules.
  const scratch = fs.mkdtempSync(path.join(PACKAGE, '.client-check-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('builds, and its examples and the quickstart type-check (strict) against the built package, with types generated from the served description', async () => {
    for (const name of ['src', 'examples', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) {
      fs.cpSync(path.join(PACKAGE, name), path.join(scratch, name), {
        recursive: true,
        // A developer's own generated copy may be stale: the check uses only the one made now.
        filter: (source) => !source.startsWith(path.join(PACKAGE, 'src', 'generated')),
      });
    }
    const generated = path.join(scratch, 'src', 'generated');
    fs.mkdirSync(generated);
    for (const [name, text] of Object.entries(await generateClientPackageSources(description))) {
      fs.writeFileSync(path.join(generated, name), text);
    }
    fs.writeFileSync(path.join(scratch, 'examples', 'quickstart.ts'), quickstartScript());
    // The examples import the package by its name: the copy's own dist/ once built.
    expect(await typeErrors(path.join(scratch, 'tsconfig.build.json'))).toBe('');
    expect(await typeErrors(path.join(scratch, 'tsconfig.json'))).toBe('');
  }, 180_000);
});

interface Sent {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Parameter = { name: string; in: string; required?: boolean };
type Operation = { operationId?: string; parameters?: Parameter[]; requestBody?: { required?: boolean } };

/** The described operation a request is for: paths without parameters first (`/v1/events/stream` before `/v1/events/{id}`). */
function operationOf(sent: Sent): { template: string; operation: Operation } | null {
  const templates = Object.keys(description.paths ?? {}).sort((a, b) => a.split('{').length - b.split('{').length);
  for (const template of templates) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = description.paths?.[template]?.[sent.method.toLowerCase()] as Operation | undefined;
    if (pattern.test(sent.url.pathname) && operation) return { template, operation };
  }
  return null;
}

/** What a request sends that its operation does not declare, or leaves out that it requires. */
function undeclared(sent: Sent): string[] {
  const found = operationOf(sent);
  if (!found) return [`${sent.method} ${sent.url.pathname}: no such operation`];
  const { operation } = found;
  const declared = (place: string) => (operation.parameters ?? []).filter((parameter) => parameter.in === place);
  const problems: string[] = [];
  const query = [...sent.url.searchParams.keys()];
  for (const name of query) {
    if (!declared('query').some((parameter) => parameter.name === name)) problems.push(`query ${name} not declared`);
  }
  for (const parameter of declared('query')) {
    if (parameter.required && !query.includes(parameter.name)) problems.push(`required query ${parameter.name} not sent`);
  }
  for (const name of ['idempotency-key', 'last-event-id']) {
    if (sent.headers[name] !== undefined && !declared('header').some((parameter) => parameter.name.toLowerCase() === name))
      problems.push(`header ${name} not declared`);
  }
  if (sent.body !== '' && !operation.requestBody) problems.push('body sent to an operation that takes none');
  if (sent.body === '' && operation.requestBody?.required) problems.push('required body not sent');
  return problems.map((problem) => `${operation.operationId}: ${problem}`);
}

const ORDER_ID = 'AA-ord_0123456789abcdefghij';
const OFFER_ID = 'AA|x.1';

/** One call of each method of the client, with what it needs and nothing optional left out that a user may send. */
const CALLS: Record<string, (client: FlightaggClient) => Promise<unknown>> = {
  'offers.search': (c) => c.offers.search({ origin: 'JFK', destination: 'LAX', departure_date: '2030-01-01', adults: 1 }),
  'offers.searchStream': async (c) => {
    const body = { origin: 'JFK', destination: 'LAX', departure_date: '2030-01-01', adults: 1 };
    for await (const event of c.offers.searchStream(body)) void event;
  },
  'offers.price': (c) => c.offers.price(OFFER_ID),
  'offers.seats': (c) => c.offers.seats(OFFER_ID, { segment_id: 'SEG1', airline: 'AA' }),
  'offers.services': (c) => c.offers.services(OFFER_ID, { airline: 'AA' }),
  'orders.create': (c) =>
    c.orders.create({ offer_id: OFFER_ID, passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10' }] }),
  'orders.get': (c) => c.orders.get(ORDER_ID, { refresh: true, airline: 'AA' }),
  'orders.list': (c) => c.orders.list({ status: 'hold', pnr: 'ABC123', limit: 5 }).toArray(),
  'orders.history': (c) => c.orders.history(ORDER_ID),
  'orders.pay': (c) => c.orders.pay(ORDER_ID),
  'orders.update': (c) => c.orders.update(ORDER_ID, { contact: { email: 'ada@example.com' } }),
  'orders.quote': (c) => c.orders.quote(ORDER_ID),
  'orders.reshop': (c) => c.orders.reshop(ORDER_ID),
  'orders.change': (c) => c.orders.change(ORDER_ID, { action: 'reissue' }),
  'orders.confirmChange': (c) => c.orders.confirmChange(ORDER_ID, { offer_id: OFFER_ID }),
  'orders.cancel': (c) => c.orders.cancel(ORDER_ID),
  'orders.confirmCancel': (c) => c.orders.confirmCancel(ORDER_ID),
  'orders.cancelWithoutQuote': (c) => c.orders.cancelWithoutQuote(ORDER_ID),
  'orders.refundEligibility': (c) => c.orders.refundEligibility(ORDER_ID),
  'orders.refund': (c) => c.orders.refund(ORDER_ID),
  'orders.acknowledgeChanges': (c) => c.orders.acknowledgeChanges(ORDER_ID),
  'events.list': (c) => c.events.list({ type: 'order.created', limit: 5 }).toArray(),
  'events.get': (c) => c.events.get('evt_1'),
  'events.stream': async (c) => {
    for await (const event of c.events.stream({ order_id: ORDER_ID }, { lastEventId: 'evt_1', reconnect: false })) void event;
  },
};

describe('client package requests', () => {
  let server: http.Server;
  let client: FlightaggClient;
  const sent: Sent[] = [];

  beforeAll(async () => {
    // Answers every request with an empty success of the right kind, and records it.
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://client.test');
        sent.push({ method: req.method ?? '', url, headers: req.headers, body });
        if (url.pathname.endsWith('/stream')) res.writeHead(200, { 'content-type': 'text/event-stream' }).end();
        else if (req.method === 'DELETE') res.writeHead(204).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"orders":[],"events":[],"next_cursor":""}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = createClient({ apiKey: 'fa_test_k', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it('has a call here for every method of the client', () => {
    const methods = Object.entries(client).flatMap(([resource, calls]) =>
      Object.keys(calls).map((name) => `${resource}.${name}`),
    );
    expect(Object.keys(CALLS).sort()).toEqual(methods.sort());
  });

  it('sends from each method only the path, query, headers and body the served description declares for it', async () => {
    const problems: string[] = [];
    for (const [name, call] of Object.entries(CALLS)) {
      sent.length = 0;
      await call(client);
      expect(sent.length, name).toBeGreaterThan(0);
      problems.push(...sent.flatMap((request) => undeclared(request).map((problem) => `${name}: ${problem}`)));
    }
    expect(problems).toEqual([]);
  });
});
