// The ids of ServiceList's a-la-carte offer and its items. An item id names the service and the
// segment it is sold on, so that when a booking takes the item (OrderCreate, OrderChange) the test
// system re-prices it from the id instead of remembering every answer it gave. Airlines write these
// ids differently, and a seller recognises a service across answers by the airline's own format.

import { randomUUID } from 'node:crypto';

/** What a ServiceList item id says: the catalogue service (CatalogService.id) and its segment (1-based), if any. */
export interface ServiceItemRef {
  serviceId: string;
  segment: number | null;
}

export interface ServiceItemIds {
  /** A new a-la-carte offer id for one ServiceList answer. */
  offerId(): string;
  itemId(offerId: string, item: ServiceItemRef): string;
  /** The service and segment an item id names, or null when it names none. */
  parse(itemId: string): ServiceItemRef | null;
}

const DASHED_ITEM = /-([A-Z0-9]+?)(?:-SEG(\d+))?$/;

/** `<offer>-BAG1` or `<offer>-BAG1-SEG2`: the service's own id, then the segment (AA). */
export function dashedServiceItems(newOfferId: () => string): ServiceItemIds {
  return {
    offerId: newOfferId,
    itemId: (offerId, { serviceId, segment }) => `${offerId}-${serviceId}${segment ? `-SEG${segment}` : ''}`,
    parse(itemId) {
      const m = DASHED_ITEM.exec(itemId);
      return m ? { serviceId: m[1]!, segment: m[2] ? Number(m[2]) : null } : null;
    },
  };
}

/** Segments one service number can tell apart: a trip has at most this many. */
const SEGMENTS_PER_SERVICE = 10;

/**
 * `<uuid>|<n>`: a bare UUID for the offer and a number per service and segment (VS:
 * ServiceList_RS_OfferID.xml's `d5bf8376-…|27`). The number is the service's place in the
 * catalogue times ten plus the segment (0 for the whole journey), the same in every answer.
 */
export function numberedServiceItems(catalogue: readonly string[]): ServiceItemIds {
  return {
    offerId: () => randomUUID(),
    itemId(offerId, { serviceId, segment }) {
      const index = catalogue.indexOf(serviceId);
      if (index < 0) throw new RangeError(`service ${serviceId} is not in the catalogue`);
      return `${offerId}|${(index + 1) * SEGMENTS_PER_SERVICE + (segment ?? 0)}`;
    },
    parse(itemId) {
      const n = Number(itemId.slice(itemId.lastIndexOf('|') + 1));
      if (!itemId.includes('|') || !Number.isInteger(n) || n < SEGMENTS_PER_SERVICE) return null;
      const serviceId = catalogue[Math.floor(n / SEGMENTS_PER_SERVICE) - 1];
      const segment = n % SEGMENTS_PER_SERVICE;
      return serviceId ? { serviceId, segment: segment === 0 ? null : segment } : null;
    },
  };
}
