/**
 * `--json` prints every record in one case: snake_case, like the API's JSON, except records the
 * contract spells otherwise (the API key record, camelCase), which are printed as the contract has
 * them. The spelling before that (`--json-case camel` or FLIGHTAGG_JSON_CASE=camel) prints records
 * as they were printed before, for the deprecation window of docs/versioning.md.
 */
export const JSON_CASES = ['snake', 'camel'] as const;
export type JsonCase = (typeof JSON_CASES)[number];

export const JSON_CASE_DEPRECATION =
  'flightagg: --json-case camel (FLIGHTAGG_JSON_CASE=camel) is deprecated and goes in the next major version: ' +
  '--json prints snake_case (docs/versioning.md, "Current deprecations")\n';

const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Records printed as the contract spells them, never renamed. */
const AS_CONTRACT_SPELLS = new WeakSet<object>();

/** Marks a record the contract names field by field (the API key record): printed as it is. */
export function asContractSpells<T extends object>(record: T): T {
  AS_CONTRACT_SPELLS.add(record);
  return record;
}

/**
 * The value with every object key in snake_case; the values of `opaque` keys are kept as they are
 * (keys that are data), and so are records marked with asContractSpells.
 */
export function snakeCaseKeys(value: unknown, opaque: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => snakeCaseKeys(item, opaque));
  if (value === null || typeof value !== 'object' || value instanceof Date || AS_CONTRACT_SPELLS.has(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [toSnake(key), opaque.includes(key) ? inner : snakeCaseKeys(inner, opaque)]),
  );
}

/** `--json-case`, else FLIGHTAGG_JSON_CASE, else snake; anything else is a usage error naming both. */
export function chosenJsonCase(option: string | undefined, env: NodeJS.ProcessEnv): JsonCase | { problem: string } {
  const value = option ?? env.FLIGHTAGG_JSON_CASE ?? 'snake';
  if ((JSON_CASES as readonly string[]).includes(value)) return value as JsonCase;
  const from = option !== undefined ? '--json-case' : 'FLIGHTAGG_JSON_CASE';
  return { problem: `${from} must be snake or camel, not ${JSON.stringify(value.slice(0, 50))}` };
}
