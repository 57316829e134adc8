import { describe, expect, it } from 'vitest';
import {
  bagsText,
  conditionText,
  localTime,
  passengerBody,
  passengerDrafts,
  stopsText,
} from '../../dashboard/src/lib/booking.js';

describe("the Book screen's small logic", () => {
  it('makes one passenger form per traveller, adults then children then infants', () => {
    expect(passengerDrafts({ adults: 2, children: 1, infants: 1 }).map((p) => p.type)).toEqual([
      'adult',
      'adult',
      'child',
      'infant',
    ]);
  });

  it('sends names trimmed and leaves an unchosen gender out', () => {
    const draft = {
      type: 'adult' as const,
      given_name: ' Zoë ',
      family_name: ' Ångström',
      born_on: '1988-04-02',
      gender: '' as const,
    };
    expect(passengerBody(draft)).toEqual({ type: 'adult', given_name: 'Zoë', family_name: 'Ångström', born_on: '1988-04-02' });
    expect(passengerBody({ ...draft, gender: 'x' })).toMatchObject({ gender: 'x' });
  });

  it('names the stops of a slice and the local times as published', () => {
    expect(stopsText([{ destination: 'LAX' }])).toBe('Non-stop');
    expect(stopsText([{ destination: 'DFW' }, { destination: 'LAX' }])).toBe('1 stop (DFW)');
    expect(stopsText([{ destination: 'ORD' }, { destination: 'DEN' }, { destination: 'LAX' }])).toBe('2 stops (ORD, DEN)');
    expect(localTime('2026-12-12T08:30:00')).toBe('08:30');
  });

  it('says a condition in a few words, and bags by count or description', () => {
    expect(conditionText(null)).toBe('not published');
    expect(conditionText({ allowed: false, fee_amount: null, fee_currency: null })).toBe('not allowed');
    expect(conditionText({ allowed: true, fee_amount: 0, fee_currency: 'USD' })).toBe('free');
    expect(conditionText({ allowed: true, fee_amount: 75, fee_currency: 'USD' })).toBe('fee 75.00 USD');
    expect(conditionText({ allowed: true, fee_amount: null, fee_currency: null })).toBe('allowed');
    expect(bagsText({ checked_bags: 1, carry_on_bags: 1, description: null })).toBe('1 checked, 1 carry-on');
    expect(bagsText({ checked_bags: null, carry_on_bags: null, description: '23 kg' })).toBe('23 kg');
  });
});
