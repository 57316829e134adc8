// Services chosen with an order or added to it (seats and extra bags), checked against what the
// offer or order sells, and put on the segments' passengers.

import { baggageServices } from '../shopping/offer-builder.js';
import { buildSeatMaps } from '../shopping/seat-maps.js';
import { obj, str } from '../wire/body.js';
import { invalid } from '../wire/duffel-errors.js';
import { newId } from '../wire/ids.js';
import { fromWire, toWire } from '../wire/money.js';
import type { OrderService, WireOrder } from './order-record.js';

export interface ChosenServices {
  services: OrderService[];
  amount: number;
  /** Seats by segment id and passenger id. */
  seats: Map<string, string>;
  /** Extra bags by segment id and passenger id. */
  bags: Map<string, number>;
}

/** The services asked for, checked against what the offer (or order) sells. */
export function chooseServices(
  raw: unknown[],
  path: string,
  bags: ReturnType<typeof baggageServices>,
  seatServices: ReturnType<typeof buildSeatMaps>['services'],
): ChosenServices {
  const chosen: ChosenServices = { services: [], amount: 0, seats: new Map(), bags: new Map() };
  const seatIndex = new Map(seatServices.map((s) => [s.id, s]));
  const used = new Set<string>();
  raw.forEach((item, i) => {
    const s = obj(item, `${path}.${i}`);
    const id = str(s, 'id', `${path}.${i}.id`);
    const quantity = s.quantity ?? 1;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      throw invalid(`${path}.${i}.quantity`, 'quantity must be a whole number of at least 1');
    if (used.has(id)) throw invalid(`${path}.${i}.id`, `${id} is given twice`, 'validation_invalid');
    used.add(id);
    const bag = bags.find((b) => b.id === id);
    const seat = seatIndex.get(id);
    if (bag) {
      if (quantity > bag.maximum_quantity)
        throw invalid(`${path}.${i}.quantity`, `At most ${bag.maximum_quantity} of ${id} can be booked`, 'validation_number');
      const amount = fromWire(bag.total_amount)! * quantity;
      chosen.amount += amount;
      for (const seg of bag.segment_ids)
        for (const pax of bag.passenger_ids) chosen.bags.set(`${seg}|${pax}`, (chosen.bags.get(`${seg}|${pax}`) ?? 0) + quantity);
      chosen.services.push({
        id: newId('orderService'),
        type: 'baggage',
        passenger_ids: bag.passenger_ids,
        segment_ids: bag.segment_ids,
        quantity,
        total_amount: toWire(amount),
        total_currency: bag.total_currency,
        metadata: bag.metadata,
      });
    } else if (seat) {
      if (quantity !== 1) throw invalid(`${path}.${i}.quantity`, 'A seat is booked once', 'validation_number');
      const key = `${seat.segmentId}|${seat.passengerId}`;
      if (chosen.seats.has(key))
        throw invalid(`${path}.${i}.id`, 'A passenger can have one seat per segment', 'validation_invalid');
      if ([...chosen.seats.entries()].some(([k, d]) => k.startsWith(`${seat.segmentId}|`) && d === seat.designator))
        throw invalid(`${path}.${i}.id`, `Seat ${seat.designator} is chosen twice`, 'validation_invalid');
      chosen.seats.set(key, seat.designator);
      chosen.amount += seat.amount;
      chosen.services.push({
        id: newId('orderService'),
        type: 'seat',
        passenger_ids: [seat.passengerId],
        segment_ids: [seat.segmentId],
        quantity: 1,
        total_amount: toWire(seat.amount),
        total_currency: seat.currency,
        metadata: { designator: seat.designator, name: null, disclosures: [] },
      });
    } else throw invalid(`${path}.${i}.id`, `${id} is not an available service`, 'validation_invalid');
  });
  return chosen;
}

/** Puts booked seats and extra bags on the segments' passengers. */
export function applyServices(order: WireOrder, chosen: ChosenServices): void {
  for (const slice of order.slices)
    for (const segment of slice.segments)
      for (const p of segment.passengers as (Record<string, unknown> & {
        passenger_id: string;
        baggages: { type: string; quantity: number }[];
      })[]) {
        const seat = chosen.seats.get(`${segment.id}|${p.passenger_id}`);
        if (seat) p.seat = { designator: seat, name: null, disclosures: [] };
        const extra = chosen.bags.get(`${segment.id}|${p.passenger_id}`);
        const checked = p.baggages.find((b) => b.type === 'checked');
        if (extra && checked) checked.quantity += extra;
        else if (extra) p.baggages.push({ type: 'checked', quantity: extra });
      }
}
