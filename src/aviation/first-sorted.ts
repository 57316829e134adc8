/**
 * The first `count` items of `items` in `compare`'s order, sorted, as `[...items].sort(compare)`
 * would begin. A page near the front of many hits (a radius search finds hundreds of airports and
 * shows 50) keeps a bounded max-heap of the best so far: most items cost one comparison with its
 * top, where sorting them all cost about log2(n) each. `compare` must be a total order (ties broken
 * by id) for the two to agree.
 */
export function firstSorted<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  // A page that reaches far into the hits gains nothing from the heap.
  if (count * 4 >= items.length) return [...items].sort(compare).slice(0, count);
  const heap: T[] = [];
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      siftUp(heap, heap.length - 1, compare);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(heap, compare);
    }
  }
  return heap.sort(compare);
}

// The heap keeps its largest item (by `compare`) at the top.
function siftUp<T>(heap: T[], from: number, compare: (a: T, b: T) => number): void {
  let child = from;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (compare(heap[child]!, heap[parent]!) <= 0) return;
    [heap[child], heap[parent]] = [heap[parent]!, heap[child]!];
    child = parent;
  }
}

function siftDown<T>(heap: T[], compare: (a: T, b: T) => number): void {
  let parent = 0;
  for (;;) {
    const left = 2 * parent + 1;
    if (left >= heap.length) return;
    const right = left + 1;
    const larger = right < heap.length && compare(heap[right]!, heap[left]!) > 0 ? right : left;
    if (compare(heap[larger]!, heap[parent]!) <= 0) return;
    [heap[larger], heap[parent]] = [heap[parent]!, heap[larger]!];
    parent = larger;
  }
}

// Up to this many kept, inserting each item into a sorted array costs less than a heap's calls.
const INSERTION_MAX = 64;

/**
 * The same for items that are numbers into `keys`, ordered by their key and, between equal keys,
 * by `tie` (a total order): the radius search's default order, by distance then id. The keys are
 * compared in place, so `tie` runs only where two keys are equal, where `firstSorted` called a
 * comparator for every comparison; a page of 50 among a few hundred hits takes about half the time.
 */
export function firstByKey(
  items: readonly number[],
  count: number,
  keys: ArrayLike<number>,
  tie: (a: number, b: number) => number,
): number[] {
  if (count > INSERTION_MAX) {
    return firstSorted(items, count, (a, b) => keys[a]! - keys[b]! || tie(a, b));
  }
  const best: number[] = [];
  if (count <= 0) return best;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const key = keys[item]!;
    let at = best.length;
    if (at === count) {
      const worst = best[at - 1]!;
      const worstKey = keys[worst]!;
      if (key > worstKey || (key === worstKey && tie(item, worst) > 0)) continue;
      // The worst kept falls off: the item is placed from its slot down.
      at--;
    }
    while (at > 0) {
      const before = best[at - 1]!;
      const beforeKey = keys[before]!;
      if (beforeKey < key || (beforeKey === key && tie(before, item) < 0)) break;
      best[at] = before;
      at--;
    }
    best[at] = item;
  }
  return best;
}
