// A cancellation's penalty the way VS's 21.3 answers carry it (profile.wire.cancelPenalty
// 'penaltyList'; ../shared/ndc/samples-21.3/orderreshop/OC_NonRFC_OrderReshopCancelRS.xml and
// orderchange/OC_NonRFC_OrderChangeCancelRS.xml): one DataLists/PenaltyList/Penalty (DescText,
// PenaltyID, Price/TotalAmount, TypeCode Cancellation), named by the PenaltyRefID of the refund
// differential's fare detail, whose DueByAirlineAmount is what comes back. A refund without a
// penalty (OC_RFC_*) names none. The quote (reshop-builder.ts) and the order view after it
// (refund-differential.ts) both say it so.

import type { AirlineWire } from '../airline-profile.js';
import { amount } from '../messages/offer-xml-builder.js';
import { el, many, type XmlNode } from '../wire/xml-builder.js';

export type PenaltyListWire = Extract<AirlineWire['cancelPenalty'], { shape: 'penaltyList' }>;

/** The PenaltyList of DataLists, or nothing when nothing is forfeited. */
export function penaltyList(wire: PenaltyListWire, penaltyCents: number, currency: string): XmlNode | null {
  if (penaltyCents <= 0) return null;
  return el('PenaltyList', [
    el('Penalty', [
      el('DescText', wire.text),
      el('PenaltyID', wire.id),
      el('Price', [amount('TotalAmount', penaltyCents, currency)]),
      el('TypeCode', 'Cancellation'),
    ]),
  ]);
}

/**
 * The DiffPrice of a refund: one fare detail for the passengers refunded, naming the penalty when
 * there is one, with what the airline pays back (DueByAirlineAmount) and the value given up (TotalAmount).
 */
export function refundDiffPrice(
  wire: PenaltyListWire,
  r: { paxIds: readonly string[]; refundCents: number; valueCents: number; penalised: boolean },
  currency: string,
): XmlNode {
  return el('DiffPrice', [
    el('FareDetail', [
      ...many('PaxRefID', [...r.paxIds]),
      r.penalised ? el('PenaltyRefID', wire.id) : null,
      el('Price', [amount('DueByAirlineAmount', r.refundCents, currency), amount('TotalAmount', -r.valueCents, currency)]),
    ]),
  ]);
}
