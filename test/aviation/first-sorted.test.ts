import { describe, expect, it } from 'vitest';
import { firstByKey, firstSorted } from '../../src/aviation/first-sorted.js';

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

describe('firstByKey', () => {
  it('begins as a full sort by key then tie would, for every count', () => {
    const next = random(11);
    for (let run = 0; run < 40; run++) {
      const size = Math.floor(next() * 400);
      // Keys with many ties; the tie-break orders by a second number, as the radius search orders by id.
      const keys = Array.from({ length: size }, () => Math.round(next() * 30) / 7);
      const ids = Array.from({ length: size }, () => Math.floor(next() * 1e6));
      const tie = (a: number, b: number) => ids[a]! - ids[b]! || a - b;
      const items = Array.from({ length: size }, (_, k) => k).filter(() => next() < 0.8);
      const sorted = [...items].sort((a, b) => keys[a]! - keys[b]! || tie(a, b));
      for (const count of [0, 1, 2, 10, 50, 64, 65, 99, size - 1, size, size + 5]) {
        expect(firstByKey(items, count, keys, tie), `size ${size}, count ${count}`).toEqual(sorted.slice(0, Math.max(0, count)));
      }
    }
  });

  it('leaves the items as they were', () => {
    const items = [5, 3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 10];
    firstByKey(items, 3, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2], (a, b) => a - b);
    expect(items).toEqual([5, 3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 10]);
  });
});
