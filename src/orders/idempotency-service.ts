import crypto from 'node:crypto';
import type { Db } from '../platform/db/database.js';
import { AppError, badRequest, conflict } from '../platform/errors.js';
import { canonicalJson } from './canonical-json.js';
import { claimKey, completeKey, failKey, releaseKey } from './idempotency-store.js';

/** Keys are kept at least this long; the contract promises 24 hours, a little more costs nothing. */
export const IDEMPOTENCY_RETENTION_MS = 25 * 60 * 60 * 1000;
export const MAX_KEY_LENGTH = 128;

/** Thrown by a booking that failed before any airline call: the key is released for a retry. */
export class BeforeAirlineError extends Error {
  constructor(readonly refusal: unknown) {
    super('failed before reaching the airline');
  }
}

export const requestHash = (body: unknown): string => crypto.createHash('sha256').update(canonicalJson(body)).digest('hex');

export function validKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? (header[0] ?? '') : header;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`, 'invalid_idempotency_key');
  return key;
}

export type IdempotentOutcome = { kind: 'fresh'; orderId: string } | { kind: 'replay'; orderId: string };

/**
 * Runs `book` at most once per (agency, key). A repeat of a completed key replays the order; a
 * repeat in flight or with another body is a 409; a booking that failed before the airline frees
 * the key; a failure after it (the airline refused, or may have booked) is stored and replayed.
 */
export async function withIdempotency(
  db: Db,
  args: { agencyId: string; key: string; body: unknown; now: Date },
  book: () => Promise<string>,
): Promise<IdempotentOutcome> {
  const hash = requestHash(args.body);
  const claim = await claimKey(db, {
    agencyId: args.agencyId,
    key: args.key,
    requestHash: hash,
    now: args.now,
    expiresAt: new Date(args.now.getTime() + IDEMPOTENCY_RETENTION_MS),
  });
  if (!claim.claimed) {
    const row = claim.row;
    if (row.request_hash !== hash) {
      throw conflict('this Idempotency-Key was already used with a different request', 'idempotency_key_reused');
    }
    if (row.state === 'in_flight')
      throw conflict('a request with this Idempotency-Key is still in progress', 'idempotency_key_in_flight');
    if (row.state === 'completed' && row.order_id) return { kind: 'replay', orderId: row.order_id };
    const body = row.response_body ?? {};
    throw new AppError(
      row.response_status ?? 502,
      String(body.code ?? 'airline_error'),
      String(body.error ?? 'the airline refused the booking'),
      {},
      { 'Idempotent-Replayed': 'true' },
    );
  }
  try {
    const orderId = await book();
    await completeKey(db, args.agencyId, args.key, orderId);
    return { kind: 'fresh', orderId };
  } catch (err) {
    if (err instanceof BeforeAirlineError) {
      await releaseKey(db, args.agencyId, args.key);
      throw err.refusal;
    }
    const status = err instanceof AppError ? err.status : 500;
    const message = err instanceof AppError ? err.message : 'internal server error';
    const code = err instanceof AppError ? err.code : 'internal_error';
    await failKey(db, args.agencyId, args.key, status, { error: message, code });
    throw err;
  }
}
