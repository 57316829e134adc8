import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../src/platform/http/route-policy.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { concretePath, requestFor, UNKNOWN_QUERY_PARAMETER, withUnknownQuery } from './route-walk.js';
import { servedDocument } from '../contract/served-document.js';
import { valueFor, type Schema } from './schema-arbitrary.js';

/**
 * Every registered route refuses a query parameter it does not declare with a 400 naming it,
 * except the routes that declare `config.openQuery` (pages a browser opens with any address).
 * The request carries the credential its route's policy asks for and, for a write, a body the
 * route accepts, so the unknown parameter is what the answer is about. Fastify validates the
 * body before the query string: a generated body the route refuses is replaced by another.
 */
const PASSWORD = 'violet-harbour-sunrise-42';
const BODY_ATTEMPTS = 25;

interface DocumentOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }> };
}
interface Document {
  paths: Record<string, Record<string, DocumentOperation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let document: Document;
let apiKey: string;
let userToken: string;
let operatorToken: string;

async function sessionFor(permissions: string[], agencyId: string | null): Promise<string> {
  const email = `strict-${Math.random().toString(36).slice(2, 10)}@agency.test`;
  await t.gateway.identity.createUser({ agencyId, email, password: PASSWORD, role: 'owner', permissions, emailVerified: true });
  const login = await t.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PASSWORD } });
  const token = login.json().token as string;
  // Admin paths and webhook endpoints need a verified second factor.
  const auth = { authorization: `Bearer ${token}` };
  const started = await t.app.inject({
    method: 'POST',
    url: '/v1/dev/me/mfa/totp',
    headers: auth,
    payload: { password: PASSWORD },
  });
  const code = TOTP.generate({ secret: Secret.fromBase32(started.json().secret as string) });
  await t.app.inject({ method: 'POST', url: '/v1/dev/me/mfa/totp/confirm', headers: auth, payload: { code } });
  return token;
}

beforeAll(async () => {
  t = await buildTestApp({ isolated: true });
  document = (await servedDocument(t.app)) as unknown as Document;
  apiKey = (await t.agencyWithKey()).secret;
  const agency = await t.gateway.identity.createAgency({ name: 'Strict query agency' });
  userToken = await sessionFor([], agency.id);
  operatorToken = await sessionFor(['platform.read', 'user.manage', 'billing.manage', 'support.session', 'orders.support'], null);
});
afterAll(async () => t?.close());

function credentialFor(route: DeclaredRoute): Record<string, string> {
  if (route.auth === 'api-key') return { 'x-api-key': apiKey };
  if (route.auth === 'session')
    return { authorization: `Bearer ${route.url.startsWith('/v1/admin/') ? operatorToken : userToken}` };
  return {};
}

const operationOf = (route: DeclaredRoute): DocumentOperation | undefined =>
  document.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
const samples = (schema: Schema, count: number) =>
  fc.sample(valueFor(schema, { components: document.components.schemas, known: {} }), { seed: 20_261_127, numRuns: count });

/** Bodies to try for a write: the documented examples, `{}`, then ones generated from its schema. */
function bodiesFor(route: DeclaredRoute): unknown[] {
  const json = operationOf(route)?.requestBody?.content?.['application/json'];
  const examples = Object.values(json?.examples ?? {}).map((e) => e.value);
  return [...examples, {}, ...(json?.schema ? samples(json.schema, BODY_ATTEMPTS) : [])];
}

/** The route's path with its required query parameters (`?token=` on verify-email), valid values. */
function urlFor(route: DeclaredRoute): string {
  const required = (operationOf(route)?.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const query = required.map((p) => `${p.name}=${encodeURIComponent(String(samples(p.schema, 1)[0]))}`).join('&');
  return concretePath(route.url) + (query ? `?${query}` : '');
}

/** The error sentence and `field`, in either error shape. */
function namedIn(res: LightMyRequestResponse): string {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return '';
  type Item = { message?: string; error?: string; field?: string };
  const body = res.json<Item & { errors?: Item[] }>();
  const item = body.errors?.[0] ?? body;
  return `${item.error ?? item.message} (field ${item.field})`;
}

async function probe(route: DeclaredRoute): Promise<{ res: LightMyRequestResponse; named: boolean }> {
  const url = withUnknownQuery(urlFor(route));
  const base = requestFor(route, url, credentialFor(route));
  const expected = `unknown query parameter ${UNKNOWN_QUERY_PARAMETER} (field ${UNKNOWN_QUERY_PARAMETER})`;
  const bodies = 'payload' in base ? bodiesFor(route) : [undefined];
  let res: LightMyRequestResponse | undefined;
  for (const body of bodies) {
    res = await t.app.inject(body === undefined ? base : { ...base, payload: JSON.stringify(body) });
    // A route that reads XML (the airlines' NDC notifications) refuses JSON (415) before it looks
    // at the query string: it is sent XML.
    if (res.statusCode === 415 && 'payload' in base)
      res = await t.app.inject({ ...base, headers: { ...base.headers, 'content-type': 'application/xml' }, payload: '<probe/>' });
    // A HEAD answer has no body to name the parameter in: its status says it.
    const named = route.method === 'HEAD' ? res.statusCode === 400 : namedIn(res) === expected;
    if (named || res.statusCode !== 400) return { res, named };
  }
  return { res: res!, named: false };
}

describe('an unknown query parameter, on every registered route', () => {
  it('is a 400 naming it, except on the routes that declare openQuery', async () => {
    const routes = t.app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(60);
    const strict = routes.filter((r) => !r.openQuery);
    const failures: string[] = [];
    for (const route of strict) {
      const { res, named } = await probe(route);
      if (!named) failures.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('is taken by the openQuery routes, which are the browser pages and documents only', async () => {
    const open = t.app.declaredRoutes.filter((r) => r.openQuery);
    expect([...new Set(open.map((r) => r.url))].sort()).toEqual(
      [
        '/',
        '/dashboard',
        '/dashboard/*',
        '/docs',
        '/docs/errors',
        '/docs/errors.md',
        '/docs/scalar.js',
        '/openapi.json',
        '/openapi/dashboard.json',
        '/openapi/operator.json',
      ].sort(),
    );
    for (const route of open) {
      const res = await t.app.inject(requestFor(route, withUnknownQuery(concretePath(route.url))));
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body.slice(0, 200)}`).not.toBe(400);
    }
  });
});
