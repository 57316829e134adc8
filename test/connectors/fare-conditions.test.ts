// Fare conditions read from NDC 21.3 penalty and fare-rule data into the offer JSON: VS's published
// answers (restrictions per fare component, fees per journey stage), and the wordings airlines use
// where the indicators alone do not say what a cancellation gives back.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../src/connectors/connector-types.js';
import { readChange, readRefund } from '../../src/connectors/ndc/fare-conditions.js';
import { parseXml, type Parsed } from '../../src/connectors/ndc/ndc-xml.js';
import { readShoppingAnswer } from '../../src/connectors/ndc/offer-responses.js';
import { VS_PROFILE } from '../../src/connectors/vs/vs-profile.js';
import { conditionsJson } from '../../src/shopping/conditions-view.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../helpers/upstream.js';

function vsSampleConditions(file: string, query: SearchQuery) {
  needsUpstream('ndc-samples');
  const xml = fs.readFileSync(path.join(NDC_SAMPLES_DIR, 'airshopping', file), 'utf8');
  const answer = readShoppingAnswer(query, VS_PROFILE);
  const offers = answer.offers(parseXml(xml, answer.options).IATA_AirShoppingRS as Parsed);
  expect(offers.length).toBeGreaterThan(0);
  return offers.map((o) => ({ brand: o.fareBrand, conditions: conditionsJson(o) }));
}

const passengers = { adults: 2, children: 1, infants: 0 };
const gbp = (amount: number) => ({ fee_amount: amount, fee_currency: 'GBP' });

describe("VS's published AirShoppingRS", () => {
  it("a return LHR-MBJ: the change fee per fare component, per slice; the trip once per passenger, the highest slice's (not added up); no cancellation", () => {
    const offers = vsSampleConditions('shop_by_specific_date_return_journey_RS.xml', {
      slices: [
        { origin: 'LHR', destination: 'MBJ', departureDate: '2023-06-08' },
        { origin: 'MBJ', destination: 'LHR', departureDate: '2023-06-15' },
      ],
      passengers,
      cabin: null,
      maxConnections: null,
    });
    const classic = offers.find((o) => o.brand === 'Economy Classic')!.conditions;
    expect(classic.by_slice).toEqual([
      {
        origin: 'LHR',
        destination: 'MBJ',
        change: { allowed: true, ...gbp(50), fare_difference_applies: null },
        refund: { allowed: false, fee_amount: null, fee_currency: null, method: 'none' },
      },
      {
        origin: 'MBJ',
        destination: 'LHR',
        change: { allowed: true, ...gbp(50), fare_difference_applies: null },
        refund: { allowed: false, fee_amount: null, fee_currency: null, method: 'none' },
      },
    ]);
    expect(classic.change).toEqual({ allowed: true, ...gbp(50), fare_difference_applies: null });
    expect(classic.refund).toEqual({ allowed: false, fee_amount: null, fee_currency: null, method: 'none' });
    // The sample's passengers (adults, a child, an infant) each have their fare's conditions.
    expect(classic.by_passenger_type.map((p) => p.type)).toEqual(expect.arrayContaining(['adult', 'child']));
    for (const p of classic.by_passenger_type) expect([p.change?.fee_amount, p.refund?.method]).toEqual([50, 'none']);

    // A flexible fare of the same answer: free changes are a fee of 0, not unknown; refunded in full.
    const free = offers.find((o) => o.conditions.change?.fee_amount === 0)!.conditions;
    expect(free.change).toEqual({ allowed: true, ...gbp(0), fare_difference_applies: null });
    expect(free.refund).toEqual({ allowed: true, ...gbp(0), method: 'original_form_of_payment' });
  });

  it('flexible fares LHR-JNB: change and cancel allowed before departure for GBP 0.00', () => {
    const offers = vsSampleConditions('shop_for_flexible_fares_RS.xml', {
      slices: [{ origin: 'LHR', destination: 'JNB', departureDate: '2025-06-08' }],
      passengers,
      cabin: null,
      maxConnections: null,
    });
    for (const { conditions } of offers.filter((o) => o.conditions.by_slice.length === 1)) {
      expect(conditions.change).toMatchObject({ allowed: true, fee_amount: 0 });
      expect(conditions.refund).toMatchObject({ allowed: true, fee_amount: 0, method: 'original_form_of_payment' });
    }
  });
});

const restrictions = (xml: string) => {
  const root = parseXml(`<R>${xml}</R>`).R as Parsed;
  return root.X === undefined ? [] : ([root.X].flat() as Parsed[]);
};
const penalty = (type: string, text: string, amount = '0.00') =>
  restrictions(
    `<X><DescText>${text}</DescText><PenaltyID>P</PenaltyID><Price><TotalAmount CurCode="USD">${amount}</TotalAmount></Price><TypeCode>${type}</TypeCode></X>`,
  );

describe('what an airline publishes, read', () => {
  it('nothing published is unknown (null), not "not allowed"', () => {
    expect(readChange([], [])).toBeNull();
    expect(readRefund([], [])).toBeNull();
  });

  it('a change allowed without a fee anywhere has an unknown fee; a penalty of 0.00 makes it free', () => {
    const allowed = restrictions('<X><AllowedModificationInd>true</AllowedModificationInd></X>');
    expect(readChange(allowed, [])).toEqual({ allowed: true, fee: null, fareDifferenceApplies: null });
    expect(readChange(allowed, penalty('Change', 'No change fee; fare difference applies'))).toEqual({
      allowed: true,
      fee: { amountMinor: 0, currency: 'USD' },
      fareDifferenceApplies: true,
    });
  });

  it('not refundable: a trip credit, the taxes only, or nothing, as the airline words it', () => {
    const notRefundable = restrictions(
      '<X><AllowedModificationInd>false</AllowedModificationInd><DescText>Non-refundable</DescText></X>',
    );
    const method = (words: string) => readRefund(notRefundable, penalty('Cancellation', words))?.method;
    expect(method('Non-refundable; the ticket value is kept as a trip credit')).toBe('credit');
    expect(method('Non-refundable; taxes refundable on request')).toBe('taxes_only');
    expect(readRefund(notRefundable, [])).toEqual({ allowed: false, fee: null, method: 'none' });
  });

  it('refundable less a fee: to the original form of payment, the fee from the restriction or the penalty', () => {
    const refundable = restrictions(
      '<X><AllowedModificationInd>true</AllowedModificationInd><Fee><Amount CurCode="GBP">250.00</Amount></Fee><JourneyStageCode>Prior To Departure</JourneyStageCode></X>',
    );
    expect(readRefund(refundable, [])).toEqual({
      allowed: true,
      fee: { amountMinor: 25000, currency: 'GBP' },
      method: 'original_form_of_payment',
    });
    const onlyPenalty = readRefund([], penalty('Cancellation', 'Adult Cancellation Penalty', '250.00'));
    expect(onlyPenalty).toEqual({
      allowed: true,
      fee: { amountMinor: 25000, currency: 'USD' },
      method: 'original_form_of_payment',
    });
  });
});
