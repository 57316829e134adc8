/**
 * Who sold a booking and who flies it, in words, for the Book screen's offers and the order views
 * (unit-tested in test/dashboard/carriers.test.ts). An offer or order names its owner airline
 * (`airline`) and the source that sold it (`source`): the airline itself when reached directly,
 * or an aggregator that sells many airlines.
 */

/** The aggregators' names by source code; a source not listed is shown by its code. */
const AGGREGATORS: Readonly<Record<string, string>> = { DUFFEL: 'Duffel' };

/** "via Duffel" for an aggregator; "direct from AA" when the owner airline sold its own fare. */
export function sourceText(airline: string, source: string): string {
  if (source === airline) return `direct from ${airline}`;
  return `via ${AGGREGATORS[source] ?? source}`;
}

interface Carriers {
  marketing_carrier: string;
  operating_carrier: string;
  operating_carrier_name: string | null;
}

/** Airline names by IATA code (the aviation reference data's, GET /v1/dev/airlines); a code not in it is shown alone. */
export type AirlineNames = ReadonlyMap<string, string>;

/** "Virgin Atlantic (VS)", or "VS" when the name is not known. */
export function airlineText(code: string, names: AirlineNames, given?: string | null): string {
  const name = given ?? names.get(code);
  return name ? `${name} (${code})` : code;
}

/**
 * "operated by British Airways (BA)" when another airline flies the marketing carrier's flight; ''
 * when it flies it itself. The airline's own name for the operator first, then the reference data's.
 */
export function operatedByText(segment: Carriers, names: AirlineNames = new Map()): string {
  const { marketing_carrier: marketing, operating_carrier: operating, operating_carrier_name: name } = segment;
  if (!operating || operating === marketing) return '';
  return `operated by ${airlineText(operating, names, name)}`;
}
