/**
 * Rows in their key's order, for a multi-row upsert. Such a statement locks its rows in the order
 * of its VALUES, and instances flush their counters at the same moments (on their timers, and each
 * at its shutdown): when every writer takes the rows in one order, two of them wait on each other
 * instead of deadlocking.
 */
export function inKeyOrder<R>(rows: Iterable<R>, key: (row: R) => readonly string[]): R[] {
  const keyed = [...rows].map((row) => ({ row, key: key(row).join('\u0000') }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ row }) => row);
}
