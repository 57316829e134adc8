import { explainExpiry } from '../../connectors/offer-facts.js';
import { failureToHttp } from '../../connectors/failure-http.js';
import type { OrderScope } from '../order-record.js';
import type { BookingDeps } from './booking-deps.js';
import type { PreparedBooking } from './booking-checks.js';
import { writeIntent } from './booking-intent.js';
import { completeBooking, releaseBooking } from './completion.js';
import { recordCreditUse } from './credit-payment.js';
import { OutcomeUnknownError } from './idempotency-service.js';
import type { KeyHolder } from './idempotency-store.js';
import type { RepricedBooking } from './repricing.js';
import { nothingBooked } from './travel-claim.js';

/**
 * The last step: the booking intent written (travel claim and key hand-over with it), the airline
 * asked to book, and the order completed. Returns the new order's id.
 */
export async function bookAtAirline(
  deps: BookingDeps,
  scope: OrderScope,
  step: { prepared: PreparedBooking; repriced: RepricedBooking; holder: KeyHolder | null },
): Promise<string> {
  const { prepared, holder } = step;
  const { offer, pricedExtras } = step.repriced;
  const { connector, passengers, contact, payment, credit, ctx } = prepared;
  const intentId = await writeIntent(deps, scope, { airline: connector.code, offer, passengers, contact, holder });
  // From here on the airline may book: every failure either proves nothing was booked (and says
  // so with the airline's refusal) or leaves the intent to the recovery job.
  let created: Awaited<ReturnType<typeof connector.createOrder>>;
  try {
    created = await connector.createOrder(
      {
        offerId: offer.offerId,
        passengers,
        contact,
        extras: pricedExtras,
        payment,
        expectedTotal: offer.total,
        sellerReference: intentId,
      },
      ctx,
    );
  } catch (err) {
    throw new OutcomeUnknownError(err);
  }
  if (!created.ok) {
    const refusal = explainExpiry(failureToHttp(created.failure, 'offer'), connector, [prepared.offerId], deps.clock());
    // A time-out or an outage may have booked: the claim and the key stay until recovery knows.
    if (!nothingBooked(created.failure.kind)) throw new OutcomeUnknownError(refusal);
    try {
      await releaseBooking(deps.db, {
        intentId,
        now: deps.clock(),
        reason: created.failure.message,
        freeKey: false,
      });
    } catch (err) {
      throw new OutcomeUnknownError(err);
    }
    throw refusal;
  }
  let orderId: string;
  try {
    orderId = (await completeBooking(deps.db, { intentId, airlineOrder: created.value, now: deps.clock() })).orderId;
  } catch (err) {
    throw new OutcomeUnknownError(err);
  }
  // The booking stands whatever happens here: the credit's own order catches up at its next re-read.
  if (credit) await recordCreditUse(deps, credit, { orderId, actor: scope.actor }).catch(() => undefined);
  return orderId;
}
