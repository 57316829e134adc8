// A brand (NDC price class) as the core reads it: the cabins and booking classes it sells, its
// change and cancellation conditions, bags and seats. The airline's profile lists its brands
// (AA: fares/fare-rules.ts) and may carry more on them for its own fare model.

import type { AircraftType, CabinCode } from '../network/aircraft.js';

export interface PriceClassDef {
  /** The airline's own short id of the brand (AA `MAIN`, `BE`). */
  id: string;
  name: string;
  /** Cabins to fly in, in order of preference, when a leg's aircraft lacks the first one. */
  cabins: readonly CabinCode[];
  /** Booking classes, most expensive first. */
  rbds: readonly string[];
  /** Change fee per seated passenger in USD cents of the fare model; null: changes not permitted. */
  changeFeeCents: number | null;
  /** Cancelled outside any full-refund window: cash back. */
  refundable: boolean;
  /** Non-refundable but cancellable for a trip credit of the ticket's value. */
  tripCredit: boolean;
  checkedBagsDomestic: number;
  checkedBagsInternational: number;
  /** Most a checked bag of this brand may weigh, kg, where the airline publishes it by brand (absent: not stated). */
  checkedBagKg?: number;
  /** False: every seat chosen is charged (AA's Basic Economy). */
  seatSelectionFree: boolean;
  descriptions: readonly string[];
  displayOrder: number;
}

/** NDC cabin type codes as the 21.3 samples use them: 1 First, 2 Business, 4 Premium Economy, 5 Economy. */
export const CABIN_TYPE: Readonly<Record<CabinCode, { code: string; name: string }>> = {
  F: { code: '1', name: 'First' },
  J: { code: '2', name: 'Business' },
  W: { code: '4', name: 'Premium Economy' },
  Y: { code: '5', name: 'Economy' },
};

/** Pounds as airlines publish a kilogram bag limit: to the nearest 5 (23 kg = 50 lb, 32 kg = 70 lb). */
export const kilogramsToPounds = (kg: number): number => Math.round((kg * 2.20462) / 5) * 5;

/**
 * The CabinType a flight's cabin is sent as: the NDC code, and the name the airline markets that
 * cabin under on this aircraft (AA's "Flagship Business" on the 777-300ER) or else the generic one.
 */
export function cabinTypeOn(aircraft: AircraftType | undefined, cabin: CabinCode): { code: string; name: string } {
  const marketed = aircraft?.cabins.find((c) => c.cabin === cabin)?.name;
  return { code: CABIN_TYPE[cabin].code, name: marketed ?? CABIN_TYPE[cabin].name };
}
