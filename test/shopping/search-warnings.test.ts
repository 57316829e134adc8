import { describe, expect, it } from 'vitest';
import { withWarnings } from '../../src/shopping/search-warnings.js';
import type { UnknownAirportWarning } from '../../src/shopping/search-schemas.js';

const airport: UnknownAirportWarning = {
  code: 'unknown_airport',
  message: 'destination: no data set knows the airport code QQX; check the code',
  field: 'destination',
  airport: 'QQX',
};

describe('withWarnings: the airport warnings of now added to a stored answer', () => {
  it('adds a warnings field to an answer that has none', () => {
    const stored = JSON.stringify({ search_id: 'srch_1', offers: null, connectors: [{ source: 'AA', status: 'ok' }] });
    expect(JSON.parse(withWarnings(Buffer.from(stored), [airport]).toString())).toEqual({
      ...JSON.parse(stored),
      warnings: [airport],
    });
  });

  it("puts them first in the airlines' own warnings (requested currency) when the answer has some", () => {
    const currency = {
      code: 'currency_not_honoured',
      message: 'm',
      source: 'AA',
      airline: 'AA',
      requested_currency: 'USD',
      currency: 'GBP',
    };
    // A connector's message may quote anything; only the field itself is where warnings go.
    const connectors = [{ source: 'AA', status: 'ok', message: 'said ,"warnings":[ in a string' }];
    const stored = JSON.stringify({ search_id: 'srch_1', offers: [], connectors, warnings: [currency] });
    const merged = JSON.parse(withWarnings(Buffer.from(stored), [airport]).toString());
    expect(merged.warnings).toEqual([airport, currency]);
    expect(merged.connectors).toEqual(connectors);
  });

  it('leaves an answer with nothing to add as the same bytes', () => {
    const bytes = Buffer.from('{"offers":null,"connectors":[]}');
    expect(withWarnings(bytes, [])).toBe(bytes);
  });
});
