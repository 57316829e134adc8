// Airline-initiated changes (duffel.com/docs/api/v2/airline-initiated-changes, guide "Handling
// airline-initiated changes"): the airline retimes a slice of an order; the order shows the new
// slice at once and lists the change with the slice `removed` and `added`; the seller accepts it
// (POST …/{id}/actions/accept), or records that it cancelled or changed the order (PATCH …/{id}).
// Changes are made through POST /control/orders/{id}/schedule-change and announced with the
// `order.airline_initiated_change_detected` webhook.

import type { FastifyInstance } from 'fastify';
import type { Change, DuffelDeps } from '../deps.js';
import { dataOf, str } from '../wire/body.js';
import { badQuery, invalid, invalidState, notFound } from '../wire/duffel-errors.js';
import { isIdOf, newId } from '../wire/ids.js';
import { loadOrder, type OrderRecord } from './order-record.js';

type OrderSlice = OrderRecord['order']['slices'][number];

export interface AirlineInitiatedChange {
  id: string;
  order_id: string;
  added: OrderSlice[];
  removed: OrderSlice[];
  action_taken: 'accepted' | 'cancelled' | 'changed' | null;
  action_taken_at: string | null;
  available_actions: ('accept' | 'cancel' | 'change' | 'update')[];
  travel_agent_ticket: null;
  created_at: string;
  updated_at: string;
}

/** Moves a local time "YYYY-MM-DDTHH:MM:SS" by `minutes`. */
const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);

function retimed(slice: OrderSlice, minutes: number): OrderSlice {
  return {
    ...slice,
    id: newId('slice'),
    segments: slice.segments.map((s) => ({
      ...s,
      id: newId('segment'),
      departing_at: shift(s.departing_at, minutes),
      arriving_at: shift(s.arriving_at, minutes),
      stops: s.stops.map((stop) => ({
        ...stop,
        arriving_at: shift(stop.arriving_at, minutes),
        departing_at: shift(stop.departing_at, minutes),
      })),
    })),
  };
}

function save(record: OrderRecord, aic: AirlineInitiatedChange, change: Change): void {
  const list = record.order.airline_initiated_changes as AirlineInitiatedChange[];
  const i = list.findIndex((a) => a.id === aic.id);
  if (i >= 0) list[i] = aic;
  else list.push(aic);
  change.put('airline_initiated_change', aic.id, aic, { parentId: record.order.id, createdAt: Date.parse(aic.created_at) });
}

/** Marks the order's unanswered changes as handled by cancelling or changing the order. */
export function closeOpenChanges(record: OrderRecord, action: 'cancelled' | 'changed', iso: string, change: Change): void {
  for (const aic of record.order.airline_initiated_changes as AirlineInitiatedChange[])
    if (aic.action_taken === null)
      save(record, { ...aic, action_taken: action, action_taken_at: iso, updated_at: iso, available_actions: [] }, change);
}

/** The airline retimes slice `sliceIndex` of an order by `minutes` (the control route's work). */
export async function detectScheduleChange(deps: DuffelDeps, orderId: string, sliceIndex: number, minutes: number) {
  return deps.change(async (change) => {
    const now = await deps.now();
    const record = await loadOrder(deps, orderId);
    if (record.order.cancelled_at)
      throw invalidState('order_cancelled', 'Order cancelled', 'A cancelled order has no flights to change');
    const old = record.order.slices[sliceIndex];
    if (!old) throw invalid('slice_index', `The order has ${record.order.slices.length} slice(s)`, 'validation_number');
    const added = retimed(old, minutes);
    record.order.slices[sliceIndex] = added;
    const iso = new Date(now).toISOString();
    const aic: AirlineInitiatedChange = {
      id: newId('airlineInitiatedChange'),
      order_id: record.order.id,
      added: [added],
      removed: [old],
      action_taken: null,
      action_taken_at: null,
      available_actions: ['accept', 'cancel', 'change', 'update'],
      travel_agent_ticket: null,
      created_at: iso,
      updated_at: iso,
    };
    record.order.synced_at = iso;
    save(record, aic, change);
    change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
    change.emit('order.airline_initiated_change_detected', aic, aic.id, now);
    return aic;
  });
}

async function loadChange(deps: DuffelDeps, id: string): Promise<AirlineInitiatedChange> {
  const aic = isIdOf('airlineInitiatedChange', id)
    ? await deps.store.get<AirlineInitiatedChange>('airline_initiated_change', id)
    : undefined;
  if (!aic) throw notFound('airline-initiated change');
  return aic;
}

async function act(deps: DuffelDeps, id: string, action: 'accepted' | 'cancelled' | 'changed') {
  return deps.change(async (change) => {
    const now = await deps.now();
    const aic = await loadChange(deps, id);
    if (aic.action_taken !== null)
      throw invalidState('already_actioned', 'Already actioned', `This airline-initiated change was already ${aic.action_taken}`);
    const iso = new Date(now).toISOString();
    const done: AirlineInitiatedChange = {
      ...aic,
      action_taken: action,
      action_taken_at: iso,
      updated_at: iso,
      available_actions: [],
    };
    const record = await loadOrder(deps, aic.order_id);
    save(record, done, change);
    change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
    return { data: done };
  });
}

export function registerAirlineInitiatedChangeRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.get<{ Querystring: { order_id?: string } }>('/air/airline_initiated_changes', async (request) => {
    const orderId = request.query.order_id;
    if (orderId !== undefined && !isIdOf('order', orderId)) throw badQuery('order_id', 'order_id must be an order id');
    return { data: await deps.store.list<AirlineInitiatedChange>('airline_initiated_change', orderId) };
  });

  app.post<{ Params: { id: string } }>('/air/airline_initiated_changes/:id/actions/accept', async (request) =>
    act(deps, request.params.id, 'accepted'),
  );

  app.patch<{ Params: { id: string } }>('/air/airline_initiated_changes/:id', async (request) => {
    const action = str(dataOf(request), 'action_taken');
    if (action !== 'cancelled' && action !== 'changed')
      throw invalid('action_taken', 'action_taken must be cancelled or changed', 'validation_inclusion');
    return act(deps, request.params.id, action);
  });
}
