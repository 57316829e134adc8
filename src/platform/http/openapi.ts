import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { PUBLIC_ROUTE, setRoutePolicy } from './route-policy.js';

const DESCRIPTION = `
One REST/JSON API to search, price, book and service flights across airlines, in one
airline-agnostic shape, plus aviation reference data.

**Authentication.** Every \`/v1/*\` request carries \`X-API-Key: <prefix>_<test|live>_<opaque>\`, except
\`GET /v1/health\`, \`GET /v1/health/ready\` and \`POST /v1/subscribe\`. Test keys reach the airlines' test
systems, live keys the airlines. \`/v1/dev\` and \`/v1/admin\` take a session bearer token instead.
Missing key: 401 \`missing X-API-Key\`; revoked, mistyped, unknown or other-environment key: 401
\`invalid api key\`; expired key: 401 \`api key expired\`; a request from an address outside the key's
\`allowedIps\`, a write with a read-only key, or a path outside the key's \`allowedPaths\`: 403.

**Errors.** Commerce and public paths answer \`{"error": <sentence>, "code": <stable code>, "request_id": <id>}\`
(plus structured fields where documented). Branch on \`code\` or the status, never on \`error\`.
Aviation and reference paths answer the envelope \`{data, meta, errors: [{code, message}]}\`, errors
included. Every response carries \`X-Request-Id\`; send your own (up to 128 of \`A-Z a-z 0-9 . _ : -\`)
to correlate. Bodies are capped at 1 MiB (413 \`request body too large\`); malformed JSON answers 400
\`invalid request body\`; a wrong method on a known path answers 405 with \`Allow\`.
`;

/** OpenAPI 3.1 generated from the route schemas, at /openapi.json, with a docs UI at /docs. */
export async function registerOpenApi(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Flight Aggregation Gateway API', version: '2.1.0', description: DESCRIPTION.trim() },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          SessionBearer: { type: 'http', scheme: 'bearer', description: 'Developer-portal session token' },
        },
      },
      security: [{ ApiKey: [] }],
    },
  });
  // The API description is public: clients generate code from it before they have a key.
  app.get('/openapi.json', { schema: { hide: true }, config: PUBLIC_ROUTE }, async () => app.swagger());
  await app.register(async (docs) => {
    setRoutePolicy(docs, PUBLIC_ROUTE);
    await docs.register(swaggerUi, { routePrefix: '/docs' });
  });
}
