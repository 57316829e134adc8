/** The Book screen's own small logic, kept apart from React so it is unit-tested (test/dashboard/booking.test.ts). */

export type PassengerType = 'adult' | 'child' | 'infant';

export interface PassengerDraft {
  type: PassengerType;
  given_name: string;
  family_name: string;
  born_on: string;
  gender: '' | 'm' | 'f' | 'x';
}

/** One empty passenger form per traveller the search asked for: adults, then children, then infants (the offer's order). */
export function passengerDrafts(counts: { adults: number; children: number; infants: number }): PassengerDraft[] {
  const blank = (type: PassengerType): PassengerDraft => ({ type, given_name: '', family_name: '', born_on: '', gender: '' });
  return [
    ...Array.from({ length: counts.adults }, () => blank('adult')),
    ...Array.from({ length: counts.children }, () => blank('child')),
    ...Array.from({ length: counts.infants }, () => blank('infant')),
  ];
}

/** A passenger as POST /v1/dev/orders takes it: names trimmed, gender left out when not chosen. */
export function passengerBody(p: PassengerDraft) {
  return {
    type: p.type,
    given_name: p.given_name.trim(),
    family_name: p.family_name.trim(),
    born_on: p.born_on,
    ...(p.gender ? { gender: p.gender } : {}),
  };
}

/** "Non-stop", "1 stop (ORD)", "2 stops (ORD, DEN)": the connections of a slice. */
export function stopsText(segments: readonly { destination: string }[]): string {
  const via = segments.slice(0, -1).map((s) => s.destination);
  if (via.length === 0) return 'Non-stop';
  return `${via.length} stop${via.length > 1 ? 's' : ''} (${via.join(', ')})`;
}

/** The local time of an airline's local date-time (`2026-12-12T08:30:00` → `08:30`), as published. */
export const localTime = (dateTime: string): string => dateTime.slice(11, 16);

interface Fee {
  allowed: boolean;
  fee_amount: number | null;
  fee_currency: string | null;
}

/** A fare condition in a few words: "not allowed", "free", "fee 75.00 USD", or "not published". */
export function conditionText(condition: Fee | null | undefined): string {
  if (!condition) return 'not published';
  if (!condition.allowed) return 'not allowed';
  if (condition.fee_amount === 0) return 'free';
  if (condition.fee_amount === null || !condition.fee_currency) return 'allowed';
  return `fee ${condition.fee_amount.toFixed(2)} ${condition.fee_currency}`;
}

/** Free bags per passenger: "1 checked, 1 carry-on", or the airline's description when it gives no counts. */
export function bagsText(baggage: {
  checked_bags: number | null;
  carry_on_bags: number | null;
  description: string | null;
}): string {
  const parts: string[] = [];
  if (baggage.checked_bags !== null) parts.push(`${baggage.checked_bags} checked`);
  if (baggage.carry_on_bags !== null) parts.push(`${baggage.carry_on_bags} carry-on`);
  return parts.length ? parts.join(', ') : (baggage.description ?? 'not published');
}

/** A fresh Idempotency-Key for one booking form: a retry of the same form books once. */
export const newIdempotencyKey = (): string => `dashboard-${crypto.randomUUID()}`;
