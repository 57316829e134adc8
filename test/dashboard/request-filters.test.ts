import { describe, expect, it } from 'vitest';
import { nextPage, firstPage } from '../../dashboard/src/lib/order-filters.js';
import {
  NO_REQUEST_FILTERS,
  parseRequestListSearch,
  requestListQuery,
  requestListSearch,
} from '../../dashboard/src/lib/request-filters.js';

describe("the Logs screen's filters", () => {
  it('leaves empty filters out of the query', () => {
    expect(requestListQuery(NO_REQUEST_FILTERS, null)).toEqual({ limit: 50 });
  });

  it('sends every filter set, trimmed, the status class lower-cased, and the cursor', () => {
    const filters = {
      ...NO_REQUEST_FILTERS,
      status: ' 4XX ',
      method: 'POST' as const,
      path: ' /v1/orders ',
      requestId: 'req_1',
      environment: 'live' as const,
      since: '2026-11-27T10:00:00.000Z',
    };
    expect(requestListQuery(filters, 'CUR', 10)).toEqual({
      limit: 10,
      status: '4xx',
      method: 'POST',
      path: '/v1/orders',
      request_id: 'req_1',
      environment: 'live',
      since: '2026-11-27T10:00:00.000Z',
      cursor: 'CUR',
    });
  });

  it('round-trips through the URL with the cursors walked, and drops an unknown method or environment', () => {
    const filters = {
      ...NO_REQUEST_FILTERS,
      status: '5xx',
      method: 'GET' as const,
      errorCode: 'airline_error',
      environment: 'test' as const,
    };
    const paging = nextPage(firstPage(), 'C1');
    const search = requestListSearch(filters, paging);
    expect(parseRequestListSearch(search.slice(1))).toEqual({ filters, paging });
    expect(parseRequestListSearch('method=TRACE&environment=prod').filters).toEqual(NO_REQUEST_FILTERS);
    expect(requestListSearch(NO_REQUEST_FILTERS, firstPage())).toBe('');
  });
});
