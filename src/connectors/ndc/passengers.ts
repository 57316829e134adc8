import type { PassengerCounts } from '../connector-types.js';
import { passengerCountsProblem } from '../trip-limits.js';
import type { XmlNode } from './ndc-xml.js';

export interface NdcPax {
  id: string;
  ptc: 'ADT' | 'CHD' | 'INF';
}

/**
 * Passenger ids are ours to choose in a shopping request and the airline echoes them back; a
 * fixed scheme (adults, then children, then infants) means the counts alone rebuild the list
 * for every later call on the same offer.
 *
 * The counts come from a validated search, a booking, or an offer id whose decoder bounds them;
 * the check here is the last guard that a list is never built from an unbounded number.
 */
export function paxList(counts: PassengerCounts): NdcPax[] {
  const problem = passengerCountsProblem(counts);
  if (problem !== null) throw new RangeError(`passenger list refused: ${problem}`);
  const out: NdcPax[] = [];
  for (let i = 1; i <= counts.adults; i++) out.push({ id: `PAX${out.length + 1}`, ptc: 'ADT' });
  for (let i = 1; i <= counts.children; i++) out.push({ id: `PAX${out.length + 1}`, ptc: 'CHD' });
  for (let i = 1; i <= counts.infants; i++) out.push({ id: `PAX${out.length + 1}`, ptc: 'INF' });
  return out;
}

export function paxListXml(pax: NdcPax[]): XmlNode {
  return { Pax: pax.map((p) => ({ PaxID: p.id, PTC: p.ptc })) };
}

export const PASSENGER_TYPE = { ADT: 'adult', CHD: 'child', CNN: 'child', INF: 'infant' } as const;
