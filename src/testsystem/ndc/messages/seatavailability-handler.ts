// SeatAvailability for a shopped or priced offer: one seat map per segment in the offer's cabin, with
// chargeable seats sold through an a-la-carte offer (one item per segment and price tier, and one for
// the seats free with the fare where the airline sells those as an item too; ids: profile.seatItems).

import type { MessageHandler } from './message-handler.js';
import { errorDocument } from '../wire/ndc-errors.js';
import { amount, cabinTypeNode, flightLists, paxList, paxSegmentList, ResponseIds } from './offer-xml-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { isErrorSpec, resolveTrip } from './trip-context.js';
import { buildSeatMap, seatCharge, type SeatTier } from '../fares/seat-map-builder.js';
import { OFFER_TTL_MS } from '../offers/shopping-service.js';
import { el, many, ndcDocument, type XmlNode, isoTimestamp } from '../wire/xml-builder.js';

function unitPrice(charge: ReturnType<typeof seatCharge>, currency: string): XmlNode {
  return el('UnitPrice', [
    amount('BaseAmount', charge.baseCents, currency),
    charge.taxCents > 0
      ? el('TaxSummary', [
          el('Tax', [
            amount('Amount', charge.taxCents, currency),
            el('Country', [el('CountryCode', 'US')]),
            el('TaxCode', 'US'),
            el('TaxName', 'US Transportation Tax'),
          ]),
          amount('TotalTaxAmount', charge.taxCents, currency),
        ])
      : null,
    amount('TotalAmount', charge.totalCents, currency),
  ]);
}

export const seatAvailabilityHandler: MessageHandler = {
  message: 'SeatAvailability',
  requestRoot: 'IATA_SeatAvailabilityRQ',
  responseRoot: 'IATA_SeatAvailabilityRS',
  route: () => undefined,
  handle(parsed, deps) {
    const { profile } = deps;
    const trip = resolveTrip(parsed, 'SeatAvailCoreRequest', deps);
    if (isErrorSpec(trip)) return { status: 200, body: errorDocument(this.responseRoot, [trip]) };
    const now = deps.clock.now();
    const ids = new ResponseIds(profile);
    const seated = trip.pax.filter((p) => p.ptc !== 'INF').map((p) => p.id);
    const saOfferId = profile.seatItems.offerId();
    const items: XmlNode[] = [];
    // null: the seat free with the fare, an item of its own where the airline sells it so (profile.seats.free).
    const tiersUsed = new Set<SeatTier | null>();
    const free = profile.seats.free;
    const maps: XmlNode[] = [];
    const party = {
      priceClassId: trip.priceClass.id,
      chargeStandard: !trip.priceClass.seatSelectionFree,
      withChildren: trip.pax.some((p) => p.ptc !== 'ADT'),
    };
    for (const segment of trip.segments) {
      const segId = ids.segment(segment.flight);
      const map = buildSeatMap(profile, { flight: segment.flight, cabinCode: segment.cabin, inventory: deps.inventory, party });
      if (!map) continue;
      const segmentNo = Number(segId.slice('SEG'.length));
      const itemId = (tier: SeatTier | null): string => profile.seatItems.itemId(saOfferId, { segment: segmentNo, tier });
      const tiers = [...new Set(map.rows.flatMap((r) => r.seats.map((s) => s.tier)).filter((t) => t !== null || free))];
      for (const tier of tiers) {
        tiersUsed.add(tier);
        items.push(
          el('OfferItem', [
            el('Eligibility', [
              el('OfferFlightAssociations', [el('PaxSegmentReferences', [el('PaxSegmentRefID', segId)])]),
              ...many('PaxRefID', seated),
            ]),
            el('OfferItemID', itemId(tier)),
            el('Service', [el('ServiceDefinitionRefID', `SEAT_${tier ?? 'FREE'}`), el('ServiceID', `${itemId(tier)}-SVC`)]),
            unitPrice(seatCharge(profile, tier, segment.flight, trip.currency), trip.currency),
          ]),
        );
      }
      maps.push(
        el('SeatMap', [
          el('CabinCompartment', [
            cabinTypeNode(profile, segment.flight, segment.cabin),
            el('DeckCode', 'Main'),
            el('FirstRowNumber', map.cabin.firstRow),
            el('LastRowNumber', map.cabin.lastRow),
            ...map.columns.map((c) => el('SeatColumn', [el('ColumnID', c.id), el('SeatCharacteristicCode', c.characteristic)])),
            ...map.rows.map((row) =>
              el('SeatRow', [
                row.exit ? el('RowCharacteristicCode', 'E') : null,
                row.bulkhead ? el('RowCharacteristicCode', 'K') : null,
                el('RowNumber', row.number),
                ...row.seats.map((seat) =>
                  el('Seat', [
                    el('ColumnID', seat.column),
                    // Z: not for sale to this party (IATA seat status), as an exit seat to a family.
                    el('OccupationStatusCode', seat.occupied ? 'O' : seat.restricted ? 'Z' : 'F'),
                    (seat.tier || free) && !seat.occupied && !seat.restricted ? el('OfferItemRefID', itemId(seat.tier)) : null,
                    el('RowNumber', seat.row),
                    ...many('SeatCharacteristicCode', seat.characteristics),
                  ]),
                ),
              ]),
            ),
          ]),
          el('PaxSegmentRefID', segId),
        ]),
      );
    }
    if (maps.length === 0)
      return {
        status: 200,
        body: errorDocument(this.responseRoot, [profile.errors.badRequest('No seat map available for this offer')]),
      };
    const body = ndcDocument(this.responseRoot, [
      el('Response', [
        items.length > 0
          ? el('ALaCarteOffer', [
              el('OfferExpirationTimeLimitDateTime', isoTimestamp(now + OFFER_TTL_MS)),
              el('OfferID', saOfferId),
              ...items,
              el('OwnerCode', profile.ownerCode),
            ])
          : null,
        el('DataLists', [
          ...flightLists(ids),
          paxList(trip.pax),
          paxSegmentList(ids),
          tiersUsed.size > 0
            ? el(
                'ServiceDefinitionList',
                [...tiersUsed].map((tier) => {
                  const product = tier === null ? free : profile.seats.products[tier];
                  return el('ServiceDefinition', [
                    el('Name', product?.name ?? tier ?? ''),
                    el('OwnerCode', profile.ownerCode),
                    el('RFIC', product?.rfic ?? 'A'),
                    el('RFISC', product?.rfisc ?? ''),
                    el('ServiceCode', product?.serviceCode ?? 'SEAT'),
                    el('ServiceDefinitionID', `SEAT_${tier ?? 'FREE'}`),
                  ]);
                }),
              )
            : null,
        ]),
        ...maps,
      ]),
      payloadAttributes(now),
    ]);
    return { status: 200, body };
  },
};
