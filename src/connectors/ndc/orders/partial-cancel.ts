import type { OrderPart } from '../../order-types.js';
import { readDataLists } from '../ndc-data-lists.js';
import { stableIdOf } from '../ndc-offer-mapper.js';
import { list, node, text, type Parsed } from '../ndc-xml.js';

/** One order item of an OrderViewRS: its services, each a passenger on a segment (flights) or an extra. */
interface ViewItem {
  itemId: string;
  flight: boolean;
  services: { serviceId: string; paxId: string; segmentId: string | null; cancelled: boolean }[];
}

function itemsOf(view: Parsed): ViewItem[] {
  const response = node(view.Response);
  const lists = readDataLists(response.DataLists);
  return list(node(response.Order).OrderItem).map((item) => {
    const services = list(item.Service).map((s) => {
      const segRef = text(node(node(s.OrderServiceAssociation).PaxSegmentRef).PaxSegmentRefID);
      return {
        serviceId: text(s.ServiceID) ?? '',
        paxId: text(s.PaxRefID) ?? '',
        segmentId: segRef ? stableIdOf(segRef, lists) : null,
        cancelled: /cancel/i.test(text(s.StatusCode) ?? ''),
      };
    });
    return { itemId: text(item.OrderItemID) ?? '', flight: services.some((s) => s.segmentId !== null), services };
  });
}

/**
 * The part as 21.3 DeleteOrderItems: a flight item every live service of which goes is deleted
 * whole; one that keeps some lists them as RetainServiceID (a partial deletion); extras named go
 * whole (the airline takes those of the passengers and segments with them).
 */
export function deleteOrderItems(view: Parsed, part: OrderPart): { OrderItemRefID: string; RetainServiceID?: string[] }[] {
  const out: { OrderItemRefID: string; RetainServiceID?: string[] }[] = [];
  for (const item of itemsOf(view)) {
    if (!item.flight) {
      if (part.extraIds.includes(item.itemId)) out.push({ OrderItemRefID: item.itemId });
      continue;
    }
    const live = item.services.filter((s) => !s.cancelled);
    const going = live.filter((s) => part.passengerIds.includes(s.paxId) || part.segmentIds.includes(s.segmentId ?? ''));
    if (going.length === 0) continue;
    const retained = live.filter((s) => !going.includes(s)).map((s) => s.serviceId);
    out.push(retained.length > 0 ? { OrderItemRefID: item.itemId, RetainServiceID: retained } : { OrderItemRefID: item.itemId });
  }
  return out;
}
