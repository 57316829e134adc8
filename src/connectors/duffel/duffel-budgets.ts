/** Time budgets per kind of call, below the aggregator's own; orders are the slowest Duffel answers. */
export const DUFFEL_BUDGETS_MS = {
  offer: 10_000,
  seatMaps: 8_000,
  order: 40_000,
  read: 10_000,
  probe: 5_000,
} as const;
