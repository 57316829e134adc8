import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

/**
 * What a client developer does with /openapi.json: generate types with openapi-typescript, write a
 * script with openapi-fetch, type-check it strictly, and run it. The generated code lives in a
 * temporary folder for the length of the test, never in the repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

// The script a developer would write: search, price (and book the priced offer id: re-pricing
// answers a new one), hold, pay, read, cancel. Every call is typed by the generated `paths`.
const FLOW = `
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function flow(baseUrl: string, apiKey: string, departureDate: string) {
  const api = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } });

  const search = await api.POST('/v1/shopping/offers', {
    body: { origin: 'JFK', destination: 'LAX', departure_date: departureDate, adults: 1 },
  });
  const offer = search.data?.offers?.[0];
  if (!offer) throw new Error('search: ' + JSON.stringify(search.error ?? search.data));

  const priced = await api.POST('/v1/offers/price', { body: { offer_id: offer.offer_id } });
  if (!priced.data) throw new Error('price: ' + JSON.stringify(priced.error));

  const held = await api.POST('/v1/orders', {
    body: {
      offer_id: priced.data.offer_id,
      passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' }],
      payment: { type: 'hold' },
    },
  });
  if (!held.data) throw new Error('book: ' + JSON.stringify(held.error));
  const order = { params: { path: { orderID: held.data.order_id }, query: { airline: 'AA' } } };

  const paid = await api.POST('/v1/orders/{orderID}/commit', { ...order, body: { payment: { type: 'agency_account' } } });
  if (!paid.data) throw new Error('commit: ' + JSON.stringify(paid.error));

  const read = await api.GET('/v1/orders/{orderID}', order);
  if (!read.data) throw new Error('read: ' + JSON.stringify(read.error));

  const quote = await api.POST('/v1/orders/{orderID}/cancel', { ...order, body: {} });
  if (!quote.data) throw new Error('cancel quote: ' + JSON.stringify(quote.error));
  const cancelled = await api.POST('/v1/orders/{orderID}/cancel/confirm', {
    ...order,
    body: { cancellation_quote_id: quote.data.cancellation_quote_id },
  });
  if (!cancelled.data) throw new Error('cancel: ' + JSON.stringify(cancelled.error));

  return {
    offerTotal: offer.total_amount,
    held: held.data.status,
    paid: paid.data.status,
    read: read.data.status,
    refund: quote.data.refund.amount,
    cancelled: cancelled.data.status,
  };
}
`;

function typeErrors(dir: string): string[] {
  const program = ts.createProgram([path.join(dir, 'flow.ts')], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from /openapi.json with openapi-typescript and openapi-fetch', { timeout: 120_000 }, () => {
  let f: ShoppingFixture;
  let dir: string;
  let baseUrl: string;

  beforeAll(async () => {
    f = await shoppingFixture();
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(f.app.server.address() as { port: number }).port}`;
    const document = (await fetch(`${baseUrl}/openapi.json`).then((r) => r.json())) as object;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-client-'));
    // The script resolves openapi-fetch as a developer's project would, from its node_modules.
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    fs.writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(document as never)));
    fs.writeFileSync(path.join(dir, 'flow.ts'), FLOW);
  });
  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await f?.close();
  });

  it('type-checks a search → price → book → pay → read → cancel script under strict settings', () => {
    expect(typeErrors(dir)).toEqual([]);
  });

  it('runs that script against the gateway', async () => {
    const { flow } = (await import(path.join(dir, 'flow.ts'))) as {
      flow(baseUrl: string, key: string, date: string): Promise<Record<string, unknown>>;
    };
    const departure = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const result = await flow(baseUrl, f.key, departure);
    expect(result).toMatchObject({ held: 'hold', paid: 'ticketed', read: 'ticketed', cancelled: 'cancelled' });
    expect(result.offerTotal).toBeGreaterThan(0);
    expect(result.refund).toBeGreaterThan(0);
  });
});
