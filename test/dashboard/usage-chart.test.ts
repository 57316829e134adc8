import { describe, expect, it } from 'vitest';
import { axisMax, stackBars, type DayBucket } from '../../dashboard/src/lib/usage-chart.js';

const day = (start: string, requests: Partial<DayBucket['requests']>): DayBucket => ({
  start,
  requests: { shopping: 0, offers: 0, orders: 0, monitoring: 0, aviation: 0, reference: 0, ...requests },
});

describe('the Overview usage chart', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 501].map(axisMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000]);
  });

  it('stacks each surface of a day from the bottom, scaled to the axis, leaving out empty surfaces', () => {
    const { bars, max } = stackBars(
      [day('2026-11-01T00:00:00.000Z', { shopping: 6, orders: 4 }), day('2026-11-02T00:00:00.000Z', {})],
      200,
      100,
      1000,
    );
    expect(max).toBe(10);
    expect(bars.map((b) => [b.day, b.total])).toEqual([
      ['2026-11-01', 10],
      ['2026-11-02', 0],
    ]);
    expect(bars[0]!.segments).toEqual([
      { surface: 'shopping', count: 6, y: 40, height: 60 },
      { surface: 'orders', count: 4, y: 0, height: 40 },
    ]);
    expect(bars[1]!.segments).toEqual([]);
    // Two slots of 100: each bar 70 wide, centred in its slot; at most 40 wide when asked.
    expect(bars.map((b) => b.x)).toEqual([15, 115]);
    const narrow = stackBars([day('2026-11-01T00:00:00.000Z', { offers: 1 })], 200, 100, 40);
    expect([narrow.barWidth, narrow.bars[0]!.x]).toEqual([40, 80]);
  });
});
