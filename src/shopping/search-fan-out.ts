import type { Connector } from '../connectors/connector.js';
import type { ConnectorFailure } from '../connectors/connector-failure.js';
import type { Offer, SearchQuery } from '../connectors/connector-types.js';

export interface ConnectorOutcome {
  airline: string;
  status: 'answered' | 'timed_out' | 'failed';
  /** What the airline answered; null when it does not fly the route (or did not answer). */
  offers: Offer[] | null;
  durationMs: number;
  failure: ConnectorFailure | null;
}

/**
 * Calls every connector at once and reports each as it finishes. The aggregator time-out bounds
 * the whole search: a connector still busy then is reported `timed_out` and its call is aborted,
 * as is every call when the caller goes away (`signal`).
 */
export async function fanOut(
  connectors: readonly Connector[],
  query: SearchQuery,
  options: {
    environment: 'test' | 'live';
    signal: AbortSignal;
    timeoutMs: number;
    /** Offers a connector hands out before its answer is complete (CallContext.onOffers). */
    onEarlyOffers?: (airline: string, offers: Offer[]) => void;
  },
  onOutcome?: (outcome: ConnectorOutcome) => void,
): Promise<ConnectorOutcome[]> {
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, options.signal]);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  const started = performance.now();
  let settled = 0;
  try {
    return await Promise.all(
      connectors.map(async (connector) => {
        const early = options.onEarlyOffers;
        const call = connector.search(query, {
          environment: options.environment,
          signal,
          ...(early && { onOffers: (offers: Offer[]) => early(connector.code, offers) }),
        });
        const result = await Promise.race([call, deadline]);
        const durationMs = Math.round(performance.now() - started);
        let outcome: ConnectorOutcome;
        if (result === 'timeout') {
          outcome = { airline: connector.code, status: 'timed_out', offers: null, durationMs, failure: null };
        } else if (result.ok) {
          outcome = { airline: connector.code, status: 'answered', offers: result.value, durationMs, failure: null };
        } else {
          const timedOut = result.failure.kind === 'timeout';
          outcome = {
            airline: connector.code,
            status: timedOut ? 'timed_out' : 'failed',
            offers: null,
            durationMs,
            failure: result.failure,
          };
        }
        if (result !== 'timeout') settled++;
        onOutcome?.(outcome);
        return outcome;
      }),
    );
  } finally {
    clearTimeout(timer);
    // Whatever is still in flight (timed out) is of no use any more. When every call came back
    // there is nothing to cancel, and the abort (an exception object, a walk over listeners) is skipped.
    if (settled < connectors.length) stop.abort();
  }
}
