import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSerializerFactory } from './serializer-compiler.js';

// Each call makes a new schema object, as the routes do for their error bodies.
const errorBody = () => Type.Object({ error: Type.String(), code: Type.String() });
const order = () => Type.Object({ id: Type.String(), total: Type.Number() });
// The same field names as order(), another type: it must get a serializer of its own.
const orderAsText = () => Type.Object({ id: Type.String(), total: Type.String() });

const answer = { id: 'o1', total: 12.5, secret: 'never sent', error: 'nope', code: 'x' };

function appWith(factory: ReturnType<typeof sharedSerializerFactory> | null): FastifyInstance {
  const app = Fastify(factory ? { schemaController: { compilersFactory: { buildSerializer: factory } } } : {});
  app.get('/a', { schema: { response: { 200: order(), 404: errorBody() } } }, async () => answer);
  app.get('/b', { schema: { response: { 200: order(), 404: errorBody() } } }, async (_request, reply) =>
    reply.code(404).send(answer),
  );
  app.get('/c', { schema: { response: { 200: orderAsText() } } }, async () => answer);
  return app;
}

describe('shared response serializers', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('answer every route and status byte for byte as Fastify’s own compiler does', async () => {
    const shared = appWith(sharedSerializerFactory());
    const own = appWith(null);
    apps.push(shared, own);
    for (const url of ['/a', '/b', '/c', '/a', '/b', '/c']) {
      const [ours, theirs] = await Promise.all([shared.inject({ url }), own.inject({ url })]);
      expect(ours.statusCode).toBe(theirs.statusCode);
      expect(ours.body).toBe(theirs.body);
    }
    // What each schema lets out: the fields it names, in its types.
    expect((await shared.inject({ url: '/a' })).body).toBe('{"id":"o1","total":12.5}');
    expect((await shared.inject({ url: '/b' })).body).toBe('{"error":"nope","code":"x"}');
    expect((await shared.inject({ url: '/c' })).body).toBe('{"id":"o1","total":"12.5"}');
  });

  it('still refuses to start on a response schema that cannot be compiled', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializerFactory() } } });
    apps.push(app);
    app.get('/broken', { schema: { response: { 200: { $ref: 'nowhere#' } } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/nowhere/);
  });
});
