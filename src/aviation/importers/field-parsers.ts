/** Upstream cells as typed values: empty cells and OpenFlights' `\N` are null. */
export function text(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '\\N' ? null : trimmed;
}

export function float(value: string | undefined): number | null {
  const t = text(value);
  if (t === null) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function int(value: string | undefined): number | null {
  const n = float(value);
  return n === null ? null : Math.round(n);
}

export function flag(value: string | undefined): boolean | null {
  const t = text(value)?.toLowerCase();
  if (t === '1' || t === 'yes' || t === 'y' || t === 'true') return true;
  if (t === '0' || t === 'no' || t === 'n' || t === 'false') return false;
  return null;
}

/** An upper-case code when it has the expected shape, else null (`-`, `N/A`, junk). */
export function code(value: string | undefined, shape: RegExp): string | null {
  const t = text(value)?.toUpperCase();
  return t && shape.test(t) ? t : null;
}

export const IATA_AIRPORT = /^[A-Z]{3}$/;
export const ICAO_AIRPORT = /^[A-Z0-9]{4}$/;
export const IATA_AIRLINE = /^[A-Z0-9]{2}$/;
export const ICAO_AIRLINE = /^[A-Z]{3}$/;
