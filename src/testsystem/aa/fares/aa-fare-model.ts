// AA's fare model: a Main Cabin base fare from the straight-line distance (domestic or international
// scale), times the brand's multiplier (Flagship First well above its domestic First), advance
// purchase and load, a small discount for connections; children 75% and lap infants 10% abroad,
// infants free at home; round trips abroad 15% under two one-ways. Works in USD and files once.

import type { BaseFareInput } from '../../ndc/airline-profile.js';
import { fromUsdCents } from '../../ndc/fares/fare-currency.js';
import { aircraftType } from '../network/aircraft-data.js';
import { aaPriceClass } from './fare-rules.js';

/** Flagship First (above a Business cabin) costs about 2.5 times AA's domestic First. */
const FLAGSHIP_FIRST_UPLIFT = 2.46;

/**
 * Round trips abroad are filed as round-trip fares, cheaper than two one-ways (the real samples price
 * every round trip as one offer); at home AA's fares are one-way and a round trip is their sum.
 */
const INTERNATIONAL_ROUND_TRIP_FACTOR = 0.85;

/** Main Cabin base fare in cents for the straight-line distance of the journey, before adjustments. */
function mainCabinBaseCents(distanceKm: number, international: boolean): number {
  return international ? 15_000 + Math.round(distanceKm * 6.2) : 3_900 + Math.round(distanceKm * 9);
}

function advancePurchaseFactor(daysOut: number): number {
  if (daysOut < 3) return 1.55;
  if (daysOut < 7) return 1.35;
  if (daysOut < 14) return 1.18;
  if (daysOut < 21) return 1.05;
  return 0.92;
}

export function aaAdultBase(input: BaseFareInput): number | null {
  const { itinerary, priceClass, distanceKm: distance, daysOut, loadStep, international, currency } = input;
  const connectionDiscount = itinerary.legs.length > 1 ? 0.94 : 1;
  // First above a Business cabin (777-300ER, A321T) is Flagship First, priced well above Business; First
  // on a two-cabin aircraft is AA's domestic First, priced between Main Cabin and Business.
  const flagshipFirst =
    priceClass.cabins[0] === 'F' &&
    itinerary.legs.some((l) => aircraftType(l.pattern.aircraft).cabins.some((c) => c.cabin === 'J'));
  const brand = aaPriceClass(priceClass).multiplier;
  const multiplier = flagshipFirst ? brand * FLAGSHIP_FIRST_UPLIFT : brand;
  // Load moves the fare through the booking-class ladder: up to +60% when only the top class is left.
  const loadFactor = 1 + 0.6 * loadStep;
  const adultBaseUsd =
    Math.round(
      (mainCabinBaseCents(distance, international) *
        multiplier *
        advancePurchaseFactor(daysOut) *
        loadFactor *
        connectionDiscount) /
        100,
    ) *
      100 -
    7;
  return fromUsdCents(adultBaseUsd, currency);
}

export function aaPaxBase(ptc: 'CHD' | 'INF', adultBase: number, international: boolean): number {
  if (ptc === 'CHD') return international ? Math.round(adultBase * 0.75) : adultBase;
  return international ? Math.round(adultBase * 0.1) : 0;
}

export const aaRoundTripFactor = (international: boolean): number => (international ? INTERNATIONAL_ROUND_TRIP_FACTOR : 1);
