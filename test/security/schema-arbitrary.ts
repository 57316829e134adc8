import fc from 'fast-check';

/**
 * A small JSON-Schema-to-fast-check bridge for the subset our TypeBox schemas emit into
 * /openapi.json: type, properties/required, items/minItems/maxItems, anyOf/oneOf/allOf, enum,
 * const, min/max (exclusive too), minLength/maxLength, pattern, the formats we use, and `$ref`
 * into `components.schemas`. The packaged bridges (json-schema-fast-check) target fast-check 1
 * and an old draft, so this file stays focused on what the served document contains.
 *
 * `known` supplies realistic values by field name (a real order id for `orderID`, `AA` for
 * `airline`), so a good share of generated requests get past validation into the handlers.
 */
export type Schema = Record<string, unknown>;
export type Known = Record<string, readonly unknown[]>;

export interface ArbitraryContext {
  components: Record<string, Schema>;
  known: Known;
}

const DEPTH_LIMIT = 6;
const FAR_FUTURE_DAY = 24 * 3600 * 1000;

export function valueFor(schema: Schema | undefined, ctx: ArbitraryContext, name = '', depth = 0): fc.Arbitrary<unknown> {
  const knownValues = ctx.known[name];
  const fromSchema = fromSchemaOnly(schema ?? {}, ctx, depth);
  if (knownValues && knownValues.length > 0) {
    // Mostly the realistic value, sometimes whatever the schema allows.
    return fc.oneof({ arbitrary: fc.constantFrom(...knownValues), weight: 3 }, { arbitrary: fromSchema, weight: 1 });
  }
  return fromSchema;
}

function fromSchemaOnly(schema: Schema, ctx: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > DEPTH_LIMIT) return fc.constant(null);
  const ref = schema.$ref as string | undefined;
  if (ref) {
    const target = ctx.components[ref.replace('#/components/schemas/', '')];
    return target ? fromSchemaOnly(target, ctx, depth + 1) : fc.constant(null);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => fromSchemaOnly(s, ctx, depth + 1)));
  if (Array.isArray(schema.allOf)) return fromSchemaOnly(Object.assign({}, ...(schema.allOf as Schema[])), ctx, depth + 1);

  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, -1000), max: upperBound(schema, 1000) });
    case 'number':
      return fc.double({ min: lowerBound(schema, -1000), max: upperBound(schema, 1000), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = fromSchemaOnly((schema.items as Schema) ?? {}, ctx, depth + 1);
      const minLength = Number(schema.minItems ?? 0);
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(Number(schema.maxItems ?? 3), 3)) });
    }
    case 'object':
      return objectFor(schema, ctx, depth);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function objectFor(schema: Schema, ctx: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) {
    // A former spelling (deprecated) is left out: sent beside its current name with another value,
    // it is a 400 of its own (deprecated-fields.ts), which is not what the walk is probing.
    if (child.deprecated === true) continue;
    record[key] = valueFor(child, ctx, key, depth + 1);
  }
  // Optional keys come and go at random; required ones are always there.
  const requiredKeys = ((schema.required ?? []) as string[]).filter((k) => k in properties);
  return fc.record(record, { requiredKeys });
}

function lowerBound(schema: Schema, fallback: number): number {
  if (typeof schema.minimum === 'number') return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  return fallback;
}

function upperBound(schema: Schema, fallback: number): number {
  if (typeof schema.maximum === 'number') return schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
  return fallback;
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? 24), 24));
  switch (schema.format) {
    case 'date':
      return fc
        .integer({ min: 1, max: 300 })
        .map((days) => new Date(Date.now() + days * FAR_FUTURE_DAY).toISOString().slice(0, 10));
    case 'date-time':
      return fc.integer({ min: -300, max: 300 }).map((days) => new Date(Date.now() + days * FAR_FUTURE_DAY).toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
  }
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, 64));
  }
  return fc.string({ minLength, maxLength });
}

/**
 * Values that try the edges: NUL, numbers too big for any column or not finite or not decimal
 * (`0x10`), other types, unicode of every plane, control and bidi characters in names, overlong
 * text, and path spellings a prefix check could miss.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    1e20,
    -1e20,
    '1e20',
    '99999999999999999999',
    '-99999999999999999999',
    'Infinity',
    '-Infinity',
    'NaN',
    9007199254740993,
    -1,
    0,
    1.5,
    '',
    ' ',
    true,
    false,
    null,
    [],
    {},
    [1, 'x'],
    { nested: { deeper: ['\u0000'] } },
    '../../etc/passwd',
    '/v1/../admin',
    '%00',
    '%2e%2e%2f',
    '\u202eevil',
    // Names an airline's name fields refuse (issue 45): control characters, a non-character, digits.
    'Ada\u0001',
    'Love\u001blace',
    '\uFFFE',
    'Ada Lovelace 3rd',
    // Names with line breaks and bidi controls (a mail header injection, a reordered display).
    'Acme\r\nBcc: thief@evil.test',
    'a\u2028b',
    'a\u0085b',
    '\u2066x\u2069',
    'a\tb',
    // Numbers JavaScript reads but that are not written in decimal.
    '0x10',
    '0b1',
    '0o7',
    ' 16',
    '1e1',
    'e\u0301\u0301\u0301',
    '\ud83d\ude80',
    '\ud800',
    "'; drop table orders; --",
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
    '__proto__',
    // Hardening round 4: webhook URLs on service ports, private and internal hosts; request ids
    // spelling a minted one or past the bound; a zone-less local time; acknowledge-changes fields.
    'https://hooks.example.com:22/in',
    'https://hooks.example.com:6379/in',
    'https://10.0.0.1/in',
    'https://wiki.corp.internal/in',
    'https://[::1]:8443/in',
    'req_AAAAAAAAAAAAAAAAAAAA',
    'x'.repeat(65),
    '2026-12-01T10:00:00',
    { segment_ids: ['x'] },
    { accept: false },
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer({ min: 10, max: 20 }).map((n) => 'x'.repeat(2 ** n)),
  fc.double(),
);

/** Spellings of a path parameter: percent-encoded as a client should, and the ones it should not. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '..',
    '%2e%2e',
    '%252e%252e',
    '%2F',
    '..%2F..%2Fadmin',
    '%ff',
    '%c0%ae',
    '%',
    '99999999999999999999',
    '1e20',
    'Infinity',
    '-1',
    '0',
    '%F0%9F%9A%80',
    '%E2%80%AE',
    '0x10',
    '0b1',
    '%2016',
    '1e1',
  ),
  fc.integer({ min: 8, max: 12 }).map((n) => 'A'.repeat(2 ** n)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map(encodeURIComponent),
);
