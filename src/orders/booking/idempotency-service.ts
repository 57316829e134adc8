import crypto from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { isErrorCode } from '../../platform/http/error-codes.js';
import { canonicalJson } from '../canonical-json.js';
import { claimKey, failKey, releaseKey, type KeyHolder } from './idempotency-store.js';

/** Keys are kept at least this long; the contract promises 24 hours, a little more costs nothing. */
export const IDEMPOTENCY_RETENTION_MS = 25 * 60 * 60 * 1000;
export const MAX_KEY_LENGTH = 128;

/** Thrown by a booking that failed before any airline call: the key is released for a retry. */
export class BeforeAirlineError extends Error {
  constructor(readonly refusal: unknown) {
    super('failed before reaching the airline');
  }
}

/**
 * Thrown by a booking whose outcome at the airline is unknown (no answer, or the gateway could not
 * record the answer): its intent stays pending and the key in flight until the recovery job has
 * asked the airline; the caller sees `cause`.
 */
export class OutcomeUnknownError extends Error {
  constructor(override readonly cause: unknown) {
    super('the booking may have been made at the airline');
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
 * the key; a refusal by the airline is stored and replayed. A booking whose outcome is unknown
 * leaves the key in flight: the recovery job completes it (the key then replays the order) or
 * frees it, once it has asked the airline.
 */
export async function withIdempotency(
  db: Db,
  args: { agencyId: string; key: string; body: unknown; now: Date },
  book: (holder: KeyHolder) => Promise<string>,
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
    // The stored answer was one of ours; a code since dropped from the catalogue replays as airline_error.
    const code = String(body.code ?? 'airline_error');
    throw new AppError(
      row.response_status ?? 502,
      isErrorCode(code) ? code : 'airline_error',
      String(body.error ?? 'the airline refused the booking'),
      { headers: { 'Idempotent-Replayed': 'true' } },
    );
  }
  const holder: KeyHolder = { agencyId: args.agencyId, key: args.key, claimedAt: args.now };
  try {
    // The key is completed with the order, in the order's transaction (booking-completion.ts).
    return { kind: 'fresh', orderId: await book(holder) };
  } catch (err) {
    if (err instanceof OutcomeUnknownError) throw err.cause;
    if (err instanceof BeforeAirlineError) {
      await releaseKey(db, holder);
      throw err.refusal;
    }
    // The airline's refusal is the key's answer from now on.
    if (err instanceof AppError) {
      await failKey(db, holder, err.status, { error: err.message, code: err.code });
      throw err;
    }
    // Anything else happened before the airline was asked (book wraps what comes after it).
    await releaseKey(db, holder);
    throw err;
  }
}
