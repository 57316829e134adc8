// The fare half of NDC DataLists: baggage allowances, change and cancellation penalties, and the
// airline's price classes with their codes and descriptions, for the offers in one answer.

import type { AirlineProfile } from '../airline-profile.js';
import { formatAmount } from '../fares/fare-pricing.js';
import { kilogramsToPounds } from '../fares/price-class.js';
import type { StoredOffer } from '../offers/offer-store.js';
import { bagId, carryOnId, checkedBags, type ResponseIds } from './offer-xml-builder.js';
import { el, type XmlNode } from '../wire/xml-builder.js';

/** Weight per piece in both units airlines publish (21.3 WeightUnitCode KGM and LBR). */
const weights = (kg: number | undefined): XmlNode[] =>
  kg === undefined
    ? []
    : [
        el('WeightAllowance', [el('MaximumWeightMeasure', kg), el('WeightUnitOfMeasurement', 'KGM')]),
        el('WeightAllowance', [el('MaximumWeightMeasure', kilogramsToPounds(kg)), el('WeightUnitOfMeasurement', 'LBR')]),
      ];

export function baggageAllowanceList(profile: AirlineProfile, offers: readonly StoredOffer[]): XmlNode {
  const { texts } = profile;
  const allowances = new Map(offers.map(checkedBags).map((bags) => [bagId(bags), bags]));
  // Hand baggage by brand: VS's Upper takes two 12 kg bags, its other brands one of 10 kg (samples' CAB1, CAB3).
  const carryOns = new Map(
    offers.map((o) => texts.carryOn(o.journey.priceClass)).map((bags) => [carryOnId(bags), bags] as const),
  );
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  return el('BaggageAllowanceList', [
    ...sorted(allowances).map(([id, { pieces, kg }]) =>
      el('BaggageAllowance', [
        el('BaggageAllowanceID', id),
        el('DescText', texts.checkedBags(pieces, kg)),
        el('PieceAllowance', [el('TotalQty', pieces)]),
        el('TypeCode', 'Checked'),
        ...(pieces === 0 ? [] : weights(kg)),
      ]),
    ),
    ...sorted(carryOns).map(([id, { text, pieces, kg }]) =>
      el('BaggageAllowance', [
        el('BaggageAllowanceID', id),
        el('DescText', text),
        el('PieceAllowance', [el('TotalQty', pieces)]),
        el('TypeCode', 'CarryOn'),
        ...weights(kg),
      ]),
    ),
  ]);
}

export function penaltyList(profile: AirlineProfile, offers: readonly StoredOffer[]): XmlNode {
  // One penalty per price class; a response is filed in one currency (its point of commencement).
  const defs = new Map(offers.map((o) => [o.journey.priceClass.id, { def: o.journey.priceClass, currency: o.journey.currency }]));
  const nodes: XmlNode[] = [];
  for (const { def, currency } of defs.values()) {
    const change = profile.fares.changeFee(def, currency);
    const cancel = profile.fares.cancelFee ? profile.fares.cancelFee(def, currency) : def.refundable ? 0 : null;
    nodes.push(
      el('Penalty', [
        el('DescText', profile.texts.changePenalty(def)),
        el('PenaltyID', `PEN_CHG_${def.id}`),
        el('Price', [el('TotalAmount', formatAmount(change ?? 0, currency), { CurCode: currency })]),
        el('TypeCode', 'Change'),
      ]),
      el('Penalty', [
        el('DescText', profile.texts.cancelPenalty(def)),
        el('PenaltyID', `PEN_CXL_${def.id}`),
        // The fee a refund keeps; none where the fare is not refunded: what is lost is the fare or its cash (credit).
        el('Price', [el('TotalAmount', formatAmount(cancel ?? 0, currency), { CurCode: currency })]),
        el('TypeCode', 'Cancellation'),
      ]),
    );
  }
  return el('PenaltyList', nodes);
}

export function priceClassList(ids: ResponseIds): XmlNode {
  return el(
    'PriceClassList',
    [...ids.priceClasses.entries()].map(([id, { def, code }]) =>
      el('PriceClass', [
        code === null ? null : el('Code', code),
        ...def.descriptions.map((d) => el('Desc', [el('DescText', d)])),
        el('DisplayOrderText', def.displayOrder),
        el('Name', def.name),
        el('PriceClassID', id),
      ]),
    ),
  );
}
