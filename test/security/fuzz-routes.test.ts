import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { runSync } from '../../src/aviation/importers/sync-runner.js';
import { startAaTestSystem } from '../../src/testsystem/aa/server.js';
import { FIXTURES } from '../aviation/aviation-test-app.js';
import { servedDocument } from '../contract/served-document.js';
import { buildTestApp } from '../helpers/test-app.js';
import { PATIENCE } from '../helpers/patience.js';
import { UNKNOWN_QUERY_PARAMETER, withUnknownQuery } from './route-walk.js';
import {
  hostilePathSegment,
  hostileValue,
  valueFor,
  type ArbitraryContext,
  type Known,
  type Schema,
} from './schema-arbitrary.js';

/**
 * Every operation of the served /openapi.json, fuzzed: valid-looking requests built from the
 * documented schemas (with real ids where a name asks for one) and mutated ones (NUL, huge or
 * non-finite numbers, wrong types, unicode, overlong text, odd path spellings, odd headers).
 * Each answer must come within a bound, never be a 5xx other than a documented 502/503, and
 * match the documented response schema of its status, or else the error shape of its surface.
 *
 * CI runs a fixed seed and a few runs per operation; `FUZZ_RUNS=200 FUZZ_SEED=random` for more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_123);
// A hang detector, not a speed limit: generous, as a busy machine is slow (test/helpers/patience.ts).
const ANSWER_WITHIN_MS = PATIENCE.timeout;
const PASSWORD = 'violet-harbour-sunrise-42';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

// ---------- the app, real storage, the AA test system, aviation fixtures, a user and an operator
const setupStarted = Date.now();
const aa = await startAaTestSystem({ subscriptionKey: 'aa-fuzz-subscription', logger: false });
const t = await buildTestApp({
  isolated: true,
  env: { AA_TEST_SUBSCRIPTION_KEY: 'aa-fuzz-subscription' },
  app: { testSystemUrls: { AA: aa.url } },
});
const { app, gateway } = t;
console.info(`fuzz: app ${Date.now() - setupStarted} ms`);
await runSync(t.platform, { from: FIXTURES, source: null });
console.info(`fuzz: sync ${Date.now() - setupStarted} ms`);
const agency = await t.agencyWithKey();

async function sessionFor(permissions: string[], agencyId: string | null): Promise<{ token: string; userId: string }> {
  const email = `fuzz-${Math.random().toString(36).slice(2, 10)}@agency.test`;
  const user = await gateway.identity.createUser({
    agencyId,
    email,
    password: PASSWORD,
    role: 'owner',
    permissions,
    emailVerified: true,
  });
  const login = await app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: PASSWORD } });
  const token = login.json().token as string;
  return { token, userId: user.id };
}
/** Enrols TOTP through the API: admin paths and webhook endpoints need a verified second factor. */
async function enrolTotp(token: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const started = await app.inject({
    method: 'POST',
    url: '/v1/dev/me/mfa/totp',
    headers: auth,
    payload: { password: PASSWORD },
  });
  const code = TOTP.generate({ secret: Secret.fromBase32(started.json().secret as string) });
  await app.inject({ method: 'POST', url: '/v1/dev/me/mfa/totp/confirm', headers: auth, payload: { code } });
}
const portalAgency = await gateway.identity.createAgency({ name: 'Fuzz portal agency' });
const user = await sessionFor([], portalAgency.id);
const operator = await sessionFor(['platform.read', 'user.manage'], null);
await enrolTotp(user.token);
await enrolTotp(operator.token);

const call = (method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-api-key': agency.secret },
    ...(payload ? { payload: payload as object } : {}),
  });
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const searched = await call('POST', '/v1/shopping/offers', {
  origin: 'JFK',
  destination: 'LAX',
  departure_date: future(30),
  adults: 1,
});
// Main cabin fares: basic economy ones refuse every change, which would hide the change routes.
const offerIds = ((searched.json().offers ?? []) as { offer_id: string; fare_brand_code?: string | null }[])
  .filter((o) => /MAIN/.test(o.fare_brand_code ?? ''))
  .slice(0, 3)
  .map((o) => o.offer_id);
const passenger = (givenName: string) => ({
  given_name: givenName,
  family_name: 'Lovelace',
  born_on: '1985-12-10',
  email: 'ada@example.com',
});
// Three held orders (other passengers each: one person cannot hold the same flight twice); the
// operations that cancel or refund one leave the others to the rest.
const holds: LightMyRequestResponse[] = [];
for (const [i, offerId] of offerIds.entries()) {
  holds.push(
    await call('POST', '/v1/orders', { offer_id: offerId, passengers: [passenger(`Ada${'abc'[i]}`)], payment: { type: 'hold' } }),
  );
}
const orderIds = holds.filter((h) => h.statusCode === 201).map((h) => h.json().order_id as string);
const portalKey = await app.inject({
  method: 'POST',
  url: '/v1/dev/api-keys',
  headers: { authorization: `Bearer ${user.token}` },
});
const first = async (url: string, pick: (d: Record<string, unknown>) => unknown) => {
  const res = await call('GET', url);
  const row = (res.json().data as Record<string, unknown>[] | undefined)?.[0];
  return row ? [pick(row)].filter((v) => v !== null && v !== undefined) : [];
};
const airport = await first('/v1/aviation/airports?limit=1&iata=JFK', (r) => r);
console.info(`fuzz: setup took ${Date.now() - setupStarted} ms`);

/**
 * Bookings the gateway refuses itself (issue 45): names with digits or control characters, types
 * that do not fit the passengers' ages, passengers the offer was not priced for, an amount that is
 * not the price. Each must be a 4xx, never a 5xx, and never reach the airline's OrderCreate.
 */
const unfitBookings = offerIds
  .slice(0, 1)
  .flatMap((offer_id) =>
    [
      [passenger('Ada\u0001')],
      [{ ...passenger('Grace'), family_name: 'Love\u001blace' }],
      [passenger('\uFFFEGrace')],
      [passenger('Gr4ce')],
      [{ ...passenger('Baby'), born_on: future(-300) }],
      [{ ...passenger('Grace'), type: 'child' }],
      [passenger('Grace'), { ...passenger('Old'), type: 'infant', born_on: '1975-03-02' }],
      [passenger('Grace'), passenger('Hopper')],
    ]
      .map((passengers) => ({ offer_id, passengers, payment: { type: 'hold' } }))
      .concat([
        { offer_id, passengers: [passenger('Grace')], payment: { type: 'hold' }, total_amount: 1, currency: 'USD' } as never,
      ]),
  );

/** Realistic values by operation path and name, else by name alone. */
const knownByName: Known = {
  orderID: orderIds,
  offerID: [...offerIds, ...orderIds],
  offer_id: offerIds,
  airline: ['AA'],
  iataCode: ['AA'],
  origin: ['JFK', 'DFW'],
  destination: ['LAX', 'ORD'],
  departure_date: [future(20), future(45)],
  return_date: [future(50)],
  userID: [user.userId],
  user_id: [user.userId],
  iata: ['JFK', 'AA'],
  icao: ['KJFK', 'AAL'],
  icao_type: ['B738', 'A320'],
  name: ['Boeing', 'Airbus'],
  email: ['ada@example.com'],
};
/** By path prefix: the `id` of an airport is not the `id` of a key. */
const knownByPath: [string, Known][] = [
  [
    '/v1/aviation/airports/{id}',
    { id: ['JFK', 'KJFK', ...((airport[0] as { id?: unknown })?.id ? [String((airport[0] as { id: unknown }).id)] : [])] },
  ],
  ['/v1/aviation/airlines/{id}', { id: ['AA', 'AAL', '24'] }],
  ['/v1/dev/api-keys/{id}', { id: portalKey.statusCode === 201 ? [portalKey.json().id as string] : [] }],
  ['/v1/admin/security/events/{id}', { id: [1, 2, 3] }],
];

/**
 * Whole bodies a client would send, by operation: most generated bodies fail validation
 * somewhere, and these make sure the handlers behind it are exercised as well.
 */
const exampleBodies: Record<string, unknown[]> = {
  'post /v1/shopping/offers': [{ origin: 'JFK', destination: 'LAX', departure_date: future(25), adults: 1 }],
  'post /v1/shopping/offers/stream': [{ origin: 'DFW', destination: 'ORD', departure_date: future(26), adults: 2 }],
  'post /v1/offers/price': offerIds.map((offer_id) => ({ offer_id })),
  'post /v1/orders': [
    ...offerIds.map((offer_id) => ({ offer_id, passengers: [passenger('Grace')], payment: { type: 'hold' } })),
    ...unfitBookings,
  ],
  'post /v1/dev/orders': unfitBookings,
  'put /v1/orders/{orderID}': [{ Contact: { Email: 'grace@example.com' } }],
  'post /v1/orders/{orderID}/commit': [{ payment: { type: 'agency_account' } }],
  'post /v1/orders/{orderID}/reshop': [{}],
  'post /v1/orders/{orderID}/change': [{ action: 'reissue', departure_date: future(40) }],
  'post /v1/orders/{orderID}/cancel': [{}],
  'post /v1/dev/login': [{ email: 'nobody@agency.test', password: 'wrong-password-123' }],
  'post /v1/dev/api-keys': [{ name: 'fuzz', allowedPaths: ['/v1/aviation'] }],
  'patch /v1/dev/api-keys/{id}': [{ name: 'renamed' }],
  'post /v1/dev/signup': [{ email: 'new-agency@agency.test', password: PASSWORD, agencyName: 'New agency' }],
};

// ---------- the served description, and a validator per documented response
// Every operation: the union of the integrator's, the dashboard's and the operator's descriptions.
const doc = (await servedDocument(app)) as unknown as {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, Schema> };
};
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: Record<string, unknown>[];
}

/** `$id`s would clash when the same component is compiled inside several response schemas. */
const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => k !== '$id')
            .map(([k, v]) => [k, withoutIds(v)]),
        )
      : value;
const components = withoutIds(doc.components ?? { schemas: {} }) as { schemas: Record<string, Schema> };
const ajv = new Ajv({ strict: false, allErrors: false });
// CommonJS default export: `.default` is the plugin under both module systems.
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();
function responseValidator(key: string, schema: Schema): ValidateFunction {
  const cached = validators.get(key);
  if (cached) return cached;
  const compiled = ajv.compile({ ...(withoutIds(schema) as Schema), components });
  validators.set(key, compiled);
  return compiled;
}

const ctxFor = (path: string): ArbitraryContext => ({
  components: components.schemas,
  known: Object.assign({}, knownByName, ...knownByPath.filter(([prefix]) => path.startsWith(prefix)).map(([, k]) => k)),
});

// Operations that close an order run after the others that need one open; operations that end
// the caller's own session or credentials run last, so the others keep theirs.
const CLOSES_ORDER = /^(delete \/v1\/orders\/\{orderID\}|post .*\/orders\/\{orderID\}\/(cancel\/confirm|refund|cancel)$)/;
const ENDS_SESSION = /logout|\/me\/password|\/sessions\/\{id\}|\/mfa\/totp$|password-reset/;
const rank = (method: string, path: string) =>
  path.endsWith('/logout')
    ? 3
    : ENDS_SESSION.test(path)
      ? 2
      : CLOSES_ORDER.test(`${method} ${path}`) && !path.endsWith('/orders/{orderID}/cancel')
        ? 1
        : 0;
const operations = Object.entries(doc.paths)
  .flatMap(([path, ops]) => METHODS.filter((m) => ops[m]).map((m) => ({ path, method: m, op: ops[m]! })))
  .sort((a, b) => rank(a.method, a.path) - rank(b.method, b.path));

// ---------- requests
interface FuzzRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  payload?: string;
}

const HEADER_NAMES = [
  'x-api-key',
  'authorization',
  'idempotency-key',
  'if-none-match',
  'accept',
  'content-type',
  'x-forwarded-for',
  'x-request-id',
  'last-event-id',
];

function requestArbitrary(path: string, method: Method, op: Operation): fc.Arbitrary<FuzzRequest> {
  const ctx = ctxFor(path);
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;

  const pathValues = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        // Never empty: `/v1/orders/` is another route (the list), not this one with an empty id.
        { arbitrary: valueFor(p.schema, ctx, p.name).map((v) => percentEncode(String(v)) || '-'), weight: 4 },
        { arbitrary: hostilePathSegment, weight: 1 },
      ),
    ),
  );
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema, ctx, p.name)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const examples = exampleBodies[`${method} ${path}`] ?? [];
  const generated = bodySchema ? valueFor(bodySchema, ctx) : fc.constant(undefined);
  const validBody = examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), generated) : generated;
  const body = bodySchema ? fc.option(validBody, { freq: 6, nil: undefined }) : fc.constant(undefined);
  const mutation = fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    {
      arbitrary: fc.record({
        where: fc.constant('query' as const),
        name: fc.constantFrom(...queryParams.map((p) => p.name), 'extra'),
        value: hostileValue,
      }),
      weight: 2,
    },
    { arbitrary: fc.record({ where: fc.constant('body' as const), at: fc.nat(), value: hostileValue }), weight: 3 },
    {
      arbitrary: fc.record({
        where: fc.constant('header' as const),
        name: fc.constantFrom(...HEADER_NAMES),
        value: hostileValue,
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        where: fc.constant('raw-body' as const),
        text: fc.constantFrom('{', '[]', '"x"', '1e400', 'null', '{"a":"\\u0000"}', '\u0000'),
      }),
      weight: 1,
    },
    {
      // The body as generated, declared in a charset other than UTF-8.
      arbitrary: fc.record({
        where: fc.constant('charset' as const),
        charset: fc.constantFrom('latin1', 'ISO-8859-1', 'utf-16', 'UTF-16LE', 'windows-1252', '"utf-32"', ''),
      }),
      weight: 1,
    },
  );

  return fc
    .record({ pathValues, query, body, mutation })
    .map((parts) => toRequest(path, method, op, parts.pathValues, parts.query, parts.body, parts.mutation));
}

type Mutation =
  | null
  | { where: 'query' | 'header'; name: string; value: unknown }
  | { where: 'body'; at: number; value: unknown }
  | { where: 'raw-body'; text: string }
  | { where: 'charset'; charset: string };

function toRequest(
  path: string,
  method: Method,
  op: Operation,
  pathValues: string[],
  query: Record<string, unknown>,
  body: unknown,
  mutation: Mutation,
): FuzzRequest {
  let url = path;
  (op.parameters ?? []).filter((p) => p.in === 'path').forEach((p, i) => (url = url.replace(`{${p.name}}`, pathValues[i] ?? '')));
  const q: Record<string, unknown> = { ...query };
  let payload: unknown = body;
  let raw: string | undefined;
  const headers: Record<string, string> = authHeaders(path, op);
  if (mutation?.where === 'query') q[mutation.name] = mutation.value;
  if (mutation?.where === 'body') payload = mutateAt(payload ?? {}, mutation.at, mutation.value);
  if (mutation?.where === 'header') headers[mutation.name] = textOf(mutation.value).slice(0, 8192);
  if (mutation?.where === 'raw-body') raw = mutation.text;
  const search = Object.entries(q)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${percentEncode(k)}=${percentEncode(textOf(x))}`))
    .join('&');
  if (search) url += `?${search}`;
  const text = raw ?? (payload === undefined ? undefined : JSON.stringify(payload));
  if (text !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  if (text !== undefined && mutation?.where === 'charset')
    headers['content-type'] = `application/json; charset=${mutation.charset}`;
  return { url, method: method.toUpperCase(), headers, ...(text === undefined ? {} : { payload: text }) };
}

/**
 * The request a well-behaved client would send: known ids and values, the example body, no
 * mutation. Run first for every operation, so each handler is reached at least once.
 */
function cleanRequest(path: string, method: Method, op: Operation): FuzzRequest {
  const ctx = ctxFor(path);
  const params = op.parameters ?? [];
  const sample = (arb: fc.Arbitrary<unknown>) => fc.sample(arb, { seed: SEED, numRuns: 1 })[0];
  const valueOf = (p: { name: string; schema: Schema }) => ctx.known[p.name]?.[0] ?? sample(valueFor(p.schema, ctx, p.name));
  const pathValues = params.filter((p) => p.in === 'path').map((p) => percentEncode(String(valueOf(p))) || '-');
  const query = Object.fromEntries(
    params.filter((p) => p.in === 'query' && (p.required || ctx.known[p.name])).map((p) => [p.name, valueOf(p)]),
  );
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = exampleBodies[`${method} ${path}`]?.[0] ?? (bodySchema ? sample(valueFor(bodySchema, ctx)) : undefined);
  return toRequest(path, method, op, pathValues, query, body, null);
}

function authHeaders(path: string, op: Operation): Record<string, string> {
  const scheme = Object.keys(op.security?.[0] ?? {})[0];
  if (scheme === 'SessionBearer' || path.startsWith('/v1/dev/') || path.startsWith('/v1/admin/')) {
    return { authorization: `Bearer ${path.startsWith('/v1/admin/') ? operator.token : user.token}` };
  }
  return { 'x-api-key': agency.secret };
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes a
 * sloppy client would put on the wire for it: a three-byte sequence that is not valid UTF-8.
 */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => {
        const u = c.charCodeAt(0);
        if (c.length > 1 || u < 0xd800 || u > 0xdfff) return encodeURIComponent(c);
        return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** Replaces the n-th node (pre-order, root included) of a JSON value, or adds a key to the root. */
function mutateAt(value: unknown, at: number, replacement: unknown): unknown {
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        nodes.push({ parent: v as Record<string, unknown>, key: Array.isArray(v) ? Number(k) : k });
        walk(child);
      }
    }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (nodes.length === 0 || at % (nodes.length + 1) === nodes.length) {
    return copy && typeof copy === 'object' && !Array.isArray(copy) ? { ...copy, [`k${at % 7}`]: replacement } : replacement;
  }
  const node = nodes[at % (nodes.length + 1)]!;
  (node.parent as Record<string | number, unknown>)[node.key] = replacement;
  return copy;
}

// ---------- what every answer must satisfy
const undocumented = new Set<string>();
const succeeded = new Set<string>();
const statusesSeen = new Map<string, Set<number>>();
const cleanAnswers = new Map<string, string>();
const documented5xx = new Set<string>();

function checkAnswer(path: string, method: Method, op: Operation, req: FuzzRequest, res: LightMyRequestResponse): void {
  const where = `${method.toUpperCase()} ${path} → ${res.statusCode} for ${req.method} ${req.url.slice(0, 200)} ${req.payload?.slice(0, 200) ?? ''}: ${res.body.slice(0, 300)}`;
  // The injector resolves `.` and `..` segments as a URL parser does, so such a request lands on
  // another route (`/airports/iata/..` is the airport list): only the rules every answer obeys apply.
  const resolvedElsewhere = /\/\.{1,2}(\/|\?|$)/.test(req.url);
  if (resolvedElsewhere) {
    expect(res.statusCode, `5xx: ${res.statusCode} for ${req.method} ${req.url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    return;
  }
  const status = String(res.statusCode);
  const name = `${method.toUpperCase()} ${path}`;
  if (res.statusCode < 300) succeeded.add(name);
  statusesSeen.set(name, (statusesSeen.get(name) ?? new Set()).add(res.statusCode));
  const documented = op.responses?.[status];
  if (res.statusCode >= 500) {
    const allowed = (res.statusCode === 502 || res.statusCode === 503) && documented;
    expect(allowed, `5xx: ${where}`).toBeTruthy();
    documented5xx.add(`${method.toUpperCase()} ${path} ${status}`);
  }
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  if (!isJson || res.body === '') return;
  const body = res.json() as unknown;
  const schema = documented?.content?.['application/json']?.schema;
  if (schema) {
    const validate = responseValidator(`${method} ${path} ${status}`, schema);
    expect(validate(body), `response does not match its documented schema (${ajv.errorsText(validate.errors)}): ${where}`).toBe(
      true,
    );
    return;
  }
  if (res.statusCode >= 400) {
    undocumented.add(`${method.toUpperCase()} ${path} ${status}`);
    const envelope = path.startsWith('/v1/aviation') || path.startsWith('/v1/reference');
    const b = body as Record<string, unknown>;
    if (envelope)
      expect(b, `envelope error: ${where}`).toMatchObject({
        data: null,
        errors: [{ code: expect.any(String), message: expect.any(String) }],
      });
    else
      expect(b, `error shape: ${where}`).toMatchObject({
        error: expect.any(String),
        code: expect.any(String),
        request_id: expect.any(String),
      });
  } else {
    undocumented.add(`${method.toUpperCase()} ${path} ${status}`);
  }
}

/**
 * The app's answer, its body read in full, except an event stream that opened (200
 * text/event-stream): it stays open until the client leaves, so its headers are the answer.
 */
async function answer(req: FuzzRequest): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    payload: req.payload,
    payloadAsStream: true,
  });
  const stream = res.stream();
  let body = '';
  if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return Object.assign(res, { body, payload: body, json: () => JSON.parse(body) as unknown });
}

async function send(req: FuzzRequest): Promise<LightMyRequestResponse | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${req.method} ${req.url}`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([answer(req), timeout]);
  } catch (err) {
    // A header value no HTTP client could put on the wire is refused by the injector itself.
    if (
      (err as { code?: string }).code === 'ERR_INVALID_CHAR' ||
      (err as { code?: string }).code === 'ERR_HTTP_INVALID_HEADER_VALUE'
    )
      return null;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

afterAll(async () => {
  // Cases the lead needs for the OpenAPI issue: statuses answered but not documented.
  if (undocumented.size > 0)
    console.info(
      `fuzz: statuses answered but not documented (${undocumented.size}):\n  ${[...undocumented].sort().join('\n  ')}`,
    );
  const neverOk = operations
    .map((o) => `${o.method.toUpperCase()} ${o.path}`)
    .filter((o) => !succeeded.has(o))
    .map((o) => `${o} (${[...(statusesSeen.get(o) ?? [])].sort().join(', ')}); the clean request: ${cleanAnswers.get(o)}`);
  console.info(`fuzz: operations that never answered 2xx in this run (${neverOk.length}):\n  ${neverOk.join('\n  ')}`);
  if (documented5xx.size > 0) console.info(`fuzz: documented 502/503 seen:\n  ${[...documented5xx].sort().join('\n  ')}`);
  await t.close();
  await aa.close();
});

describe(`every operation of /openapi.json (seed ${SEED}, ${RUNS} runs each)`, () => {
  it('the document lists the operations', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(orderIds, `setup could not hold orders: ${holds.map((h) => h.body).join(' ')}`).toHaveLength(offerIds.length);
    expect(offerIds.length).toBeGreaterThan(0);
  });

  // Before the operations run: the clean request of each one, plus a parameter it does not declare.
  // Refused at validation, it reaches no handler, so no order is closed and no session ended.
  it('every operation refuses a query parameter it does not declare, naming it', async () => {
    const failures: string[] = [];
    for (const { path, method, op } of operations) {
      const clean = cleanRequest(path, method, op);
      const res = await send({ ...clean, url: withUnknownQuery(clean.url) });
      const body = res?.json<{ error?: string; errors?: { message: string }[] }>();
      const message = body?.error ?? body?.errors?.[0]?.message;
      if (res?.statusCode !== 400 || message !== `unknown query parameter ${UNKNOWN_QUERY_PARAMETER}`)
        failures.push(`${method.toUpperCase()} ${path} → ${res?.statusCode} ${res?.body.slice(0, 200)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  // Issue 45: what the gateway can judge itself is its own 4xx, never the airline's documented 502
  // (which the generated runs below allow). Refused, none of them changes an order.
  it('refuses the unfit bookings and hostile airline ids itself: 4xx, never a 502', { timeout: 120_000 }, async () => {
    const id = encodeURIComponent(orderIds[0]!);
    const order = `/v1/orders/${id}`;
    const sent: [string, string, unknown][] = [
      ...unfitBookings.map((b): [string, string, unknown] => ['POST', '/v1/orders', b]),
      ['POST', `${order}/cancel/confirm?airline=AA`, { cancellation_quote_id: 'Q1\u0001' }],
      ['POST', `${order}/cancel/confirm?airline=AA`, { cancellation_quote_id: '<OfferID>x</OfferID>\u001b' }],
      ['POST', `${order}/change/confirm?airline=AA`, { offer_id: 'AA|x\u0001<y/>' }],
      ['POST', `${order}/cancel?airline=AA`, { passenger_ids: ['PAX1\u001b'] }],
      ['POST', `${order}/change?airline=AA`, { action: 'cancel_segments', segment_ids: ['<x>\uFFFE'] }],
      ['PUT', `${order}?airline=AA`, { seats: [{ segment_id: 'SEG1\u0001', passenger_id: 'PAX1', designator: '12C' }] }],
      ['PUT', `${order}?airline=AA`, { services: [{ service_id: 'bag\u2028', passenger_id: 'PAX1' }] }],
    ];
    const failures: string[] = [];
    for (const [method, url, payload] of sent) {
      const res = await call(method, url, payload);
      if (res.statusCode < 400 || res.statusCode >= 500)
        failures.push(`${method} ${url} ${JSON.stringify(payload).slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect((await call('GET', `${order}?airline=AA`)).json().status).toBe('hold');
  });

  for (const { path, method, op } of operations) {
    it(`${method.toUpperCase()} ${path}`, { timeout: 120_000 }, async () => {
      const clean = cleanRequest(path, method, op);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, method, op), async (req) => {
          const res = await send(req);
          if (req === clean && res)
            cleanAnswers.set(`${method.toUpperCase()} ${path}`, `${res.statusCode} ${res.body.slice(0, 160)}`);
          if (res) checkAnswer(path, method, op, req, res);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, examples: [[clean]] },
      );
    });
  }
});
