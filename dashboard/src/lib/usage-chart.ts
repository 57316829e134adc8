/** The Overview chart's geometry: requests by day, one stacked bar per day, one colour per surface. */

export const SURFACES = ['shopping', 'offers', 'orders', 'monitoring', 'aviation', 'reference'] as const;
export type Surface = (typeof SURFACES)[number];

/** Distinct on white and for the common colour-vision deficiencies (Okabe–Ito), each ≥ 3:1 on white. */
export const SURFACE_COLOURS: Record<Surface, string> = {
  shopping: '#0072b2',
  offers: '#d55e00',
  orders: '#009e73',
  monitoring: '#cc79a7',
  aviation: '#8a6d00',
  reference: '#555555',
};

export interface DayBucket {
  start: string;
  requests: Record<Surface, number>;
}

export interface Bar {
  day: string;
  total: number;
  x: number;
  segments: { surface: Surface; count: number; y: number; height: number }[];
}

/** A round axis maximum at or above the largest day (1, 2, 5 × 10ⁿ), so the scale reads easily. */
export function axisMax(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= largest)!;
}

/**
 * Bars laid out in a `width` × `height` plot area: x of each bar, and each surface's slice from the
 * bottom up. A bar is at most `maxBarWidth` wide, so a period's first day is not one wall of colour.
 */
export function stackBars(
  buckets: DayBucket[],
  width: number,
  height: number,
  maxBarWidth = 40,
): { bars: Bar[]; max: number; barWidth: number } {
  const totals = buckets.map((b) => SURFACES.reduce((sum, s) => sum + (b.requests[s] ?? 0), 0));
  const max = axisMax(Math.max(0, ...totals));
  const slot = buckets.length ? width / buckets.length : width;
  const barWidth = Math.max(1, Math.min(slot * 0.7, maxBarWidth));
  const bars = buckets.map((bucket, i) => {
    let top = height;
    const segments = SURFACES.filter((s) => (bucket.requests[s] ?? 0) > 0).map((surface) => {
      const count = bucket.requests[surface];
      const h = (count / max) * height;
      top -= h;
      return { surface, count, y: top, height: h };
    });
    return { day: bucket.start.slice(0, 10), total: totals[i]!, x: i * slot + (slot - barWidth) / 2, segments };
  });
  return { bars, max, barWidth };
}
