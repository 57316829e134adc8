import type { ErrorCodeEntry } from './entry.js';
import { AIRLINE_CALLS, AVIATION, ORDER_WRITES } from './operation-groups.js';

/** The catalogue's codes at 500, 502 and 503: the gateway, the airline, or a dependency failed. */
export const FAULT_ERRORS = {
  // 500: a fault of the gateway; logged with the request id.
  internal_error: {
    status: 500,
    meaning: 'Something failed inside the gateway; quote `request_id` to support.',
    operations: ['*'],
  },

  // 502: the airline.
  airline_error: {
    status: 502,
    meaning: "The airline answered with an error; the message carries the airline's own text.",
    operations: AIRLINE_CALLS,
  },
  airline_refused: { status: 502, meaning: 'The airline refused the request (do not retry as is).', operations: AIRLINE_CALLS },
  airline_unavailable: {
    status: [502, 503],
    meaning:
      '502: the airline is down or answered something unreadable (retry later); 503: an order named in a notification could not be re-read (send it again later).',
    operations: [...AIRLINE_CALLS, 'airline-signature'],
  },
  airline_timeout: {
    status: 502,
    meaning: 'The airline did not answer within the time budget.',
    operations: AIRLINE_CALLS,
  },
  airline_not_configured: {
    status: 502,
    meaning:
      'The airline is not set up for this environment on this gateway: for live keys its `*_LIVE_URL` or token, for test keys a test system (no `<CODE>_TEST_URL` with `IN_PROCESS_TEST_SYSTEMS=false`).',
    fix: "Retrying does not help until the gateway's operator sets it up: the message names the setting (`AA_LIVE_URL`, `DUFFEL_ACCESS_TOKEN`, `AA_TEST_URL`). Meanwhile use a key of the other environment if it has one.",
    operations: [...AIRLINE_CALLS, 'searchOffers', 'searchDashboardOffers'],
  },
  all_airlines_failed: {
    status: 502,
    meaning: 'Every airline connection failed: a genuine carrier or connectivity failure; retry later.',
    operations: ['searchOffers', 'searchDashboardOffers'],
  },

  // 503: a dependency or a feature is not available now.
  coming_soon: {
    status: 503,
    meaning:
      'Order writes are switched off for this environment; `reason` (`coming_soon`), `message` and `docs_url` say so, `Retry-After: 3600`.',
    operations: ORDER_WRITES,
  },
  unavailable: {
    status: 503,
    meaning: 'The booking could not reach the airline in time; nothing was booked, retry.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  database_unavailable: {
    status: 503,
    meaning: 'The database is unavailable; `Retry-After` says when to retry.',
    operations: ['*'],
  },
  cache_unavailable: {
    status: 503,
    meaning: 'A shared cache (Redis) this request needs is unavailable; `Retry-After` says when to retry.',
    operations: ['*'],
  },
  storage_unavailable: {
    status: 503,
    meaning: 'Storage is full or failing, so nothing was written; `Retry-After` says when to retry.',
    operations: ['*'],
  },
  aviation_data_unavailable: {
    status: 503,
    meaning: 'No aviation data sync has succeeded yet, or its local file cannot be read.',
    operations: AVIATION,
  },
  dashboard_not_built: {
    status: 503,
    meaning: 'The dashboard is not built on this gateway (`npm run dashboard:build`).',
    operations: ['GET /dashboard', 'GET /dashboard/*'],
  },
} as const satisfies Record<string, ErrorCodeEntry>;
