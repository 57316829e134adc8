import { describe, expect, it } from 'vitest';
import { operatedByText, sourceText } from '../../dashboard/src/lib/carriers.js';

describe('who sold a booking and who flies it, in words', () => {
  it('names an aggregator as "via" and an airline that sold its own fare as direct', () => {
    expect(sourceText('BA', 'DUFFEL')).toBe('via Duffel');
    expect(sourceText('AA', 'AA')).toBe('direct from AA');
    // A source the dashboard has no name for is shown by its code.
    expect(sourceText('LH', 'NEWAGG')).toBe('via NEWAGG');
  });

  it('says "operated by" only when another airline flies the flight, with its name where the airline gives one', () => {
    const flown = { marketing_carrier: 'IB', operating_carrier: 'BA', operating_carrier_name: 'British Airways' };
    expect(operatedByText(flown)).toBe('operated by British Airways (BA)');
    expect(operatedByText({ ...flown, operating_carrier_name: null })).toBe('operated by BA');
    expect(operatedByText({ ...flown, marketing_carrier: 'BA' })).toBe('');
  });
});
