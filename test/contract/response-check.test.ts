import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTE } from '../../src/platform/http/route-policy.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The response check (src/platform/http/response-check.ts, on for the whole suite) turns an answer
 * that breaks what /openapi.json declares into a 500 naming the mismatch, so every test that
 * causes one fails. Proven here on routes that answer wrong on purpose.
 */
const Thing = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

function wrongRoutes(app: FastifyInstance) {
  const route = (url: string, response: Record<string, unknown>, answer: RouteHandlerMethod) =>
    app.get(url, { schema: { operationId: url.slice(7), response }, config: PUBLIC_ROUTE }, answer);
  const json = (body: unknown) => JSON.stringify(body);
  route('/check/right', { 200: Thing }, async (_request, reply) => reply.type('application/json').send(json({ name: 'ok' })));
  route('/check/undeclared-field', { 200: Thing }, async (_request, reply) =>
    reply.type('application/json').send(json({ name: 'ok', secret: 'x' })),
  );
  route('/check/wrong-type', { 200: Thing }, async (_request, reply) => reply.type('application/json').send(json({ name: 7 })));
  route('/check/undeclared-status', { 200: Thing }, async (_request, reply) =>
    reply
      .code(202)
      .type('application/json')
      .send(json({ name: 'ok' })),
  );
  route('/check/missing-header', { 200: Thing, 304: { type: 'null' } }, async (_request, reply) =>
    reply.type('application/json').send(json({ name: 'ok' })),
  );
  route('/check/undeclared-header', { 200: Thing }, async (_request, reply) =>
    reply
      .header('Retry-After', '5')
      .type('application/json')
      .send(json({ name: 'ok' })),
  );
  route('/check/dropped-field', { 200: Thing }, async () => ({ name: 'ok', dropped: true }));
  route('/check/wrong-content-type', { 200: Thing }, async (_request, reply) => reply.type('text/plain').send('name: ok'));
}

describe('the response check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CHECK_RESPONSES: 'true' }, routes: wrongRoutes });
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lets an answer that matches its declaration through untouched', async () => {
    const res = await get('/check/right');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'ok' });
  });

  it.each([
    ['/check/undeclared-field', 'body: must NOT have unevaluated properties (secret)'],
    ['/check/wrong-type', 'body at /name: must be string'],
    ['/check/undeclared-status', 'status 202 is not declared'],
    ['/check/missing-header', 'declared header ETag is missing'],
    ['/check/undeclared-header', 'header Retry-After is sent but not declared'],
    ['/check/dropped-field', '/dropped was dropped by the serializer'],
    ['/check/wrong-content-type', 'content type text/plain is not declared (application/json)'],
  ])('answers %s with a 500 naming the mismatch', async (url, problem) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(500);
    const body = res.json<{ error: string; code: string; request_id: string }>();
    expect(body.code).toBe('internal_error');
    expect(body.error).toContain(`GET ${url}`);
    expect(body.error).toContain(problem);
    expect(res.headers['x-request-id']).toBe(body.request_id);
  });

  it('is on for every app the suite builds (vitest.config.ts sets CHECK_RESPONSES)', async () => {
    const suite = await buildTestApp({ routes: wrongRoutes });
    try {
      expect((await suite.app.inject({ method: 'GET', url: '/check/wrong-type' })).statusCode).toBe(500);
    } finally {
      await suite.close();
    }
  });

  it('is off unless CHECK_RESPONSES asks for it', async () => {
    const off = await buildTestApp({ env: { CHECK_RESPONSES: 'false' }, routes: wrongRoutes });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/check/wrong-type' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: 7 });
    } finally {
      await off.close();
    }
  });
});
