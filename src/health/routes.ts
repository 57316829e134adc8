import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Platform } from '../platform/platform.js';
import { checkReadiness } from './readiness.js';

const CheckStatus = Type.Union([
  Type.Literal('ok'),
  Type.Literal('degraded'),
  Type.Literal('failing'),
  Type.Literal('not_configured'),
  Type.Literal('draining'),
]);

const ReadinessSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    checks: Type.Record(Type.String(), CheckStatus),
    keys: Type.Object({
      active: Type.Integer({ description: 'key ids the registry marks active' }),
      loaded: Type.Integer({ description: 'key ids this process loaded from its keyring' }),
      missing: Type.Integer({ description: 'active key ids this process lacks' }),
    }),
    problems: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Present when a check fails for a reason of configuration: what to fix, in a sentence (e.g. gateways sharing a database that reach different AA test systems: `checks.aa_test_system` is `failing`).',
      }),
    ),
  },
  { description: 'Coarse statuses, counts and configuration problems only: never purpose names, key ids or addresses.' },
);

export const healthRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/v1/health',
    {
      schema: {
        operationId: 'getHealth',
        description: 'Public liveness probe: 200 while the process serves requests. Readiness is `GET /v1/health/ready`.',
        tags: ['public'],
        summary: 'Liveness: answers while the process runs; checks nothing',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/v1/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['public'],
        summary: 'Readiness: database, keyring and every active key id loaded',
        description:
          '200 when ready, 503 with the same body when not. Optional dependencies that are not configured report `not_configured`. ' +
          'An instance shutting down reports `shutdown: draining` (503) while it still serves, so a load balancer moves away first.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(platform);
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
