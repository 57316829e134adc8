import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentedResponses } from './openapi-schemas.js';
import { RESPONSE_HEADERS } from './response-headers.js';

type Schema = Record<string, unknown>;

/**
 * Holds every answer to what /openapi.json declares for it (`CHECK_RESPONSES`, set for the test
 * suite): the status must be declared for the operation; each header of response-headers.ts that
 * is sent must be declared for that response and match its schema, and one declared `required`
 * must be sent; the body must have the declared content type and match the declared schema,
 * checked on the JSON the client receives. The check is closed where the description is open
 * (clients must ignore unknown fields): a field the server sends must be declared. A field the
 * handler returned that the serializer dropped (fast-json-stringify sends declared fields only) is
 * a mismatch too: the server meant the client to see it.
 *
 * A mismatch is a bug in the description or the server: the answer becomes a 500 naming the
 * operation, the status, where in the body (a JSON pointer) and what is wrong, and is logged, so
 * the test that caused it fails whatever it asserts.
 */
export function registerResponseCheck(app: FastifyInstance): void {
  const routes = new Map<string, Record<string, Schema>>();
  const sent = new WeakMap<FastifyRequest, unknown>();

  function responsesOf(request: FastifyRequest): Record<string, Schema> | null {
    const options = request.routeOptions;
    const schema = options.schema as Schema | undefined;
    // A route that declares no response at all (a test's probe route; every route of the gateway
    // declares its answers, test/docs/openapi-lint.test.ts) has nothing to be held to.
    if (request.is404 || options.url === undefined || !schema || schema.hide === true || request.method === 'HEAD') return null;
    if (schema.response === undefined) return null;
    const key = `${request.method} ${options.url}`;
    let responses = routes.get(key);
    if (!responses) {
      responses = documentedResponses(schema, options.url, { config: options.config, method: request.method });
      routes.set(key, responses);
    }
    return responses;
  }

  // What the handler handed to the serializer, as plain JSON would send it.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (responsesOf(request) && payload !== null && typeof payload === 'object')
      sent.set(request, JSON.parse(JSON.stringify(payload)));
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const responses = responsesOf(request);
    if (!responses) return payload;
    const status = reply.statusCode;
    const response = responses[String(status)];
    const problems = response
      ? [...headerProblems(reply, response), ...bodyProblems(reply, response, payload, sent.get(request))]
      : [`status ${status} is not declared`];
    if (problems.length === 0) return payload;
    const operation = `${request.method} ${request.routeOptions.url}`;
    request.log.error({ operation, status, problems }, 'response does not match its declared response');
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({
      error: `response does not match /openapi.json: ${operation} ${status}: ${problems.join('; ')}`,
      code: 'internal_error',
      request_id: request.id,
      documentation_url: `${request.server.errorsDocument}#internal_error`,
    });
  });
}

function headerProblems(reply: FastifyReply, response: Schema): string[] {
  const declared = (response.headers ?? {}) as Record<string, Schema>;
  const problems: string[] = [];
  for (const name of Object.keys(RESPONSE_HEADERS)) {
    const value = reply.getHeader(name);
    const header = declared[name];
    if (value === undefined) {
      if (header?.required === true) problems.push(`declared header ${name} is missing`);
      continue;
    }
    if (!header) {
      problems.push(`header ${name} is sent but not declared`);
      continue;
    }
    const { required: _required, description: _description, ...schema } = header;
    const check = validator(schema, 'header');
    if (!check(String(value))) problems.push(`header ${name}: ${ajvMessage(check)}`);
  }
  return problems;
}

function bodyProblems(reply: FastifyReply, response: Schema, payload: unknown, handed: unknown): string[] {
  const mediaType = String(reply.getHeader('content-type') ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  // Fastify writes no body with a 204 or 304, whatever the handler passed.
  if (reply.statusCode === 204 || reply.statusCode === 304) return [];
  const content = isSchema(response.content) ? response.content : null;
  const empty = payload === null || payload === undefined || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
  if (!content && response.type === 'null') return empty ? [] : ['a body is sent where none is declared'];
  if (content) {
    if (!(mediaType in content))
      return [`content type ${mediaType || '(none)'} is not declared (${Object.keys(content).join(', ')})`];
    if (mediaType !== 'application/json') return [];
  } else if (mediaType !== 'application/json') {
    return [`content type ${mediaType || '(none)'} is not declared (application/json)`];
  }
  // A stream (an SSE answer, a file) is not read here: its content type was checked.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return [];
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return ['the body is not JSON'];
  }
  const schema = content ? ((content['application/json'] as Schema).schema as Schema) : response;
  const check = validator(schema, 'body');
  const problems = check(body) ? [] : [`body${ajvMessage(check)}`];
  return [...problems, ...droppedFields(handed, body, '')];
}

/** Where `handed` has a field that `served` lacks: what the serializer dropped. */
function droppedFields(handed: unknown, served: unknown, pointer: string): string[] {
  if (Array.isArray(handed) && Array.isArray(served))
    return handed.flatMap((item, i) => droppedFields(item, served[i], `${pointer}/${i}`));
  if (!isSchema(handed) || !isSchema(served)) return [];
  return Object.keys(handed).flatMap((name) => {
    const at = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!(name in served)) return [`${at} was dropped by the serializer: the response schema does not declare it`];
    return droppedFields(handed[name], served[name], at);
  });
}

const ajvMessage = (check: ValidateFunction): string => {
  const error = check.errors?.[0];
  if (!error) return ' is invalid';
  const extra = error.params as { unevaluatedProperty?: string };
  const detail = extra.unevaluatedProperty ? ` (${extra.unevaluatedProperty})` : '';
  return `${error.instancePath ? ` at ${error.instancePath}` : ''}: ${error.message ?? 'is invalid'}${detail}`;
};

// Compiled validators, shared by every app of the process: the same schema compiles once.
const bodies = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
const headers = new Ajv2020({ strict: false, coerceTypes: true });
addFormats.default(bodies);
addFormats.default(headers);
const compiled = new Map<string, ValidateFunction>();

function validator(schema: Schema, part: 'body' | 'header'): ValidateFunction {
  const key = `${part}:${createHash('sha256')
    .update(JSON.stringify(schema) ?? '')
    .digest('base64')}`;
  let check = compiled.get(key);
  if (check === undefined) {
    check = (part === 'body' ? bodies : headers).compile(part === 'body' ? closedForCheck(schema, true) : withoutIds(schema));
    compiled.set(key, check);
  }
  return check;
}

/**
 * A copy of a response schema that refuses fields it does not declare, at every depth: an object
 * listing its `properties` and open (saying nothing, or `additionalProperties: true`) refuses
 * others. A map (`additionalProperties` a schema, `patternProperties`) keeps what it says. The
 * members of an `allOf` stay open and the `allOf` itself is closed (`unevaluatedProperties` sees
 * what each member declares). `$id`s are dropped: the same named schema appears in many places.
 */
function closedForCheck(schema: Schema, close: boolean): Schema {
  const copy: Schema = { ...schema };
  delete copy.$id;
  if (isSchema(copy.properties)) {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties).map(([name, value]) => [name, isSchema(value) ? closedForCheck(value, true) : value]),
    );
  }
  for (const key of ['items', 'not'] as const) {
    if (isSchema(copy[key])) copy[key] = closedForCheck(copy[key], true);
  }
  if (isSchema(copy.additionalProperties)) copy.additionalProperties = closedForCheck(copy.additionalProperties, true);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = copy[key];
    if (Array.isArray(members)) copy[key] = members.map((m: unknown) => (isSchema(m) ? closedForCheck(m, true) : m));
  }
  const all = copy.allOf;
  if (Array.isArray(all)) copy.allOf = all.map((m: unknown) => (isSchema(m) ? closedForCheck(m, false) : m));
  const open = copy.additionalProperties === undefined || copy.additionalProperties === true;
  // An open member of an allOf leaves its fields to the allOf's check, which sees what it declares.
  if (!close && copy.additionalProperties === true) delete copy.additionalProperties;
  if (close && open && copy.patternProperties === undefined && (isSchema(copy.properties) || Array.isArray(all))) {
    delete copy.additionalProperties;
    copy.unevaluatedProperties = false;
  }
  return copy;
}

function withoutIds(schema: Schema): Schema {
  const copy: Schema = { ...schema };
  delete copy.$id;
  return copy;
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
