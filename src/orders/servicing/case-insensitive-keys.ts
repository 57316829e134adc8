/**
 * Lower-cases every key of a parsed JSON body, at every depth, in place: the contract matches the
 * change request's keys case-insensitively, so `Seats`, `SEATS` and `seats` must reach the schema
 * as one key. Done in place, before validation, so the body the schema validates and types is the
 * request's own. Where two spellings of one key meet, the later one wins, as in JSON.parse.
 */
export function lowerCaseKeys(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) lowerCaseKeys(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const entries = Object.entries(value);
  for (const [key] of entries) Reflect.deleteProperty(value, key);
  for (const [key, child] of entries) {
    lowerCaseKeys(child);
    // defineProperty, not assignment: a key spelled `__PROTO__` must stay a plain own property.
    Object.defineProperty(value, key.toLowerCase(), { value: child, enumerable: true, writable: true, configurable: true });
  }
}
