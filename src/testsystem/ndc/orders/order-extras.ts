// Seats and services a booking takes from the a-la-carte offers of SeatAvailability and ServiceList.
// Their item ids carry the segment and tier or service, each as the airline writes them
// (fares/seat-item-ids.ts, fares/service-item-ids.ts), so the test system re-prices them here
// instead of remembering every a-la-carte answer it gave.

import type { AirlineProfile } from '../airline-profile.js';
import type { PricedJourney } from '../fares/fare-pricing.js';
import type { InventoryService } from '../network/inventory-service.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';
import { list, text, type XmlObject } from '../wire/ndc-request-parser.js';
import { buildSeatMap, seatCharge } from '../fares/seat-map-builder.js';
import type { BookedItem } from './booking-record.js';

/** One selected a-la-carte item as a booked item, or the airline's error when it cannot be sold. */
export function extraItem(
  profile: AirlineProfile,
  {
    selected,
    journey,
    inventory,
    itemId,
    withChildren,
  }: { selected: XmlObject; journey: PricedJourney; inventory: InventoryService; itemId: string; withChildren: boolean },
): BookedItem | NdcErrorSpec {
  const ref = text(selected, 'OfferItemRefID') ?? '';
  const paxIds = list(selected, 'PaxRefID').map((p) => text(p) ?? '');
  const seatRow = text(selected, 'SelectedSeat', 'SeatRowNumber');
  const seatColumn = text(selected, 'SelectedSeat', 'ColumnID');
  if (seatRow && seatColumn) {
    const named = profile.seatItems.parse(ref);
    const known = named !== null && (named.tier === null || named.tier in profile.seats.products);
    const segment = named && known ? journey.segments[named.segment - 1] : undefined;
    if (!named || !segment) return profile.errors.badRequest(`Seat offer item ${ref} is unknown`, 'OfferItemRefID');
    const map = buildSeatMap(profile, {
      flight: segment.flight,
      cabinCode: segment.cabin,
      inventory,
      party: {
        priceClassId: journey.priceClass.id,
        chargeStandard: !journey.priceClass.seatSelectionFree,
        withChildren,
      },
    });
    const seat = map?.rows.flatMap((r) => r.seats).find((s) => s.row === Number(seatRow) && s.column === seatColumn);
    if (!seat || seat.occupied || seat.restricted)
      return profile.errors.badRequest(`Seat ${seatRow}${seatColumn} is not available`, 'SelectedSeat');
    const { tier } = named;
    if ((seat.tier ?? null) !== tier)
      return profile.errors.badRequest(`Seat ${seatRow}${seatColumn} is not sold by offer item ${ref}`, 'OfferItemRefID');
    return {
      itemId,
      kind: 'seat',
      paxIds,
      cents: seatCharge(profile, tier, segment.flight, journey.currency).totalCents,
      segmentIndex: named.segment - 1,
      seat: { row: Number(seatRow), column: seatColumn },
      name: `Seat ${seatRow}${seatColumn}`,
      ...seatReason(profile, tier),
    };
  }
  const named = profile.serviceItems.parse(ref);
  const service = profile.services.find((s) => s.id === named?.serviceId);
  const segmentIndex = named?.segment ? named.segment - 1 : 0;
  const segment = journey.segments[segmentIndex];
  const cents = service && segment ? service.price(segment.flight, { journey }, journey.currency) : null;
  if (!service || cents === null)
    return profile.errors.badRequest(`Service offer item ${ref} is not available`, 'OfferItemRefID');
  const qty = Number(text(selected, 'SelectedALaCarteOfferItem', 'Qty') ?? '1') || 1;
  return {
    itemId,
    kind: 'service',
    paxIds,
    cents: cents * qty,
    segmentIndex: named?.segment ? segmentIndex : null,
    seat: null,
    name: service.name,
    reason: { rfic: service.rfic, rfisc: service.rfisc },
  };
}

/** A paid seat's product codes, as its seat offer item states them (RFIC A unless the airline says otherwise). */
function seatReason(profile: AirlineProfile, tier: string | null): Pick<BookedItem, 'reason'> {
  const product = tier === null ? undefined : profile.seats.products[tier];
  return product ? { reason: { rfic: product.rfic ?? 'A', rfisc: product.rfisc } } : {};
}
