/** Where a walk over a parsed JSON value found what it looked for. */
export interface JsonMatch {
  /** A key matched, or a string value. */
  at: 'key' | 'value';
  /** The place as the client would name it (`passengers[0].given_name`); '' for the value itself. */
  path: string;
  /** The object holding the key or value ('' at the top). */
  parent: string;
  key: string | null;
}

const MAX_DEPTH = 64;

/**
 * The first key or string value in a parsed JSON value that `test` picks, depth first. Bounded
 * depth: the body parser already refuses deeper nesting, so this only guards against a caller that
 * skipped it.
 */
export function firstMatch(
  value: unknown,
  test: { key(key: string): boolean; string(value: string): boolean },
  path = '',
  depth = 0,
): JsonMatch | null {
  if (typeof value === 'string') return test.string(value) ? { at: 'value', path, parent: path, key: null } : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstMatch(value[i], test, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (test.key(key)) return { at: 'key', path: childPath, parent: path, key };
    const found = firstMatch(child, test, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}
