import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compiledOnce, compilerContext } from './compiled-schemas.js';
import { sharedSerializerFactory } from './serializer-compiler.js';
import { partAwareValidatorFactory } from './validator-compiler.js';

describe('compiled schemas, kept for the process', () => {
  it('compile a schema once per context and part, however many times it is asked for', () => {
    const context = compilerContext('test', [{ $id: 'a' }], { x: 1 });
    let compiles = 0;
    const compile = () => {
      compiles++;
      return () => compiles;
    };
    const first = compiledOnce(context, 'body', { type: 'object', properties: { a: { type: 'string' } } }, compile);
    // The same JSON text in another object: the same function.
    expect(compiledOnce(context, 'body', { type: 'object', properties: { a: { type: 'string' } } }, compile)).toBe(first);
    expect(compiles).toBe(1);
    // Another part, other shared schemas or other options: compiled again.
    compiledOnce(context, 'querystring', { type: 'object', properties: { a: { type: 'string' } } }, compile);
    compiledOnce(
      compilerContext('test', [{ $id: 'b' }], { x: 1 }),
      'body',
      { type: 'object', properties: { a: { type: 'string' } } },
      compile,
    );
    compiledOnce(
      compilerContext('test', [{ $id: 'a' }], { x: 2 }),
      'body',
      { type: 'object', properties: { a: { type: 'string' } } },
      compile,
    );
    expect(compiles).toBe(4);
  });

  it('serve two apps of one process alike: each validates and serializes by its own routes', async () => {
    const build = () => {
      const app = Fastify({
        schemaController: {
          compilersFactory: { buildValidator: partAwareValidatorFactory(), buildSerializer: sharedSerializerFactory() },
        },
      });
      const schema = {
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1 }) }),
        body: Type.Object({ name: Type.String() }),
        response: { 200: Type.Object({ name: Type.String(), limit: Type.Integer() }) },
      };
      app.post('/x', { schema }, async (request) => ({
        ...(request.body as object),
        limit: (request.query as { limit: number }).limit,
        hidden: 'never sent',
      }));
      return app;
    };
    const [one, two] = [build(), build()];
    for (const app of [one, two]) {
      const ok = await app.inject({ method: 'POST', url: '/x?limit=5', payload: { name: 'a' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('{"name":"a","limit":5}');
      const bad = await app.inject({ method: 'POST', url: '/x?limit=0', payload: { name: 'a' } });
      expect(bad.statusCode).toBe(400);
      const unknown = await app.inject({ method: 'POST', url: '/x?limit=1', payload: { name: 'a', extra: 1 } });
      expect(unknown.statusCode).toBe(400);
    }
    await Promise.all([one.close(), two.close()]);
  });
});
