/**
 * PostgreSQL's unique_violation as both drivers raise it: pg's DatabaseError and PGlite's error are
 * built from the same wire message (pg-protocol), with the SQLSTATE in `code` and the violated
 * constraint, or unique index, in `constraint` (`users_email_key`, `order_travel_claims_pkey`).
 */
export interface UniqueViolation {
  code: typeof UNIQUE_VIOLATION;
  constraint?: string;
  table?: string;
  /** PostgreSQL's own words, e.g. `Key (lower(email))=(a@b.c) already exists.`: may hold user data. */
  detail?: string;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Whether `err` is a unique violation, and, given `constraint`, one of that constraint: a store
 * that inserts into a table with several unique keys maps only the one it means to a conflict.
 */
export function isUniqueViolation(err: unknown, constraint?: string): err is UniqueViolation {
  if (typeof err !== 'object' || err === null) return false;
  const { code, constraint: violated } = err as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === undefined || violated === constraint);
}
