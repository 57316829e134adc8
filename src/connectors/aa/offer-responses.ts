import type { AncillaryService, Offer, PassengerCounts, Seat, SeatMap, SearchQuery } from '../connector-types.js';
import { readDataLists } from './ndc-data-lists.js';
import { cabinOf, mapOffer, stableIdOf, type MappedOffer } from './ndc-offer-mapper.js';
import { wholeTripOffers } from './offer-combiner.js';
import { amount, list, node, text, texts, type Parsed } from './ndc-xml.js';

/**
 * Whole-trip offers of an AirShoppingRS; offers the mapper cannot make sense of are skipped, not
 * fatal. Per-slice offers are combined into whole trips (offer-combiner.ts).
 */
export function readShoppingOffers(root: Parsed, query: SearchQuery): Offer[] {
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  const mapped = list(node(response.OffersGroup).CarrierOffers)
    .flatMap((carrier) => list(carrier.Offer))
    .map((offer) => mapOffer(offer, lists, query.passengers))
    .filter((o): o is MappedOffer => o !== null);
  return wholeTripOffers(mapped, query.slices, query.passengers);
}

/** The priced offer of an OfferPriceRS, with the airline's warnings (a price change, say). */
export function readPricedOffer(root: Parsed, passengers: PassengerCounts): { mapped: MappedOffer; warnings: string[] } | null {
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  const mapped = mapOffer(node(response.PricedOffer), lists, passengers);
  const warnings = list(response.Warning)
    .map((w) => text(w.DescText) ?? text(w.Code))
    .filter((w): w is string => w !== null);
  return mapped ? { mapped, warnings } : null;
}

/** Seat maps of a SeatAvailabilityRS, seat prices resolved through the a-la-carte offer items. */
export function readSeatMaps(root: Parsed): SeatMap[] {
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  const prices = new Map<string, ReturnType<typeof amount>>();
  for (const offer of list(response.ALaCarteOffer)) {
    for (const item of list(offer.OfferItem)) {
      const id = text(item.OfferItemID);
      if (id) prices.set(id, amount(node(item.UnitPrice).TotalAmount));
    }
  }
  return list(response.SeatMap).map((map) => {
    const segmentId = stableIdOf(text(map.PaxSegmentRefID) ?? '', lists);
    const compartments = list(map.CabinCompartment);
    const columns = [...new Set(compartments.flatMap((c) => list(c.SeatColumn).map((col) => text(col.ColumnID) ?? '')))].filter(
      Boolean,
    );
    const seats: Seat[] = compartments.flatMap((c) =>
      list(c.SeatRow).flatMap((row) =>
        list(row.Seat).map((seat) => {
          const rowNumber = Number(text(seat.RowNumber) ?? text(row.RowNumber));
          const column = text(seat.ColumnID) ?? '';
          const itemRef = texts(seat.OfferItemRefID)[0];
          const status = text(seat.OccupationStatusCode);
          return {
            segmentId,
            designator: `${rowNumber}${column}`,
            row: rowNumber,
            column,
            // F is free in IATA's seat status codes; O occupied, Z not for sale, anything else unavailable.
            available: status === null ? itemRef !== undefined : status === 'F',
            characteristics: texts(seat.SeatCharacteristicCode),
            price: itemRef ? (prices.get(itemRef) ?? null) : null,
          };
        }),
      ),
    );
    return { segmentId, cabin: cabinOf(text(node(compartments[0]?.CabinType).CabinTypeCode)), columns, seats };
  });
}

/** Ancillary services of a ServiceListRS: each a-la-carte item with its definition. */
export function readServices(root: Parsed): AncillaryService[] {
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  return list(response.ALaCarteOffer).flatMap((offer) =>
    list(offer.OfferItem).map((item) => {
      const service = node(item.Service);
      const definition = lists.services.get(text(service.ServiceDefinitionRefID) ?? '') ?? {};
      const eligibility = node(item.Eligibility);
      const desc = list(definition.Desc)
        .map((d) => text(d.DescText))
        .filter(Boolean)
        .join(' ');
      return {
        serviceId: text(item.OfferItemID) ?? text(service.ServiceID) ?? '',
        code: text(definition.ServiceCode) ?? text(definition.RFISC),
        name: text(definition.Name) ?? text(service.ServiceDefinitionRefID) ?? 'service',
        description: desc || null,
        category: text(node(definition.AirlineTaxonomy).TaxonomyCode) ?? text(definition.RFIC),
        price: amount(node(item.UnitPrice).TotalAmount),
        segmentIds: texts(node(node(eligibility.OfferFlightAssociations).PaxSegmentReferences).PaxSegmentRefID).map((id) =>
          stableIdOf(id, lists),
        ),
        passengerIds: texts(eligibility.PaxRefID),
      };
    }),
  );
}
