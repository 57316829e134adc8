import { badRequest } from '../../platform/errors.js';

// IATA numeric codes are 8 digits (7 and a check digit); some BSPs quote the 7 alone.
const IATA_NUMBER = /^\d{7,8}$/;

/** An accreditation number as typed (spaces and dashes allowed), or null/empty to clear. */
export function normalizeIata(field: string, value: string | null): string | null {
  if (value === null) return null;
  const digits = value.replace(/[\s-]/g, '');
  if (digits === '') return null;
  if (!IATA_NUMBER.test(digits)) {
    throw badRequest(`${field} must be an IATA/BSP accreditation number of 7 or 8 digits`, 'invalid_request', { field });
  }
  return digits;
}
