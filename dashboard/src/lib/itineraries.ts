/**
 * The Book screen's list as airline and travel sites show it: offers for the same flights grouped
 * into one itinerary, each brand (fare) of it a column side by side, with the facts a row shows
 * (airlines, stops, total duration, day changes). Kept apart from React and from the generated API
 * types so it is unit-tested (test/dashboard/itineraries.test.ts).
 */

export interface ListedSegment {
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  marketing_carrier: string;
  flight_number: string;
  operating_carrier: string;
  duration_minutes: number | null;
}

export interface ListedSlice {
  origin: string;
  destination: string;
  duration_minutes: number | null;
  segments: ListedSegment[];
}

interface Term {
  allowed: boolean;
}

/** The parts of an offer the list reads. */
export interface ListedOffer {
  offer_id: string;
  airline: string;
  source: string;
  total_amount: number;
  currency: string;
  fare_brand: string | null;
  fare_brand_code: string | null;
  slices: ListedSlice[];
  baggage: { checked_bags: number | null };
  conditions: { change: Term | null; refund: Term | null };
}

/** One row: the same flights, every offer of them (a brand, or the same brand from another source) cheapest first. */
export interface Itinerary<O extends ListedOffer> {
  key: string;
  slices: O['slices'];
  offers: O[];
  /** Owner airlines and marketing carriers, each once, in code order. */
  airlines: string[];
  /** The most connections on any slice. */
  stops: number;
  /** Total time over every slice as the airlines publish it; null when a slice has none. */
  durationMinutes: number | null;
}

/** The flights of an offer: every segment's flight and local departure, slice by slice. */
export const flightsKey = (offer: ListedOffer): string =>
  offer.slices
    .map((slice) => slice.segments.map((s) => `${s.marketing_carrier}${s.flight_number}@${s.departing_at}`).join('+'))
    .join('|');

/** The brand a column is headed with: the airline's name for it, its code, or "No brand". */
export const brandOf = (offer: ListedOffer): string => offer.fare_brand ?? offer.fare_brand_code ?? 'No brand';

/** Offers compare as the API orders them: by currency code, then amount (an answer in two currencies is not converted). */
export function cheaper(a: ListedOffer, b: ListedOffer): number {
  return a.currency === b.currency ? a.total_amount - b.total_amount : a.currency < b.currency ? -1 : 1;
}

/** Groups offers into itineraries, in the order of each itinerary's first offer (the API's: cheapest first). */
export function groupItineraries<O extends ListedOffer>(offers: readonly O[]): Itinerary<O>[] {
  const byKey = new Map<string, Itinerary<O>>();
  for (const offer of offers) {
    const key = flightsKey(offer);
    const found = byKey.get(key);
    if (found) {
      found.offers.push(offer);
      continue;
    }
    const durations = offer.slices.map((slice) => slice.duration_minutes);
    byKey.set(key, {
      key,
      slices: offer.slices,
      offers: [offer],
      airlines: [],
      stops: Math.max(0, ...offer.slices.map((s) => s.segments.length - 1)),
      durationMinutes: durations.every((d) => d !== null) ? durations.reduce<number>((sum, d) => sum + d!, 0) : null,
    });
  }
  const itineraries = [...byKey.values()];
  for (const itinerary of itineraries) {
    itinerary.offers.sort(cheaper);
    const codes = new Set<string>();
    for (const offer of itinerary.offers) codes.add(offer.airline);
    for (const slice of itinerary.slices) for (const s of slice.segments) codes.add(s.marketing_carrier);
    itinerary.airlines = [...codes].sort();
  }
  return itineraries;
}

/** Calendar days from a local departure to a local arrival (`2026-12-12T19:00` → `2026-12-13T07:05` is 1). */
export function dayChange(departingAt: string, arrivingAt: string): number {
  const day = (local: string) => Date.UTC(Number(local.slice(0, 4)), Number(local.slice(5, 7)) - 1, Number(local.slice(8, 10)));
  const days = Math.round((day(arrivingAt) - day(departingAt)) / 86_400_000);
  return Number.isFinite(days) ? days : 0;
}

/** "+1", "+2", "-1" beside an arrival on another day than the departure; '' on the same day. */
export function dayChangeText(departingAt: string, arrivingAt: string): string {
  const days = dayChange(departingAt, arrivingAt);
  return days === 0 ? '' : days > 0 ? `+${days}` : `${days}`;
}

/** "7h 05m"; "—" when unknown. */
export function durationText(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes) || minutes < 0) return '—';
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** A slice's first departure and last arrival (local). */
export function sliceEnds(slice: ListedSlice): { departingAt: string; arrivingAt: string } {
  return { departingAt: slice.segments[0]?.departing_at ?? '', arrivingAt: slice.segments.at(-1)?.arriving_at ?? '' };
}

/** Every airline the offers name (owners, marketing and operating carriers), each once: the codes a list asks names for. */
export function airlineCodes(offers: readonly ListedOffer[]): string[] {
  const codes = new Set<string>();
  for (const offer of offers) {
    codes.add(offer.airline);
    for (const slice of offer.slices)
      for (const s of slice.segments) {
        codes.add(s.marketing_carrier);
        if (s.operating_carrier) codes.add(s.operating_carrier);
      }
  }
  return [...codes].sort();
}
