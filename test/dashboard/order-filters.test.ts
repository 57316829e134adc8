import { describe, expect, it } from 'vitest';
import {
  currentCursor,
  firstPage,
  NO_FILTERS,
  nextPage,
  orderListQuery,
  pageNumber,
  previousPage,
} from '../../dashboard/src/order-filters.js';

describe("the Orders screen's filters and paging", () => {
  it('asks for test orders by default and leaves empty filters out', () => {
    expect(orderListQuery(NO_FILTERS, null)).toEqual({ environment: 'test', limit: 20 });
  });

  it('sends a typed PNR trimmed and upper-cased, the status, the environment and the cursor', () => {
    expect(orderListQuery({ status: 'hold', pnr: ' abc123 ', environment: 'live' }, 'CUR', 5)).toEqual({
      environment: 'live',
      limit: 5,
      status: 'hold',
      pnr: 'ABC123',
      cursor: 'CUR',
    });
    expect(orderListQuery({ ...NO_FILTERS, pnr: '   ' }, null)).not.toHaveProperty('pnr');
  });

  it('walks keyset pages forward and back to the first one', () => {
    let paging = firstPage();
    expect(currentCursor(paging)).toBeNull();
    expect(pageNumber(paging)).toBe(1);
    paging = nextPage(paging, 'c2');
    paging = nextPage(paging, 'c3');
    expect([currentCursor(paging), pageNumber(paging)]).toEqual(['c3', 3]);
    paging = previousPage(previousPage(paging));
    expect([currentCursor(paging), pageNumber(paging)]).toEqual([null, 1]);
    expect(previousPage(paging)).toBe(paging);
  });
});
