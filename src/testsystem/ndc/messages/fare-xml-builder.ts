// The fare half of NDC DataLists: baggage allowances, change and cancellation penalties, and the
// airline's price classes with their codes and descriptions, for the offers in one answer.

import type { AirlineProfile } from '../airline-profile.js';
import { formatAmount } from '../fares/fare-pricing.js';
import type { StoredOffer } from '../offers/offer-store.js';
import { checkedBags, type ResponseIds } from './offer-xml-builder.js';
import { el, type XmlNode } from '../wire/xml-builder.js';

export function baggageAllowanceList(profile: AirlineProfile, offers: readonly StoredOffer[]): XmlNode {
  const { texts } = profile;
  const counts = [...new Set(offers.map(checkedBags))].sort();
  return el('BaggageAllowanceList', [
    ...counts.map((n) =>
      el('BaggageAllowance', [
        el('BaggageAllowanceID', `BAG${n}`),
        el('DescText', texts.checkedBags(n)),
        el('PieceAllowance', [el('TotalQty', n)]),
        el('TypeCode', 'Checked'),
      ]),
    ),
    el('BaggageAllowance', [
      el('BaggageAllowanceID', 'CARRYON'),
      el('DescText', texts.carryOn.text),
      el('PieceAllowance', [el('TotalQty', texts.carryOn.pieces)]),
      el('TypeCode', 'CarryOn'),
    ]),
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
