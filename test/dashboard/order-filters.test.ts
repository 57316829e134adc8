import { describe, expect, it } from 'vitest';
import {
  currentCursor,
  firstPage,
  NO_FILTERS,
  nextPage,
  orderListQuery,
  orderListSearch,
  pageNumber,
  parseOrderListSearch,
  previousPage,
} from '../../dashboard/src/lib/order-filters.js';

describe("the Orders screen's filters and paging", () => {
  it('asks for test orders by default and leaves empty filters out', () => {
    expect(orderListQuery(NO_FILTERS, null)).toEqual({ environment: 'test', limit: 20 });
  });

  it('sends a typed PNR and airline trimmed and upper-cased, the status, the environment and the cursor', () => {
    expect(orderListQuery({ status: 'hold', pnr: ' abc123 ', airline: ' vs', environment: 'live' }, 'CUR', 5)).toEqual({
      environment: 'live',
      limit: 5,
      status: 'hold',
      pnr: 'ABC123',
      airline: 'VS',
      cursor: 'CUR',
    });
    expect(orderListQuery({ ...NO_FILTERS, pnr: '   ' }, null)).not.toHaveProperty('pnr');
    expect(orderListQuery({ ...NO_FILTERS, airline: 'V' }, null)).not.toHaveProperty('airline');
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

describe("the Orders screen's state in the URL", () => {
  it('leaves the defaults out: the first page of test orders is the bare path', () => {
    expect(orderListSearch(NO_FILTERS, firstPage())).toBe('');
    expect(parseOrderListSearch('')).toEqual({ filters: NO_FILTERS, paging: firstPage() });
  });

  it('round-trips the filters and every cursor walked, so a reload keeps the page and Previous', () => {
    const filters = { status: 'ticketed', pnr: ' ab12cd ', airline: 'aa', environment: 'live' } as const;
    const paging = nextPage(nextPage(firstPage(), 'c1=='), 'c2&x');
    const search = orderListSearch(filters, paging);
    expect(search).toBe('?status=ticketed&pnr=AB12CD&airline=AA&environment=live&cursor=c1%3D%3D&cursor=c2%26x');
    const parsed = parseOrderListSearch(search);
    expect(parsed.filters).toEqual({ status: 'ticketed', pnr: 'AB12CD', airline: 'AA', environment: 'live' });
    expect(pageNumber(parsed.paging)).toBe(3);
    expect(currentCursor(parsed.paging)).toBe('c2&x');
    expect(currentCursor(previousPage(parsed.paging))).toBe('c1==');
  });

  it('asks for orders with a trip credit only when the box is ticked, and keeps it in the URL', () => {
    expect(orderListQuery({ ...NO_FILTERS, hasCredit: true }, null)).toEqual({
      environment: 'test',
      limit: 20,
      has_credit: true,
    });
    expect(orderListQuery({ ...NO_FILTERS, hasCredit: false }, null)).not.toHaveProperty('has_credit');
    const search = orderListSearch({ ...NO_FILTERS, hasCredit: true }, firstPage());
    expect(search).toBe('?has_credit=true');
    expect(parseOrderListSearch(search).filters).toEqual({ ...NO_FILTERS, hasCredit: true });
    expect(parseOrderListSearch('?has_credit=yes').filters).not.toHaveProperty('hasCredit');
  });

  it('searches by a passenger last name, trimmed, and keeps it in the URL', () => {
    const filters = { ...NO_FILTERS, passengerName: '  Dupré ' };
    expect(orderListQuery(filters, null)).toMatchObject({ passenger_name: 'Dupré' });
    expect(orderListQuery({ ...NO_FILTERS, passengerName: '   ' }, null)).not.toHaveProperty('passenger_name');
    const search = orderListSearch(filters, firstPage());
    expect(parseOrderListSearch(search.slice(1)).filters.passengerName).toBe('Dupré');
  });

  it('drops what the API would refuse from a hand-edited link', () => {
    expect(parseOrderListSearch('?status=lost&environment=prod&pnr=abcdefgh&airline=V$S&cursor=').filters).toEqual({
      status: '',
      pnr: 'ABCDEF',
      airline: '',
      environment: 'test',
    });
    expect(pageNumber(parseOrderListSearch('?cursor=').paging)).toBe(1);
  });
});
