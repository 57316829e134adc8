import crypto from 'node:crypto';
import type { FailureKind } from '../../connectors/connector-failure.js';
import type { Db } from '../../platform/db/database.js';
import { conflict } from '../../platform/errors.js';
import { BeforeAirlineError } from './idempotency-service.js';
import { insertTravelClaim, type TravelClaimKey } from './travel-claim-store.js';

/**
 * A claim without an order older than this is taken over, unless a booking intent still waits for
 * the recovery job to learn what the airline did (booking-recovery.ts frees or completes those).
 * It only frees claims made before booking intents existed.
 */
export const TRAVEL_CLAIM_STALE_MS = 15 * 60 * 1000;

/** Airline answers that prove nothing was booked: the claim can go. Any other may have booked. */
const NOTHING_BOOKED: ReadonlySet<FailureKind> = new Set(['refused', 'not_found', 'not_configured']);
export const nothingBooked = (kind: FailureKind): boolean => NOTHING_BOOKED.has(kind);

/**
 * Claims the travel (these people on these flights) for one booking before the airline is asked,
 * or refuses with 409 order_conflict naming the open order that holds it.
 */
export async function claimTravel(db: Db, key: TravelClaimKey, now: Date): Promise<string> {
  const claimId = crypto.randomUUID();
  const claim = await insertTravelClaim(db, key, { claimId, now, staleBefore: new Date(now.getTime() - TRAVEL_CLAIM_STALE_MS) });
  if (claim.claimed) return claimId;
  const refusal = claim.orderId
    ? conflict(`these passengers already hold these flights in order ${claim.orderId}`, 'order_conflict', {
        order_id: claim.orderId,
      })
    : conflict('a booking of these passengers on these flights is already in progress', 'order_conflict');
  throw new BeforeAirlineError(refusal);
}
