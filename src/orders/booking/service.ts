import { AppError } from '../../platform/errors.js';
import type { OrderRow } from '../../platform/db/rows.js';
import type { OrderScope } from '../order-record.js';
import { findOrder } from '../order-store.js';
import { bookAtAirline } from './airline-booking.js';
import { prepareBooking } from './booking-checks.js';
import type { BookingDeps } from './booking-deps.js';
import { BeforeAirlineError, OutcomeUnknownError, withIdempotency } from './idempotency-service.js';
import type { KeyHolder } from './idempotency-store.js';
import { repriceForBooking } from './repricing.js';
import type { CreateOrderBody } from './schemas.js';

export type { BookingDeps, RequireAccreditation } from './booking-deps.js';

/**
 * POST /v1/orders. Everything that can be refused without the airline is refused first; the
 * offer is re-priced (it proves the offer alive and gives the flights for the travel claim);
 * only then is the airline asked to book, once per Idempotency-Key and once per open travel.
 */
export async function createOrder(
  deps: BookingDeps,
  scope: OrderScope,
  body: CreateOrderBody,
  idempotencyKey: string | null,
): Promise<{ order: OrderRow; replayed: boolean }> {
  const prepared = await prepareBooking(deps, scope, body);
  const book = async (holder: KeyHolder | null): Promise<string> =>
    bookAtAirline(deps, scope, { prepared, repriced: await repriceForBooking(deps, body, prepared), holder });

  if (!idempotencyKey) {
    try {
      const id = await book(null);
      const order = await findOrder(deps.db, { id, agencyId: scope.agencyId, environment: scope.environment });
      return { order: order!, replayed: false };
    } catch (err) {
      if (err instanceof BeforeAirlineError) throw err.refusal;
      throw err instanceof OutcomeUnknownError ? err.cause : err;
    }
  }
  const outcome = await withIdempotency(
    deps.db,
    { agencyId: scope.agencyId, key: idempotencyKey, body, now: deps.clock() },
    book,
  );
  const order = await findOrder(deps.db, {
    id: outcome.orderId,
    agencyId: scope.agencyId,
    environment: scope.environment,
  });
  if (!order) throw new AppError(500, 'internal_error', 'the order of this Idempotency-Key is missing');
  return { order, replayed: outcome.kind === 'replay' };
}
