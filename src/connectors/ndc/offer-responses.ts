import type { AncillaryService, Offer, PassengerCounts, Seat, SeatMap, SearchQuery } from '../connector-types.js';
import { readDataLists, type DataLists } from './ndc-data-lists.js';
import { cabinOf } from './ndc-cabins.js';
import { mapOffer, stableIdOf, type MappedOffer, type MapperDialect } from './ndc-offer-mapper.js';
import { wholeTripOffers } from './offer-combiner.js';
import { amount, list, node, text, texts, type Parsed } from './ndc-xml.js';
import type { ElementListener, ReadOptions } from './xml-reader.js';

/** Offers handed out before the rest of the answer is read (see readShoppingAnswer). */
export interface EarlyOffers {
  /** How many offers make the early batch. */
  size: number;
  emit(offers: Offer[]): void;
}

export interface ShoppingAnswer {
  /**
   * How to read the AirShoppingRS: whole, itemised taxes included (shopped offers show them where
   * the airline itemises); with `early`, each offer is mapped as soon as the reader has it, and no
   * tree of the whole answer is built.
   */
  options: ReadOptions;
  /** The whole-trip offers, once the reader is done with `root` (the IATA_AirShoppingRS). */
  offers(root: Parsed): Offer[];
}

/**
 * Whole-trip offers of an AirShoppingRS; offers the mapper cannot make sense of are skipped, not
 * fatal. Per-slice offers are combined into whole trips (offer-combiner.ts).
 *
 * Without `early` (nothing waits for the first offers: a plain search) the whole answer is read,
 * then mapped: mapping each offer while the reader is still at work cost the gateway more CPU
 * per answer (bench/results/2026-11-26.md, "offers read one by one"), for no gain.
 *
 * With `early`, a one-way search hands its first `early.size` offers out the moment they are
 * mapped, while the rest of the answer is still being read: a streamed search sends them at once.
 * They are final and come first in `offers()` too (the same objects, in the same order). Only when
 * nothing can change them: the answer's DataLists were read before any offer, it carries no
 * error, and it is one slice (a multi-slice answer may hold one-way offers per journey, which are
 * combined and sorted once every offer is in).
 * Offers are read under any CarrierOffers, in document order (21.3 answers have one OffersGroup).
 */
export function readShoppingAnswer(query: SearchQuery, airline: MapperDialect, early?: EarlyOffers): ShoppingAnswer {
  if (!early) {
    return {
      options: {},
      offers(root) {
        const response = node(root.Response);
        const lists = readDataLists(response.DataLists);
        const mapped = list(node(response.OffersGroup).CarrierOffers)
          .flatMap((carrier) => list(carrier.Offer))
          .map((offer) => mapOffer(offer, lists, query.passengers, airline))
          .filter((o): o is MappedOffer => o !== null);
        return wholeTripOffers(mapped, query.slices, query.passengers, airline.code);
      },
    };
  }
  let lists: DataLists | null = null;
  // Offers before the DataLists (not 21.3's order, but tolerated): mapped at the end, first.
  const before: Parsed[] = [];
  const mapped: MappedOffer[] = [];
  let mayEmit = query.slices.length === 1;

  const take = (offer: Parsed) => {
    const one = mapOffer(offer, lists!, query.passengers, airline);
    if (one === null) return;
    mapped.push(one);
    if (mayEmit && mapped.length === early.size) {
      mayEmit = false;
      early.emit(mapped.map((m) => m.offer));
    }
  };
  const listeners = new Map<string, ElementListener>([
    [
      'DataLists',
      (value, parent) => {
        if (parent === 'Response' && lists === null && typeof value === 'object') lists = readDataLists(value);
        return false;
      },
    ],
    [
      'Offer',
      (value, parent) => {
        if (parent !== 'CarrierOffers') return false;
        // An empty or text-only Offer is no offer (the mapper finds no OfferID in it).
        if (typeof value !== 'object') return true;
        if (lists === null) {
          before.push(value);
          mayEmit = false;
        } else take(value);
        return true;
      },
    ],
    [
      'Error',
      () => {
        mayEmit = false;
        return false;
      },
    ],
  ]);

  return {
    options: { onElement: listeners },
    offers(root) {
      lists ??= readDataLists(node(root.Response).DataLists);
      const tail = mapped.splice(0);
      for (const offer of before) take(offer);
      mapped.push(...tail);
      return wholeTripOffers(mapped, query.slices, query.passengers, airline.code);
    },
  };
}

/** The priced offer of an OfferPriceRS, with the airline's warnings (a price change, say). */
export function readPricedOffer(
  root: Parsed,
  passengers: PassengerCounts,
  airline: MapperDialect,
): { mapped: MappedOffer; warnings: string[] } | null {
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  const mapped = mapOffer(node(response.PricedOffer), lists, passengers, airline);
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
