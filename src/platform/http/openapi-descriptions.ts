import { DESCRIPTION_OF, type ApiAudience } from './api-audiences.js';
import type { AudienceHeading } from './openapi-split.js';

/** Where the other two descriptions are, named in each one's text. */
const DESCRIPTIONS = `
**Three descriptions.** This gateway serves three complete API descriptions, each with only its own
operations and schemas: \`${DESCRIPTION_OF.integrator.url}\`, the integrator's contract (what an \`X-API-Key\` reaches, and the
public health and newsletter routes); \`${DESCRIPTION_OF.dashboard.url}\`, the developer portal and the dashboard's own
booking routes (\`/v1/dev\`, session bearer token); \`${DESCRIPTION_OF.operator.url}\`, the platform operators' routes
(\`/v1/admin\`, session bearer token) and the airlines' signed callbacks. \`/docs\` shows each; \`GET /\` lists them.
`;

const ERRORS = `
**Errors.** Commerce, portal and public paths answer \`{"error": <sentence>, "code": <stable code>, "request_id": <id>}\`
(plus structured fields where documented). Branch on \`code\` or the status, never on \`error\`.
Aviation and reference paths answer the envelope \`{data, meta, errors: [{code, message}]}\`, errors
included. Every error also carries \`documentation_url\`: its code's entry in the error reference,
\`/docs/errors#<code>\` on this gateway (docs/errors.md in the repository); each operation below
lists the statuses and codes it can answer. Every response carries \`X-Request-Id\`, an id the gateway minted
(\`req_\` and 20 letters and digits); send your own (up to 64 of \`A-Z a-z 0-9 . : -\`) to correlate and it is kept
after the minted one (\`req_<20>_<yours>\`), so one id always names one request. Bodies are capped at 1 MiB (413 \`request body too large\`); malformed JSON answers 400
\`invalid request body\`; a body field or query parameter the operation does not list answers 400
naming it (\`unknown field cabin_class\`, \`unknown query parameter q\`), and every request body
schema here says so (\`additionalProperties: false\` at every depth), so a generated client refuses
the typo first; a wrong method on a known path answers 405 with \`Allow\`.
`;

const LICENCE = `
**Licence.** Proprietary: the API and this description are for agencies holding a key from the
gateway's operator, under that agreement.
`;

const INTEGRATOR = `
One REST/JSON API to search, price, book and service flights across airlines, in one
airline-agnostic shape, plus aviation reference data.

**First call.** Every code sample on this page runs as shown once \`X-API-Key\` holds a test key
(\`npx flightagg demo\` prints one; the first \`npm start\` on empty storage prints one too). A test key
books on the airlines' test systems, so nothing is charged. The quickstart walks search, price,
book, pay, read and cancel with curl.

**Authentication.** Every \`/v1/*\` request carries \`X-API-Key: <prefix>_<test|live>_<opaque>\`, except
\`GET /v1/health\`, \`GET /v1/health/ready\` and \`POST /v1/subscribe\`. Test keys reach the airlines' test
systems, live keys the airlines. Missing key: 401 \`missing X-API-Key\`; revoked, mistyped, unknown or other-environment key: 401
\`invalid api key\`; expired key: 401 \`api key expired\`; a request from an address outside the key's
\`allowedIps\`, a write with a read-only key, or a path outside the key's \`allowedPaths\`: 403.
${DESCRIPTIONS}${ERRORS}
**Sources and airlines.** A source is what the gateway reaches: an airline directly (\`AA\`, \`VS\`) or
an aggregator selling many airlines (\`DUFFEL\`). Every offer and order names its owner airline
(\`airline\`, an IATA code: \`ZZ\` for Duffel Airways in Duffel's test mode) and the source that sold it
(\`source\`); for an airline reached directly the two are equal. Offer and order ids start with the
source's code, and every later call goes to that source. The \`airline\` parameter of an order path
accepts the order's owner airline or its source; anything else is 400 \`airline does not match the
order\`. A search's \`connectors\` has one entry per source asked, and its \`airlines\` filter matches
owners: the same airline from two sources answers both sources' offers, each with its \`source\`; a
filter naming an airline only an aggregator sells asks that aggregator alone.
${LICENCE}`;

const DASHBOARD = `
The developer portal and the agency dashboard (\`/dashboard\`) as API: sign-up, sign-in, sessions and
the second factor; the agency, its teammates, API keys, webhook endpoints, usage and request log; and
the dashboard's own search, price, book and servicing of orders, which act for the signed-in member.

**Authentication.** \`Authorization: Bearer <session token>\` from \`POST /v1/dev/login\` (and
\`POST /v1/dev/login/mfa\` when the account has a second factor), never \`X-API-Key\`. Sign-up, e-mail
verification, sign-in, password reset and accepting an invitation need no token. Bodies and answers
of the account routes use camelCase; the booking routes use the integrator's shapes.
${DESCRIPTIONS}${ERRORS}${LICENCE}`;

const OPERATOR = `
What the gateway's operator uses and wires up: the platform operators' API (\`/v1/admin\`: agencies,
their plans and usage, security events and lockouts, support sessions) and the callbacks airlines and
aggregators send to the gateway (change notifications, Duffel's webhook events).

**Authentication.** The admin routes take \`Authorization: Bearer <session token>\` of an operator's
portal account. The callbacks are machine to machine: each is signed with the secret the operator
shares with the airline (\`X-Airline-Signature\`, \`X-Duffel-Signature\`), never a key or a session.
${DESCRIPTIONS}${ERRORS}${LICENCE}`;

const SESSION: Record<string, string[]>[] = [{ SessionBearer: [] }];

/** The title, text and default security of each audience's description. */
export const AUDIENCE_HEADINGS: Record<ApiAudience, AudienceHeading> = {
  integrator: { title: 'Flight Aggregation Gateway API', description: INTEGRATOR.trim(), security: [{ ApiKey: [] }] },
  dashboard: { title: 'Flight Aggregation Gateway: dashboard and portal API', description: DASHBOARD.trim(), security: SESSION },
  operator: { title: 'Flight Aggregation Gateway: operator API', description: OPERATOR.trim(), security: SESSION },
};
