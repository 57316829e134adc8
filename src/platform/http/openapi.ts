import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { API_TAGS } from './api-tags.js';
import { registerDocsPage } from './docs-page.js';
import { registerErrorsDocument } from './errors-document.js';
import { registerErrorsPage } from './errors-page.js';
import { componentSchemaNames, describedRoutes } from './openapi-schemas.js';
import { PUBLIC_ROUTE } from './route-policy.js';

const DESCRIPTION = `
One REST/JSON API to search, price, book and service flights across airlines, in one
airline-agnostic shape, plus aviation reference data.

**First call.** Every code sample on this page runs as shown once \`X-API-Key\` holds a test key
(\`npx flightagg demo\` prints one; the first \`npm start\` on empty storage prints one too). A test key
books on the airlines' test systems, so nothing is charged. The quickstart walks search, price,
book, pay, read and cancel with curl.

**Authentication.** Every \`/v1/*\` request carries \`X-API-Key: <prefix>_<test|live>_<opaque>\`, except
\`GET /v1/health\`, \`GET /v1/health/ready\` and \`POST /v1/subscribe\`. Test keys reach the airlines' test
systems, live keys the airlines. \`/v1/dev\` and \`/v1/admin\` take a session bearer token instead.
Missing key: 401 \`missing X-API-Key\`; revoked, mistyped, unknown or other-environment key: 401
\`invalid api key\`; expired key: 401 \`api key expired\`; a request from an address outside the key's
\`allowedIps\`, a write with a read-only key, or a path outside the key's \`allowedPaths\`: 403.

**Errors.** Commerce and public paths answer \`{"error": <sentence>, "code": <stable code>, "request_id": <id>}\`
(plus structured fields where documented). Branch on \`code\` or the status, never on \`error\`.
Aviation and reference paths answer the envelope \`{data, meta, errors: [{code, message}]}\`, errors
included. Every error also carries \`documentation_url\`: its code's entry in the error reference,
\`/docs/errors#<code>\` on this gateway (docs/errors.md in the repository); each operation below
lists the statuses and codes it can answer. Every response carries \`X-Request-Id\`, an id the gateway minted
(\`req_\` and 20 letters and digits); send your own (up to 64 of \`A-Z a-z 0-9 . : -\`) to correlate and it is kept
after the minted one (\`req_<20>_<yours>\`), so one id always names one request. Bodies are capped at 1 MiB (413 \`request body too large\`); malformed JSON answers 400
\`invalid request body\`; a body field or query parameter the operation does not list answers 400
naming it (\`unknown field cabin_class\`, \`unknown query parameter q\`); a wrong method on a known path
answers 405 with \`Allow\`.

**Sources and airlines.** A source is what the gateway reaches: an airline directly (\`AA\`, \`VS\`) or
an aggregator selling many airlines (\`DUFFEL\`). Every offer and order names its owner airline
(\`airline\`, an IATA code: \`ZZ\` for Duffel Airways in Duffel's test mode) and the source that sold it
(\`source\`); for an airline reached directly the two are equal. Offer and order ids start with the
source's code, and every later call goes to that source. The \`airline\` parameter of an order path
accepts the order's owner airline or its source; anything else is 400 \`airline does not match the
order\`. A search's \`connectors\` has one entry per source asked, and its \`airlines\` filter matches
owners: the same airline from two sources answers both sources' offers, each with its \`source\`; a
filter naming an airline only an aggregator sells asks that aggregator alone.

**Licence.** Proprietary: the API and this description are for agencies holding a key from the
gateway's operator, under that agreement.
`;

/**
 * Where the docs page sends its requests. PUBLIC_URL when the operator set it (behind a proxy, the
 * one address clients know); otherwise relative, so a page opened as `http://127.0.0.1:8080/docs`
 * calls 127.0.0.1 and one opened as `http://localhost:8080/docs` calls localhost, with no CORS.
 */
function serversOf(config: Readonly<Config>): { url: string; description: string }[] {
  return config.publicUrlSet
    ? [{ url: config.publicUrl, description: 'this gateway' }]
    : [{ url: '/', description: 'this gateway, at the address the page was opened on' }];
}

/** OpenAPI 3.1 generated from the route schemas, at /openapi.json, with a docs page at /docs. */
export async function registerOpenApi(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  const docsUrl = new URL('/docs', config.publicUrl).toString();
  const described = describedRoutes();
  await app.register(swagger, {
    refResolver: componentSchemaNames,
    transform: described.transform,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Flight Aggregation Gateway API',
        version: '2.6.0',
        description: DESCRIPTION.trim(),
        contact: {
          name: 'Gateway operator',
          url: docsUrl,
          ...(config.mail.operatorEmail ? { email: config.mail.operatorEmail } : {}),
        },
        license: { name: 'Proprietary', url: docsUrl },
      },
      servers: serversOf(config),
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          SessionBearer: { type: 'http', scheme: 'bearer', description: 'Developer-portal session token' },
          AirlineSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Airline-Signature',
            description:
              'For airlines calling the gateway, not agencies: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the shared secret',
          },
        },
      },
      security: [{ ApiKey: [] }],
    },
  });
  // The API description is public: clients generate code from it before they have a key.
  app.get('/openapi.json', { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async () =>
    described.served(app.swagger(), new Date()),
  );
  registerDocsPage(app, config.publicUrlSet ? new URL(config.publicUrl).origin : null);
  registerErrorsDocument(app);
  registerErrorsPage(app);
}
