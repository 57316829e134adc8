import { parseMinor } from '../../platform/money.js';
import type {
  Baggage,
  Cabin,
  ChangeCondition,
  Money,
  Offer,
  OfferSlice,
  PassengerPrice,
  RefundCondition,
  Segment,
} from '../connector-types.js';
import type { DuffelOffer, DuffelOfferSegment, DuffelPlace } from './duffel-api.js';

type FlightsCondition = DuffelOffer['conditions']['change_before_departure'];

/** A Duffel decimal amount in minor units; null when absent or unreadable. */
export function money(amount: string | null | undefined, currency: string | null | undefined): Money | null {
  if (amount === null || amount === undefined || !currency) return null;
  const minor = parseMinor(amount, currency);
  return minor === null ? null : { amountMinor: minor, currency: currency.toUpperCase() };
}

/** ISO 8601 duration (`PT7H5M`, `P1DT2H`) in minutes; null when absent. */
export function durationMinutes(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:\d+(?:\.\d+)?S)?)?$/.exec(iso);
  if (!m) return null;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

const CABINS: ReadonlySet<string> = new Set(['economy', 'premium_economy', 'business', 'first']);
const cabinOf = (value: string | null | undefined): Cabin | null => (value && CABINS.has(value) ? (value as Cabin) : null);

/** Duffel's place code (an airport's or a city's IATA code). */
export const placeCode = (place: DuffelPlace | { iata_code: string | null }): string => place.iata_code ?? '';

/**
 * A flight number's digits, without the carrier: Duffel sends digits (`1234`), some airlines with
 * their designator in front (`BA1234`, `U21234`). Only a designator is taken off: two characters of
 * which at least one is a letter, so an all-digit number (`178`, `1234`) stays whole.
 */
const digits = (flight: string | null | undefined): string => (flight ?? '').replace(/^(?:[A-Z][A-Z0-9]|[0-9][A-Z])(?=\d)/, '');

type SegmentLike = Pick<
  DuffelOfferSegment,
  | 'id'
  | 'origin'
  | 'destination'
  | 'departing_at'
  | 'arriving_at'
  | 'marketing_carrier'
  | 'marketing_carrier_flight_number'
  | 'operating_carrier'
  | 'operating_carrier_flight_number'
  | 'aircraft'
  | 'duration'
> & { passengers?: { cabin_class?: string | null; cabin_class_marketing_name?: string | null; fare_basis_code?: string }[] };

/** One Duffel segment (of an offer, an order or a change offer) as our Segment. */
export function segmentOf(s: SegmentLike): Segment {
  const first = s.passengers?.[0];
  return {
    segmentId: s.id,
    origin: placeCode(s.origin),
    destination: placeCode(s.destination),
    departingAt: s.departing_at,
    arrivingAt: s.arriving_at,
    marketingCarrier: s.marketing_carrier.iata_code ?? '',
    marketingFlightNumber: digits(s.marketing_carrier_flight_number),
    operatingCarrier: s.operating_carrier?.iata_code ?? s.marketing_carrier.iata_code ?? '',
    operatingCarrierName: s.operating_carrier?.name ?? null,
    operatingFlightNumber: s.operating_carrier_flight_number ? digits(s.operating_carrier_flight_number) : null,
    aircraft: s.aircraft?.iata_code ?? null,
    cabin: cabinOf(first?.cabin_class),
    cabinMarketingName: first?.cabin_class_marketing_name ?? null,
    bookingClass: null,
    durationMinutes: durationMinutes(s.duration),
  };
}

/** Duffel's "change before departure" as our change condition (Duffel says nothing of a fare difference). */
export function changeCondition(c: FlightsCondition | null | undefined): ChangeCondition | null {
  if (!c) return null;
  return { allowed: c.allowed, fee: c.allowed ? money(c.penalty_amount, c.penalty_currency) : null, fareDifferenceApplies: null };
}

/** Duffel's "refund before departure": a refund is to the original form of payment; none allowed is `none`. */
export function refundCondition(c: FlightsCondition | null | undefined): RefundCondition | null {
  if (!c) return null;
  return {
    allowed: c.allowed,
    fee: c.allowed ? money(c.penalty_amount, c.penalty_currency) : null,
    method: c.allowed ? 'original_form_of_payment' : 'none',
  };
}

/** Duffel's passenger types as ours (`infant_without_seat` is a lap infant). */
export function passengerTypeOf(type: string | null | undefined, age?: number | null): PassengerPrice['passengerType'] {
  if (type === 'infant_without_seat') return 'infant';
  if (type === 'child') return 'child';
  if (type === 'adult' || type === null || type === undefined) {
    if (typeof age === 'number') return age < 2 ? 'infant' : age < 12 ? 'child' : 'adult';
    return 'adult';
  }
  return 'adult';
}

/**
 * Bags per passenger of the first segment's first passenger (what every offer list shows), from
 * Duffel's `passengers[].baggages` of the segment.
 */
function baggageOf(offer: Pick<DuffelOffer, 'slices'>): Baggage {
  const bags = offer.slices[0]?.segments[0]?.passengers[0]?.baggages ?? [];
  const count = (type: string) => bags.filter((b) => b.type === type).reduce((n, b) => n + b.quantity, 0);
  if (bags.length === 0) return { checkedBags: null, carryOnBags: null, description: null };
  const checked = count('checked');
  const carryOn = count('carry_on');
  return { checkedBags: checked, carryOnBags: carryOn, description: `${checked} checked, ${carryOn} carry-on` };
}

/**
 * Passenger prices: Duffel prices the offer as a whole, so each sum is shared over the passengers
 * it names (a type's share is its count over all of them), the remainder of the division to the
 * first type, so the shares add up to the offer's sums exactly.
 */
function passengerPrices(
  offer: Pick<DuffelOffer, 'passengers'>,
  total: Money,
  base: Money | null,
  taxes: Money | null,
): PassengerPrice[] {
  const counts = new Map<PassengerPrice['passengerType'], number>();
  for (const p of offer.passengers) {
    const type = passengerTypeOf(p.type, p.age);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  if (counts.size === 0) counts.set('adult', 1);
  const types = [...counts.entries()];
  const all = types.reduce((n, [, c]) => n + c, 0);
  const shares = (m: Money): Money[] => {
    const parts = types.map(([, c]) => Math.floor((m.amountMinor * c) / all));
    parts[0]! += m.amountMinor - parts.reduce((a, b) => a + b, 0);
    return parts.map((amountMinor) => ({ amountMinor, currency: m.currency }));
  };
  const totals = shares(total);
  const bases = base ? shares(base) : null;
  const taxed = taxes ? shares(taxes) : null;
  return types.map(([passengerType, count], i) => {
    const t = totals[i]!;
    const b = bases?.[i] ?? (taxed ? { amountMinor: t.amountMinor - taxed[i]!.amountMinor, currency: t.currency } : t);
    const x = taxed?.[i] ?? { amountMinor: t.amountMinor - b.amountMinor, currency: t.currency };
    return { passengerType, count, base: b, taxes: x, total: t, taxLines: [] };
  });
}

/** The offer's cabin: its first segment's, as Duffel names it for the first passenger. */
const offerCabin = (offer: Pick<DuffelOffer, 'slices'>): Cabin | null =>
  cabinOf(offer.slices[0]?.segments[0]?.passengers[0]?.cabin_class);

/**
 * A Duffel offer as our Offer. `airline` is the owner (the airline that sells the fare, `ZZ`
 * Duffel Airways in test mode); segments keep their marketing and operating carriers. Holdable
 * when Duffel does not require instant payment; the deadline is `payment_required_by`.
 */
export function offerOf(offer: Omit<DuffelOffer, 'available_services'>, offerId: string): Offer | null {
  const total = money(offer.total_amount, offer.total_currency);
  if (!total) return null;
  const base = money(offer.base_amount, offer.base_currency);
  const taxes = money(offer.tax_amount, offer.tax_currency);
  const slices: OfferSlice[] = offer.slices.map((slice) => ({
    origin: placeCode(slice.origin),
    destination: placeCode(slice.destination),
    durationMinutes: durationMinutes(slice.duration),
    segments: slice.segments.map(segmentOf),
  }));
  const changes = changeCondition(offer.conditions?.change_before_departure);
  const refunds = refundCondition(offer.conditions?.refund_before_departure);
  const prices = passengerPrices(offer, total, base, taxes);
  const requirements = offer.payment_requirements;
  return {
    offerId,
    airline: offer.owner.iata_code ?? '',
    source: 'DUFFEL',
    total,
    base,
    taxes,
    passengerPrices: prices,
    expiresAt: offer.expires_at ?? null,
    paymentDeadline: requirements?.requires_instant_payment ? null : (requirements?.payment_required_by ?? null),
    holdable: requirements ? !requirements.requires_instant_payment : false,
    fareBrand: offer.slices[0]?.fare_brand_name ?? null,
    fareBrandCode: null,
    cabin: offerCabin(offer),
    slices,
    baggage: baggageOf(offer),
    changes,
    refunds,
    conditionsBySlice: offer.slices.map((slice) => ({
      origin: placeCode(slice.origin),
      destination: placeCode(slice.destination),
      changes: changeCondition(slice.conditions?.change_before_departure),
      refunds: refundCondition(slice.conditions?.refund_before_departure),
    })),
    conditionsByPassengerType: prices.map((p) => ({ passengerType: p.passengerType, changes, refunds })),
  };
}
