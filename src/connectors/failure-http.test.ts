import { describe, expect, it } from 'vitest';
import { failure, type FailureKind } from './connector-failure.js';
import { failureToHttp, OFFER_GONE, type FailureContext } from './failure-http.js';

const KINDS: FailureKind[] = [
  'refused',
  'not_found',
  'not_available',
  'timeout',
  'unavailable',
  'bad_response',
  'not_configured',
  'cancelled',
];
const answer = (kind: FailureKind, context: FailureContext) => {
  const e = failureToHttp(failure(kind, `[${kind}] the airline's text`), context);
  return `${e.status} ${e.code} ${e.message}`;
};

describe('failureToHttp: the one airline-failure mapping', () => {
  it('an offer the airline no longer has is the contract 404; an order it cannot find is its own 502', () => {
    expect(answer('not_found', 'offer')).toBe(`404 offer_not_available ${OFFER_GONE}`);
    expect(answer('not_found', 'order')).toBe("502 airline_error [not_found] the airline's text");
  });

  it('an extra the airline will not price is 422 extra_not_priced with its text', () => {
    for (const kind of ['not_available', 'refused', 'not_found'] as const)
      expect(answer(kind, 'extra')).toBe(`422 extra_not_priced [${kind}] the airline's text`);
  });

  it("everything else is a 502 carrying the carrier's own text, its code naming the kind of failure", () => {
    const codes: Partial<Record<FailureKind, string>> = {
      refused: 'airline_refused',
      not_available: 'airline_error',
      timeout: 'airline_timeout',
      unavailable: 'airline_unavailable',
      bad_response: 'airline_unavailable',
      cancelled: 'airline_unavailable',
      not_configured: 'airline_not_configured',
    };
    for (const context of ['offer', 'order', 'extra'] as const)
      for (const kind of KINDS) {
        if (kind === 'not_found' && context !== 'extra') continue;
        if (context === 'extra' && ['not_available', 'refused', 'not_found'].includes(kind)) continue;
        expect(answer(kind, context), `${kind} on ${context}`).toBe(`502 ${codes[kind]} [${kind}] the airline's text`);
      }
  });
});
