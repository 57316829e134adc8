import type { PassengerCounts } from '../connector-types.js';
import type { OfferPart } from './offer-ref.js';
import { paxList, paxListXml } from './passengers.js';
import { distributionChain, type Seller } from './seller.js';
import { buildMessage, type XmlNode } from './ndc-xml.js';

/**
 * IATA_OfferPriceRQ for one airline offer. The passenger list is rebuilt from the counts carried
 * in our offer id; every selected item names its passengers.
 */
export function offerPriceRequest(part: OfferPart, passengers: PassengerCounts, seller: Seller): string {
  const pax = paxList(passengers);
  return buildMessage('IATA_OfferPriceRQ', {
    DistributionChain: distributionChain(seller),
    Request: {
      DataLists: { PaxList: paxListXml(pax) },
      PricedOffer: {
        SelectedOfferList: {
          SelectedOffer: {
            OfferRefID: part.offerId,
            OwnerCode: part.owner,
            SelectedOfferItem: part.items.map((item) => ({
              OfferItemRefID: item.id,
              PaxRefID: item.pax.length > 0 ? item.pax : pax.map((p) => p.id),
            })) as XmlNode[],
          },
        },
      },
    },
  });
}

export type SeatSubjectRef =
  { kind: 'offer'; part: OfferPart; passengers: PassengerCounts } | { kind: 'order'; orderId: string; owner: string };

/** IATA_SeatAvailabilityRQ for an offer (before booking) or an order (after). */
export function seatAvailabilityRequest(subject: SeatSubjectRef, seller: Seller): string {
  const core =
    subject.kind === 'offer'
      ? { OfferRequest: { Offer: { OfferID: subject.part.offerId, OwnerCode: subject.part.owner } } }
      : { OrderRequest: { Order: { OrderID: subject.orderId, OwnerCode: subject.owner } } };
  const pax = subject.kind === 'offer' ? paxList(subject.passengers) : [];
  return buildMessage('IATA_SeatAvailabilityRQ', {
    DistributionChain: distributionChain(seller),
    Request: {
      Pax: pax.length > 0 ? (pax.map((p) => ({ PaxID: p.id, PTC: p.ptc })) as XmlNode[]) : undefined,
      SeatAvailCoreRequest: core,
    },
  });
}

/** IATA_ServiceListRQ: the ancillaries an airline sells with an offer. */
export function serviceListRequest(part: OfferPart, passengers: PassengerCounts, seller: Seller): string {
  return buildMessage('IATA_ServiceListRQ', {
    DistributionChain: distributionChain(seller),
    Request: {
      Pax: paxList(passengers).map((p) => ({ PaxID: p.id, PTC: p.ptc })) as XmlNode[],
      ServiceListCoreRequest: { OfferRequest: { Offer: { OfferID: part.offerId, OwnerCode: part.owner } } },
    },
  });
}
