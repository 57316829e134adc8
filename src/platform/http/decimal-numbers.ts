type Schema = Record<string, unknown>;
type Kind = 'integer' | 'number';

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Decimal digits, with a minus sign where the field allows one: `16`, `-3`, never `0x10` or `1e1`. */
const DECIMAL_INTEGER = /^-?[0-9]+$/;
/** A decimal number, point and exponent allowed (`51.47`, `7.4e-323`); never hex, octal or binary. */
const DECIMAL_NUMBER = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;

/** What a numeric (flat) field of a query, path or header schema takes: an integer or any number. */
function kindOf(schema: Schema): Kind | null {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('array') && isSchema(schema.items)) return kindOf(schema.items);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const kinds = branches.filter(isSchema).map(kindOf);
    if (kinds.includes('integer')) return 'integer';
    if (kinds.includes('number')) return 'number';
  }
  return null;
}

/** The numeric fields of a query, path or header schema, by name; empty when it has none. */
export function numericFields(schema: unknown): Map<string, Kind> {
  const fields = new Map<string, Kind>();
  if (!isSchema(schema) || !isSchema(schema.properties)) return fields;
  for (const [name, field] of Object.entries(schema.properties)) {
    const kind = isSchema(field) ? kindOf(field) : null;
    if (kind) fields.set(name, kind);
  }
  return fields;
}

/**
 * True when a value sent as text would be coerced to a number it does not spell in decimal. ajv's
 * coercion is JavaScript's `Number()`: `0x10` is 16, `0b10` 2, ` 7 ` 7, `1e1` 10 and a blank 0,
 * so `?limit=0x10` or `/events/0x10/ack` would reach the handler as a number the client never
 * wrote in decimal. Text that is no number at all (`abc`, `Infinity`) is left to the validator's
 * own words.
 */
export function misspeltNumber(value: unknown, kind: Kind): boolean {
  if (Array.isArray(value)) return value.some((item) => misspeltNumber(item, kind));
  if (typeof value !== 'string' || value === '') return false;
  if ((kind === 'integer' ? DECIMAL_INTEGER : DECIMAL_NUMBER).test(value)) return false;
  return Number.isFinite(Number(value));
}
