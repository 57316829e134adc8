import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

it('/openapi.json documents the shopping, offers and monitoring paths, their fields and limits', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const search = doc.paths['/v1/shopping/offers'].post;
  expect(search.tags).toEqual(['shopping']);
  const fields = Object.keys(search.requestBody.content['application/json'].schema.properties);
  expect(fields).toEqual(
    expect.arrayContaining([
      'origin',
      'destination',
      'departure_date',
      'return_date',
      'slices',
      'adults',
      'children',
      'infants',
      'cabin',
      'max_connections',
      'include_partner_operated',
    ]),
  );
  expect(search.description).toMatch(/cache time-to-live \(300 s/);
  expect(search.description).toMatch(/aggregator time-out bounding a search is 12000 ms/);
  expect(search.description).toMatch(/60 searches per rolling minute/);
  expect(doc.paths['/v1/shopping/offers/stream'].post.responses['200'].content['text/event-stream']).toBeDefined();
  expect(doc.paths['/v1/offers/price'].post.tags).toEqual(['offers']);
  expect(doc.paths['/v1/offers/{offerID}/seats'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['offerID', 'airline', 'segment_id']),
  );
  expect(doc.paths['/v1/offers/{offerID}/services'].get.tags).toEqual(['offers']);
  expect(doc.paths['/v1/monitoring/airlines'].get.tags).toEqual(['monitoring']);
  expect(doc.paths['/v1/monitoring/airlines/{iataCode}'].get.responses['404']).toBeDefined();
});
