// The passenger service charge a UK airport levies on each departing passenger (IATA code UB),
// which every airline collects on the ticket at the airport's amount: one table for AA and VS, so a
// Heathrow departure costs the same charge whoever sells it. Heathrow sets its charges per calendar
// year; a ticket carries the charge of the year the passenger leaves.

export interface UkDepartureCharge {
  code: 'UB';
  name: string;
  /** Pence per departing passenger. */
  pence: number;
}

const NAME = 'United Kingdom Passenger Service Charge Departures';

/**
 * Heathrow's charge by year of departure, newest first. The samples show the amount, not the day it
 * changed, so each row starts on 1 January: GBP 40.12 on AA's July 2021 JFK-LHR-JFK booking
 * (samples-aa-17.2, OrderCreateRS_successfull_booking_with_warnings.xml), 55.81 on every VS booking
 * departing from August 2023 to February 2024 (samples-21.3 orderviewRS_*), 48.89 on VS's May 2025
 * LHR-JNB offers (AirShoppingRS_Instant_Purchase_Service_Added_Order.xml).
 */
const HEATHROW: readonly { from: string; pence: number }[] = [
  { from: '2025-01-01', pence: 4_889 },
  { from: '2023-01-01', pence: 5_581 },
  { from: '2021-01-01', pence: 4_012 },
];

/** Other UK airports the test systems fly from, one amount each: Manchester's long-haul departing charge, rounded (our estimate: no sample departs MAN). */
const OTHER_AIRPORTS: Readonly<Record<string, number>> = { MAN: 3_100 };

/** The charge on a passenger leaving `airport` on `date` (YYYY-MM-DD), or null where this table has none. */
export function ukDepartureCharge(airport: string, date: string): UkDepartureCharge | null {
  if (airport === 'LHR') {
    const row = HEATHROW.find((r) => date >= r.from) ?? HEATHROW.at(-1)!;
    return { code: 'UB', name: NAME, pence: row.pence };
  }
  const pence = OTHER_AIRPORTS[airport];
  return pence === undefined ? null : { code: 'UB', name: NAME, pence };
}
