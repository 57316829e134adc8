import { tracedTransaction } from '../../platform/tracing/db-span.js';
import type { Offer } from '../../connectors/connector-types.js';
import type { PassengerInput } from '../../connectors/order-types.js';
import { unavailable } from '../../platform/errors.js';
import { newOrderId } from '../order-access.js';
import type { OrderDetails, OrderScope } from '../order-record.js';
import { soldFareOf } from '../sold-fare.js';
import type { BookingDeps } from './booking-deps.js';
import { BeforeAirlineError } from './idempotency-service.js';
import { handOverKey, type KeyHolder } from './idempotency-store.js';
import { travelKey } from './inputs.js';
import { insertIntent } from './intent-store.js';
import { BOOKING_LEASE_MS } from './recovery.js';
import { claimTravel } from './travel-claim.js';

/**
 * One transaction: the travel claim (the claim, not a lookup, decides order_conflict: a lookup
 * lets simultaneous bookings all pass), the booking intent, and the key's hand-over to it. After
 * it commits, whatever happens to this process, the recovery job can finish the booking.
 */
export async function writeIntent(
  deps: BookingDeps,
  scope: OrderScope,
  input: {
    airline: string;
    offer: Offer;
    passengers: PassengerInput[];
    contact: OrderDetails['contact'];
    holder: KeyHolder | null;
  },
): Promise<string> {
  const intentId = newOrderId(input.airline);
  const now = deps.clock();
  const key = travelKey(
    input.passengers,
    input.offer.slices.flatMap((s) =>
      s.segments.map((g) => ({ flightNumber: `${g.marketingCarrier}${g.marketingFlightNumber}`, departingAt: g.departingAt })),
    ),
  );
  const first = input.offer.slices[0];
  await tracedTransaction('booking intent', () =>
    deps.db.transaction().execute(async (trx) => {
      const claimId = await claimTravel(trx, { agencyId: scope.agencyId, environment: scope.environment, travelKey: key }, now);
      await insertIntent(trx, {
        id: intentId,
        agency_id: scope.agencyId,
        environment: scope.environment,
        airline: input.airline,
        idempotency_key: input.holder?.key ?? null,
        claim_id: claimId,
        booking: {
          passengers: input.passengers,
          contact: input.contact,
          origin: first?.origin ?? '',
          destination: first?.destination ?? '',
          keyId: scope.keyId,
          actor: scope.actor,
          conditions: {
            changes: input.offer.changes,
            refunds: input.offer.refunds,
            conditionsBySlice: input.offer.conditionsBySlice,
            conditionsByPassengerType: input.offer.conditionsByPassengerType,
          },
          sold: soldFareOf(input.offer),
        },
        created_at: now,
        lease_until: new Date(now.getTime() + BOOKING_LEASE_MS),
      });
      if (input.holder && !(await handOverKey(trx, input.holder, intentId))) {
        // Only a request that spent longer than the lease before the airline call gets here: the
        // recovery job has already freed its key as abandoned.
        throw new BeforeAirlineError(unavailable('the booking took too long to reach the airline; retry'));
      }
    }),
  );
  return intentId;
}
