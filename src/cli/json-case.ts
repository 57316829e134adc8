/**
 * `--json` prints every record in one case: snake_case, like the API's JSON, except the API key
 * record, which the contract gives in camelCase and which is printed as the contract has it.
 */
const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The value with every object key in snake_case; the values of `opaque` keys are kept as they are (keys that are data). */
export function snakeCaseKeys(value: unknown, opaque: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => snakeCaseKeys(item, opaque));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [toSnake(key), opaque.includes(key) ? inner : snakeCaseKeys(inner, opaque)]),
  );
}
