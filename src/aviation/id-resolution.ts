export type AirportKey =
  | { kind: 'id'; value: number }
  | { kind: 'iata'; value: string }
  | { kind: 'icao'; value: string }
  /** `/airports/icao/{icao}`: the ICAO code only, no ident fallback. */
  | { kind: 'icao_code'; value: string }
  | { kind: 'ident'; value: string };

export type AirlineKey = { kind: 'id'; value: number } | { kind: 'iata'; value: string } | { kind: 'icao'; value: string };

const MAX_ID = 2_147_483_647;

/**
 * How an airport `{id}` is read (case-insensitive): digits are the internal id; three letters an
 * IATA code; four letters or digits an ICAO code, or the OurAirports ident when no airport has
 * that ICAO code (small fields have idents like `00AA`); anything else an OurAirports ident.
 */
export function airportKey(raw: string): AirportKey | null {
  const id = raw.trim().toUpperCase();
  if (/^\d+$/.test(id)) return Number(id) <= MAX_ID ? { kind: 'id', value: Number(id) } : null;
  if (/^[A-Z]{3}$/.test(id)) return { kind: 'iata', value: id };
  if (/^[A-Z0-9]{4}$/.test(id)) return { kind: 'icao', value: id };
  return /^[A-Z0-9-]{1,16}$/.test(id) ? { kind: 'ident', value: id } : null;
}

/**
 * How an airline `{id}` is read (case-insensitive): digits are the internal id; two letters or
 * digits an IATA code; three letters an ICAO code.
 */
export function airlineKey(raw: string): AirlineKey | null {
  const id = raw.trim().toUpperCase();
  if (/^\d+$/.test(id)) return Number(id) <= MAX_ID ? { kind: 'id', value: Number(id) } : null;
  if (/^[A-Z0-9]{2}$/.test(id)) return { kind: 'iata', value: id };
  if (/^[A-Z]{3}$/.test(id)) return { kind: 'icao', value: id };
  return null;
}
