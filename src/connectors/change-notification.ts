/**
 * An airline's unsolicited word that it changed orders (NDC's OrderChangeNotifRQ, read by the
 * airline's connector). It only names the orders: the gateway re-reads each one from the airline
 * rather than trusting what the notification says about it.
 */
export interface ChangeNotification {
  orders: {
    airlineOrderId: string;
    /** The record locator, when the airline gave it. */
    pnr: string | null;
    /** The airline's order version after the change, when given. */
    version: number | null;
  }[];
  /** What kind of change, as the airline coded it: `schedule_change`, `flight_cancelled` or `other`. */
  kinds: ('schedule_change' | 'flight_cancelled' | 'other')[];
}

/**
 * What an order id or record locator read from an airline's message may be before it is looked
 * up: 1 to 100 visible ASCII characters, no space and no control character. NDC order ids and
 * PNRs are short alphanumeric codes; anything else (a `&#0;`, which PostgreSQL cannot store in
 * text, a line break, kilobytes of text) is not an id this gateway could hold, and is refused
 * before any SQL reads it.
 */
export const AIRLINE_REFERENCE = /^[\x21-\x7e]{1,100}$/;

/** The reference as shown in a refusal: bounded, and with control characters escaped. */
export function shownReference(value: string): string {
  return JSON.stringify(value.slice(0, 40)) + (value.length > 40 ? '...' : '');
}
