import type { AncillaryService, Cabin, Seat, SeatMap } from '../connector-types.js';
import type { DuffelOffer, DuffelSeatMap } from './duffel-api.js';
import { money } from './duffel-offer-mapper.js';

type AvailableService = DuffelOffer['available_services'][number];

const CABINS: ReadonlySet<string> = new Set(['economy', 'premium_economy', 'business', 'first']);

/** A seat designator (`12A`) as its row and column; null for anything else. */
function rowAndColumn(designator: string): { row: number; column: string } | null {
  const m = /^(\d{1,3})([A-Z])$/.exec(designator);
  return m ? { row: Number(m[1]), column: m[2]! } : null;
}

/**
 * Duffel's seat maps as ours: one per segment, every seat element of every cabin with its price
 * for `passengerId` (Duffel's id) or its first passenger's; a seat no passenger can take is unavailable.
 */
export function seatMapsOf(maps: DuffelSeatMap[], passengerId: string | null): SeatMap[] {
  return maps.map((map) => {
    const seats: Seat[] = [];
    const columns: string[] = [];
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const element of section.elements) {
            if (element.type !== 'seat' && element.type !== 'restricted_seat_general') continue;
            const place = rowAndColumn(element.designator);
            if (!place) continue;
            if (!columns.includes(place.column)) columns.push(place.column);
            const services = element.available_services ?? [];
            const service = services.find((s) => s.passenger_id === passengerId) ?? services[0] ?? null;
            seats.push({
              segmentId: map.segment_id,
              designator: element.designator,
              row: place.row,
              column: place.column,
              available: element.type === 'seat' && services.length > 0,
              characteristics: [...(element.disclosures ?? [])],
              price: service ? money(service.total_amount, service.total_currency) : null,
            });
          }
        }
      }
    }
    const cabinClass = map.cabins[0]?.cabin_class ?? null;
    return {
      segmentId: map.segment_id,
      cabin: cabinClass && CABINS.has(cabinClass) ? (cabinClass as Cabin) : null,
      columns: columns.sort(),
      seats,
    };
  });
}

/** Duffel's seat service for one passenger on a seat of a segment; null when the seat cannot be had. */
export function seatService(maps: DuffelSeatMap[], segmentId: string, designator: string, passengerId: string) {
  for (const map of maps) {
    if (map.segment_id !== segmentId) continue;
    for (const cabin of map.cabins)
      for (const row of cabin.rows)
        for (const section of row.sections)
          for (const element of section.elements) {
            if (element.type !== 'seat' || element.designator !== designator) continue;
            return element.available_services.find((s) => s.passenger_id === passengerId) ?? null;
          }
  }
  return null;
}

/** What a Duffel service (one for sale, or one an order holds) is called in our lists. */
export function serviceName(service: { type: string; metadata?: unknown }): string {
  if (service.type === 'cancel_for_any_reason') return 'Cancel for any reason';
  const meta = service.metadata as { type?: string; maximum_weight_kg?: number | null };
  const bag = meta.type === 'carry_on' ? 'Carry-on bag' : 'Checked bag';
  return meta.maximum_weight_kg ? `${bag} up to ${meta.maximum_weight_kg} kg` : bag;
}

/** Duffel's available services as ours; passenger ids through `ours` (Duffel's → the gateway's PAX ids). */
export function servicesOf(services: AvailableService[], ours: (duffelPassengerId: string) => string): AncillaryService[] {
  return services.map((s) => ({
    serviceId: s.id,
    code: null,
    name: serviceName(s),
    description:
      s.type === 'baggage' ? `${s.metadata.type === 'carry_on' ? 'carry-on' : 'checked'} bag, up to ${s.maximum_quantity}` : null,
    category: s.type,
    price: money(s.total_amount, s.total_currency),
    segmentIds: [...s.segment_ids],
    passengerIds: s.passenger_ids.map(ours),
  }));
}
