// The amount a request pays through PaymentFunctions, in cents, or null when it pays nothing.

import { list, text, type XmlObject } from '../ndc-request-parser.js';

export function paidAmountCents(request: XmlObject | undefined): number | null {
  const details = list(request, 'PaymentFunctions').flatMap((f) => list(f, 'PaymentProcessingDetails'));
  if (details.length === 0) return null;
  return details.reduce((sum, d) => sum + Math.round(Number(text(d, 'Amount') ?? '0') * 100), 0);
}
