type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a body schema in which every object that lists its `properties` and says nothing about
 * others refuses them (`additionalProperties: false`), at every depth: an unknown field is a
 * mistake the client should hear about (`"cabin_class"` from another API would otherwise be
 * dropped silently and the search run in economy). An object that declares its own
 * `additionalProperties` or `patternProperties` (a map) keeps what it says.
 */
export function closedSchema(schema: Schema): Schema {
  const copy: Schema = { ...schema };
  if (isSchema(copy.properties)) {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties).map(([name, value]) => [name, isSchema(value) ? closedSchema(value) : value]),
    );
    if (copy.additionalProperties === undefined && copy.patternProperties === undefined) copy.additionalProperties = false;
  }
  for (const key of ['items', 'not', 'additionalProperties'] as const) {
    const value = copy[key];
    if (isSchema(value)) copy[key] = closedSchema(value);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const value = copy[key];
    if (Array.isArray(value)) copy[key] = value.map((v: unknown) => (isSchema(v) ? closedSchema(v) : v));
  }
  return copy;
}

/** True when `{}` satisfies the body's top level: it is an object with nothing required. */
export function acceptsEmptyObject(schema: Schema): boolean {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  if (!types.includes('object')) return false;
  return !Array.isArray(schema.required) || schema.required.length === 0;
}
