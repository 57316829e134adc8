import { describe, expect, it } from 'vitest';
import type { Offer } from '../../src/connectors/connector-types.js';
import { inAnswerOrder } from '../../src/shopping/offer-order.js';

// Only the fields the order reads; the rest of an offer plays no part in it.
const offer = (id: string, amountMinor: number, currency = 'USD') =>
  ({ offerId: id, airline: id.slice(0, 2), total: { amountMinor, currency } }) as Offer;
const ids = (lists: readonly (readonly Offer[])[]) => lists.flat().map((o) => o.offerId);

describe('the order of a search answer across airlines', () => {
  it('puts the cheapest first whichever airline answered it, keeping equal amounts in answer order', () => {
    const aa = [offer('AA1', 50_000), offer('AA2', 42_000), offer('AA3', 61_000)];
    const vs = [offer('VS1', 45_000), offer('VS2', 42_000)];
    expect(ids(inAnswerOrder([aa, vs]))).toEqual(['AA2', 'VS2', 'VS1', 'AA1', 'AA3']);
  });

  it('groups offers by currency (alphabetically) instead of comparing amounts in different currencies', () => {
    const aa = [offer('AA1', 70_000, 'USD'), offer('AA2', 65_000, 'USD')];
    const vs = [offer('VS1', 80_000, 'GBP'), offer('VS2', 52_000, 'GBP')];
    expect(ids(inAnswerOrder([aa, vs]))).toEqual(['VS2', 'VS1', 'AA2', 'AA1']);
  });

  it("hands back one airline's list as it is when it is already in order, so its text is reused", () => {
    const aa = [offer('AA1', 1), offer('AA2', 2)];
    const lists = inAnswerOrder([[], aa, []]);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toBe(aa);
    expect(inAnswerOrder([[], []])).toEqual([]);
  });
});
