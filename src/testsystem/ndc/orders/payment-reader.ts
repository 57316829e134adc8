// The amount a request pays through PaymentFunctions, in minor units of the currency each Amount
// names (CurCode, ISO 4217 digits: none for CLP, three for KWD), or null when it pays nothing.

import { parseMinor } from '../../../platform/money.js';
import { child, list, text, type XmlObject } from '../wire/ndc-request-parser.js';

export function paidAmountCents(request: XmlObject | undefined): number | null {
  const details = list(request, 'PaymentFunctions').flatMap((f) => list(f, 'PaymentProcessingDetails'));
  if (details.length === 0) return null;
  return details.reduce((sum, d) => {
    const currency = String(child(d, 'Amount')?.['@CurCode'] ?? 'USD');
    return sum + (parseMinor(text(d, 'Amount') ?? '0', currency) ?? Number.NaN);
  }, 0);
}
