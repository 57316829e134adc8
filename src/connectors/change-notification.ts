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
