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
