import { describe, expect, it } from 'vitest';
import { firstSorted } from '../../src/aviation/first-sorted.js';

/** A small deterministic generator, so a failure names the case that failed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('firstSorted', () => {
  it('begins as a full sort would, for every count, with ties broken by id', () => {
    const next = random(7);
    for (let run = 0; run < 40; run++) {
      const size = Math.floor(next() * 400);
      // Distances with many ties (rounded), ids unique: the same total order the radius search uses.
      const items = Array.from({ length: size }, (_, id) => ({ id, distance: Math.round(next() * 30) }));
      const compare = (a: (typeof items)[number], b: (typeof items)[number]) => a.distance - b.distance || a.id - b.id;
      const sorted = [...items].sort(compare);
      for (const count of [0, 1, 2, 10, 50, 99, size - 1, size, size + 5]) {
        expect(firstSorted(items, count, compare), `size ${size}, count ${count}`).toEqual(sorted.slice(0, Math.max(0, count)));
      }
    }
  });

  it('leaves the items as they were', () => {
    const items = [5, 3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 10];
    firstSorted(items, 2, (a, b) => a - b);
    expect(items).toEqual([5, 3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 10]);
  });
});
