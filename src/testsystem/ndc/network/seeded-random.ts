// Everything that looks random in the test system comes from here, seeded by strings such as
// "2026-12-01|AA100|load", so every run on every machine produces the same schedule, loads and prices.

/** FNV-1a: small, fast, and stable across platforms (no dependence on object hashing). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a 32-bit generator good enough for simulated loads; returns floats in [0, 1). */
export function seededRandom(seed: string): () => number {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One draw in [0, 1) for a seed, for places that need a single number. */
export function unitFor(seed: string): number {
  return seededRandom(seed)();
}
