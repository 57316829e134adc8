import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';
import { compiledOnce, compilerContext } from './compiled-schemas.js';
import { misspeltNumber, numericFields } from './decimal-numbers.js';
import { acceptsEmptyObject, closedSchema } from './strict-body.js';

type Options = { customOptions?: Record<string, unknown> } & Record<string, unknown>;
// At run time Fastify calls the compiler with the route's schema definition; the package's
// declared types describe ajv's `compile` instead, hence the casts at this one boundary.
type RouteCompiler = FastifySchemaCompiler<unknown>;
type Pool = (externalSchemas: unknown, options: Options) => RouteCompiler;
const SMALLEST_NORMAL = 2.2250738585072014e-308;
type Validate = ((data: unknown, ctx?: unknown) => boolean) & { errors?: unknown[] | null; schemaEnv?: unknown };

/**
 * Fastify's own ajv compiler, twice: query strings, path parameters and headers arrive as text,
 * so they keep Fastify's coercion (`?limit=5` is the integer 5); a JSON body already carries its
 * types, so it is validated as sent and `"adults": "1"` or `true` is refused instead of becoming 1.
 * A body is strict, as Stripe's are: an unknown field is a 400 naming it (`unknown field
 * cabin_class`), never dropped (ajv's `removeAdditional`, Fastify's default, is off for bodies);
 * and an empty or absent body is `{}` where every field is optional. A query string is strict the
 * same way: `?q=heathrow` on a route that has no `q` is a 400 naming it (strict-query.ts gives a
 * route without a query schema an empty one), never a list of every airport.
 */
export function partAwareValidatorFactory(): ValidatorFactory {
  const pool = AjvCompiler() as unknown as Pool;
  const factory = (externalSchemas: unknown, options: Options = {}): RouteCompiler => {
    const custom = options.customOptions ?? {};
    const coercing = pool(externalSchemas, { ...options, customOptions: { ...custom, coerceTypes: 'array' } });
    // Query strings coerce like params and headers but are closed: ajv's `removeAdditional`
    // (Fastify's default) would drop an unknown parameter silently instead of refusing it.
    const strictQuery = pool(externalSchemas, {
      ...options,
      customOptions: { ...custom, coerceTypes: 'array', removeAdditional: false },
    });
    // `strictNumbers`: `1e400` parses to Infinity, which is not a number any field accepts.
    const asSent = pool(externalSchemas, {
      ...options,
      customOptions: { ...custom, coerceTypes: false, strictNumbers: true, removeAdditional: false },
    });
    // Each schema compiled once per process, for this app and any other (compiled-schemas.ts).
    const context = compilerContext('validator', externalSchemas, options);
    return (route: Parameters<RouteCompiler>[0]) =>
      compiledOnce(context, route.httpPart ?? 'body', route.schema, () => compileFor(route));

    function compileFor(route: Parameters<RouteCompiler>[0]): ReturnType<RouteCompiler> {
      if (route.httpPart === 'querystring') {
        const closed = closedSchema(route.schema as Record<string, unknown>);
        return refusingNonFinite(
          strictQuery({ ...route, schema: closed }) as Validate,
          route.schema,
        ) as ReturnType<RouteCompiler>;
      }
      if (route.httpPart !== 'body')
        return refusingNonFinite(coercing(route) as Validate, route.schema) as ReturnType<RouteCompiler>;
      const schema = route.schema as Record<string, unknown>;
      const validate = asSent({ ...route, schema: closedSchema(schema) }) as Validate;
      return (acceptsEmptyObject(schema) ? absentAsEmpty(validate) : validate) as ReturnType<RouteCompiler>;
    }
  };
  return factory as unknown as ValidatorFactory;
}

/**
 * Numbers in a query string, path or header are written in decimal: before ajv coerces them with
 * `Number()` (which reads `0x10` as 16), a numeric field whose text is not decimal is refused as
 * the `decimal` error naming it (decimal-numbers.ts). Then, ajv coerces `"Infinity"` and `"1e400"` to Infinity and then skips the range checks of the
 * coerced value (they only run on finite numbers), so `?lat=Infinity` would pass `maximum: 90`.
 * After a successful validation, a non-finite number among the (flat) query or path values is
 * refused as the type error it is. A subnormal one (`?lat=7.4e-323`) becomes 0: it means zero to
 * every field we have, and PostgreSQL's float8 input refuses it as out of range.
 */
const nonFinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value);

function refusingNonFinite(validate: Validate, schema: unknown): Validate {
  const numeric = numericFields(schema);
  const wrapped: Validate = (data, ctx) => {
    if (numeric.size > 0 && data !== null && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      for (const [name, kind] of numeric) {
        if (!misspeltNumber(record[name], kind)) continue;
        wrapped.errors = [
          { keyword: 'decimal', instancePath: `/${name}`, schemaPath: '', params: { kind }, message: 'must be decimal' },
        ];
        return false;
      }
    }
    if (!validate(data, ctx)) {
      wrapped.errors = validate.errors;
      return false;
    }
    wrapped.errors = null;
    if (data === null || typeof data !== 'object') return true;
    // Runs on every request's path and query values: a plain loop, nothing allocated unless refused.
    const record = data as Record<string, unknown>;
    for (const name in record) {
      const value = record[name];
      if (typeof value === 'number' && value !== 0 && Math.abs(value) < SMALLEST_NORMAL) record[name] = 0;
      if (Array.isArray(value) ? value.some(nonFinite) : nonFinite(value)) {
        wrapped.errors = [
          {
            keyword: 'type',
            instancePath: `/${name}`,
            schemaPath: '',
            params: { type: 'finite number' },
            message: 'must be finite',
          },
        ];
        return false;
      }
    }
    return true;
  };
  if (validate.schemaEnv) wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

/**
 * Fastify hands an absent or empty body to the validator as null. Where every field is optional,
 * that is the empty object: `POST /cancel` with no body means `{}`, and the handler receives `{}`
 * (a validator's `{value}` answer replaces the request part).
 */
function absentAsEmpty(validate: Validate): Validate {
  const wrapped = ((data: unknown, ctx?: unknown) => {
    if (data !== null && data !== undefined) {
      const valid = validate(data, ctx);
      wrapped.errors = validate.errors;
      return valid;
    }
    const empty = {};
    const valid = validate(empty);
    wrapped.errors = validate.errors;
    return valid ? { value: empty } : false;
  }) as Validate;
  if (validate.schemaEnv) wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}
