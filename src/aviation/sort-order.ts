/**
 * One sort key of an in-memory data set: the positions of its records in the database's order
 * (`key asc nulls last, id`), and each record's dense rank in that order. Records with equal keys
 * share a rank; a null key has rank -1. Ties are always broken by id ascending, as the SQL did.
 */
export class SortOrder {
  readonly rank: Int32Array;
  private readonly nullStart: number;

  /** `order`: positions ascending; `keyOf`: the record's key, to group equal keys and find nulls. */
  constructor(
    private readonly order: Int32Array,
    keyOf: (position: number) => unknown,
  ) {
    this.rank = new Int32Array(order.length).fill(-1);
    let rank = -1;
    let previous: unknown = Symbol('none');
    let nullStart = order.length;
    for (let i = 0; i < order.length; i++) {
      const position = order[i]!;
      const key = keyOf(position);
      if (key === null || key === undefined) {
        nullStart = Math.min(nullStart, i);
        continue;
      }
      if (key !== previous) rank++;
      previous = key;
      this.rank[position] = rank;
    }
    this.nullStart = nullStart;
  }

  /** Calls `visit` with every position in `key asc|desc nulls last, id` order. */
  forEach(descending: boolean, visit: (position: number) => void): void {
    const { order, nullStart, rank } = this;
    if (!descending) {
      for (let i = 0; i < order.length; i++) visit(order[i]!);
      return;
    }
    // Groups of equal keys from the last to the first, each group still in id order.
    let end = nullStart - 1;
    while (end >= 0) {
      let start = end;
      const groupRank = rank[order[end]!]!;
      while (start > 0 && rank[order[start - 1]!] === groupRank) start--;
      for (let i = start; i <= end; i++) visit(order[i]!);
      end = start - 1;
    }
    for (let i = nullStart; i < order.length; i++) visit(order[i]!);
  }

  /** Compares two positions in `key asc|desc nulls last`; 0 when the keys are equal. */
  compare(a: number, b: number, descending: boolean): number {
    const ra = this.rank[a]!;
    const rb = this.rank[b]!;
    if (ra === rb) return 0;
    if (ra < 0) return 1;
    if (rb < 0) return -1;
    return descending ? rb - ra : ra - rb;
  }
}

/** Positions of the given ids, in the ids' order (ids read from the database in sort order). */
export function positionsOf(ids: Int32Array, positionOf: (id: number) => number | undefined): Int32Array {
  const positions = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) positions[i] = positionOf(ids[i]!) ?? -1;
  return positions.filter((p) => p >= 0);
}
