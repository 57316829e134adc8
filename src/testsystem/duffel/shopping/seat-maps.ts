// Seat maps for an offer's segments (GET /air/seat_maps?offer_id=): one cabin per segment in the
// brand's cabin, some seats already taken, each free seat sold as an available service per
// passenger paying a seat. Seats and their service ids come from the offer and segment ids, so a
// seat service named when booking is found again by rebuilding the maps.

import { unitFor } from '../../ndc/network/seeded-random.js';
import { seatPrice } from '../content/fares.js';
import { brandOf } from '../content/brands.js';
import { derivedId } from '../wire/ids.js';
import { toWire } from '../wire/money.js';
import type { OfferRecord } from './offer-builder.js';

export interface SeatService {
  id: string;
  segmentId: string;
  passengerId: string;
  designator: string;
  amount: number;
  currency: string;
}

interface Layout {
  rows: [number, number];
  sections: string[];
  exitRows: number[];
}

function layoutFor(cabin: string, longHaul: boolean): Layout {
  if (cabin !== 'economy') return { rows: [1, 6], sections: ['AC', 'DG', 'HK'], exitRows: [] };
  return longHaul
    ? { rows: [30, 44], sections: ['ABC', 'DEFG', 'HJK'], exitRows: [30] }
    : { rows: [7, 26], sections: ['ABC', 'DEF'], exitRows: [12, 13] };
}

export function buildSeatMaps(record: OfferRecord) {
  const brand = brandOf(record.owner, record.brand)!;
  const paying = record.offer.passengers.filter((p) => p.type !== 'infant_without_seat');
  const services: SeatService[] = [];
  const maps = record.offer.slices.flatMap((slice, sliceIndex) =>
    slice.segments.map((segment) => {
      const layout = layoutFor(brand.cabin, record.longHaul[sliceIndex]!);
      const rows = [];
      for (let row = layout.rows[0]; row <= layout.rows[1]; row++) {
        const exit = layout.exitRows.includes(row);
        rows.push({
          sections: layout.sections.map((letters) => ({
            elements: [...letters].map((letter) => {
              const designator = `${row}${letter}`;
              const taken = unitFor(`${segment.id}|${designator}`) < 0.35;
              const amount = brand.freeSeats ? 0 : seatPrice(row, exit, record.longHaul[sliceIndex]!);
              const available = taken
                ? []
                : paying.map((p) => {
                    const service = {
                      id: derivedId('availableService', `${record.offer.id}|seat|${segment.id}|${p.id}|${designator}`),
                      segmentId: segment.id,
                      passengerId: p.id,
                      designator,
                      amount,
                      currency: record.currency,
                    };
                    services.push(service);
                    return { id: service.id, passenger_id: p.id, total_amount: toWire(amount), total_currency: record.currency };
                  });
              return {
                type: 'seat' as const,
                designator,
                name: exit ? 'Exit row seat' : undefined,
                disclosures: exit ? ['Passengers in an exit row must be able to assist in an evacuation'] : [],
                available_services: available,
              };
            }),
          })),
        });
      }
      return {
        id: derivedId('seatMap', `${record.offer.id}|${segment.id}`),
        slice_id: slice.id,
        segment_id: segment.id,
        cabins: [
          {
            deck: 0,
            cabin_class: brand.cabin,
            aisles: layout.sections.length - 1,
            wings: record.longHaul[sliceIndex]
              ? { first_row_index: 5, last_row_index: 10 }
              : { first_row_index: 5, last_row_index: 8 },
            rows,
          },
        ],
      };
    }),
  );
  return { maps, services };
}
