import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { API_AUDIENCES, DESCRIPTION_OF, operationAudiences, type ApiAudience } from './api-audiences.js';
import { API_TAGS } from './api-tags.js';
import { registerDocsPage } from './docs-page.js';
import { registerErrorsDocument } from './errors-document.js';
import { registerErrorsPage } from './errors-page.js';
import { AUDIENCE_HEADINGS } from './openapi-descriptions.js';
import { componentSchemaNames, describedRoutes } from './openapi-schemas.js';
import { descriptionFor, type OpenApiDocument } from './openapi-split.js';
import { registerRootIndex } from './root-index.js';
import { PUBLIC_ROUTE } from './route-policy.js';

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

/**
 * OpenAPI 3.1 generated from the route schemas, served as three complete descriptions, one per
 * audience (api-audiences.ts): the integrator's contract at /openapi.json, the dashboard's and the
 * operator's beside it; a docs page at /docs shows the integrator's first.
 */
export async function registerOpenApi(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  const docsUrl = new URL('/docs', config.publicUrl).toString();
  const described = describedRoutes();
  const audiences = operationAudiences();
  await app.register(swagger, {
    refResolver: componentSchemaNames,
    transform: (route) => {
      audiences.record(route);
      return described.transform(route);
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Flight Aggregation Gateway API',
        version: '2.9.0',
        description: AUDIENCE_HEADINGS.integrator.description,
        contact: {
          name: 'Gateway operator',
          url: docsUrl,
          ...(config.mail.operatorEmail ? { email: config.mail.operatorEmail } : {}),
        },
        license: { name: 'Proprietary', url: docsUrl },
      },
      servers: serversOf(config),
      tags: API_TAGS.map(({ name, description }) => ({ name, description })),
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
  // Each audience's cut of the whole description, made once: its operations are the whole one's
  // own objects, so the examples `served` puts in on each request show in every cut.
  let cuts: Record<ApiAudience, OpenApiDocument> | undefined;
  const cutOf = (audience: ApiAudience): OpenApiDocument => {
    const whole = described.served(app.swagger() as OpenApiDocument, new Date());
    cuts ??= Object.fromEntries(
      API_AUDIENCES.map((a) => [a, descriptionFor(whole, a, audiences.of, AUDIENCE_HEADINGS[a])]),
    ) as Record<ApiAudience, OpenApiDocument>;
    return cuts[audience];
  };
  // The descriptions are public: clients generate code from them before they have a key.
  for (const audience of API_AUDIENCES) {
    app.get(DESCRIPTION_OF[audience].url, { schema: { hide: true }, config: { ...PUBLIC_ROUTE, openQuery: true } }, async () =>
      cutOf(audience),
    );
  }
  registerDocsPage(app, config.publicUrlSet ? new URL(config.publicUrl).origin : null);
  registerErrorsDocument(app);
  registerErrorsPage(app);
  registerRootIndex(app);
}
