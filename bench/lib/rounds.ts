/**
 * Ratios from alternating rounds, as every ratio bench reports them: the median of the rounds'
 * ratios with its spread (min to max), and a verdict against the target that says "inconclusive"
 * when the spread straddles it. This machine's figures swing 2-3x between runs; one round's ratio
 * is not a result.
 */
export interface Spread {
  median: number;
  min: number;
  max: number;
  rounds: number;
}

/** Rounds a ratio bench runs unless BENCH_ROUNDS says otherwise: at least five of each side. */
export const DEFAULT_ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 6));

export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no rounds');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, rounds: sorted.length };
}

/** `0.93 (0.75-1.05)`: the median, then the spread. */
export function formatSpread(s: Spread, digits = 2): string {
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
}

/** Met when the whole spread is on the target's side, not met when the whole spread is off it, else inconclusive. */
export function verdict(s: Spread, target: { atLeast: number } | { atMost: number }): 'met' | 'not met' | 'inconclusive' {
  if ('atLeast' in target) {
    if (s.min >= target.atLeast) return 'met';
    if (s.max < target.atLeast) return 'not met';
    return 'inconclusive';
  }
  if (s.max <= target.atMost) return 'met';
  if (s.min > target.atMost) return 'not met';
  return 'inconclusive';
}

/**
 * Runs `rounds` rounds of two sides, alternating which goes first so neither always follows the
 * other, and returns each round's pair.
 */
export async function alternateRounds<T>(rounds: number, a: () => Promise<T>, b: () => Promise<T>): Promise<{ a: T; b: T }[]> {
  const pairs: { a: T; b: T }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const first = await a();
      pairs.push({ a: first, b: await b() });
    } else {
      const second = await b();
      pairs.push({ a: await a(), b: second });
    }
  }
  return pairs;
}

/**
 * `alternateRounds` for more than two sides: runs `rounds` rounds of every side and returns each
 * round's results in the sides' order. The order changes each round: an odd round runs the order
 * of the round before reversed, an even one rotates it on by one, so each side goes first in turn
 * and every two rounds run each pair of sides once in either order.
 */
export async function rotateRounds<T>(rounds: number, sides: readonly (() => Promise<T>)[]): Promise<T[][]> {
  const results: T[][] = [];
  for (let round = 0; round < rounds; round++) {
    const shift = Math.floor(round / 2) % sides.length;
    const order = sides.map((_, i) => (i + shift) % sides.length);
    if (round % 2 === 1) order.reverse();
    const result: T[] = new Array(sides.length);
    for (const i of order) result[i] = await sides[i]!();
    results.push(result);
  }
  return results;
}
