// VS's tax lines (tax-lines.ts) as the core itemises them: the journey's segments, passenger type and
// currency in; each line with the country levying it (none for VS's own YQ/YR, which stay with the
// fare when a ticket refunds the taxes only) out.

import { fromUsdCents } from '../../ndc/fares/fare-currency.js';
import type { TaxInput, TaxLine } from '../../ndc/fares/tax-line.js';
import { vsTaxLines } from './tax-lines.js';

/** The country of each code VS itemises; VS's carrier surcharges have none. */
const COUNTRY_OF_CODE: Readonly<Record<string, string>> = {
  GB: 'GB',
  UB: 'GB',
  US: 'US',
  XA: 'US',
  XY: 'US',
  YC: 'US',
  AY: 'US',
  XF: 'US',
  EV: 'ZA',
  UM: 'ZA',
  WC: 'ZA',
  ZA: 'ZA',
  IN: 'IN',
  P2: 'IN',
  YM: 'IN',
};

export function vsTaxes(input: TaxInput): TaxLine[] {
  const segments = input.segments.map((s) => ({
    origin: s.flight.pattern.origin,
    destination: s.flight.pattern.destination,
    cabin: s.cabin,
    date: s.flight.date,
  }));
  // VS files in GBP or USD; a currency set by the control switch is reached through USD.
  const sale = input.currency === 'GBP' ? 'GBP' : 'USD';
  return vsTaxLines(segments, input.ptc, sale).map((row) => {
    const country = COUNTRY_OF_CODE[row.code] ?? null;
    return {
      code: row.code,
      name: row.name,
      cents: sale === input.currency ? row.amount : fromUsdCents(row.amount, input.currency),
      country,
      filed: null,
      // VS's own surcharges (YQ, YR) are part of the fare it keeps: a fare that refunds the taxes
      // only (Economy Light) returns the government taxes and airport charges, not these.
      ...(country === null ? { keptWithFare: true as const } : {}),
    };
  });
}
