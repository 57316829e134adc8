import { describe, expect, it } from 'vitest';
import { changeTermText, orderControls, refundTermText } from '../../dashboard/src/lib/fare-terms.js';

const money = (amount: number, currency: string | null) => `${amount.toFixed(2)} ${currency ?? ''}`.trim();

describe('the order page never says "not allowed" beside an action it offers', () => {
  it('offers each control only when the gateway lists the action as possible now', () => {
    expect(orderControls(['pay', 'cancel', 'seats', 'add_services'])).toEqual({
      cancel: true,
      refund: false,
      seats: true,
      services: true,
      partialCancel: true,
    });
    // A departed or cancelled order: nothing offered, whatever its status.
    expect(orderControls([])).toEqual({ cancel: false, refund: false, seats: false, services: false, partialCancel: false });
    expect(orderControls(['refund'])).toMatchObject({ refund: true, cancel: false, partialCancel: false });
  });

  it('speaks of changing flights, not of changes in general: a Basic fare still adds seats and bags', () => {
    const basic = { allowed: false, fee_amount: null, fee_currency: null, fare_difference_applies: null };
    expect(changeTermText(basic, money)).toBe('flights cannot be changed on this fare');
    expect(
      changeTermText({ ...basic, allowed: true, fee_amount: 75, fee_currency: 'USD', fare_difference_applies: true }, money),
    ).toBe('flights can be changed; fee 75.00 USD; fare difference applies');
    expect(changeTermText({ ...basic, allowed: true, fee_amount: 0 }, money)).toBe('flights can be changed; no fee');
    expect(changeTermText(null, money)).toBe('not published');
  });

  it('speaks of the money back on cancellation, which any fare allows', () => {
    const term = { allowed: false, fee_amount: null, fee_currency: null, method: 'credit' };
    expect(refundTermText(term, money)).toBe('no refund on this fare; kept as a trip credit');
    expect(refundTermText({ ...term, method: 'none' }, money)).toBe('no refund on this fare; nothing back');
    expect(refundTermText({ ...term, allowed: true, fee_amount: 0, method: 'original_form_of_payment' }, money)).toBe(
      'refunded; no fee; back to the form of payment',
    );
    for (const text of [refundTermText(term, money), changeTermText({ ...term, fare_difference_applies: null }, money)])
      expect(text).not.toMatch(/not allowed/);
  });
});
