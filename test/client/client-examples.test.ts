import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isFlightaggError, type FlightaggClient } from '../../packages/client/src/index.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';
import { quickstartScript } from './quickstart-script.js';

/**
 * The client package's examples (packages/client/examples) run as a developer runs them
 * (`npx tsx examples/<name>.ts` with FLIGHTAGG_API_KEY and FLIGHTAGG_BASE_URL), each in its own
 * process and importing the built package by its name, against a gateway listening on 127.0.0.1
 * with the AA test system; and the client's errors and event stream against that gateway.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(ROOT, 'packages/client/examples');
const run = promisify(execFile);

let f: ShoppingFixture;
let baseUrl = '';
let client: FlightaggClient;

beforeAll(async () => {
  // The examples import the built package (packages/client/dist): build it when it is stale, as `npm test` does first.
  // Asynchronously: a build blocking the worker for a minute would leave vitest's own calls unanswered.
  await run(process.execPath, [path.join(ROOT, 'tools/client/build-client-package.mjs')]);
  f = await shoppingFixture();
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(f.app.server.address() as { port: number }).port}`;
  client = createClient({ apiKey: f.key, baseUrl });
}, 300_000);
afterAll(async () => f?.close());

async function runExample(name: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(EXAMPLES, `${name}.ts`)], {
    cwd: path.join(ROOT, 'packages/client'),
    env: { ...process.env, FLIGHTAGG_API_KEY: f.key, FLIGHTAGG_BASE_URL: baseUrl },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const orderStatus = async (orderId: string) =>
  (await f.app.inject({ url: `/v1/orders/${encodeURIComponent(orderId)}`, headers: { 'x-api-key': f.key } })).json<{
    status: string;
  }>().status;

describe('client package examples against a listening gateway', () => {
  it('book-and-cancel: searches, prices, books ticketed, reads it back, then cancels by quote and confirmation', async () => {
    const result = await runExample('book-and-cancel');
    expect(result).toMatchObject({ booked: 'ticketed', read: 'ticketed', cancelled: 'cancelled' });
    expect((result.refund as { amount: number }).amount).toBeGreaterThan(0);
    expect(await orderStatus(result.orderId as string)).toBe('cancelled');
  });

  it('hold-and-pay: books a hold, finds it among the listed holds, pays it, and lists its events', async () => {
    const result = await runExample('hold-and-pay');
    expect(result).toMatchObject({
      held: 'hold',
      listedAmongHolds: true,
      paid: 'ticketed',
      events: ['order.created', 'order.ticketed'],
    });
    expect(result.paymentDeadline).toEqual(expect.any(String));
    expect(result.tickets).toEqual([expect.stringMatching(/^\d{13}$/)]);
    expect(await orderStatus(result.orderId as string)).toBe('ticketed');
  });

  it('search-stream: iterates a streamed search, batch by batch, to its done summary', async () => {
    const result = await runExample('search-stream');
    expect(result).toMatchObject({ searchId: expect.stringMatching(/^srch_/), airlines: ['AA:answered'], warnings: [] });
    expect(result.batches).toBeGreaterThan(0);
    expect(result.total).toBeGreaterThan(0);
    expect(result.cheapest).toMatch(/^AA\|/);
  });

  it('change-flights: reshops a changeable booking two days later and confirms the new flight', async () => {
    const result = await runExample('change-flights');
    expect(result.status).toBe('ticketed');
    const day = (at: unknown) => String(at).slice(0, 10);
    expect((result.before as string[]).map(day)).toEqual([daysAhead(40)]);
    expect((result.after as string[]).map(day)).toEqual([daysAhead(42)]);
  });
});

describe('the built package', () => {
  it('packs only its build, README and manifest, with no dependencies', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: path.join(ROOT, 'packages/client') });
    const [packed] = JSON.parse(stdout) as { name: string; files: { path: string }[] }[];
    const files = packed!.files.map((file) => file.path);
    expect(packed!.name).toBe('@flightagg/client');
    expect(files).toEqual(expect.arrayContaining(['README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']));
    expect(files.filter((file) => !file.startsWith('dist/') && !['README.md', 'package.json'].includes(file))).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/client/package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest.dependencies).toBeUndefined();
  });

  it("is the repository package's `flightagg/client` too, for plain node", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('flightagg/client'); console.log(typeof m.createClient, m.ERROR_CODES.includes('order_not_found'))",
      ],
      { cwd: ROOT },
    );
    expect(stdout.trim()).toBe('function true');
  });
});

describe('docs/quickstart.md with the client', () => {
  // Inside the package, as a reader's module beside an installed one: it imports the package by its name.
  const scratch = fs.mkdtempSync(path.join(ROOT, 'packages/client/.client-check-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('runs its ts blocks, in order, as one script: search, price, hold, pay, read, cancel, and a typed error', async () => {
    const script = path.join(scratch, 'quickstart.ts');
    fs.writeFileSync(script, quickstartScript());
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, KEY: f.key, BASE: baseUrl },
    });
    const lines = stdout.trim().split('\n');
    expect(lines.find((line) => / ticketed /.test(line) && /\d{13}/.test(line))).toBeDefined();
    expect(lines).toContainEqual(expect.stringMatching(/^AA-ord_\S+ cancelled$/));
    expect(lines.at(-1)).toMatch(/^404 order_not_found AA-ord_\S+ \S+ http:\/\/.+errors#order_not_found$/);
  });
});

describe('the client against the gateway', () => {
  it('throws the catalogued error of a refused call, with what the body and headers said', async () => {
    const error = await client.orders.get('AA-ord_00000000000000000000').catch((e: unknown) => e);
    expect(isFlightaggError(error, 'order_not_found')).toBe(true);
    expect(error).toMatchObject({ status: 404, requestId: expect.stringMatching(/.+/) });
    expect((error as { documentationUrl: string }).documentationUrl).toMatch(/errors#order_not_found$/);

    const invalid = await client.offers
      .search({ origin: 'JFK', destination: 'JFK', departure_date: daysAhead(10), adults: 1 })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400 });
  });

  it('replays a booking sent twice with one Idempotency-Key instead of booking twice', async () => {
    const { offers } = await client.offers.search({
      origin: 'JFK',
      destination: 'LAX',
      departure_date: daysAhead(45),
      adults: 1,
    });
    const offer = offers?.find((candidate) => candidate.hold_available);
    if (!offer) throw new Error('no offer to hold');
    const body = {
      offer_id: offer.offer_id,
      passengers: [{ given_name: 'Grace', family_name: 'Hopper', born_on: '1966-12-09', email: 'grace@example.com' }],
      payment: { type: 'hold' as const },
    };
    const first = await client.orders.create(body, { idempotencyKey: 'client-example-replay' });
    const again = await client.orders.create(body, { idempotencyKey: 'client-example-replay' });
    expect(again.order_id).toBe(first.order_id);
    const holds = await client.orders.list({ pnr: first.pnr }).toArray();
    expect(holds.map((order) => order.order_id)).toEqual([first.order_id]);
  });

  it("streams the agency's events from after a given one, then live as they happen", async () => {
    const { offers } = await client.offers.search({
      origin: 'JFK',
      destination: 'LAX',
      departure_date: daysAhead(50),
      adults: 1,
    });
    const offer = offers?.find((candidate) => candidate.hold_available);
    if (!offer) throw new Error('no offer to hold');
    const book = (givenName: string) =>
      client.orders.create({
        offer_id: offer.offer_id,
        passengers: [{ given_name: givenName, family_name: 'Turing', born_on: '1972-06-23', email: 'turing@example.com' }],
        payment: { type: 'hold' },
      });
    await book('Alan');
    // Newest first: the event of the booking just made.
    const newest = await client.events.list({ type: 'order.created', limit: 1 }).pages().next();
    const after = newest.value?.events[0]?.id;
    expect(after).toEqual(expect.any(String));

    const missed = await book('Alonzo');
    const streamed: { id: string; orderId: unknown }[] = [];
    let live: Promise<{ order_id: string }> | null = null;
    for await (const event of client.events.stream({ type: 'order.created' }, { lastEventId: after })) {
      streamed.push({ id: event.id, orderId: event.data.order_id });
      if (streamed.length === 2) break;
      // The replayed event arrived, so the stream is open: the next booking's event comes live.
      live = book('Kurt');
    }
    expect(streamed.map((event) => event.orderId)).toEqual([missed.order_id, (await live!).order_id]);
    expect(streamed[0]!.id).not.toBe(after);
  });
});
