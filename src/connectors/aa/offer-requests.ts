import type { AaOfferRef } from './aa-offer-ref.js';
import { paxList, paxListXml } from './aa-passengers.js';
import { distributionChain, type Seller } from './air-shopping-request.js';
import { buildMessage, type XmlNode } from './ndc-xml.js';

/**
 * IATA_OfferPriceRQ for one or more offers of one shopping answer. The passenger list is rebuilt
 * from the counts carried in the offer id; every selected item names its passengers.
 */
export function offerPriceRequest(refs: AaOfferRef[], seller: Seller): string {
  const pax = paxList(refs[0]!.passengers);
  return buildMessage('IATA_OfferPriceRQ', {
    DistributionChain: distributionChain(seller),
    Request: {
      DataLists: { PaxList: paxListXml(pax) },
      PricedOffer: {
        SelectedOfferList: {
          SelectedOffer: refs.map((ref) => ({
            OfferRefID: ref.offerId,
            OwnerCode: ref.owner,
            SelectedOfferItem: ref.items.map((item) => ({
              OfferItemRefID: item.id,
              PaxRefID: item.pax.length > 0 ? item.pax : pax.map((p) => p.id),
            })) as XmlNode[],
          })),
        },
      },
    },
  });
}

export type SeatSubjectRef = { kind: 'offer'; ref: AaOfferRef } | { kind: 'order'; orderId: string; owner: string };

/** IATA_SeatAvailabilityRQ for an offer (before booking) or an order (after). */
export function seatAvailabilityRequest(subject: SeatSubjectRef, seller: Seller): string {
  const core =
    subject.kind === 'offer'
      ? { OfferRequest: { Offer: { OfferID: subject.ref.offerId, OwnerCode: subject.ref.owner } } }
      : { OrderRequest: { Order: { OrderID: subject.orderId, OwnerCode: subject.owner } } };
  const pax = subject.kind === 'offer' ? paxList(subject.ref.passengers) : [];
  return buildMessage('IATA_SeatAvailabilityRQ', {
    DistributionChain: distributionChain(seller),
    Request: {
      Pax: pax.length > 0 ? (pax.map((p) => ({ PaxID: p.id, PTC: p.ptc })) as XmlNode[]) : undefined,
      SeatAvailCoreRequest: core,
    },
  });
}

/** IATA_ServiceListRQ: the ancillaries an airline sells with an offer. */
export function serviceListRequest(ref: AaOfferRef, seller: Seller): string {
  return buildMessage('IATA_ServiceListRQ', {
    DistributionChain: distributionChain(seller),
    Request: {
      Pax: paxList(ref.passengers).map((p) => ({ PaxID: p.id, PTC: p.ptc })) as XmlNode[],
      ServiceListCoreRequest: { OfferRequest: { Offer: { OfferID: ref.offerId, OwnerCode: ref.owner } } },
    },
  });
}
