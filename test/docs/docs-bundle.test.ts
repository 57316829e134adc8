import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The docs page's script as a browser fetches it: Scalar's bundle, byte for byte as the package
 * ships it, whether or not it was asked for before (it is read on the first request, not at start).
 */
describe('GET /docs/scalar.js', () => {
  let t: TestApp;
  const shipped = fs.readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@scalar/fastify-api-reference')), 'js', 'standalone.js'),
  );

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the shipped bundle, cached by browsers for a day, on the first request and the next', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/docs/scalar.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.rawPayload.length).toBe(shipped.length);
      expect(res.rawPayload.equals(shipped)).toBe(true);
    }
  });
});
